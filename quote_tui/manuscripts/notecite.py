"""A note's citation: what the note a quotation's mark points to says the source is.

The note may hold a field or a key (Word, Pandoc, LaTeX), an author-date citation with the page
after it ("Arendt (1998), 185."), the work in prose ("Arendt, *On Violence*, 80."), or "Ibid.",
"Ebd.", "a.a.O." for the work of the note before it.
"""

from __future__ import annotations

from dataclasses import replace

from quote_tui.manuscripts.document import Document, Manuscript
from quote_tui.manuscripts.model import Anchor
from quote_tui.manuscripts.notes import is_same_as_before, note_mention, opens_note, page_after
from quote_tui.manuscripts.refs import Mention, find_mentions
from quote_tui.manuscripts.shortnotes import full_note
from quote_tui.manuscripts.spans import note_title as _note_title

__all__ = ["from_footnote"]


def _mentions(doc: Document, start: int, end: int) -> list[Mention]:
    return find_mentions(
        doc.text, start, end, latex=doc.kind == "latex", markdown=doc.kind in ("markdown", "plain")
    )


def from_footnote(
    ms: Manuscript, note_id: str, *, depth: int = 0
) -> tuple[Mention | None, Anchor | None]:
    """The citation of note ``note_id``: a field or key in it, an author-date citation opening
    it with the page after it, the work it names in prose, or, for "Ibid.", the note's before."""
    span = ms.footnotes.get(note_id)
    if span is None:
        return None, None
    if depth < _IBID_CHAIN and is_same_as_before(ms.documents[span.doc].text, span.start, span.end):
        return _ibid(ms, note_id, depth)
    doc = ms.documents[span.doc]
    anchors = [a for a in doc.anchors if span.start <= a.start < span.end and a.reference]
    if anchors:
        return None, anchors[0]
    mentions = [m for m in _mentions(doc, span.start, span.end) if m.style != "footnote"]
    real = [
        m
        for m in mentions
        if m.style != "locator"
        and (m.style != "author_date" or opens_note(doc.text, span.start, m.start))
    ]
    if real:
        first = real[0]
        if first.style == "author_date" and first.locator is None:
            # "Arendt (1998), 185.": the note's page follows the parenthesis
            first = replace(first, locator=page_after(doc.text, first.end, span.end))
        return first, None
    # A humanities note: Author, “Title,” in Proceedings (2020), 4970; or *Title*, p. 13.
    title = _note_title(doc.text, span.start, span.end, latex=doc.kind == "latex")
    note = note_mention(doc.text, span.start, span.end, title)
    if note is not None:
        return full_note(ms, note_id, note), None
    return (mentions[0] if mentions else None), None


_IBID_CHAIN = 8  # "Ibid." after "Ibid." after a full note: followed this far back


def _ibid(ms: Manuscript, note_id: str, depth: int) -> tuple[Mention | None, Anchor | None]:
    """ "Ibid., p. 82": the work of the note before, at this note's page."""
    span = ms.footnotes[note_id]
    doc = ms.documents[span.doc]
    own = note_mention(doc.text, span.start, span.end)
    earlier = [
        (other.start, other_id)
        for other_id, other in ms.footnotes.items()
        if other.doc == span.doc and other.start < span.start
    ]
    if not earlier:
        return own, None
    previous = max(earlier)[1]
    mention, anchor = from_footnote(ms, previous, depth=depth + 1)
    if anchor is not None and anchor.reference is not None:
        return None, anchor
    if mention is None or own is None:
        return own or mention, None
    raw = f"{own.raw} [{mention.raw}]"
    locator = own.locator or mention.locator
    return replace(mention, start=own.start, end=own.end, raw=raw, locator=locator), None
