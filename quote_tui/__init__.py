"""quote_tui: does the quoted text really stand in the cited source, and where?"""

__version__ = "0.1.0"
