"""LaTeX notes whose text stands apart from their mark: ``\\footnotemark`` with a later
``\\footnotetext{...}``, or with a list of notes the writer typed at the end ("Notes:",
``\\section*{Notes}``, then "1. Page 5" or an ``enumerate``).

LaTeX numbers both by one counter: ``\\footnote`` and ``\\footnotemark`` step it,
``\\footnotetext`` takes its current value, ``[N]`` names a number outright and
``\\addtocounter``/``\\setcounter`` move it (the usual way to set several marks in a table and
their texts below it). The mark of a number is read with the note text of the same number;
without a ``\\footnotetext`` of that number, the typed list's entry of that number; without
either, the ``\\footnote`` of that number set before it (a writer who cites a note's source
again marks it with the note's number: ``…“\\footnotemark[9]``). Each file counts on its own,
as a note and its mark stand in one file.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from quote_tui.manuscripts.latex_keyed import trimmed
from quote_tui.manuscripts.model import Anchor
from quote_tui.manuscripts.notes import note_mention
from quote_tui.manuscripts.typednotes import find_typed_notes

__all__ = ["NoteMarks", "detached_notes"]

_COMMANDS = re.compile(
    r"\\(?P<cmd>footnotemark|footnotetext|footnote)(?![A-Za-z])\s*(?:\[\s*(?P<num>\d{1,4})\s*\])?"
    r"|\\(?P<counter>addtocounter|setcounter)\s*\{footnote\}\s*\{\s*(?P<value>-?\d{1,4})\s*\}"
    r"|\\(?P<step>stepcounter|refstepcounter)\s*\{footnote\}"
)
# A typed list's items when LaTeX numbers them: \item in an enumerate under the heading.
_ITEM = re.compile(r"\\item(?![A-Za-z])\s*")
_LIST_END = re.compile(r"\\item(?![A-Za-z])|\\end\{(?:enumerate|description|itemize)\}")

NoteMarks = tuple[tuple[Anchor, ...], dict[str, tuple[int, int]]]
"""The anchors set at ``\\footnotemark`` and each note's text span by its anchor's name."""


def detached_notes(
    text: str, scan: str, name: str, group: Callable[[int], tuple[int, int] | None]
) -> NoteMarks:
    """The ``\\footnotemark`` anchors of one LaTeX file and the spans of their notes' texts.

    Args:
        text: the file's text; scan: the same with comments blanked out.
        name: the file's name, which makes the notes' names unique in a manuscript.
        group: the span inside the brace group that opens at an offset (after spaces), or None.
    """
    counter = 0
    marks: list[tuple[int, int, int]] = []
    texts: dict[int, tuple[int, int]] = {}
    given: dict[int, tuple[int, int]] = {}  # each \footnote's text by its number
    for found in _COMMANDS.finditer(scan):
        # (the scan blanks a command's optional argument: its number is read in the text)
        m = _COMMANDS.match(text, found.start()) or found
        if m.group("counter"):
            value = int(m.group("value"))
            counter = counter + value if m.group("counter") == "addtocounter" else value
            continue
        if m.group("step"):
            counter += 1
            continue
        cmd, num = m.group("cmd"), m.group("num")
        if cmd == "footnotetext":
            span = group(m.end())
            if span is not None:
                texts.setdefault(int(num) if num else counter, trimmed(text, span))
            continue
        if num is None:
            counter += 1
        if cmd == "footnotemark":
            marks.append((m.start(), m.end(), int(num) if num else counter))
        elif (span := group(m.end())) is not None:
            given.setdefault(int(num) if num else counter, trimmed(text, span))
    if not marks:
        return (), {}
    typed: dict[int, tuple[int, int]] = {}
    if any(number not in texts for _, _, number in marks):
        found = find_typed_notes(scan, _items(scan))
        typed = {int(n): span for n, span in found.notes.items() if n.isdigit()}
    anchors: list[Anchor] = []
    spans: dict[str, tuple[int, int]] = {}
    for start, end, number in marks:
        span = texts.get(number) or typed.get(number)
        if span is None or span[0] < end and not texts.get(number):
            # a typed list stands after the marks it explains; with neither, "\footnotemark[9]"
            # sets the number of a \footnote given before again: when that note cites a work,
            # it cites it again (a remark's number set again adds the remark, not a source)
            span = given.get(number)
            if span is None or span[0] > start or note_mention(text, *span) is None:
                continue
        note_name = f"{name}#note{number}"
        anchors.append(Anchor(start, end, footnote=note_name))
        spans[note_name] = span
    return tuple(anchors), spans


def _items(scan: str) -> list[tuple[int, int]]:
    """The spans of ``\\item`` texts: a list LaTeX numbers, whose numbers are not typed."""
    out = []
    for m in _ITEM.finditer(scan):
        end_m = _LIST_END.search(scan, m.end())
        end = end_m.start() if end_m else len(scan)
        out.append(trimmed(scan, (m.end(), end)))
    return out
