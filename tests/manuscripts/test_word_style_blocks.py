"""A block quotation known by how Word shows it, whatever its style is called: a style based on
Word's "Quote", a quotation style the writer named in her language, and the indentation a
writer's own style gives its paragraphs."""

from __future__ import annotations

from pathlib import Path

import pytest
from docx.enum.style import WD_STYLE_TYPE
from docx.shared import Cm

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

BLOCK = (
    "The archive is not the past but the shape the present gives to what it keeps, and "
    "every reader of it takes part in that shaping whether he knows it or not."
)


def _essay(path: Path, style: str, lead_in: str, block: str, make) -> None:
    d = wx.new_document()
    make(d.styles.add_style(style, WD_STYLE_TYPE.PARAGRAPH), d)
    wx.add_paragraph(d, ["The essay begins with its own words, long enough for a paragraph."])
    wx.add_paragraph(d, [lead_in])
    wx.add_paragraph(d, [block], style=style)
    wx.add_paragraph(d, ["The writer goes on in her own words after the passage."])
    d.save(str(path))


def _quotes(path: Path) -> set[str]:
    return {c.quote for c in scan(path).citations}


def test_a_style_based_on_words_quote_style_sets_a_block(tmp_path: Path) -> None:
    def based_on_quote(style, d) -> None:
        style.base_style = d.styles["Quote"]

    path = tmp_path / "essay.docx"
    _essay(path, "Mein Absatz", "The matter is old.", BLOCK, based_on_quote)
    assert BLOCK in _quotes(path)


@pytest.mark.parametrize("name", ["Citát", "Alıntı", "Idézet", "Lainaus", "引用文", "Extract"])
def test_a_quotation_style_named_in_more_languages_sets_a_block(tmp_path: Path, name: str) -> None:
    path = tmp_path / "essay.docx"
    _essay(path, name, "The matter is old.", BLOCK, lambda style, d: None)
    assert BLOCK in _quotes(path)


def _indented(style, d) -> None:
    style.paragraph_format.left_indent = Cm(2)


def test_the_indentation_of_a_writers_own_style_sets_a_block_after_a_lead_in(
    tmp_path: Path,
) -> None:
    path = tmp_path / "essay.docx"
    _essay(path, "Einzug", "As Farge writes:", BLOCK, _indented)
    assert BLOCK in _quotes(path)


def test_the_indentation_of_a_writers_own_style_sets_a_cited_block(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    _essay(path, "Einzug", "The matter is old.", BLOCK + " (Farge 1989, 12)", _indented)
    (cit,) = [c for c in scan(path).citations if c.quote.startswith("The archive")]
    assert cit.reference is not None and cit.reference.key == "Farge 1989"
    assert cit.locator is not None and cit.locator.value == "12"


def test_the_indentation_of_words_own_list_styles_sets_no_block(tmp_path: Path) -> None:
    # "List Paragraph" is indented by its style; unnumbered, it is the writer's body text
    d = wx.new_document()
    wx.add_paragraph(d, ["The essay begins with its own words, long enough for a paragraph."])
    wx.add_paragraph(d, ["The matter is old."])
    wx.add_paragraph(d, [BLOCK + " (Farge 1989, 12)"], style="List Paragraph")
    path = tmp_path / "essay.docx"
    d.save(str(path))
    assert not any(c.quote.startswith("The archive") for c in scan(path).citations)
