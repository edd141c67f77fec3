"""What a note mark is, and a passage's wording as a reader quotes it.

The PDF reader sets a superscript glued to a word apart with a zero-width space
("structure\u200b16–18", "Coriolanus.\u200b11 “The"), and a producer may set a mark in
Unicode's superscript digits ("Zotero⁵,"). This module is the one place that says which of those
are note marks: the note-marks search (``note_marks.py``) looks for a quotation with them taken
out, and a match's ``text`` leaves them out, as a reader quoting the passage does.

A superscript inside a word ("m\u200b6\u200bA", the reader's separators on both sides) is part of
the word: it is no mark, and the wording keeps its characters ("m6A") without the separators.
"""

from __future__ import annotations

import re

__all__ = [
    "APART",
    "AUTHORS_MARK",
    "BRACKET_MARK",
    "COMMA_MARK",
    "STAR_MARK",
    "NOTE_MARK",
    "TRADEMARK",
    "mark_spans",
    "printed",
    "printed_pieces",
]

APART = "\u200b"
"""The separator the PDF reader sets between a word and a superscript glued to it."""

NOTE_MARK = re.compile(
    "\u200b(?:[0-9]{1,3}(?:[–,\\-\u200b][0-9]{1,3})*|[*†‡]{1,3}|[a-z]|x{0,3}(?:ix|iv|vi{0,3}|i{1,3})"
    "|\\?{1,3})(?![^\\W_]|\u200b[^\\W_])"
)
"""A mark the reader set apart: up to three digits (or a range or list of them: "16–18",
"3,4", or "26\u200b27" where the list was printed with spaces, "²⁶ ²⁷"), one to three of
``*†‡``, one letter, a small Roman numeral (a note numbered "ii"), or the "?" of a citation
LaTeX could not resolve, ending where the word would; the zero-width space
before it is what says it was a superscript and not a number of the running text. A superscript
the reader set apart on both sides, a word's letters after it ("m\u200b6\u200bA"), is inside the
word, not a mark."""

COMMA_MARK = re.compile(r"(?:(?<=[^\W\d_]{3},)|(?<=\),))[0-9]{1,3}(?:[–-][0-9]{1,3})?(?= )")
# COMMA_MARK opens with lookbehinds, so it is tried at every position; a comma glued to a digit
# is what it needs, and most texts hold none
_COMMA_DIGIT = re.compile(r",[0-9]")
"""A citation number glued to the comma after a word or a bracket, a space after it ("per
year,4 indicating", "(Figure 1),12 based"): the reader leaves a raised mark after a comma as
printed, so a quotation that types it is exact, and running text never glues a number to a
comma after letters ("year, 4 days"; "3,4" is a decimal). The note-marks search takes it out
(a quotation that leaves it out is found); a match's wording keeps it, as printed."""

BRACKET_MARK = re.compile(
    r"(?:(?<=[^\W\d_])|(?<=\bal\.))\s\[[0-9]{1,3}(?:(?:[–,\-]|, )[0-9]{1,3})*\]"
    r"(?=\s+[^\W\d_])"
)
"""A numbered citation in brackets between two words, with the space before it ("9 days [4]
and", "methods [2, 5] were", "Benson et al. [2] studied"): a quotation leaves it out as it
leaves out a raised mark. The note-marks search takes it out; a match's wording keeps it, as
printed. A bracket after a digit or a stop ("Eq. [4]", "x [2]" after a number) is no
citation's, but for the stop of "et al.", which names the authors a citation follows; one
before punctuation ("en [5]:") is left to a quotation that ends with it, whose span takes it
in."""

AUTHORS_MARK = re.compile(r"(?<=\bal\.)\s\([0-9]{1,3}(?:(?:[–,\-]|, )[0-9]{1,3})*\)(?=\s+[^\W\d_])")
"""A numbered citation in parentheses after "et al." ("Benson et al. (2) studied", as Science
and PNAS set it): left out as a bracketed one is. Elsewhere a number in parentheses is as often
an equation's ("Ansatz (2) together") or a scale's ("negative (1) to positive (10)"), and
stays."""
_AUTHORS = ("al. (", "al.\n(")
"""What a citation in parentheses after "et al." needs in a text to be looked for."""

STAR_MARK = re.compile("(?<=[^\\W\\d_][,.;:)])[*\u2020\u2021]{1,3}(?=\\s)")
"""An asterisk or dagger glued to the punctuation after a word, a space after it
("contraindicated,* in which case"): a note's mark set in the line's own size, which a
quotation leaves out. The note-marks search takes it out; a match's wording keeps it."""

TRADEMARK = re.compile("(?<=[^\\W_])[\u2122\u00ae]")
"""A trademark or registered sign glued to a product's name ("Quant-iT™ PicoGreen®"), which a
quotation leaves out as it leaves out a note mark."""

_SEARCHED_ONLY = re.compile("[,\u2122\u00ae\\[*\u2020\u2021]|al\\.\\s\\(")
"""What a comma's citation number, a trademark sign or a bracketed citation needs in a
passage to be found."""

_SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_SUPERSCRIPT_MARK = re.compile(
    f"(?<=[^\\s{_SUPERSCRIPTS}])[{_SUPERSCRIPTS}]{{1,3}}(?:[,–][{_SUPERSCRIPTS}]{{1,3}})*"
    f"(?![^\\W_]|[⁺⁻])"
)
"""Superscript digits (a range or list of them: "⁴–⁶") glued to what stands before them, and
ending where a word would, before a charge's sign."""
_CLOSING = ".,;:!?)]’”»\"'"
"""Punctuation a note mark may stand after ("history.³", "Afonso⁷)")."""
_MIN_LETTERS = 3
"""Fewest letters right before a superscript for it to be a note mark: "Web⁴" is marked,
"cm³" and "x²" are a unit and a variable."""
_REACH = 40
"""Characters around a passage read to judge a mark at its edges (the word before a mark)."""

Span = tuple[int, int]


def _holds_superscript(text: str, lo: int, hi: int) -> bool:
    """Whether ``text[lo:hi]`` holds a superscript digit: none in an ASCII text, else one
    ``find`` a digit at C speed (a class of them was tried at every character)."""
    return not text.isascii() and any(text.find(c, lo, hi) >= 0 for c in _SUPERSCRIPTS)


def _superscript_marks(text: str) -> list[Span]:
    """Where superscript digits stand as note marks: glued to a word of at least three letters,
    or to the punctuation after one; not a unit after a number ("1 GeV²")."""
    out: list[Span] = []
    for m in _SUPERSCRIPT_MARK.finditer(text):
        end = m.start()
        if text[end - 1] in _CLOSING:
            end -= 1
        start = end
        while start > 0 and text[start - 1].isalpha():
            start -= 1
        after_number = text[start - 1 : start].isspace() and text[start - 2 : start - 1].isdigit()
        if end - start >= _MIN_LETTERS and not after_number:
            out.append((m.start(), m.end()))
    return out


def mark_spans(text: str, *, searched: bool = False) -> list[Span]:
    """Every note mark of a text, in order: a set-apart mark with its zero-width space, and
    superscript digits standing as a mark (module docstring). With ``searched``, also the marks
    the note-marks search takes out but a match's wording keeps as printed: a number glued to
    a word's comma (``COMMA_MARK``) and a trademark sign glued to its name (``TRADEMARK``)."""
    marks = [m.span() for m in NOTE_MARK.finditer(text)] if APART in text else []
    if _holds_superscript(text, 0, len(text)):
        marks += _superscript_marks(text)
    if searched:
        if _COMMA_DIGIT.search(text):
            # a mark starts right after its comma: matched only there (``match`` reads the
            # lookbehind before the place), where ``finditer`` tries every position of the text
            marks += [
                m.span()
                for c in _COMMA_DIGIT.finditer(text)
                if (m := COMMA_MARK.match(text, c.start() + 1)) is not None
            ]
        if "\u2122" in text or "\u00ae" in text:
            marks += [m.span() for m in TRADEMARK.finditer(text)]
        if "*" in text or "\u2020" in text or "\u2021" in text:
            marks += [m.span() for m in STAR_MARK.finditer(text)]
        if "[" in text:
            marks += [m.span() for m in BRACKET_MARK.finditer(text)]
        if any(authors in text for authors in _AUTHORS):
            marks += [m.span() for m in AUTHORS_MARK.finditer(text)]
    return sorted(marks)


def printed_pieces(text: str, start: int, end: int, *, searched: bool = False) -> tuple[Span, ...]:
    """The pieces of ``text[start:end]`` its printed wording leaves out, in ``text``'s offsets.

    Each note mark with its separator (and a space before it, when one follows it too), and
    each separator left alone (inside a word: "m6A"), clipped to the passage. The marks are
    judged on the text around the passage too, so a mark at a passage's edge is told as it is
    inside one. With ``searched`` (a passage the note-marks search found by leaving them out),
    the marks only that search leaves out go too (``mark_spans``).
    """
    if end <= start:
        return ()
    lo, hi = max(0, start - _REACH), min(len(text), end + _REACH)
    window = text[lo:hi]
    if (
        APART not in window[start - lo : end - lo]
        and not _holds_superscript(window, start - lo, end - lo)
        and not (searched and _SEARCHED_ONLY.search(window, start - lo, end - lo))
    ):
        return ()
    out: list[Span] = []
    last = start
    for a, b in mark_spans(window, searched=searched):
        a, b = max(a + lo, last), min(b + lo, end)
        if a >= b:
            continue
        if a > last and text[a - 1] == " " and (b == len(text) or text[b].isspace()):
            a -= 1  # a mark set between two spaces ("AirFlow \u200b1 supports"): one goes
        out.extend(_separators(text, last, a))
        out.append((a, b))
        last = b
    out.extend(_separators(text, last, end))
    return tuple(out)


def _separators(text: str, start: int, end: int) -> list[Span]:
    out: list[Span] = []
    at = text.find(APART, start, end)
    while at >= 0:
        out.append((at, at + 1))
        at = text.find(APART, at + 1, end)
    return out


def printed(text: str, start: int, end: int) -> str:
    """``text[start:end]`` as a reader quotes it: without note marks and the reader's
    separators."""
    pieces = printed_pieces(text, start, end)
    if not pieces:
        return text[start:end]
    kept: list[str] = []
    last = start
    for a, b in pieces:
        kept.append(text[last:a])
        last = b
    kept.append(text[last:end])
    return "".join(kept)
