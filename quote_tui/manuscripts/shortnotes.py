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
from quote_tui.manuscripts.refs import Mention
from quote_tui.manuscripts.spans import note_title

__all__ = ["full_note"]

_YEAR = re.compile(r"\b(?:1[5-9]\d\d|20\d\d)\b")
_LOOK_BACK = 200  # earlier notes searched for the full form; a chapter's worth


def full_note(ms: Manuscript, note_id: str, mention: Mention) -> Mention:
    """``mention`` (a note naming a work by its title) completed from the nearest earlier note
    whose longer title begins with its title; itself when it is no short form or none is found."""
    span = ms.footnotes.get(note_id)
    title = mention.key or ""
    if span is None or mention.style != "note" or len(title.split()) < 2:
        return mention
    doc = ms.documents[span.doc]
    if _YEAR.search(doc.text, span.start, span.end):
        return mention  # a note with its year is a full one
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
    return mention
