"""MLA's author alone after a quotation from a source without pages, as a student essay in
Word cites its web sources: "…through college.” (Selingo)", "…do.” (Vanecek et al)"."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

_WEB = "employers say graduates lack the skills they need on their first day at work"
_TWO = "half of the students in the survey had never used the library catalogue at all"
_TERM = "what you see is what you get in every editor"
_GLOSS = "the view of the world that a whole people shares without saying"


def test_author_alone_after_a_quotation_cites_the_listed_work(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, [f"One report puts it bluntly: “{_WEB}” (Selingo), which is worrying."])
    wx.add_paragraph(d, [f"Another found that “{_TWO}.” (Hallam et al) This surprised nobody."])
    wx.add_paragraph(d, [f"Editors promise “{_TERM}” (WYSIWYG) and rarely deliver it."])
    wx.add_paragraph(d, [f"The word means “{_GLOSS}” (German) in the older sources."])
    wx.add_paragraph(d, ["Works Cited"])
    wx.add_paragraph(d, ["Selingo, Jeffrey. “Skills Gap.” The Atlantic, 2016."])
    wx.add_paragraph(d, ["Hallam, Ruth, et al. “Library Use Survey.” Campus News, 2021."])
    path = tmp_path / "essay.docx"
    d.save(str(path))
    got = {c.quote: c for c in scan(path).citations}
    web = got[_WEB]
    assert web.reference is not None and web.reference.bib is not None
    assert web.reference.bib.year == "2016"
    two = got[_TWO + "."]
    assert two.reference is not None and two.reference.bib is not None
    assert two.reference.bib.authors[0] == "Hallam"
    # an abbreviation the quoted words define, a language: no citation
    assert all(c.reference is None for q, c in got.items() if q in (_TERM, _GLOSS))
