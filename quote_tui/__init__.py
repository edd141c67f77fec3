"""quote_tui: does the quoted text really stand in the cited source, and where?

The public surface is the front door, ``quote_tui.api``, re-exported here: ``check_text`` (pure,
blocking), ``check_quote``, ``check_batch``, ``stream_batch`` and ``read_source`` (async, read
sources by ref), ``render`` and ``exit_code`` for reports, ``Session`` for interactive use, and
the records they take and give.
"""

from quote_tui import _version
from quote_tui.api import *  # noqa: F403 (the front door's names are the package's)
from quote_tui.api import __all__ as _api_all

__version__ = _version.__version__
__all__ = sorted([*_api_all, "__version__"])
