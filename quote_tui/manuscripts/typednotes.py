"""Endnotes typed by hand: a "Notes" ("Endnotes", "Anmerkungen") list at the end of a Word or
Markdown text, its marks typed as superscript digits in the running text.

Writers who do not use the word processor's notes number them themselves: a Word superscript
run "12", Pandoc's ``^12^``, HTML's ``<sup>12</sup>``, a Unicode ``¹²``, a digit glued after
the closing mark (``…are."12``), or a number in brackets (``[12]``, ``[^12]`` with no Pandoc
definition: a blog essay's "Footnotes" list of ``[^12] Marx, …`` lines, the colon left out); the
note of that number in the list under the heading gives the source, read as a real note is
(``notecite``). A mark is a note's only when the list holds its
number; the notes are named ``typed:N``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from quote_tui.manuscripts.reflist import LIST_NAMES, find_reference_list

__all__ = ["TypedNotes", "find_typed_notes", "note_id"]

# LaTeX's heading or emphasis around the word: \section*{Notes}, \textbf{Notes:}
_LATEX_HEAD = r"\\(?:(?:sub)*section|chapter|paragraph|textbf|textsc|emph|underline)\*?\{"
# The list's heading on a line of its own, as written or set bold (**Notes**), perhaps numbered.
# Its marks one character at a time, so a line of underscores cannot backtrack (see reflist).
_HEADING = re.compile(
    r"^[ \t]*(?:#{1,6}[ \t]*)?(?:[*_]|<(?:u|b|strong)>|" + _LATEX_HEAD + r")*"
    r"(?:(?:\d{1,2}(?:\.\d{1,2})*|[IVX]{1,5})\.?[ \t]+)?"
    r"(?:Notes|Endnotes|End\s+Notes|Footnotes|Anmerkungen|Endnoten|Fußnoten|Fussnoten|Notas"
    r"|Notes\s+de\s+fin)"
    r"[ \t]*:?(?:[*_]|</(?:u|b|strong)>|\})*[ \t]*$",
    re.M | re.I,
)
# What ends the list: another heading (Markdown's, or a reference list's as written), a rule.
_END = re.compile(
    r"^[ \t]*(?:#{1,6}[ \t]|-{3,}[ \t]*$|\\(?:(?:sub)*section|chapter)\b|\\end\{document\}|"
    r"(?:[*_]{1,3})?"
    rf"(?:{LIST_NAMES}|Appendix|Anhang)\b[^\n]{{0,40}}$)",
    re.M | re.I,
)
# The first of two lines in a row (blank lines apart) that open with a caret number and no
# colon, "[^1] Popkin, …": a list of notes by its form, whatever stands above it.
_CARET_ENTRY = re.compile(
    r"^[ \t]*\[\^\d{1,4}\][ \t]+\S[^\n]*\n(?:[ \t]*\n)*[ \t]*\[\^\d{1,4}\][ \t]+\S", re.M
)
# A rule, then the note numbered 1 in brackets: a web page's notes set below a line with no
# heading ("* * *" then "\[1\] Yoder, …", as Pandoc writes an HTML page's <hr> and its notes).
_RULED = re.compile(
    r"^[ \t]*(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})\n(?:[ \t]*\n)*"
    r"(?=[ \t]*(?:\\\[1\\\]|\[\^?1\])(?!:)[ \t]+\S)",
    re.M,
)
_SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_FROM_SUPERSCRIPT = str.maketrans(_SUPERSCRIPTS, "0123456789")
# An entry: its number as typed ("12.", "12)", "[12]", "^12^", "<sup>12</sup>", "¹²", "12"),
# then its text, to the next entry or a blank line. Pandoc escapes a typed bracket ("\[12\]").
_ENTRY = re.compile(
    r"^[ \t]*(?:\^(?P<a>\d{1,4})\^|<sup>(?P<b>\d{1,4})</sup>|\\?\[\^?(?P<c>\d{1,4})\\?\](?!:)"
    r"|(?P<d>\d{1,4})(?P<dot>[.)])?|(?P<e>[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,4}))(?:[ \t]+|(?=[^\W\d_]))"
    r"(?P<body>\S[^\n]*(?:\n(?![ \t]*\n)"
    r"(?![ \t]*(?:\^?\d{1,4}[.)^]?|<sup>|\\?\[\^?\d|[⁰¹²³⁴⁵⁶⁷⁸⁹])[ \t])"
    r"[^\n]*)*)",
    re.M,
)
# A mark in the running text: Pandoc's, HTML's, Unicode's, or a plain number glued after a
# closing mark (and perhaps the sentence's stop) with a space or the line's end after it.
_MARK = re.compile(
    r"\^(?P<a>\d{1,4})\^|<sup>(?P<b>\d{1,4})</sup>|(?<!\])\[\^?(?P<c>\d{1,4})\](?![(:])"
    r"|(?<!\[)\\\[(?P<f>\d{1,4})\\\](?![(:])"
    # linked to the note of the Word file it was pasted from, [\[42\]](file:///C:/…/a.docx#_ftn42)
    r"|\[\*{0,2}\\?\[(?P<g>\d{1,4})\\?\]\*{0,2}\]\([^()\s#]+#[^()\s]*\)"
    # not a unit's power, m² or m³: after a word of two letters at least, or punctuation
    r"|(?:(?<=[.,;:!?”\"’»“)])|(?<=[^\W\d_]{2}))(?P<e>[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,4})"
    r"|(?<=[”\"’»“])[.,;:!?]?(?P<d>\d{1,3})(?=[\s.,;:]|$)"
)


def note_id(number: str) -> str:
    return f"typed:{number}"


@dataclass(frozen=True, slots=True)
class TypedNotes:
    """The typed notes list: each note's text span by number, and the list's span."""

    notes: dict[str, tuple[int, int]]
    span: tuple[int, int] | None = None
    # a number in brackets is a note's mark only when no numbered reference list is typed
    # too ("[3]" then cites its third entry, IEEE's way)
    bracketed: bool = True

    def spans(self) -> dict[str, tuple[int, int]]:
        """Each note's span by its name, ``typed:N``."""
        return {note_id(number): span for number, span in self.notes.items()}

    def marks(
        self, text: str, superscripts: Iterable[tuple[int, int, str]] = ()
    ) -> list[tuple[int, int, str]]:
        """The marks before the list whose number it holds, (start, end, note name): typed in
        ``text``, or set as superscript (a Word run's ``superscripts``, with their numbers)."""
        if not self.notes or self.span is None:
            return []
        out = []
        for m in _MARK.finditer(text, 0, self.span[0]):
            number = _number(m)
            if (m.group("c") or m.group("f") or m.group("g")) and not self.bracketed:
                continue
            if number in self.notes:
                out.append((m.start(), m.end(), note_id(number)))
        for start, end, number in superscripts:
            taken = any(a <= start < b for a, b, _ in out)
            if start < self.span[0] and number in self.notes and not taken:
                out.append((start, end, note_id(number)))
        return sorted(out)


