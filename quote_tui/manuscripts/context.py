"""The work a paragraph names, for a quotation that carries no citation of its own.

Writers cite a study once and quote it several times in the paragraph that discusses it:
``\\citet[S. 19]{randoll07} schreiben, dass ... Sie gaben an, dass die Schule eine „hohe
Offenheit“ besitze.`` The second sentence's quotation is the same work's, at the same place.
Only a narrative citation is taken (``\\citet``, ``\\textcite``, ``@key``, ``Lo (2020)``): it
makes the work the paragraph's subject. A bracketed one belongs to what it follows (``"..."
[@a]. The book opens "..."`` leaves the second quotation unreferenced), so when the citation
nearest before the quotation is bracketed, none is taken; nor one of another paragraph.
"""

from __future__ import annotations

import re

from quote_tui.manuscripts.document import Document
from quote_tui.manuscripts.model import Locator
from quote_tui.manuscripts.refs import Mention, find_mentions

__all__ = ["context_link", "paragraph_cite"]

_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
# Styles that name a work; a bare page, a footnote mark or an address names none by itself.
_NAMING = frozenset(("pandoc", "latex", "author_date", "numbered"))
_LATEX_NARRATIVE = re.compile(r"\\(?:[Tt]extcite|citet|[Cc]iteauthor)\b")
_REACH = 3_000  # a paragraph longer than this is read this far either side of the quotation


def _paragraph(text: str, start: int, end: int) -> tuple[int, int]:
    lo = max(0, start - _REACH)
    breaks = list(_PARAGRAPH_BREAK.finditer(text, lo, start))
    begin = breaks[-1].end() if breaks else lo
    after = _PARAGRAPH_BREAK.search(text, end, min(len(text), end + _REACH))
    return begin, after.start() if after else min(len(text), end + _REACH)


def context_link(
    doc: Document, start: int, end: int, locator: Locator | None
) -> tuple[Mention | None, Locator | None]:
    """An uncited quotation's paragraph cite, and its locator: a bare page written after the
    quotation (``"..." (6)``) stays the quotation's own."""
    mention = paragraph_cite(doc, start, end)
    return mention, locator or (mention.locator if mention else None)


def paragraph_cite(doc: Document, start: int, end: int) -> Mention | None:
    """The citation of the paragraph holding ``doc.text[start:end]`` (see the module)."""
    begin, stop = _paragraph(doc.text, start, end)
    found = find_mentions(
        doc.text,
        begin,
        stop,
        latex=doc.kind == "latex",
        markdown=doc.kind in ("markdown", "plain"),
    )
    before = [m for m in found if m.style in _NAMING and m.end <= start]
    if not before:
        return None
    last = before[-1]
    if last.style == "latex":
        return last if _LATEX_NARRATIVE.match(last.raw) else None
    return last if last.raw[:1] not in "([" else None
