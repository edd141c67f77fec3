"""A scan whose own OCR layer reads poorly is read again by Tesseract, and the better reading
kept (pdf_ocr_poor)."""

from __future__ import annotations

import pymupdf
import pytest

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers import pdf_ocr
from quote_tui.sources.readers.local import read_bytes
from quote_tui.sources.readers.ocr_quality import odd, odd_share
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_layout import PageBlocks, page_blocks
from quote_tui.sources.readers.pdf_ocr_poor import (
    poor_layers,
    read_note,
    read_poor_layers,
)
from quote_tui.sources.readers.pdf_ocr_tesseract import program
from tests.scanned_pdf import blank_scan_page

_PRINTED = [
    "Desiring to keep you posted on the progress of the Foundation",
    "you will be interested to know that to date the Foundation has",
    "received the following letters from the members it has asked:",
    "A letter from the National Sugar Refining Company accepting",
    "membership and enclosing their executed contracts, and also",
    "a letter from the Savannah Sugar Refining Corporation which",
    "accepts membership and encloses their check and contracts.",
]
"""What the page image shows."""
_GARBLED = [
    "Eeairing to keep you posted on the progress of the Foundation",
    "you Kill tee interested to knot that to defce the Foundation, hes",
    "received the fallowings l e t t e r s froas the aeiabers it has asked:",
    "A l e t t e r from The Katicm! H^uid defining Coapsny eecepting",
    "3s«»teership and eneloalcg their executed con tracts* and al&o",
    "a l e t t e r fross the Sevennah £ug»r Refining A&s-oeiete© whieh",
    "accepts (wssibership Rnd encloses their cheek and contra-eta.",
]
"""The scan's own OCR layer over it, as a poor OCR program wrote it (the r11 memo's words)."""


def test_words_ocr_made_up_are_told() -> None:
    for token in ["H^uid", "£ug»r", "3s«»teership", "l", "obtMn", "Cmpnt"]:
        assert odd(token), token
    for token in ["Sugar", "(a)", "1960,", "a", "I", "well-known", "l'âtre", "19th", "—", "y"]:
        assert not odd(token), token
    assert odd_share(" ".join(_GARBLED).split())[0] > 0.2
    assert odd_share(" ".join(_PRINTED).split())[0] < 0.05
    assert read_note((1,)) is not None and read_note(()) is None


def _scan_with_layer(layer: list[str]) -> bytes:
    """The printed lines as a page image, with ``layer`` laid over it as an invisible OCR
    layer, line for line."""
    typed = pymupdf.open()
    page = typed.new_page()
    for i, line in enumerate(_PRINTED):
        page.insert_text((60, 90 + 22 * i), line, fontsize=12)
    image = page.get_pixmap(dpi=300, colorspace=pymupdf.csGRAY).tobytes("png")
    doc = pymupdf.open()
    scanned = doc.new_page(width=page.rect.width, height=page.rect.height)
    scanned.insert_image(scanned.rect, stream=image)
    for i, line in enumerate(layer):
        scanned.insert_text((60, 90 + 22 * i), line, fontsize=12, render_mode=3)
    return doc.tobytes()


_QUOTE = "you will be interested to know that to date the Foundation has received the following"


@pytest.mark.skipif(
    program() is None or pdf_ocr.tessdata() is None,
    reason="the tesseract program is not installed (apt-get install tesseract-ocr)",
)
def test_a_poor_ocr_layer_is_read_again() -> None:
    data = _scan_with_layer(_GARBLED)
    read = extract_pdf(data)
    assert read.ocr and read.ocr_read_pages == (1,)
    assert "Katicm" not in read.text
    # the source says which reading its text is
    loaded = read_bytes(data, name="memo.pdf")
    assert "OCR layer read poorly on page(s) 1" in (loaded.retrieval.note or "")
    assert check_text(PreparedText(read.text), _QUOTE).status in {
        Status.EXACT,
        Status.NORMALIZED,
    }


def test_a_good_ocr_layer_is_kept() -> None:
    # no page is read again: the layer is as the page prints (and Tesseract is not needed)
    read = extract_pdf(_scan_with_layer(_PRINTED))
    assert read.ocr and read.ocr_read_pages == ()
    assert check_text(PreparedText(read.text), _QUOTE).status in {
        Status.EXACT,
        Status.NORMALIZED,
    }


def test_a_scan_tesseract_reads_no_better_is_not_read_through() -> None:
    # four poor pages: after one read again to no gain, the others are left as the layer reads
    doc = pymupdf.open()
    for _ in range(4):
        page = blank_scan_page(doc)
        for i, line in enumerate(_GARBLED):
            page.insert_text((60, 90 + 22 * i), line, fontsize=12, render_mode=3)
    pages: list[PageBlocks | None] = [
        page_blocks(page.get_text("dict"), page.rect.height) for page in doc
    ]
    poor = poor_layers(pages)
    assert sorted(poor) == [0, 1, 2, 3]
    asked: list[int] = []

    def no_better(page: pymupdf.Page) -> PageBlocks | None:
        asked.append(page.number)
        return pages[page.number]  # as poor as the layer

    out, replaced = read_poor_layers(doc, pages, poor, lambda: False, no_better)
    assert asked == [0] and replaced == () and out == pages
    # the OCR budget spent: no page's read is started, the layer's reading stands
    asked.clear()
    assert read_poor_layers(doc, pages, poor, lambda: True, no_better) == (pages, ())
    assert asked == []