def _number(m: re.Match[str]) -> str:
    raw = next(g for g in m.group("a", "b", "c", "d", "e", "f", "g") if g)
    return str(int(raw.translate(_FROM_SUPERSCRIPT)))


def find_typed_notes(text: str, numbered: Sequence[tuple[int, int]] = ()) -> TypedNotes:
    """The last notes list of ``text`` (see the module); empty when there is none.
    ``numbered`` are the spans of list items a word processor numbers itself (Word's numbered
    paragraphs, whose numbers are not in the text): under the heading, the notes in order."""
    headings = list(_HEADING.finditer(text))
    if headings:
        heading = headings[-1]
        list_start, start = heading.start(), heading.end()
    elif (ruled := _last(_RULED.finditer(text))) is not None:
        list_start, start = ruled.start(), ruled.end()
    elif (first := _CARET_ENTRY.search(text)) is not None:
        # "[^1] Popkin, …" lines with no heading above them: Pandoc's notes with the colon
        # left out are notes by their form alone
        list_start = start = first.start()
    else:
        return TypedNotes({})
    end_m = _END.search(text, start + 1)
    end = end_m.start() if end_m else len(text)
    entries = [m for m in _ENTRY.finditer(text, start, end)]
    items = [(a, b) for a, b in numbered if start <= a < end]
    if items and len(items) >= len(entries):
        notes = {str(n): span for n, span in enumerate(items, 1)}
        return TypedNotes(notes, (list_start, end))
    numbers = [_entry_number(m) for m in entries]
    if len(entries) >= 2 and any(b <= a for a, b in zip(numbers, numbers[1:], strict=False)):
        if not all(m.group("dot") for m in entries):
            return TypedNotes({})  # not a list of numbered notes
        numbers = list(range(1, len(entries) + 1))  # Markdown's "1." for every item
    notes = {
        str(n): (m.start("body"), m.end("body")) for n, m in zip(numbers, entries, strict=True)
    }
    if not notes:
        return TypedNotes({})
    return TypedNotes(notes, (list_start, end), not find_reference_list(text).numbered)


def _last(found: Iterable[re.Match[str]]) -> re.Match[str] | None:
    last = None
    for last in found:  # noqa: B007  (the last one is wanted)
        pass
    return last


def _entry_number(m: re.Match[str]) -> int:
    groups = (m.group("a"), m.group("b"), m.group("c"), m.group("d"), m.group("e"))
    raw = next(g for g in groups if g)
    return int(raw.translate(_FROM_SUPERSCRIPT))
