"""A commentary on one work: its phrases in marks are that work's words.

A chapter or paper that reads one book closely cites that book in nearly every note ("Heidegger,
Nature, History, State, p. 43.") and, between its cited passages, borrows the book's phrases
without a note of their own: "It is a “historically fateful decision” that legitimizes this
existence", in a paragraph that names Heidegger. A careful reader takes such a phrase for the
book's; the same phrase in a text that cites many works is as often the writer's own.
"""

from __future__ import annotations

import re
from collections import Counter

from quote_tui.manuscripts.document import Document, Manuscript

__all__ = ["commented_author", "in_commentary"]

# Notes that place a quotation: the work's page at the note's end, or Ibid.
_PLACED = re.compile(
    r"(?:,\s*|\b(?:pp?\.|S\.)\s*)\d{1,4}(?:\s*[-–]\s*\d{1,4})?(?:f{1,2}\.?)?\.?\s*$|"
    r"^\W*(?:ibid|ibíd|ebd|ebda|ibidem)\b",
    re.I,
)
_IBID = re.compile(r"^\W*(?:ibid|ibíd|ebd|ebda|ibidem)\b", re.I)
_LEAD = re.compile(r"^\W*(?:(?:See|Cf|Vgl|Siehe)\.?\s+(?:also\s+|auch\s+)?)?", re.I)
# The author heading a note: the last capitalised word before the first comma or colon
# ("Martin Heidegger, Nature, …" and "Heidegger, Nature, …" both name Heidegger).
_HEAD = re.compile(r"((?:[A-ZÄÖÜ][\w'’-]+\s+){0,3}[A-ZÄÖÜ][\w'’-]+)\s*[,:]")
_NOTES = 8  # a commentary cites its work in this many placing notes at least
_SHARE = 2 / 3  # and in this share of them


def commented_author(ms: Manuscript) -> str | None:
    """The author whose work the manuscript's notes cite nearly throughout (two thirds of the
    notes that place a quotation at a page, eight at least), or None."""
    heads: list[str] = []
    last = None
    for note in ms.footnotes.values():
        if note.doc >= len(ms.documents):
            continue
        text = ms.documents[note.doc].text[note.start : note.end].strip()
        if not _PLACED.search(text):
            continue
        if _IBID.match(text):
            if last is not None:
                heads.append(last)
            continue
        m = _HEAD.match(text, _LEAD.match(text).end())  # type: ignore[union-attr]
        if m is None:
            last = None
            continue
        last = m[1].split()[-1]
        heads.append(last)
    if len(heads) < _NOTES:
        return None
    author, times = Counter(heads).most_common(1)[0]
    return author if times >= _SHARE * len(heads) else None


def in_commentary(doc: Document, start: int, author: str | None) -> bool:
    """Whether the phrase at ``start`` stands in a paragraph of a commentary on ``author``'s
    work (see ``commented_author``) that names the author."""
    if author is None:
        return False
    text = doc.text
    lo = text.rfind("\n\n", 0, start)
    hi = text.find("\n\n", start)
    para = text[lo + 2 if lo >= 0 else 0 : hi if hi >= 0 else len(text)]
    return re.search(rf"\b{re.escape(author)}\b", para) is not None
