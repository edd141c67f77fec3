"""A page-only citation whose author the sentence names, in a text that cites in notes.

Chapters that cite in notes sometimes give a page in the text instead, for the book the chapter
discusses: "As he clarifies, the original position is a “hypothetical situation,” … “to explain
our having a sense of justice.” (p. 120)." The work is the one the nearest earlier note naming
that author cites ("Rawls, A Theory of Justice, 119."), at the page given here.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import replace

from quote_tui.manuscripts.document import Document, Manuscript
from quote_tui.manuscripts.model import Locator
from quote_tui.manuscripts.notecite import from_footnote
from quote_tui.manuscripts.refs import Mention
from quote_tui.manuscripts.speaker import page_author, short_page

__all__ = ["noted_author", "paged_block_source", "paged_source", "titled_by"]

_NAME = re.compile(r"(?<![\w@])[A-ZÄÖÜ][\w'’\-]{2,}")
_BACK = 600  # characters before the quotation read for the author's name
_NOTES_BACK = 30  # earlier note marks searched for a note naming that author


def noted_author(ms: Manuscript, doc: Document, start: int, locator: Locator) -> Mention | None:
    """The work of the nearest note before ``start`` whose opening names an author the text
    names in the ``_BACK`` characters before the quotation, at ``locator``; ``None`` else."""
    if not ms.footnotes or not doc.anchors:
        return None
    lo = max(0, start - _BACK)
    para = doc.text.rfind("\n\n", lo, start)
    names = {
        m.group(0).removesuffix("’s").removesuffix("'s")
        for m in _NAME.finditer(doc.text, para + 2 if para >= 0 else lo, start)
    }
    if not names:
        return None
    k = bisect_left(doc.anchors, start, key=lambda a: a.start)
    for anchor in reversed(doc.anchors[max(0, k - _NOTES_BACK) : k]):
        span = ms.footnotes.get(anchor.footnote or "")
        if span is None:
            continue
        note = ms.documents[span.doc].text[span.start : span.end]
        head = re.match(
            r"\s*(?:(?:see|cf\.|vgl\.)\s+)?(?:[A-Z][\w.]*\s+){0,2}(?P<name>[A-ZÄÖÜ][\w'’\-]+)", note
        )
        if head is None or head.group("name") not in names:
            continue
        mention, _ = from_footnote(ms, anchor.footnote or "")
        if mention is not None and mention.style not in ("locator", "footnote"):
            return replace(mention, locator=locator)
    return None


def paged_source(
    ms: Manuscript, doc: Document, start: int, end: int, after: int, locator: Locator | None
) -> tuple[Mention | None, Locator | None]:
    """The work of a quotation cited by its page alone (MLA's '"…" (737)'): the listed work of
    the author the text last names (``speaker.page_author``), else, for a page, the work of a
    note naming that author (``noted_author``), else the author of the work the sentence names
    ("The Storyteller by Saki", ``titled_by``); with the page it is cited at. ``after`` is
    where the quotation's sentence ends. ``(None, locator)`` when no author is named."""
    named = page_author(doc.text, start, end, after, ms.listed, paged=bool(locator))
    if named is None and locator is not None:
        named = noted_author(ms, doc, start, locator)  # "(p. 120)"
    if named is None and locator is not None and locator.pages:
        named = titled_by(doc.text, start)  # "At the start of The Storyteller by Saki, …"
    if named is None:
        return None, locator
    locator = locator or named.locator or short_page(doc.text, end, after)
    return replace(named, locator=locator), locator


def paged_block_source(
    ms: Manuscript, doc: Document, start: int, end: int, locator: Locator
) -> tuple[Mention | None, Locator | None]:
    """MLA's block quotation ``doc.text[start:end]`` closed by its page alone, "… tragedies.
    (1-2)": the listed work of the author its lead-in names ("As Kain goes on to say:"), read
    as for an inline quotation from the lead-in's end (the block is a paragraph of its own)."""
    if not ms.listed:
        return None, locator
    lead_end = len(doc.text[:start].rstrip(" \t\n>"))
    return paged_source(ms, doc, lead_end, end, end, locator)


# A work named with its author in the quotation's sentence: "The Storyteller by Saki", "Native
# Son by Richard Wright" (capitalised title words, then "by" and a name; "of" and "the" may join)
_TITLED_BY = re.compile(
    r"(?P<title>[A-Z][\w’'-]*(?:\s+(?:[A-Z][\w’'-]*|of|the|and|in|on|a|an|to)){0,7})\s+by\s+"
    r"(?P<author>[A-Z][\w.’'-]+(?:\s+[A-Z][\w.’'-]+){0,3})(?![\w’'-])"
)
_SENTENCE = re.compile(r"[.!?][\"”’]?\s+(?=[A-Z\"“])|\n\s*\n")
_WORDS_BACK = 300  # characters before the quotation read for the work's name


def titled_by(text: str, start: int) -> Mention | None:
    """The work its sentence names as "TITLE by AUTHOR" before a quotation cited by its page
    alone (MLA's '"…" (129)' in a text with no list of works), the last named before it."""
    lo = max(0, start - _WORDS_BACK)
    stops = list(_SENTENCE.finditer(text, lo, start))
    lo = stops[-1].end() if stops else lo
    found = [m for m in _TITLED_BY.finditer(text, lo, start) if m.group("title")[0].isupper()]
    if not found:
        return None
    m = found[-1]
    title = re.sub(r"^(?:At|In|From|To|The start of|Of)\s+(?=[A-Z])", "", m.group("title"))
    key = f"{m.group('author')}, {title}"
    return Mention(m.start(), m.end(), "note", m.group(0), key=key)
