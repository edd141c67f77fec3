"""A quotation inside a note, followed in the note by "Ibid., 296.": the work of the note
before, at that page (Chicago notes quote as they comment: "Turing notes that the 'technique of
programming was rather crude.' Ibid., 296.")."""

from __future__ import annotations

import re
from dataclasses import replace

from quote_tui.manuscripts.document import Document, Manuscript
from quote_tui.manuscripts.locators import parse_locator
from quote_tui.manuscripts.model import Locator, Reference
from quote_tui.manuscripts.notecite import from_footnote
from quote_tui.manuscripts.notes import EMPHASIS_CLOSE, EMPHASIS_OPEN
from quote_tui.manuscripts.refs import Mention

__all__ = ["ibid_in_note"]

_IBID_AFTER = re.compile(
    r"[ \t]*[.,;:]?[ \t]*"
    + EMPHASIS_OPEN
    + r"(?:ibid|ibíd|ebd|ebenda)\.?"
    + EMPHASIS_CLOSE
    + r"\.?(?:,?[ \t]*(?:(?:p|pp|S)\.[ \t]*)?"
    r"(?P<page>\d+(?:[ \t]*[-–]+[ \t]*\d+)?(?:[ \t]?ff?\.)?|[ivxlc]+\b))?",
    re.I,
)
# A work the note itself names before the quotation ("See Smith, *Title*, 12, where …"): its
# "Ibid." may be that one, so the note before is no safe guess.
_NAMES_A_WORK = re.compile(r"\b(?:1[5-9]\d\d|20\d\d)\b|\*[^*\n]+\*|_[^_\n]+_|\\(?:emph|textit)\{")


def ibid_in_note(
    ms: Manuscript, doc: Document, start: int, close_end: int
) -> tuple[Mention | None, Reference | None, Locator | None] | None:
    """The citation an "Ibid." right after the quotation ``start``…``close_end`` gives it, when
    the quotation stands in a footnote; ``None`` otherwise."""
    ibid = _IBID_AFTER.match(doc.text, close_end)
    if ibid is None:
        return None
    index = next((i for i, d in enumerate(ms.documents) if d is doc), None)
    holding = next(
        (s for s in ms.footnotes.values() if s.doc == index and s.start <= start < s.end), None
    )
    if holding is None or ibid.end() > holding.end:
        return None
    if _NAMES_A_WORK.search(doc.text, holding.start, start):
        return None
    earlier = [
        (s.start, note_id)
        for note_id, s in ms.footnotes.items()
        if s.doc == index and s.start < holding.start
    ]
    if not earlier:
        return None
    mention, anchor = from_footnote(ms, max(earlier)[1])
    page = parse_locator(ibid.group("page")) if ibid.group("page") else None
    if anchor is not None and anchor.reference is not None:
        reference = anchor.reference
        locator = page or reference.locator
        return None, replace(reference, locator=locator), locator
    if mention is None:
        return None
    locator = page or mention.locator
    return replace(mention, locator=locator), None, locator
