"""The capital I that OCR read as "|" in a sans-serif essay (an ocrmypdf layer: "| think a
slight age difference ...") reads as the letter, so a quotation with the pronoun is found; a
bar in a document whose OCR reads its I right, and a text layer's bar, stay as read."""

from __future__ import annotations

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from tests.scanned_pdf import lines_over_scan

_ESSAY = [
    "| think a slight age difference between two people is acceptable. |",
    "think women mature faster than men, and may be ready to settle down",
    "at a younger age. Also, | think the older you are the less strange",
    "it is. What | think is strange is when a much older man dates",
]


def test_a_bar_standing_for_the_pronoun_reads_as_the_letter() -> None:
    read = extract_pdf(lines_over_scan(_ESSAY, 3, 3))
    assert read.ocr
    assert "I think a slight age difference" in read.text
    assert "is acceptable. I" in read.text
    assert "What I think is strange" in read.text
    quote = "Also, I think the older you are the less strange it is."
    assert check_text(PreparedText(read.text), quote).status in {Status.EXACT, Status.NORMALIZED}


def test_a_bar_stays_where_the_ocr_reads_the_letter_itself() -> None:
    lines = [*_ESSAY, "In the table, x | y stands for a choice, as I said before it all."]
    read = extract_pdf(lines_over_scan(lines, 3, 3))
    assert "| think a slight age difference" in read.text
    assert "x | y stands" in read.text


def test_a_text_layers_bar_stays() -> None:
    read = extract_pdf(lines_over_scan(_ESSAY, 0, 3))
    assert not read.ocr
    assert "| think a slight age difference" in read.text
