"""Note marks in OCR text: a footnote's number glued after a sentence's full stop.

OCR reads a raised note mark in the line's own size and glues it to the word before
("cycle.2 It is the latter"): nothing in the text says it was raised, so a quotation that
leaves the mark out (as style guides ask) stands nowhere. In running text a number never
follows a word's full stop without a space and precedes the next sentence's capital, so there
the number is set apart as the text layer's raised marks are (``pdf_lines.APART``), and the
note-marks rule finds the quotation without it. Only OCR text is touched: a text layer says
which marks were raised.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from quote_tui.sources.readers.pdf_layout import PageBlocks
from quote_tui.sources.readers.pdf_lines import APART, Line

__all__ = ["set_layer_marks_apart", "set_marks_apart", "set_sole_marks_apart"]

_GLUED = re.compile(r"(?<=[^\W\d_]{3}[.!?])(?=\d{1,3}\s+[“‘\"(]?[^\W\d_])")
"""Where a mark starts: after a full stop that ends a word of three letters or more ("p.2" and
"3.2" are a page and a number), with the next sentence's word a space after the mark."""


_STAR = re.compile(r"(?<=[^\W\d_]{3})(?=[*]{1,3}(?:[.,;:)]?(?:\s|$)))")
"""Where an asterisk glued to a word's end starts ("Hauptsatz* says", "symbols*:"): OCR reads a
raised note number as one ("*" for a small "3"), as it reads a printed asterisk mark; a
formula's starred letter ("A*", "M*") is no word of three letters."""


def _capital_after(text: str, at: int) -> bool:
    rest = text[at:].lstrip("0123456789").lstrip().lstrip('“‘"(')
    return rest[:1].isupper()


def _apart(line: Line) -> Line:
    cuts = [m.start() for m in _GLUED.finditer(line.text) if _capital_after(line.text, m.start())]
    if "*" in line.text:
        cuts = sorted([*cuts, *(m.start() for m in _STAR.finditer(line.text))])
    if not cuts:
        return line
    text = line.text
    for at in reversed(cuts):
        text = text[:at] + APART + text[at:]
    return Line(text, line.rect)


def set_marks_apart(pages: list[PageBlocks | None]) -> list[PageBlocks | None]:
    """The pages with each OCR-read note mark after a full stop set apart from its word."""
    out: list[PageBlocks | None] = []
    for page in pages:
        if page is None:
            out.append(None)
            continue
        blocks = tuple(replace(b, lines=tuple(_apart(ln) for ln in b.lines)) for b in page.blocks)
        out.append(replace(page, blocks=blocks))
    return out


_LAYER_MARK = re.compile(r"\d{1,3}|[*\u2020\u2021]")
"""A note's mark: a number of three digits at most, or an asterisk or dagger."""
_LETTER = re.compile(r"[^\W\d_]")
_SMALLER = 0.8
"""A mark of an OCR layer is set under this share of the words' size on either side of it."""


def _word(spans: list[dict[str, Any]], at: int, step: int) -> dict[str, Any] | None:
    """The span of letters nearest span ``at`` in direction ``step``, past spaces alone."""
    at += step
    while 0 <= at < len(spans) and not spans[at]["text"].strip():
        at += step
    if 0 <= at < len(spans) and _LETTER.search(spans[at]["text"]):
        return spans[at]
    return None


def set_layer_marks_apart(raw: dict[str, Any]) -> None:
    """Each note mark of an OCR layer set apart from the word before it, in ``raw``'s spans.

    A producer that sets its layer's words in the sizes it read them in (HeinOnline's law
    reviews) sets a footnote's mark as a number of its own in a smaller size: 9 points beside
    the body's 11.8 ("practice 6 and", "solicitation, 7 and"), on the line's baseline or a
    little above. Read as a word, the number stands between a quotation's words, which leave
    it out. So a number (or a dagger) set under ``_SMALLER`` of the size of the word before it
    and of the word after it, if any, is set apart as a text layer's raised marks are
    (``pdf_lines.APART``), before the layer's words are sized again by their boxes."""
    for block in raw["blocks"]:
        for line in block.get("lines", ()):
            spans = line["spans"]
            for i, span in enumerate(spans):
                text = span["text"]
                if span.get("alpha") != 0 or not _LAYER_MARK.fullmatch(text.strip()):
                    continue
                before, after = _word(spans, i, -1), _word(spans, i, 1)
                if before is None or any(
                    span["size"] >= _SMALLER * word["size"] for word in (before, after) if word
                ):
                    continue
                span["text"] = APART + text.strip() + (" " if text[-1:].isspace() else "")


