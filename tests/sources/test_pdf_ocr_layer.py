"""A scan's OCR layer of isolated words (each word a text object of its own, written in no
reading order) is read as the page shows it: words set into lines, lines into columns."""

from __future__ import annotations

import random
from pathlib import Path

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf

_PAGE = "pdf/shinyama-naacl2006.pdf"
"""A two-column paper: its first page holds an abstract, a heading and both columns."""


def _word_layer(corpus_dir: Path, *, shuffled: bool) -> bytes:
    """The page as a scan (its image) with an invisible layer of its words, each inserted at
    its own box on its own, in a shuffled order as some OCR producers write them."""
    source = pymupdf.open(corpus_dir / _PAGE)
    page = source[0]
    words = page.get_text("words")
    if shuffled:
        random.Random(7).shuffle(words)
    doc = pymupdf.open()
    scan = doc.new_page(width=page.rect.width, height=page.rect.height)
    scan.insert_image(scan.rect, pixmap=page.get_pixmap(dpi=72))
    for x0, _, x1, y1, word, *_ in words:
        # sized to fill its box across, as an OCR layer's words are (their heights wander)
        size = (x1 - x0) / pymupdf.get_text_length(word, fontsize=1)
        scan.insert_text((x0, y1 - 2), word, fontsize=min(size, 14), render_mode=3)
    return doc.tobytes()


def test_isolated_words_are_read_in_the_lines_the_page_shows(corpus_dir: Path) -> None:
    read = extract_pdf(_word_layer(corpus_dir, shuffled=True))
    assert read.ocr
    text = PreparedText(read.text)
    one_line = "Information Extraction (IE) systems. Ex-"
    assert one_line in read.text
    # over line breaks inside the left column, and from its foot to the right column's head
    for quote in (
        "Preemptive Information Extraction is an attempt to automatically create all "
        "feasible IE systems in advance without human intervention.",
        "you need to repeat the whole process: specify articles and adjust its patterns, "
        "either manually or semi-automatically.",
    ):
        assert check_text(text, quote).status in {Status.EXACT, Status.NORMALIZED}, quote


def test_a_layer_read_in_lines_is_left_as_read(corpus_dir: Path) -> None:
    # written in the page's own order, MuPDF reads the words as lines already
    data = _word_layer(corpus_dir, shuffled=False)
    read = extract_pdf(data)
    assert read.ocr and "Information Extraction (IE) systems. Ex-" in read.text
