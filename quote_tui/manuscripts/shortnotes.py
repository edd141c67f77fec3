"""A short note read as the full note it abbreviates.

Humanities notes give a work in full once ("Talal Asad, „The Construction of Religion as an
Anthropological Category“, in …, 2002), 116.") and shorten it after ("Vgl. Asad: „The
Construction of Religion“, 116."). The short form names neither year nor place; the full note
before it, whose title the short one begins, does.
"""

from __future__ import annotations

import re
from dataclasses import replace

from quote_tui.manuscripts.document import Manuscript
from quote_tui.manuscripts.notes import note_mention
from quote_tui.manuscripts.refs import Mention
from quote_tui.manuscripts.spans import note_title

__all__ = ["full_note"]

_YEAR = re.compile(r"\b(?:1[5-9]\d\d|20\d\d)\b")
_LOOK_BACK = 200  # earlier notes searched for the full form; a chapter's worth


def full_note(ms: Manuscript, note_id: str, mention: Mention) -> Mention:
    """``mention`` (a note naming a work by its title) completed from the nearest earlier note
    whose longer title begins with its title, or that names the same author and title words;
    itself when it is no short form or none is found."""
    span = ms.footnotes.get(note_id)
    title = mention.key or ""
    if span is None or mention.style != "note":
        return mention
    doc = ms.documents[span.doc]
    if _YEAR.search(doc.text, span.start, span.end):
        return mention  # a note with its year is a full one
    if len(title.split()) < 2:
        return mention
    earlier = sorted(
        (other.start, other.end)
        for other in ms.footnotes.values()
        if other.doc == span.doc and other.start < span.start
    )[-_LOOK_BACK:]
    short = title.casefold()
    for start, end in reversed(earlier):
        full = note_title(doc.text, start, end, latex=doc.kind == "latex")
        if full and len(full) > len(title) and full.casefold().startswith(short):
            raw = " ".join(doc.text[start:end].split())
            return replace(mention, key=full, raw=f"{mention.raw} [{raw}]")
    return _by_author_and_words(ms, span.doc, span.start, mention)


# "Arendt, Human Condition, 190.": the author, a few words of the title, the page; the title set
# in italics that Word text and plain notes lose.
_SHORT = re.compile(r"^\s*(?P<author>[^\W\d_][\w'’\-]+),\s+(?P<words>[^\W\d_][^,;:()\d]{2,60}?),")
_WORD = re.compile(r"\w+")


def _by_author_and_words(ms: Manuscript, doc_index: int, start: int, mention: Mention) -> Mention:
    """A short note without a title in marks or italics, completed from the nearest earlier
    note that names the same author and holds the same title words in the same order."""
    m = _SHORT.match(mention.raw)
    if m is None:
        return mention
    author = m.group("author").casefold()
    words = " " + " ".join(_WORD.findall(m.group("words").casefold())) + " "
    earlier = sorted(
        (other.start, other.end)
        for other in ms.footnotes.values()
        if other.doc == doc_index and other.start < start
    )[-_LOOK_BACK:]
    text = ms.documents[doc_index].text
    for a, b in reversed(earlier):
        said = " " + " ".join(_WORD.findall(text[a:b].casefold())) + " "
        if f" {author} " in said and words in said and _YEAR.search(text, a, b):
            raw = " ".join(text[a:b].split())
            full = note_mention(text, a, b)  # its key: the same source as the full note's
            key = full.key if full is not None and full.key else m.group("words").strip()
            return replace(mention, key=key, raw=f"{mention.raw} [{raw}]")
    return mention
