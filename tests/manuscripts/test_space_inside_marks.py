"""Straight marks with a space typed just inside them, as Word users type them: '" Alignment is
a behavior …" (Pemmaraju, 2013:o.S.)' opens with a space, '"Hierbei tritt … Platz zu machen.
"(Kramper, 2010:8)' closes after one. Either is the quotation's mark, not a new one."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx


def test_marks_with_a_space_inside_them_bound_their_quotation(tmp_path: Path) -> None:
    document = wx.new_document()
    wx.add_paragraph(document, ["Die Boids richten sich nach ihren Nachbarn aus."])
    wx.add_paragraph(
        document,
        [
            '" Cohesion is a behavior that makes every agent steer toward its neighbours." '
            "(Reyes, 2011:4)."
        ],
    )
    wx.add_paragraph(
        document,
        [
            '"Der einzelne Fisch tritt dabei zurück, um dem Schwarm als Ganzem Platz zu machen. '
            '"(Berg, 2009:12). Danach folgt ein anderer Ansatz.'
        ],
    )
    path = tmp_path / "arbeit.docx"
    document.save(path)
    quotes = {c.quote for c in scan(path).citations}
    assert quotes == {
        "Cohesion is a behavior that makes every agent steer toward its neighbours.",
        "Der einzelne Fisch tritt dabei zurück, um dem Schwarm als Ganzem Platz zu machen.",
    }
