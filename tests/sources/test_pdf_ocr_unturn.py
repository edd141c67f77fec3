"""A turned scan's line boxes mapped back onto its page, and a sideways line's highlight."""

from __future__ import annotations

import pickle
from dataclasses import replace

import pymupdf
import pytest
from hypothesis import given
from hypothesis import strategies as st

from quote_tui.engine.text import PreparedText
from quote_tui.sources.readers.pdf_annotate import annotate_pdf, highlight
from quote_tui.sources.readers.pdf_layout import PageBlocks
from quote_tui.sources.readers.pdf_ocr_turn import TurnedPage, unturn, unturned

_WIDTH, _HEIGHT = 240.0, 595.0
_SHARE = st.floats(min_value=0.0, max_value=1.0)


@given(turn=st.sampled_from([0, 90, 180, 270]), a=_SHARE, b=_SHARE, c=_SHARE, d=_SHARE)
def test_a_box_of_the_turned_render_maps_back_onto_the_page(
    turn: int, a: float, b: float, c: float, d: float
) -> None:
    # a box on the page, turned as the page is rendered for Tesseract (pdf_ocr_tesseract.render)
    box = pymupdf.Rect(
        min(a, b) * _WIDTH, min(c, d) * _HEIGHT, max(a, b) * _WIDTH, max(c, d) * _HEIGHT
    )
    matrix = pymupdf.Matrix(turn)
    corner = (pymupdf.Rect(0, 0, _WIDTH, _HEIGHT) * matrix).tl
    seen = box * matrix
    turned = (seen.x0 - corner.x, seen.y0 - corner.y, seen.x1 - corner.x, seen.y1 - corner.y)
    back = unturn(turned, turn, _WIDTH, _HEIGHT)
    assert back == pytest.approx(tuple(box), abs=1e-3)  # MuPDF computes in single precision


def _turned(turn: int) -> TurnedPage:
    return TurnedPage((), _WIDTH, (), turn=turn, page_width=_WIDTH, page_height=_HEIGHT)


def test_only_a_turned_pages_boxes_move() -> None:
    boxes = ((0, 5, 1, 10.0, 20.0, 300.0, 32.0), (6, 9, 2, 10.0, 20.0, 300.0, 32.0))
    plain = PageBlocks((), _HEIGHT, ())
    out = unturned(boxes, [_turned(90), plain])
    assert out[0] == (0, 5, 1, 20.0, _HEIGHT - 300.0, 32.0, _HEIGHT - 10.0)
    assert out[1] == boxes[1]
    assert unturned(boxes, [plain, None]) is boxes


def test_a_turned_page_keeps_its_turn_through_the_reader_and_its_workers() -> None:
    # the OCR rules after the read (pdf_ocr_words, pdf_ocr_marks, pdf_scan_figures) copy a
    # page with dataclasses.replace; the worker processes send it pickled
    page = replace(_turned(270), figures=frozenset({1}))
    again = pickle.loads(pickle.dumps(page))
    assert isinstance(again, TurnedPage)
    assert (again.turn, again.page_width, again.page_height) == (270, _WIDTH, _HEIGHT)


def test_a_sideways_lines_highlight_stays_on_that_line() -> None:
    doc = pymupdf.open()
    doc.new_page(width=_WIDTH, height=_HEIGHT)  # a page of no words: a scan's
    data = doc.tobytes()
    text = "a line set up the page"
    prepared = PreparedText(
        text, page_starts=(0,), line_boxes=((0, 22, 1, 60.0, 200.0, 72.0, 500.0),)
    )
    marked = annotate_pdf(data, [highlight(prepared, 0, 22, "exact", "exact")])
    with pymupdf.open(stream=marked) as out:
        page = out[0]  # held: an annotation needs its page alive
        (annot,) = list(page.annots())
        # MuPDF pads a highlight across its quad: along the line, not across the page
        assert annot.rect.width < 16
        assert annot.rect.x0 > 55 and annot.rect.x1 < 77


_SENTENCE = "During recent decades pathogens that originated in bats became a public concern"


def _rotated_screenshot() -> bytes:
    """A page the file turns (/Rotate 90) holding only an image, its text upright as shown:
    a screenshot of a web page saved to PDF sideways."""
    shown = pymupdf.open()
    page = shown.new_page(width=792, height=612)
    for i in range(6):
        page.insert_text(
            (40, 80 + 40 * i), _SENTENCE if i == 2 else f"Line {i} of the page", fontsize=16
        )
    pix = page.get_pixmap(dpi=150, colorspace=pymupdf.csGRAY)
    doc = pymupdf.open()
    target = doc.new_page(width=612, height=792)
    target.set_rotation(90)
    # the image set on the page as it is shown: turned back by the page's own turn
    target.insert_image(target.rect * target.derotation_matrix, pixmap=pix, rotate=90)
    return doc.tobytes()


@pytest.mark.skipif(not __import__("shutil").which("tesseract"), reason="needs tesseract")
def test_a_page_the_file_turns_is_read_as_shown_and_its_boxes_go_back_onto_it() -> None:
    from quote_tui.sources.readers.pdf import extract_pdf

    read = extract_pdf(_rotated_screenshot())
    assert read.ocr
    assert _SENTENCE in " ".join(read.text.split())
    for box in read.line_boxes:  # on the page as the file sets it, 612 by 792
        assert -1 <= box[3] <= box[5] <= 613 and -1 <= box[4] <= box[6] <= 793
