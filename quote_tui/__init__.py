"""quote_tui: does the quoted text really stand in the cited source, and where?

The public surface: ``check_text`` (pure, blocking) and ``check`` (async, reads a source by ref),
the engine's records, and the service for batches. Everything else is reachable through its
subpackage (``quote_tui.engine``, ``quote_tui.sources``, ``quote_tui.batch``).
"""

__version__ = "0.1.0"

from quote_tui.api import QuoteCheck, check, check_text  # noqa: E402
from quote_tui.batch.service import Report, Service  # noqa: E402
from quote_tui.batch.specs import Batch, CitationSpec, Settings, SourceSpec  # noqa: E402
from quote_tui.engine.errors import QuoteError, QuoteTuiError, SourceError  # noqa: E402
from quote_tui.engine.records import CheckResult, Match, MatchOptions, Status  # noqa: E402
from quote_tui.engine.text import PreparedText  # noqa: E402

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
