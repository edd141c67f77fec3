"""A figure's panel title between the halves of a paragraph split by a column break is set
aside with the figure's axes, so a quotation over the break is found; a short heading with
running text under it stays in the text."""

from __future__ import annotations

import pymupdf
import pytest

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers import pdf
from quote_tui.sources.readers.pdf import extract_pdf

_LEFT = [
    "The first column is running text set at the body size, line after line,",
    "as a journal sets it, so that the reader finds the body's size and its",
    "columns. The expectations of the former are unimportant, but simply",
    "that if the channel we are interested in stems from the decisions of",
]
_RIGHT = [
    "households and firms as well as their expectations, then it is right",
    "to focus on the expectations of these agents and not assume that they",
    "are well represented by more readily available measures of the kind.",
]


def _column_break_over_a_chart(title: str, size: float) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for k, line in enumerate(_LEFT * 3):
        page.insert_text((40, 400 + 11 * k), line, fontsize=8)
    # the right column opens with a chart: axis numbers, the panel's title, the years
    for k in range(6):
        page.insert_text((320, 90 + 20 * k), str(k), fontsize=6)
    page.insert_text((340, 220), "1980   1990   2000   2010", fontsize=6)
    page.insert_text((390, 236), title, fontsize=size)
    for k in range(6):
        page.insert_text((320, 260 + 20 * k), str(k), fontsize=6)
    page.insert_text((340, 390), "2000   2005   2010   2015", fontsize=6)
    for k, line in enumerate(_RIGHT * 2):
        page.insert_text((310, 560 + 11 * k), line, fontsize=8)
    return doc.tobytes()


def test_a_panel_title_inside_a_chart_does_not_split_the_paragraph() -> None:
    text = extract_pdf(_column_break_over_a_chart("Panel B: Euro-Area", 7.7)).text
    assert "Panel B: Euro-Area" in text  # set aside with the figure, not dropped
    quote = "if the channel we are interested in stems from the decisions of households and firms"
    result = check_text(PreparedText(text), quote)
    assert result.status in {Status.EXACT, Status.NORMALIZED}


def test_a_short_heading_with_text_under_it_stays_in_the_text() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for k, line in enumerate(_LEFT * 2):
        page.insert_text((40, 100 + 11 * k), line, fontsize=8)
    page.insert_text((40, 205), "2.1. Priors and perceptions", fontsize=7.7)
    for k, line in enumerate(_RIGHT * 2):
        page.insert_text((40, 225 + 11 * k), line, fontsize=8)
    text = extract_pdf(doc.tobytes()).text
    head = text.index("2.1. Priors and perceptions")
    assert text.index("stems from the decisions of") < head < text.index("households and firms")


def _page_foot(note_top: float) -> str:
    """Running text at 8 pt over two pages, with a note at 7.5 pt (nearly the body's size, as
    an OCR layer reads it) at the first page's foot, ``note_top`` points below the text."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for k, line in enumerate(_LEFT * 3):
        page.insert_text((40, 100 + 11 * k), line, fontsize=8)
    last = 100 + 11 * (len(_LEFT) * 3 - 1)
    page.insert_text((48, last + note_top), "1 This argument is developed in Lucas.", fontsize=7.5)
    page = doc.new_page(width=595, height=842)
    for k, line in enumerate(_RIGHT * 4):
        page.insert_text((40, 100 + 11 * k), line, fontsize=8)
    return extract_pdf(doc.tobytes()).text


def test_a_note_set_off_below_the_text_leaves_the_page_break() -> None:
    text = _page_foot(note_top=24)
    assert "stems from the decisions of\n\nhouseholds and firms" in text
    assert "1 This argument is developed in Lucas." in text  # among the asides


def test_a_numbered_line_close_under_the_text_stays_in_it() -> None:
    text = _page_foot(note_top=11)
    assert "stems from the decisions of\n\n1 This argument" in text


def test_a_long_or_closed_line_in_a_chart_is_left_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    # the sentence broken over the chart would read past it alone (``pdf_flow_holes``): left
    # out, the panel titles' own rule is what is tested
    monkeypatch.setattr(pdf, "lift_holes", lambda split, shaded=None: split)
    # past 60 characters, or ending as a sentence does, a line is running text's, not a title's
    for line in ("Panel B: " + "i" * 52, "Panel B: the euro area."):
        text = extract_pdf(_column_break_over_a_chart(line, 7.7)).text
        assert text.rindex("stems from the decisions of") < text.index(line)
        assert text.index(line) < text.index("households and firms as well")
    assert len("Panel B: " + "i" * 51) == 60  # the longest title set aside
    text = extract_pdf(_column_break_over_a_chart("Panel B: " + "i" * 51, 7.7)).text
    assert "stems from the decisions of\n\nhouseholds" in text
