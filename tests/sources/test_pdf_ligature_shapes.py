"""Ligature glyphs a CID font's Unicode map leaves out, read by their outlines
(``pdf_ligature_shapes``, ``pdf_truetype_outlines``)."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_ligature_shapes import mend_ligature_shapes

_PDF = Path(__file__).parent.parent / "data" / "ligatures-left-out-dejavu.pdf"


def test_left_out_ligatures_read_as_the_letters_their_shapes_join() -> None:
    # MuPDF gives a left-out glyph's number as a character: "The ೳrst ೴ows"
    assert "ೳ" in pymupdf.open(_PDF)[0].get_text()
    text = extract_pdf(_PDF.read_bytes()).text
    # "fi" and "fl", "ffi" and "ffl" differ only by what stands over the last stem; the
    # f-ligatures then read as their characters, as printed (``pdf_ligature_letters``)
    assert "The ﬁrst ﬂows of the left ﬁeld were deﬁned in a" in text
    assert "waﬄe shop; the oﬀer was raﬄed to aﬃrm it." in text


def test_a_left_out_glyph_no_ligature_fits_is_left_unread() -> None:
    # "ß" is about as wide as "fl" and as tall, but its ink is not theirs
    text = extract_pdf(_PDF.read_bytes()).text
    assert "Strafle" not in text
    assert "Straße" not in text


def test_a_font_is_mended_once() -> None:
    doc = pymupdf.open(_PDF)
    assert mend_ligature_shapes(doc) == 1
    # read again, the mended map leaves nothing out: nothing more is added
    assert mend_ligature_shapes(doc) == 0
