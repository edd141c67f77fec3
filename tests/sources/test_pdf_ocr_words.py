"""Words OCR split in two ("th is plate") are made whole in a scan's OCR text where the document
tells they are one word, and two single quotes OCR read for a double quote are one; two real
words, and the same text in a text layer, stay as read."""

from __future__ import annotations

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from tests.scanned_pdf import lines_over_scan

_LINES = [
    "therefore the zero point energy of these waves will not be influenced by",
    "the position of th is plate. In this note we shall apply this method to",
    "two plates; this is without importance, and we look in to the case when",
    "the plates stand a part, as ``the two regions of flow'' in this paper.",
    "In this way we turn into the details of the result and set it apart here.",
]


def _page(render_mode: int) -> bytes:
    return lines_over_scan(_LINES, render_mode, 3)


def test_a_word_ocr_split_is_made_whole() -> None:
    read = extract_pdf(_page(render_mode=3))
    assert read.ocr
    assert "the position of this plate." in read.text
    # two words each more common than their join stay two
    assert "look in to the case" in read.text and "stand a part," in read.text
    assert "as \u201cthe two regions of flow\u201d in" in read.text
    quote = "will not be influenced by the position of this plate."
    assert check_text(PreparedText(read.text), quote).status is Status.NORMALIZED


def test_a_text_layer_is_left_as_printed() -> None:
    read = extract_pdf(_page(render_mode=0))
    assert not read.ocr
    assert "position of th is plate" in read.text
    assert "``the two" in read.text
