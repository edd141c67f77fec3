"""A dagger OCR read as a letter standing alone between two words of the body ("Alonzo Church
f has introduced"), or glued to the name the note opens with ("Gbdelf."), is set apart as a
raised mark where a note of the same page, set smaller, opens with the same letter ("f Alonzo
Church, ..."), so a quotation that leaves the mark out is found; the same letter with no such
note (a formula's "f"), and a text layer, stay as read."""

from __future__ import annotations

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from tests.scanned_pdf import blank_scan_page

_BODY = [
    "By the correct application of one of these arguments, conclusions are",
    "reached which are superficially similar to those of Gbdelf. These and",
    "results have valuable applications. In particular, it is shown that the",
    "Hilbertian Entscheidungsproblem can have no solution in itself. The form",
    "In a recent paper Alonzo Church f has introduced an idea of effective",
    "calculability, which is equivalent to my computability, but is very",
    "differently defined. Church also reaches similar conclusions about the",
    "Entscheidungsproblem. The proof of equivalence between computability",
]
_NOTES = [
    "f Godel, Uber formal unentscheidbare Satze der Principia Mathematica, 1931.",
    "f Alonzo Church, An unsolvable problem of elementary number theory, 1936.",
]
_OTHER = [
    "Let the function f have a root in the interval, and suppose that",
    "the function f has no other root there; then the machine will stop.",
]


def _scan(render_mode: int, note: bool) -> bytes:
    doc = pymupdf.open()
    for lines in (_BODY, _OTHER * 4):
        page = blank_scan_page(doc)
        for i, text in enumerate(lines):
            page.insert_text((72, 72 + 15 * i), text, fontsize=11, render_mode=render_mode)
        if note and lines is _BODY:
            for i, text in enumerate(_NOTES):
                page.insert_text((72, 690 + 10 * i), text, fontsize=8, render_mode=render_mode)
    return doc.tobytes()


def test_a_dagger_read_as_a_letter_is_set_apart_where_its_note_opens_with_it() -> None:
    read = extract_pdf(_scan(render_mode=3, note=True))
    assert read.ocr
    assert "Alonzo Church \u200bf has introduced" in read.text
    # glued to the word the note opens with, as OCR misread it ("Gbdel" for "Godel")
    assert "those of Gbdel\u200bf. These" in read.text
    assert "in itself. The" in read.text  # a word that is no note's name keeps its letter
    assert "the function f has no other root" in read.text  # no note opens with it there
    quote = "In a recent paper Alonzo Church has introduced an idea of effective calculability"
    assert check_text(PreparedText(read.text), quote).status is Status.NORMALIZED


def test_without_such_a_note_the_letter_stays() -> None:
    read = extract_pdf(_scan(render_mode=3, note=False))
    assert "Alonzo Church f has introduced" in read.text


def test_a_text_layer_keeps_the_letter() -> None:
    read = extract_pdf(_scan(render_mode=0, note=True))
    assert not read.ocr
    assert "Alonzo Church f has introduced" in read.text
