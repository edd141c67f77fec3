"""The matching engine: pure functions from a checked text and a quotation to a verdict.

``check(prepared, quote, *, options)`` runs the status ladder; ``PreparedText`` holds the checked
text and its indexes; the records describe options, matches and results.
"""

from quote_tui.engine.check import check
from quote_tui.engine.errors import QuoteError, QuoteTuiError
from quote_tui.engine.records import (
    CheckResult,
    Difference,
    DiffKind,
    Fragment,
    Match,
    MatchOptions,
    Rule,
    Status,
)
from quote_tui.engine.text import PreparedText

__all__ = [
    "CheckResult",
    "DiffKind",
    "Difference",
    "Fragment",
    "Match",
    "MatchOptions",
    "PreparedText",
    "QuoteError",
    "QuoteTuiError",
    "Rule",
    "Status",
    "check",
]
