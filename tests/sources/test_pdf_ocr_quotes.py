"""Double quotes old type set apart from their words (`` " computable " ``), as a scan's OCR
layer reads them, are joined to the words inside them, so a quotation that reads
"computable" is found; a lone mark without a partner, and a text layer, stay as read."""

from __future__ import annotations

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from tests.scanned_pdf import lines_over_scan

_LINES = [
    'No attempt has yet been made to show that the " computable " numbers',
    "include all numbers which would naturally be regarded as computable.",
    'The machine is supplied with a tape, and what it has " seen ". The',
    "letters are replaced by c ' 5 \" and the rest as before in this case.",
    'write the letter "A " followed by the formula and then " B " followed',
]


def _page(render_mode: int) -> bytes:
    return lines_over_scan(_LINES, render_mode, 3)


def test_a_spaced_pair_of_quotes_is_joined_to_its_words() -> None:
    read = extract_pdf(_page(render_mode=3))
    assert read.ocr
    assert 'that the "computable" numbers' in read.text
    assert 'what it has "seen". The' in read.text
    assert "by c ' 5 \" and" in read.text  # no partner: left as read
    # a lone mark after an odd one closes that one: only the next pair is joined
    assert 'letter "A " followed by the formula and then "B" followed' in read.text
    quote = 'show that the "computable" numbers include all numbers'
    assert check_text(PreparedText(read.text), quote).status is Status.NORMALIZED


def test_a_text_layer_keeps_its_spaced_quotes() -> None:
    read = extract_pdf(_page(render_mode=0))
    assert not read.ocr
    assert 'the " computable " numbers' in read.text
