"""A quotation inside a note, cited in the note itself.

Notes quote as running text does, and their citation is typed around the quoted words: after
them as a sentence or clause of its own (``,,…hineinreichte''. Kreutzmüller 2012, S. 378.``,
``,,umfassenden Täterschutz'', Bajohr 1998, S. 24.``), or before them naming the interview
quoted (``Vgl. Interview B3\\_Transkript: ,,[...] dass …''``, its place after the words:
``'', Pos. 39.``). Without these the quotation is left to the other rules.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from quote_tui.manuscripts.document import Document
from quote_tui.manuscripts.model import Locator
from quote_tui.manuscripts.prosecite import periodical_before
from quote_tui.manuscripts.refs import Mention, note_author_year
from quote_tui.manuscripts.spans import Cover

__all__ = ["cite_in_note"]

# From the closing mark to a typed citation after it: the sentence's stop or a comma.
_AFTER = re.compile(r"[ \t]*[.,;:]?[ \t\n]*")
# The citation's end: the note's sentence end (a stop before a capital or the note's end).
_STOP = re.compile(r"\.(?=\s+[A-ZÄÖÜ]|\s*$)")
# A transcript named right before the quotation: "Interview B3\_Transkript:", "Interview B:".
_TRANSCRIPT = re.compile(
    r"(?P<name>(?:Interview|Transkript|Gespräch|Befragte[rn]?|Participant|Respondent|"
    r"Interviewee)\s+[A-Z]{0,2}\d{0,3})(?:\\?_\w+)?\s*:\s*\Z"
)
# The place in a transcript after its words: ", Pos. 39", ", Z. 12-14", ", Abs. 3".
_TRANSCRIPT_PLACE = re.compile(
    r"[ \t]*,[ \t]*(?P<loc>(?P<term>Pos\.|Z\.|Abs\.|ll?\.|lines?)\s*\d{1,5}(?:\s*[-–]+\s*\d{1,5})?)"
)
_MAX_CITE = 200  # characters after the quotation read for its citation


def _note_holding(notes: Cover, pos: int) -> tuple[int, int] | None:
    """The note (of the text's notes, their union by bisection: notes never overlap) that
    holds ``pos``."""
    k = bisect_right(notes.starts, pos) - 1
    return (notes.starts[k], notes.ends[k]) if k >= 0 and pos < notes.ends[k] else None


def cite_in_note(doc: Document, notes: Cover, start: int, close_end: int) -> Mention | None:
    """The citation the note (of ``notes``, the text's notes) holding the quotation
    ``start``…``close_end`` types for it (see the module), or ``None``."""
    note = _note_holding(notes, start)
    if note is None:
        return None
    text = doc.text
    lo = _AFTER.match(text, close_end, note[1])
    pos = lo.end() if lo else close_end
    stop = _STOP.search(text, pos, min(note[1], pos + _MAX_CITE))
    end = stop.end() if stop else min(note[1], pos + _MAX_CITE)
    typed = note_author_year(text, pos, end) if pos < end else None
    if typed is not None:
        return typed
    opening = start - 1
    while opening > note[0] and text[opening - 1] in ",`'\"„“»«":
        opening -= 1  # the opening mark, as typed (,, or ``)
    lead = _TRANSCRIPT.search(text, max(note[0], opening - 120), opening)
    if lead is None:
        return periodical_before(text, note[0], opening)
    place = _TRANSCRIPT_PLACE.match(text, close_end, note[1])
    locator = None
    if place is not None:
        label = "paragraph" if place.group("term") in ("Pos.", "Abs.") else "line"
        locator = Locator(label=label, value=" ".join(place.group("loc").split()))
    name = " ".join(lead.group("name").split())
    raw = text[lead.start() : lead.end()].rstrip(" :")
    return Mention(lead.start(), lead.end(), "author_date", raw, names=(name,), locator=locator)
