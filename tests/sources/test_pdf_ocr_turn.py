"""A scan set sideways on its page is turned upright before it is read (pdf_ocr_turn)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers import pdf_ocr
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_annotate import annotate_pdf, highlight
from quote_tui.sources.readers.pdf_ocr_tesseract import program

_LINES = [
    "The position of the plate is without importance, and we look",
    "into the case when the two regions of flow stand apart, as in",
    "this paper, which was written for the society and read at its",
    "meeting in the spring. The results of the study are not to be",
    "compared with those of the earlier work, and that is also the",
    "reason why we ask the question again with a new method. Our",
    "readers will find the tables at the end of the second part,",
    "where each measurement is given with the error we made in it.",
    "The long winter of that year kept the boats in the harbour",
    "and the fishermen at home, mending their nets by the fire.",
]

_FOLDER = pdf_ocr.tessdata()
pytestmark = pytest.mark.skipif(
    program() is None or _FOLDER is None or not (Path(_FOLDER) / "osd.traineddata").is_file(),
    reason="needs the tesseract program with its orientation data (Debian: tesseract-ocr)",
)


def _sideways_scan(turn: int) -> bytes:
    """The lines set on a page, rendered to an image and laid on a new page turned ``turn``
    degrees: a book page scanned sideways, with no text layer."""
    typed = pymupdf.open()
    page = typed.new_page()
    for i, line in enumerate(_LINES):
        page.insert_text((60, 90 + 18 * i), line, fontsize=12)
    pix = page.get_pixmap(dpi=200, clip=pymupdf.Rect(0, 60, page.rect.width, 300))
    doc = pymupdf.open()
    width, height = pix.width * 72 / 200, pix.height * 72 / 200
    # a quarter turn swaps the image's sides on the page; a half turn keeps them
    scanned = (
        doc.new_page(width=height, height=width)
        if turn % 180
        else doc.new_page(width=width, height=height)
    )
    scanned.insert_image(scanned.rect, stream=pix.tobytes("png"), rotate=turn)
    return doc.tobytes()


@pytest.mark.parametrize("turn", [90, 270])
def test_a_sideways_scan_is_read_upright(turn: int) -> None:
    read = extract_pdf(_sideways_scan(turn))
    assert read.ocr
    quote = "The results of the study are not to be compared with those of the earlier work"
    assert check_text(PreparedText(read.text), quote).status in {Status.EXACT, Status.NORMALIZED}
    # the page as the reader turns it: its lines run across the width
    assert read.text.index("The position") < read.text.index("The long winter")


def _ink(page: pymupdf.Page, rect: pymupdf.Rect) -> float:
    """The share of the page image's dark pixels inside ``rect`` (page points)."""
    zoom = 2.0
    pix = page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), colorspace=pymupdf.csGRAY)
    samples, width = pix.samples, pix.width
    dark = inside = 0
    for y in range(pix.height):
        row = samples[y * width : (y + 1) * width]
        for x, value in enumerate(row):
            if value < 128:
                dark += 1
                inside += rect.contains(pymupdf.Point((x + 0.5) / zoom, (y + 0.5) / zoom))
    return inside / max(1, dark)


@pytest.mark.parametrize("turn", [90, 180, 270])
def test_a_turned_scans_highlight_lies_over_its_words(turn: int) -> None:
    data = _sideways_scan(turn)
    read = extract_pdf(data)
    prepared = PreparedText(read.text, page_starts=read.page_starts, line_boxes=read.line_boxes)
    # the fourth and fifth of the ten lines
    start = read.text.index("meeting in the spring")
    end = read.text.index("the earlier work") + len("the earlier work")
    marked = annotate_pdf(data, [highlight(prepared, start, end, "exact", "p. 1: exact")])
    with pymupdf.open(stream=marked) as doc:
        page = doc[0]
        (annot,) = list(page.annots())
        drawn = annot.rect
        assert page.rect.contains(drawn), (drawn, page.rect)
        # over two of the ten lines: across them where they run across the page, along them
        # where they run up or down it
        along, across = (drawn.height, drawn.width) if turn % 180 else (drawn.width, drawn.height)
        assert along > 2 * across
        with pymupdf.open(stream=data) as clean:
            # two of the ten lines' ink lies in it, and the rest of the page's outside
            assert 0.1 < _ink(clean[0], drawn) < 0.35
            lines = pymupdf.Rect()
            for _, _, number, *box in read.line_boxes:
                assert number == 1 and page.rect.contains(pymupdf.Rect(box))
                lines |= pymupdf.Rect(box)
            assert _ink(clean[0], lines) > 0.95
