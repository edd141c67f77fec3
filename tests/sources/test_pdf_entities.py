"""HTML character references in a scan's own OCR layer read as their characters; a born-digital
text layer keeps them as printed (pdf_entities)."""

from __future__ import annotations

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_entities import read_entities
from tests.scanned_pdf import lines_over_scan

_LAYER = [
    "The survey was carried out by Smith &amp; Jones in the spring,",
    "and its figures are printed on p. 12 &middot; Vol. 3 of the report.",
    "The committee answered &#8220;yes&#8221; to every question it was asked.",
]


def test_a_scans_layer_reads_its_references_as_characters() -> None:
    read = extract_pdf(lines_over_scan(_LAYER, 3, 4))
    assert read.ocr
    assert "&amp;" not in read.text and "Smith & Jones" in read.text
    assert "p. 12 \u00b7 Vol. 3" in read.text
    assert "\u201cyes\u201d" in read.text
    prepared = PreparedText(read.text)
    assert check_text(prepared, "carried out by Smith & Jones in the spring").status is (
        Status.EXACT
    )
    # every line's box still holds its own words
    shown = {
        _LAYER[0].replace("&amp;", "&"),
        _LAYER[1].replace("&middot;", "\u00b7"),
        _LAYER[2].replace("&#8220;", "\u201c").replace("&#8221;", "\u201d"),
    }
    assert {read.text[start:end].strip() for start, end, *_ in read.line_boxes} == shown


def test_a_printed_text_layer_keeps_them() -> None:
    # the same lines printed over the image (render mode 0): what the page shows
    read = extract_pdf(lines_over_scan(_LAYER, 0, 4))
    assert not read.ocr
    assert "Smith &amp; Jones" in read.text


def test_which_references_are_read() -> None:
    def read(text: str) -> str:
        return read_entities(text, (0,), ())[0]

    assert read("A &amp; B &lt;c&gt; &#x41;&#66;") == "A & B <c> AB"
    # no closing semicolon, an unknown name, no character, a control character: as written
    for kept in ["&bogus;", "&#0;", "&#1;", "&#99999999;", "&amp;bogus;"]:
        assert read(kept) == kept.replace("&amp;", "&"), kept
    # a text not escaped throughout (a bare "&" beside the reference) prints what it holds
    for kept in ["AT&T and &amp;", "&amp x &amp;", "& amp; &lt;"]:
        assert read(kept) == kept, kept


def test_offsets_after_a_reference_move_back() -> None:
    text = "a &amp; b\nc &middot; d"
    boxes = ((0, 9, 1, 0.0, 0.0, 1.0, 1.0), (10, 22, 1, 0.0, 1.0, 1.0, 2.0))
    out, starts, moved = read_entities(text, (0, 10), boxes)
    assert out == "a & b\nc \u00b7 d"
    assert starts == (0, 6)
    assert [out[s:e] for s, e, *_ in moved] == ["a & b", "c \u00b7 d"]
    unchanged = ("no reference & here", (0,), ())
    assert read_entities(*unchanged) == unchanged
