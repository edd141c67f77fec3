"""A manuscript's quotation edited in the app keeps what the manuscript itself says.

``u`` (the source's wording) and the edit form change the quotation the app checks, not the
manuscript: without a trace, the exported report would call ``exact`` a quotation that the
manuscript, at the line it names, still gets wrong. The manuscript's own wording goes with the
citation (``manuscript_quote``, echoed in the report) until the quotation reads as it did.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from quote_tui.api import CitationSpec

__all__ = ["MANUSCRIPT_QUOTE", "keep_written", "still_written"]

MANUSCRIPT_QUOTE = "manuscript_quote"
"""The report field (a citation's extra) holding the manuscript's own wording."""


def keep_written(before: CitationSpec, after: CitationSpec) -> CitationSpec:
    """``after`` carrying the manuscript's wording of ``before`` when their quotations differ.

    Args:
        before: the citation as it stood (read from a manuscript, or already edited).
        after: the citation as edited.

    Returns:
        ``after``, its extra with ``manuscript_quote`` set, or dropped once the quotation reads
        as the manuscript does; a citation not read from a manuscript is returned unchanged.
    """
    extra: dict[str, Any] = dict(after.extra)
    if not isinstance(extra.get("location"), dict) or not extra["location"].get("file"):
        return after
    written = extra.get(MANUSCRIPT_QUOTE, before.quote)
    if written is None or written == after.quote:
        extra.pop(MANUSCRIPT_QUOTE, None)
    else:
        extra[MANUSCRIPT_QUOTE] = written
    return replace(after, extra=extra)


def still_written(citation: CitationSpec) -> str:
    """ " Change thesis.md, line 17 too: it still has the old wording." or ""."""
    if MANUSCRIPT_QUOTE not in citation.extra:
        return ""
    location = citation.extra.get("location") or {}
    line = f", line {location['line']}" if location.get("line") else ""
    return f" Change {location.get('file')}{line} too: it still has the old wording."
