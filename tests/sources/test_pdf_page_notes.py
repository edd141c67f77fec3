"""A publisher's unmarked note at the first column's foot (ICML's "Appearing in Proceedings
...", ACM's licence, IEEE's "Manuscript received ...") is set aside as a footnote is: a sentence
from the first column's foot reads on at the second column's head."""

from __future__ import annotations

import pymupdf
import pytest

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers import pdf
from quote_tui.sources.readers.pdf import extract_pdf

_LINE = "Problems of matrix decomposition are met"


def _page(note: list[str]) -> str:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k in range(46):
        page.insert_text((55, 100 + 12 * k), _LINE, fontsize=10)
    page.insert_text((55, 100 + 12 * 46), "and one matrix component is low-rank, ei-", fontsize=10)
    for k, line in enumerate(note):
        page.insert_text((55, 682 + 10 * k), line, fontsize=9)
    page.insert_text((307, 100), "ther exactly or in an approximate sense, and allows", fontsize=10)
    for k in range(52):  # the right column runs lower than the note: it is no page's foot
        page.insert_text((307, 112 + 12 * k), _LINE, fontsize=10)
    return extract_pdf(doc.tobytes()).text


def test_an_unmarked_proceedings_note_at_a_columns_foot_is_set_aside() -> None:
    text = _page(
        [
            "Appearing in Proceedings of the 28th International Con-",
            "ference on Machine Learning, Bellevue, WA, USA, 2011.",
            "Copyright 2011 by the author(s)/owner(s).",
        ]
    )
    assert "low-rank, ei-\n\nther exactly" in text
    assert "Appearing in Proceedings" in text  # among the asides, still found
    quote = "one matrix component is low-rank, either exactly or in an approximate sense"
    assert check_text(PreparedText(text), quote).status is Status.NORMALIZED


def test_a_smaller_paragraph_at_a_columns_foot_stays_in_the_body(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the word broken over it ("ei-" / "ther") would set it aside by the sentence alone
    # (``pdf_flow_holes``): left out, the notes' own rule is what is tested
    monkeypatch.setattr(pdf, "lift_holes", lambda split, shaded=None: split)
    text = _page(["A quotation set off and smaller, as a journal sets one,", "stays here."])
    assert "low-rank, ei-\n\nA quotation set off" in text
