"""Quotation styles writers name in their own language: a paragraph in "Citação recuada",
"Citazione" or "Cytat" is a block quotation, as one in Word's "Quote" is."""

from __future__ import annotations

from pathlib import Path

import pytest
from docx.enum.style import WD_STYLE_TYPE

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

BLOCK = (
    "O reconhecimento de uma decisão não pode ser recusado com o fundamento de a lei do "
    "Estado requerido não permitir o divórcio com base nos mesmos factos."
)


@pytest.mark.parametrize("style", ["Citação recuada", "Citazione", "Cytat", "Citat"])
def test_a_quotation_style_named_in_the_writers_language_sets_a_block(
    tmp_path: Path, style: str
) -> None:
    d = wx.new_document()
    d.styles.add_style(style, WD_STYLE_TYPE.PARAGRAPH)
    wx.add_paragraph(d, ["O regulamento é claro neste ponto."])
    wx.add_paragraph(d, [BLOCK], style=style)
    wx.add_paragraph(d, ["A regra vale para todos os Estados."])
    path = tmp_path / "artigo.docx"
    d.save(str(path))
    assert BLOCK in {c.quote for c in scan(path).citations}


def test_a_style_named_for_a_citation_manager_is_no_quotation_style(tmp_path: Path) -> None:
    d = wx.new_document()
    d.styles.add_style("Citavi Bibliography Entry", WD_STYLE_TYPE.PARAGRAPH)
    wx.add_paragraph(d, ["Literatur"])
    wx.add_paragraph(
        d,
        ["Müller, Anna (2014): Die Ordnung der Akten und ihre Leser in der Stadt. Berlin."],
        style="Citavi Bibliography Entry",
    )
    path = tmp_path / "arbeit.docx"
    d.save(str(path))
    assert not scan(path).citations
