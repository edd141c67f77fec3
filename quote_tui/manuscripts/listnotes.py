"""A numbered list under a reference list's heading that is a list of notes.

Writers who number their citations by hand in Word ("…the voiceless."[2]) often put the
numbered entries under "Sources", "References" or "Works Cited", and write them as notes:
each entry cites the page of that place, and a later entry says "ibid. p. 166." for the same
work. Read as a reference list, "[5] ibid. p. 166." is no work at all and every page is lost;
read as notes (as a reader does), each mark is its note, and "ibid." the note before's work.
A list is taken for notes only when an entry says ibid. (ebd.) or most entries end with one
page (p. 124), which a list of works does not do: a journal article's range ("pp. 12-30")
is its extent, not a cited place.
"""

from __future__ import annotations

import re

__all__ = ["bracket_marks", "notes_in_list"]

_ENTRY = re.compile(r"^[ \t]*\[(?P<n>\d{1,4})\][ \t]*(?P<body>\S[^\n]*)", re.M)
_IBID = re.compile(r"(?:ibid|ibidem|ebd|ebenda)\b", re.I)
# One page at the entry's end, as a note cites it: "p.124.", "p. 112", "S. 45."
_ONE_PAGE = re.compile(r"\b(?:p|S)\.?\s*\d{1,5}[a-z]?\.?\s*$")
# A mark typed in the running text, "…voiceless."[2] or "… [5]"; not a link's "[2](…)".
_MARK = re.compile(r"\[(?P<n>\d{1,4})\](?![(:])")


def notes_in_list(text: str, span: tuple[int, int]) -> dict[str, tuple[int, int]]:
    """The notes of the numbered list in ``text[span[0]:span[1]]``, each entry's text span by
    its number; empty when the list is a list of works."""
    entries = list(_ENTRY.finditer(text, *span))
    if len(entries) < 2:
        return {}
    ibid = any(_IBID.match(m.group("body")) for m in entries)
    paged = sum(1 for m in entries if _ONE_PAGE.search(m.group("body")))
    if not ibid and paged * 2 < len(entries):
        return {}
    return {str(int(m.group("n"))): (m.start("body"), m.end("body")) for m in entries}


def bracket_marks(text: str, end: int, numbers: set[str]) -> list[tuple[int, int, str]]:
    """The marks ``[N]`` before ``end`` whose number the notes list holds: (start, end, N)."""
    return [
        (m.start(), m.end(), str(int(m.group("n"))))
        for m in _MARK.finditer(text, 0, end)
        if str(int(m.group("n"))) in numbers
    ]
