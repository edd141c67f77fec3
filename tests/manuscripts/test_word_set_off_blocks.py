"""Block quotations set off by indentation alone: a paragraph indented like the document's
cited block quotations is one too, though its citation stands in the sentence before it."""

from __future__ import annotations

from pathlib import Path

from docx.shared import Cm

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

_UNCITED = (
    "She turned the small matters of the kitchen and the yard into figures for the largest "
    "questions of her time"
)


def _indented(d: object, text: str) -> None:
    wx.add_paragraph(d, [text])
    d.paragraphs[-1].paragraph_format.left_indent = Cm(1.27)  # type: ignore[attr-defined]


def _essay(path: Path, cited_blocks: int) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, ["Haddad opens her study with the household as her theme."])
    for n in range(cited_blocks):
        _indented(
            d,
            f"The house is the first archive a family keeps, volume {n + 1} of many. "
            f"(Haddad, 2004, p. {12 + n})",
        )
        wx.add_paragraph(d, ["This sets the terms for what follows in the chapter."])
    wx.add_paragraph(
        d, ["Haddad, a careful reader, finds the poet's politics in her domestic verse."]
    )
    _indented(d, _UNCITED + ".")
    wx.add_paragraph(d, ["The reading has been taken up by later critics as well."])
    d.save(str(path))


def test_paragraph_indented_like_cited_blocks_is_a_block(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    _essay(path, cited_blocks=2)
    quotes = [c.quote for c in scan(path).citations]
    assert _UNCITED + "." in quotes


def test_indented_paragraph_alone_stays_text(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    _essay(path, cited_blocks=1)
    quotes = [c.quote for c in scan(path).citations]
    assert not any(q.startswith("She turned") for q in quotes)


_OWN = [
    "El corpus de tuits es un conjunto en el que la clase de odio es muy minoritaria.",
    "Los enfoques del tipo filtro son más simples e independientes del clasificador.",
    "Una de las etapas más importantes en clasificación es la selección de atributos.",
    "El usuario debe poder entrenar previamente el clasificador antes de su uso.",
    "La conclusión fue que la mejora al usar lematización fue significativa en español.",
]


def test_a_body_set_in_by_a_centimetre_is_no_run_of_blocks(tmp_path: Path) -> None:
    # A chapter whose own paragraphs are all indented 1 cm, two of them ending on a citation:
    # the indentation is the chapter's layout, so the writer's paragraphs set like those two
    # are the writer's own.
    d = wx.new_document()
    wx.add_paragraph(d, ["2. Estado del arte"])
    _indented(d, "La detección de lenguaje de odio con aprendizaje automático es reciente [3]")
    for text in _OWN[:3]:
        _indented(d, text)
    _indented(d, "La selección de instancias reduce el conjunto de datos original [4]")
    for text in _OWN[3:]:
        _indented(d, text)
    path = tmp_path / "tfg.docx"
    d.save(str(path))
    quotes = {c.quote for c in scan(path).citations}
    assert not quotes & set(_OWN)
