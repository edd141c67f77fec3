"""MLA's block quotation: no marks, its citation after the last sentence's stop, "… his
environment. (Grollig 11)", or before it, "… over-emphasized (Grollig, pg. 11).". The
parenthesis is the block's citation, not words of the source."""

from __future__ import annotations

from pathlib import Path

import pytest
from docx.shared import Cm

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

_WORDS = (
    "The factors of time are crucial variables in the struggle to overcome the selective"
    " pressures exerted by the pathology of his environment"
)
_LIST = "Grollig, Francis X. *Medical Anthropology*. The Hague: Mouton, 1976."


def _one(path: Path) -> tuple[str, str | None, str | None]:
    (cit,) = scan(path).citations
    key = cit.reference.key if cit.reference else None
    # (the block's emphasis opened before the words is not the source's either)
    return cit.quote.strip("*_"), key, cit.locator.value if cit.locator else None


@pytest.mark.parametrize(
    ("block", "quote"),
    [
        (f"> {_WORDS}. (Grollig 11)", _WORDS + "."),
        (f">*{_WORDS} (Grollig, pg.11).*", _WORDS),
    ],
)
def test_a_markdown_block_closed_by_an_mla_citation(tmp_path: Path, block: str, quote: str) -> None:
    md = tmp_path / "essay.md"
    md.write_text(
        f"Grollig sums it up:\n\n{block}\n\nThen more.\n\n## Works Cited\n\n{_LIST}\n",
        encoding="utf-8",
    )
    assert _one(md) == (quote, "Grollig 1976", "11")


def test_a_word_block_indented_by_hand_closed_by_an_mla_citation(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    d = wx.new_document()
    d.add_paragraph("Grollig sums it up:")
    d.add_paragraph(f"{_WORDS}. (Grollig 11)").paragraph_format.left_indent = Cm(1.5)
    d.add_paragraph("Then more.")
    d.add_paragraph("Works Cited")
    d.add_paragraph(_LIST.replace("*", ""))
    d.save(str(path))
    assert _one(path) == (_WORDS + ".", "Grollig 1976", "11")


def test_a_block_closed_by_its_page_alone_without_a_stop(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(
        "Calvino’s Marco Polo says of Zora:\n\n> Desires are already memories and the city"
        " remembers them all (8)\n\nThen more.\n",
        encoding="utf-8",
    )
    (cit,) = scan(md).citations
    assert cit.quote == "Desires are already memories and the city remembers them all"
    assert cit.locator is not None and cit.locator.value == "8"
