"""Citation marks after punctuation: set apart after a sentence's closing punctuation, so a
quotation that leaves the mark out is found; left as printed after a comma, so a quotation that
types the mark is exact. Generated PDFs run anywhere; the corpus checks skip without it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_lines import Line, glue_marks


def _line_with_mark(page: pymupdf.Page, y: float, before: str, mark: str, after: str) -> None:
    """A line whose ``mark`` is set small and raised between ``before`` and ``after``."""
    page.insert_text((60, y), before, fontsize=10)
    x = 60 + pymupdf.get_text_length(before, fontsize=10)
    page.insert_text((x, y - 4), mark, fontsize=6.5)
    x += pymupdf.get_text_length(mark, fontsize=6.5)
    page.insert_text((x, y), after, fontsize=10)


def _marks_after_punctuation() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    _line_with_mark(page, 100, "a staged uprising for his production of Coriolanus.", "11", " The")
    page.insert_text(
        (60, 114), "Boss, however, turns out to be just as uncompromising.", fontsize=10
    )
    _line_with_mark(page, 128, "We introduce S2ORC,", "1", " a large corpus of papers.")
    page.insert_text(
        (60, 142), "This last line keeps the page a page of running text.", fontsize=10
    )
    return doc.tobytes()


def test_a_mark_after_a_period_is_set_apart() -> None:
    prepared = PreparedText(extract_pdf(_marks_after_punctuation()).text)
    assert "Coriolanus.\u200b11 The" in prepared.text
    result = check_text(prepared, "his production of Coriolanus. The Boss, however, turns out")
    assert result.status is Status.NORMALIZED
    assert "note_marks" in {rule.value for rule in result.matches[0].rules}
    # the mark still reads as printed, and a quotation that stops before it is exact
    assert check_text(prepared, "his production of Coriolanus.").status is Status.EXACT


def test_a_mark_after_a_comma_is_left_as_printed() -> None:
    prepared = PreparedText(extract_pdf(_marks_after_punctuation()).text)
    assert "S2ORC,1 a large" in prepared.text
    assert check_text(prepared, "We introduce S2ORC,1 a large corpus").status is Status.EXACT


def test_corpus_marks_after_a_period_and_a_comma(corpus_dir: Path) -> None:
    register = extract_pdf((corpus_dir / "pdf/federal-register-2020-17221.pdf").read_bytes())
    quote = "as an interim corrective action. The FAA sent Emergency AD 2018–23–51"
    result = check_text(PreparedText(register.text), quote)
    assert result.status is Status.NORMALIZED
    assert "note_marks" in {rule.value for rule in result.matches[0].rules}
    s2orc = extract_pdf((corpus_dir / "pdf/s2orc-acl2020.pdf").read_bytes())
    typed = "We introduce S2ORC,1 a large corpus of"
    assert check_text(PreparedText(s2orc.text), typed).status is Status.EXACT


def test_a_mark_read_as_a_line_of_its_own_is_glued_after_a_full_stop() -> None:
    # MuPDF may read a raised mark as a line of its own beside the line it ends
    line = Line("the end of the sentence.", (50.0, 100.0, 200.0, 110.0))
    mark = Line("12", (200.5, 98.0, 206.0, 104.0))
    read: list[list[Any]] = [
        [[(line, {10.0: 24}, True)], {10.0: 24}, 50.0, 200.0, True],
        [[(mark, {6.0: 2}, True)], {6.0: 2}, 200.5, 206.0, True],
    ]
    glue_marks(read)
    assert [entry[0].text for entry in read[0][0]] == ["the end of the sentence.\u200b12"]
    assert read[1][0] == []


def test_a_mark_after_a_percent_sign_is_set_apart() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    _line_with_mark(page, 100, "and decreases survival from 90% to less than 50%", "1,7", ". There")
    page.insert_text((60, 114), "is no standardized therapy for the disease.", fontsize=10)
    prepared = PreparedText(extract_pdf(doc.tobytes()).text)
    assert "50%\u200b1,7. There" in prepared.text
    result = check_text(prepared, "from 90% to less than 50%. There is no standardized therapy")
    assert result.status is Status.NORMALIZED
    assert "note_marks" in {rule.value for rule in result.matches[0].rules}
