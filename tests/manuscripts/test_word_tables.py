"""Words in marks in a Word table's cells are data (survey answers, prompts, examples) unless
the cell cites a source."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx


def test_an_uncited_cell_holds_no_quotation_and_a_cited_one_may(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, ["The participants answered on a five-point scale."])
    table = d.add_table(rows=2, cols=2)
    table.cell(0, 0).text = "Item 1"
    table.cell(0, 1).text = "“I would rather work with others than alone”"
    table.cell(1, 0).text = "Definition"
    table.cell(
        1, 1
    ).text = "“trust is the willingness to be vulnerable to another” (Mayer, 1995, p. 712)"
    wx.add_paragraph(d, ["References"])
    wx.add_paragraph(d, ["Mayer, R. (1995). An integrative model of trust. AMR."])
    path = tmp_path / "study.docx"
    d.save(str(path))
    quotes = {c.quote for c in scan(path).citations}
    assert "I would rather work with others than alone" not in quotes
    assert "trust is the willingness to be vulnerable to another" in quotes
