"""A scan whose OCR layer is drawn in visible text beneath the page image ("text under the
page image") is read as an OCR layer, as one drawn invisible over the image is: the image hides
the text, so its words are OCR's, not the print's. Text drawn over a page image, or beside a
small one, stays a text layer."""

from __future__ import annotations

import pymupdf

from quote_tui.sources.readers.pdf import extract_pdf

_LINES = [
    "In his celebrated paper, A. M. Turing investigated the",
    "computability of sequences (functions) by mechanical procedures and showed",
    "that the set of sequences can be partitioned into computable and noncomputable",
    "sequences. One finds, however, that some computable sequences are very easy",
] * 4


def _page_image(page: pymupdf.Page, rect: pymupdf.Rect) -> None:
    pix = pymupdf.Pixmap(pymupdf.csGRAY, pymupdf.IRect(0, 0, 850, 1203), False)  # A4
    pix.clear_with(255)
    page.insert_image(rect, pixmap=pix, keep_proportion=False)


def _scan(image_last: bool, full: bool = True) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page()
    rect = page.rect if full else pymupdf.Rect(400, 600, 550, 750)
    if not image_last:
        _page_image(page, rect)
    for i, text in enumerate(_LINES):
        page.insert_text((72, 72 + 14 * i), text, fontsize=10)
    if image_last:
        _page_image(page, rect)  # drawn after the text: it covers it
    return doc.tobytes()


def test_text_beneath_a_page_image_is_an_ocr_layer() -> None:
    read = extract_pdf(_scan(image_last=True))
    assert read.ocr
    assert "computability of sequences (functions)" in read.text


def test_text_over_a_page_image_or_beside_a_small_one_is_a_text_layer() -> None:
    assert not extract_pdf(_scan(image_last=False)).ocr
    assert not extract_pdf(_scan(image_last=True, full=False)).ocr
