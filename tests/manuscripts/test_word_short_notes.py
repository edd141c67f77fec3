"""A Word thesis whose notes shorten a work to its author and page ("Creider, pp. 262-263.")
and whose list of works stands under "Selected Bibliography"."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

_QUOTE = "comparisons between the two methods are difficult to make and not very useful"


def _thesis(path: Path, heading: str) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, ["Creider states that “", _QUOTE, ".”", wx.footnote_ref(1)])
    wx.add_paragraph(d, [heading])
    wx.add_paragraph(
        d,
        [
            "Creider, Barbara Hanna. “Music Learning Theory and the Suzuki Method,” in "
            "Readings in Music Learning Theory. Chicago: GIA Publications, 1989, pp. 260-271."
        ],
    )
    wx.add_paragraph(
        d, ["Dalby, Bruce. “Teaching Audiation in Instrumental Classes,” 1999, pp. 22-25."]
    )
    d.save(str(path))
    wx.add_footnotes_part(path, wx.footnotes_xml({1: [" Creider, pp. 262-263."]}))


def test_author_and_page_note_cites_the_authors_listed_work(tmp_path: Path) -> None:
    path = tmp_path / "thesis.docx"
    _thesis(path, "Selected Bibliography")
    (cit,) = [c for c in scan(path).citations if c.quote.startswith("comparisons")]
    assert cit.reference is not None and cit.reference.bib is not None
    assert cit.reference.bib.year == "1989"
    assert cit.locator is not None and cit.locator.value == "262-263"


def test_annotated_bibliography_heading_is_a_reference_list(tmp_path: Path) -> None:
    path = tmp_path / "thesis.docx"
    _thesis(path, "Annotated Bibliography")
    (cit,) = [c for c in scan(path).citations if c.quote.startswith("comparisons")]
    assert cit.reference is not None and cit.reference.bib is not None
    assert cit.reference.bib.authors == ("Creider",)
