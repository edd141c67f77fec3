"""A paragraph in Word's "List Paragraph" style that no numbering makes an item is body text:
its indentation sets a long quotation off as any paragraph's does (ABNT's 4 cm block)."""

from __future__ import annotations

from pathlib import Path

import docx
from docx.shared import Cm

from quote_tui.manuscripts import scan

_QUOTED = (
    "O visor proporciona experiências de imersão para todas as pessoas de uma forma simples e "
    "barata, com um smartphone como tela e duas lentes de plástico (SILVA, 2015)."
)


def _word(tmp_path: Path, text: str, *, left: float, typed: str = "") -> Path:
    document = docx.Document()
    document.add_paragraph(
        "Para este projeto serão usados dois visores de baixo custo, ambos com um smartphone."
    )
    document.add_paragraph(typed + text, style="List Paragraph").paragraph_format.left_indent = Cm(
        left
    )
    document.add_paragraph("Os dois visores foram testados com o mesmo aplicativo (SOUZA, 2019).")
    path = tmp_path / "monografia.docx"
    document.save(str(path))
    return path


def _quotes(path: Path) -> list[str]:
    return [c.quote for c in scan(path).citations]


def test_an_abnt_block_set_in_list_paragraph_is_a_block(tmp_path: Path) -> None:
    quotes = _quotes(_word(tmp_path, _QUOTED, left=4))
    assert any(q.startswith("O visor proporciona experiências") for q in quotes)


def test_a_bullet_typed_in_list_paragraph_is_still_a_list_item(tmp_path: Path) -> None:
    quotes = _quotes(_word(tmp_path, _QUOTED, left=4, typed="• "))
    assert not any("O visor proporciona" in q for q in quotes)
