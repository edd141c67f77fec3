"""A figure's caption in a Word article, typed in the body style: its label and number, then
the picture's title in marks and its credit. The title is the picture's name, not a quotation;
a body sentence opening on "Table 1 shows" is no caption."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

_CAPTION = (
    "Fig. 4. — “Banquet given at the town hall in honour of the visiting sovereigns, arrival "
    "at the supper table,” wood engraving from a weekly, 1867, 399. Private collection."
)
_SENTENCE = (
    "Table 1 shows that the mayor called the banquet “the finest evening the city has ever "
    "given to its guests” (Martin, 1990, p. 4)."
)


def test_a_figures_caption_holds_no_quotation(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, ["The table service was shown to the press in 1867."])
    wx.add_paragraph(d, [_CAPTION])
    wx.add_paragraph(d, [_SENTENCE])
    path = tmp_path / "article.docx"
    d.save(str(path))
    quotes = [c.quote for c in scan(path).citations]
    assert quotes == ["the finest evening the city has ever given to its guests"]
