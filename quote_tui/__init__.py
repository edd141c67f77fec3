"""quote_tui: does the quoted text really stand in the cited source, and where?

The public surface: ``check_text`` (pure, blocking) and ``check`` (async, reads a source by ref),
the engine's records, and the service for batches. Everything else is reachable through its
subpackage (``quote_tui.engine``, ``quote_tui.sources``, ``quote_tui.batch``).
"""

from quote_tui._version import __version__
from quote_tui.api import QuoteCheck, check, check_text
from quote_tui.batch.service import Report, Service
from quote_tui.batch.specs import Batch, CitationSpec, Settings, SourceSpec
from quote_tui.engine.errors import QuoteError, QuoteTuiError, SourceError
from quote_tui.engine.records import CheckResult, Match, MatchOptions, Status
from quote_tui.engine.text import PreparedText

__all__ = [
    "Batch",
    "CheckResult",
    "CitationSpec",
    "Match",
    "MatchOptions",
    "PreparedText",
    "QuoteCheck",
    "QuoteError",
    "QuoteTuiError",
    "Report",
    "Service",
    "Settings",
    "SourceError",
    "SourceSpec",
    "Status",
    "__version__",
    "check",
    "check_text",
]
