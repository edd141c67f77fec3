"""The round bracket OCR read as a brace ("holders {or their appointed proxy) of", an AGM
notice's scan) reads as the bracket, so a quotation with it is found; a brace closed by a
brace, and a text layer's braces, stay as read."""

from __future__ import annotations

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from tests.scanned_pdf import lines_over_scan

_NOTICE = [
    "Only registered holders {or their appointed proxy) of Ordinary Shares",
    "are entitled to address the Meeting and vote at the Meeting. The set",
    "{a, b} and the pair F{u, v) are written so in the paper as printed.",
    'printf("char s[ ]= {kn"); is a line of a program and stays as it is.',
]


def test_a_brace_a_round_bracket_closes_reads_as_the_bracket() -> None:
    read = extract_pdf(lines_over_scan(_NOTICE, 3, 3))
    assert read.ocr
    assert "holders (or their appointed proxy) of" in read.text
    assert "{a, b} and the pair F(u, v) are" in read.text
    assert 's[ ]= {kn");' in read.text
    quote = "Only registered holders (or their appointed proxy) of Ordinary Shares are entitled"
    assert check_text(PreparedText(read.text), quote).status in {Status.EXACT, Status.NORMALIZED}


def test_a_text_layers_braces_stay() -> None:
    read = extract_pdf(lines_over_scan(_NOTICE, 0, 3))
    assert not read.ocr
    assert "holders {or their appointed proxy) of" in read.text
