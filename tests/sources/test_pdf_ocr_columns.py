"""Columns an OCR layer ran together: a speck in the gutter read as a mark ("__") joins a line
of the left column to one of the right; the block is still read column by column, without the
speck, and a sentence across the column break is found."""

from __future__ import annotations

import textwrap

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from tests.scanned_pdf import blank_scan_page

_LEFT = textwrap.wrap(
    "Comparing one good with another is, we usually say, impossible because goods are "
    "incommensurable. Incommensurables cannot be compared. Theoretically this may be true; but "
    "in real life incommensurables are commensurable. Only a criterion of judgment and a system "
    "of weighting are needed here, and in nature the criterion is survival of the fittest.",
    35,
)
_RIGHT = textwrap.wrap(
    "will, in fact, be the best decisions for an entire society. If this assumption is correct "
    "it justifies the continuance of our present policy of laissez-faire in reproduction. If it "
    "is correct we can assume that men will control their own fecundity.",
    35,
)
_TITLE = "The Tragedy of the Great Commons in a Finite World"
_CROSS = 2
"""The row whose two halves OCR read as one line, over a speck in the gutter."""


def _word_by_word(page: pymupdf.Page, x: float, y: float, text: str, render_mode: int) -> None:
    """A line set word by word, each sized a little apart (OCR sizes a word by its box)."""
    for k, word in enumerate(text.split(" ")):
        if word:
            size = 10.0 + 0.2 * (k % 2)
            page.insert_text((x, y), word, fontsize=size, fontname="cour", render_mode=render_mode)
        x += pymupdf.get_text_length(word + " ", fontname="cour", fontsize=10.0)


def _page(render_mode: int) -> bytes:
    doc = pymupdf.open()
    page = blank_scan_page(doc)
    # a title over both columns, one of its word spaces over the gutter: no gutter of its own
    _word_by_word(page, 72.0, 70.0, _TITLE, render_mode)
    for i in range(max(len(_LEFT), len(_RIGHT))):
        y = 100.0 + 12 * i
        left = _LEFT[i] if i < len(_LEFT) else ""
        right = _RIGHT[i] if i < len(_RIGHT) else ""
        if i == _CROSS:
            _word_by_word(page, 72.0, y, f"{left.ljust(35)} __ {right}", render_mode)
            continue
        _word_by_word(page, 72.0, y, left, render_mode)
        _word_by_word(page, 306.0, y, right, render_mode)
    return doc.tobytes()


def test_an_ocr_line_across_the_gutter_is_cut_there() -> None:
    read = extract_pdf(_page(render_mode=3))
    assert read.ocr
    assert "__" not in read.text
    assert read.text.startswith(_TITLE)
    assert read.text.index(_LEFT[-1]) < read.text.index(_RIGHT[0])
    quote = "the criterion is survival of the fittest. will, in fact, be the best decisions"
    assert check_text(PreparedText(read.text), quote).status is Status.NORMALIZED
    quote = "decisions for an entire society. If this assumption is correct"
    assert check_text(PreparedText(read.text), quote).status is Status.NORMALIZED


_PARAGRAPHS = [
    textwrap.wrap(text, 36)
    for text in (
        "The formalization of logical deduction is rather far removed from the forms of "
        "deduction used in practice in mathematical proofs.",
        "I intended first of all to set up a formal system which came as close as possible "
        "to actual reasoning, and which I called natural.",
        "The calculus then turned out to have specific properties, in particular the law of "
        "the excluded middle takes a special position.",
        "A closer investigation of the specific properties of the natural calculus led me to "
        "a very general theorem, the Hauptsatz itself.",
    )
]


def _stretched_columns(render_mode: int) -> bytes:
    """Two columns of two paragraphs each, the layer written column by column (its producer's
    reading order), each line of the left column running 15 pt past the right column's left
    edge, as a layer whose words are stretched to the scan's sends them (JSTOR's): the lines'
    boxes leave no gutter between the columns."""
    doc = pymupdf.open()
    page = blank_scan_page(doc)
    for column, (x, rise) in enumerate(((60.0, 0.0), (255.0, 3.0))):
        y = 100.0 + rise
        for paragraph in _PARAGRAPHS[2 * column : 2 * column + 2]:
            for line in paragraph:
                page.insert_text(
                    (x, y), line.ljust(36), fontsize=10, fontname="cour", render_mode=render_mode
                )
                y += 12.0
            y += 10.0
    return doc.tobytes()


def test_an_ocr_layer_showing_no_gutter_is_read_in_its_own_order() -> None:
    read = extract_pdf(_stretched_columns(render_mode=3))
    assert read.ocr
    # the left column's foot runs on to the right column's head, not to a paragraph beside it
    quote = "which I called natural. The calculus then turned out to have specific properties"
    assert check_text(PreparedText(read.text), quote).status is Status.NORMALIZED
    quote = "used in practice in mathematical proofs. I intended first of all"
    assert check_text(PreparedText(read.text), quote).status is Status.NORMALIZED
