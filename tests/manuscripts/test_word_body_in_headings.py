"""Body text typed in a heading style: a writer who applied "Heading 1" to whole paragraphs
(Word's quick style gallery) wrote prose there, with quotations and indented blocks; a heading
proper stays a heading."""

from __future__ import annotations

from pathlib import Path

from docx.shared import Cm

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

QUOTED = (
    "students can easily take advantage of this feature to seek individuals within their "
    "online networks who might be valid sources of college knowledge"
)
LEAD = (
    "Social networks make it easier to find people who post about the same subjects, and a "
    "study of first-generation students found that the habit carries over into their studies. "
    "It shows, as the paper says, that "
)
BLOCK = (
    "Politicians, eager to deflect scrutiny, are falling back on one of the oldest bogeymen "
    "in the book: violent video games, which they blame in a desperate gambit to change the "
    "conversation away from gun violence. Speaking with lawmakers this Thursday, the president "
    "suggested that violent games and movies are the real culprit. (1)"
)


def _essay(tmp_path: Path) -> Path:
    d = wx.new_document()
    wx.add_paragraph(d, [LEAD + f"“{QUOTED}” (Ramirez), and the same holds for news."], "Heading 1")
    wx.add_paragraph(
        d,
        [
            "Some politicians have tried to blame video games for the problems of the country "
            "again and again, and the most recent attempt came after the shooting in Florida, "
            "as the article by Erik Kain shows in detail. As Mr. Kain goes on to say:"
        ],
        "Heading 1",
    )
    wx.add_paragraph(d, [BLOCK], "Heading 1")
    d.paragraphs[-1].paragraph_format.left_indent = Cm(1.27)
    wx.add_paragraph(d, ["“A Heading That Quotes Its Topic In Marks”"], "Heading 1")
    wx.add_paragraph(d, ["Works Cited"], "Heading 1")
    wx.add_paragraph(d, ["Ramirez, Ana. “College Knowledge.” Journal of Students, 2019."])
    path = tmp_path / "proposal.docx"
    d.save(str(path))
    return path


def test_a_paragraph_of_prose_in_a_heading_style_is_read_as_body_text(tmp_path: Path) -> None:
    quotes = {c.quote for c in scan(_essay(tmp_path)).citations}
    assert QUOTED in quotes
    assert any(q.startswith("Politicians, eager to deflect scrutiny") for q in quotes)


def test_a_heading_in_marks_is_still_a_heading(tmp_path: Path) -> None:
    quotes = {c.quote for c in scan(_essay(tmp_path)).citations}
    assert "A Heading That Quotes Its Topic In Marks" not in quotes
