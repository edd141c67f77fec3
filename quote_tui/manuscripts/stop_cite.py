"""A citation typed after the full stop that follows the closing mark: '"… this century". (85)',
'“…”. (Levy 18) The play …', „…“. (S. 85)'.

Writers who close the sentence before they cite put the stop first; the bracket is still the
quotation's, as it would be before the stop. It counts only when it closes the sentence in
turn: the line ends after it, or the next sentence begins (a capital), so "…”. (Lo 2020)
showed that …" stays the next sentence's subject.
"""

from __future__ import annotations

import re

from quote_tui.manuscripts.document import Document, mentions_in
from quote_tui.manuscripts.refs import Mention

__all__ = ["cited_after_stop"]

_STOP = re.compile(r"[\"'”’»«“]*[.!?][ \t]*(?=\()")
_AFTER = re.compile(r"[ \t]*[.;]?[ \t]*(?:\n|\Z|[A-ZÄÖÜ„“\"‘»])")
_QUOTING = frozenset(("locator", "author_date", "numbered", "pandoc", "note"))


def cited_after_stop(doc: Document, close_end: int) -> Mention | None:
    """The bracketed citation right after the stop that follows a quotation's closing mark at
    ``close_end``, when it ends the sentence; ``None`` otherwise."""
    stop = _STOP.match(doc.text, close_end)
    if stop is None:
        return None
    found = [m for m in mentions_in(doc, stop.end(), stop.end() + 200) if m.start == stop.end()]
    if not found or found[0].style not in _QUOTING or not found[0].raw.startswith("("):
        return None
    cite = found[0]
    return cite if _AFTER.match(doc.text, cite.end) else None
