"""Straight marks with a space typed just inside them, as Word users type them: '" Alignment is
a behavior …" (Pemmaraju, 2013:o.S.)' opens with a space, '"Hierbei tritt … Platz zu machen.
"(Kramper, 2010:8)' closes after one. Either is the quotation's mark, not a new one. The same
in Markdown: a curly '“ [The] aim of …”[^4]' opens with a space before an editor's bracket,
'… of models. "[@cox]' closes after one before a Pandoc citation or note mark."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx
from tests.manuscripts.helpers import quotes_found, write


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


_MARKDOWN = """Planners have long doubted the maps they draw.
In *The Survey* (1921), Reyes writes, “ [The] task of a map…is only ever to leave out what
the traveller can spare.”[^4] Others went further.

As the geographer Ines Berg says: "A map that showed everything would be as large as the
land. It would help no one to find a road, and nobody would ever fold it. "[@berg2009] The
cartographers agreed.

[^4]: Ana Reyes, *The Survey* (Lima: Example, 1921), 58.
"""


def test_markdown_marks_with_a_space_inside_them(tmp_path: Path) -> None:
    found = quotes_found(write(tmp_path, "essay.md", _MARKDOWN))
    assert set(found) == {
        "[The] task of a map…is only ever to leave out what the traveller can spare.",
        "A map that showed everything would be as large as the land. It would help no one to "
        "find a road, and nobody would ever fold it.",
    }
    assert (
        found[
            "A map that showed everything would be as large as the land. It would help "
            "no one to find a road, and nobody would ever fold it."
        ][0]
        == "berg2009"
    )
