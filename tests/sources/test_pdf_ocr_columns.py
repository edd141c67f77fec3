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
