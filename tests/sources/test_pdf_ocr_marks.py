"""A note mark OCR glued after a sentence's full stop ("cycle.2 It") is set apart in a scan's
OCR layer, so a quotation that leaves it out is found; a number after "p." or in "3.2", and
the same text in a text layer, stay as they were read."""

from __future__ import annotations

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from tests.scanned_pdf import blank_scan_page, lines_over_scan

_LINES = [
    "Sections 10-12 describe the nature of the cycle produced by the model and",
    'its variants. Section 12 describes a "monetary over investment" cycle.2 It',
    "is the latter version which exhibits the qualitative characteristics cited",
    "in the first paragraph, as on p.2 Table 3 and in section 3.2 Thus it goes.",
]


def _page(render_mode: int) -> bytes:
    return lines_over_scan(_LINES, render_mode, 4)


def test_an_ocr_mark_after_a_full_stop_is_set_apart() -> None:
    read = extract_pdf(_page(render_mode=3))
    assert read.ocr
    assert "cycle.\u200b2 It" in read.text
    assert "p.2 Table" in read.text and "3.2 Thus" in read.text
    quote = 'Section 12 describes a "monetary over investment" cycle. It is the latter version'
    result = check_text(PreparedText(read.text), quote)
    assert result.status is Status.NORMALIZED
    assert "note_marks" in {rule.value for rule in result.matches[0].rules}


def test_a_text_layer_keeps_its_numbers_as_read() -> None:
    read = extract_pdf(_page(render_mode=0))
    assert not read.ocr
    assert "cycle.2 It" in read.text


def _word_boxes(render_mode: int) -> bytes:
    """Lines set word by word, as an OCR layer sets them: each word sized by its box's height
    and on its own baseline, so a short word ("to-", "as") comes out smaller and raised."""
    doc = pymupdf.open()
    page = blank_scan_page(doc)
    words = [
        ("is limited. Ruin is the destination", 9.6, 0.0),
        (" to-", 7.7, -1.5),
        ("ward which all men rush, each one", 9.6, 0.0),
        ("to deny the truth even though society", 9.6, 0.0),
        (" as", 7.6, -1.4),
        ("a whole, of which he is a part, in structure", 9.6, 0.0),
        ("16", 7.0, -2.5),
    ]
    y = 72.0
    x = 72.0
    for text, size, rise in words:
        if not text.startswith(" ") and x > 72.0 and text[:1] != "1":
            y += 14.0
            x = 72.0
        page.insert_text((x, y + rise), text, fontsize=size, render_mode=render_mode)
        x += pymupdf.get_text_length(text, fontsize=size)
    return doc.tobytes()


def test_a_small_word_of_an_ocr_layer_is_no_mark() -> None:
    read = extract_pdf(_word_boxes(render_mode=3))
    assert read.ocr
    assert "destination to-" in read.text and "society as" in read.text
    assert "structure\u200b16" in read.text  # a raised number is a mark still
    quote = "Ruin is the destination toward which all men rush"
    assert check_text(PreparedText(read.text), quote).status is Status.NORMALIZED


def _law_review() -> bytes:
    """A law review's OCR layer as HeinOnline sets it: each word in the size it was read in,
    a footnote's mark a number of its own in a smaller size, on the line's baseline or a
    little above it."""
    doc = pymupdf.open()
    page = blank_scan_page(doc)
    lines = [
        [("must juggle the demands of a part-time civil practice", 11.8, 0.0), (" 6 ", 9.0, 0.0)],
        [("and who may find the interests of private clients in", 11.8, 0.0)],
        [("practice, including advertising, solicitation,", 11.2, 0.0), (" 7 ", 8.2, -4.0)],
        [("and other law firm practices,", 11.3, 0.0), ("8", 8.2, -4.0)],
        [("also have little meaning for prosecutors in chapter 6 or in", 11.4, 0.0)],
        [("the 12 states with rules of their own, Table 3 and the", 11.4, 0.0)],
    ]
    for row, words in enumerate(lines * 3):
        x, y = 60.0, 72.0 + 16.0 * row
        for text, size, rise in words:
            page.insert_text((x, y + rise), text, fontsize=size, render_mode=3)
            x += pymupdf.get_text_length(text, fontsize=size)
    return doc.tobytes()


def test_a_layers_smaller_number_between_words_is_a_mark() -> None:
    read = extract_pdf(_law_review())
    assert read.ocr
    for quote in (
        "a part-time civil practice and who may find",
        "advertising, solicitation, and other law firm practices, also have little meaning",
    ):
        result = check_text(PreparedText(read.text), quote)
        assert result.status is Status.NORMALIZED, (quote, read.text[:600])
    # numbers in the words' own size are words: a chapter, a count, a table
    assert "chapter 6 or" in read.text and "the 12 states" in read.text
    assert "Table 3 and" in read.text


_STARRED = [
    "The Hauptsatz* says that every purely logical proof can be reduced to a normal",
    "form, and the logical symbols*: are listed below; the sequent M* and the formula",
    "A* stay as written, and so does a note set as * One at the start of a line.",
]


def test_an_asterisk_ocr_glued_to_a_word_is_set_apart() -> None:
    # OCR reads a raised note number as "*" (Gentzen 1964's "Hauptsatz³" as "Hauptsatz*"),
    # as it reads a printed asterisk mark: a quotation that leaves it out is found
    read = extract_pdf(lines_over_scan(_STARRED, 3, 4))
    assert read.ocr
    assert "Hauptsatz\u200b* says" in read.text and "symbols\u200b*:" in read.text
    assert "M* and" in read.text and "A* stay" in read.text  # a formula's starred letter
    result = check_text(PreparedText(read.text), "The Hauptsatz says that every purely logical")
    assert result.status is Status.NORMALIZED
    assert "note_marks" in {rule.value for rule in result.matches[0].rules}
    assert "Hauptsatz* says" in extract_pdf(lines_over_scan(_STARRED, 0, 4)).text  # a text layer
