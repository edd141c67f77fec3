"""A scan set sideways on its page is turned upright before it is read (pdf_ocr_turn)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers import pdf_ocr
from quote_tui.sources.readers.pdf import extract_pdf
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
    scanned = doc.new_page(width=height, height=width)  # the image's sides swapped
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