_NOTE_SMALLER = 0.9
"""A page's notes are set under this share of its body's size (OCR sizes wander a little)."""
_NOTE_OPENS = re.compile(r"([^\w\s\"'“”‘’(\[.,;:]|[^\W\d_])\s+([^\W\d_][^\W\d_]*)")
"""A note's first line: one sign or letter (OCR's reading of its dagger), then a word that
opens with a capital (checked apart): "f Alonzo Church", "t Loc. cit.", "* Cf. Hobson"."""
_SOLE = "(?<=[^\\W\\d_]{{2}}) ({}) (?=[^\\W\\d_])|(?<=[^\\W\\d_]{{2}}[,;:]) ({}) (?=[^\\W\\d_])"
"""Where a mark stands alone between words ("Church f has")."""
_GLUED_MARK = "(?<![^\\W_])([^\\W\\d_]{{3,}})({})(?=[.,;:]?(?:\\s|$))"
"""Where a mark is glued to the end of a word ("those of Gbdelf. These")."""


def _like(word: str, name: str) -> bool:
    """Whether a body word is the name a note opens with, as OCR may misread one letter of
    either ("Gbdel" for the note's "Godel")."""
    if len(word) != len(name) or len(word) < 3:
        return False
    return sum(a != b for a, b in zip(word.lower(), name.lower(), strict=True)) <= 1


def _note_marks(page: PageBlocks) -> dict[str, set[str]]:
    """The signs the page's notes open with, each with the words that follow it."""
    body = max(page.sizes, key=lambda size: size[1])[0] if page.sizes else 0.0
    marks: dict[str, set[str]] = {}
    for block in page.blocks:
        if block.size >= _NOTE_SMALLER * body:
            continue
        for line in block.lines:
            found = _NOTE_OPENS.match(line.text)
            if found and found.group(2)[0].isupper() and found.group(1) not in "aAI":
                marks.setdefault(found.group(1), set()).add(found.group(2))
    return marks


def _body_line(
    text: str, sole: re.Pattern[str], glued: re.Pattern[str], marks: dict[str, set[str]]
) -> str:
    text = sole.sub(lambda m: f" {APART}{m.group(1) or m.group(2)} ", text)

    def glue(found: re.Match[str]) -> str:
        word, mark = found.group(1), found.group(2)
        if any(_like(word, name) for name in marks[mark]):
            return word + APART + mark
        return found.group()

    return glued.sub(glue, text)


def set_sole_marks_apart(pages: list[PageBlocks | None]) -> list[PageBlocks | None]:
    """The pages with each OCR-read dagger of the body set apart, where a note of the same
    page opens with the same sign.

    Old type marks notes with daggers and the like, set raised after a word; OCR reads a
    dagger as "f" or "t" and sets it as a word of its own ("Alonzo Church f has introduced"),
    or glues it to the word ("those of Gbdelf."), so a quotation that leaves the mark out
    stands nowhere. The page's note, set smaller, opens with the same misreading ("f Alonzo
    Church, ...", "f Godel, ..."): that tells the sign is a mark and not a variable of a
    formula. A sign alone between two words, or glued to a word that is the name the note
    opens with (one letter apart at most, OCR's misreading), is set apart as a text layer's
    raised mark is (``pdf_lines.APART``)."""
    out: list[PageBlocks | None] = []
    for page in pages:
        marks = _note_marks(page) if page is not None else {}
        if page is None or not marks:
            out.append(page)
            continue
        body = max(page.sizes, key=lambda size: size[1])[0]
        alternatives = "|".join(re.escape(m) for m in sorted(marks))
        sole = re.compile(_SOLE.format(alternatives, alternatives))
        glued = re.compile(_GLUED_MARK.format(alternatives))
        blocks = tuple(
            b
            if b.size < _NOTE_SMALLER * body
            else replace(
                b,
                lines=tuple(
                    ln._replace(text=_body_line(ln.text, sole, glued, marks)) for ln in b.lines
                ),
            )
            for b in page.blocks
        )
        out.append(replace(page, blocks=blocks))
    return out
