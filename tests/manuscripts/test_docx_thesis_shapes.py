"""Word theses as German and English students write them: the declaration's signature line,
citation-manager fields, and the typing habits of Word users (issue 31)."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx


def test_a_signature_line_of_underscores_does_not_hold_the_scan(tmp_path: Path) -> None:
    # A declaration ends in a line of underscores to sign on. The reference-list heading's
    # pattern once split such a run in exponentially many ways: 34 marks took minutes, a
    # real thesis's 61 marks hours. Both list headings (References, Notes) are exercised.
    d = wx.new_document()
    wx.add_paragraph(d, ["Die Arbeit zitiert „eine wörtlich übernommene Stelle“ (Lo 2020, S. 4)."])
    d.add_heading("Eidesstattliche Erklärung", level=1)
    wx.add_paragraph(d, ["Ich versichere, dass ich die Arbeit selbständig verfasst habe."])
    wx.add_paragraph(d, ["Nürnberg, den 28. August 2018"])
    wx.add_paragraph(d, ["           " + "_" * 34])
    wx.add_paragraph(d, ["\tVorname Name"])
    wx.add_paragraph(d, ["*" * 34 + " Notes"])
    d.add_heading("Literaturverzeichnis", level=1)
    wx.add_paragraph(d, ["Lo, K. (2020). A corpus of papers. Proceedings, 4–9."])
    path = tmp_path / "thesis.docx"
    d.save(str(path))
    result = scan(path)
    [cit] = result.citations
    assert cit.quote == "eine wörtlich übernommene Stelle"
    assert cit.reference is not None and cit.reference.key == "Lo 2020"
    assert cit.locator is not None and cit.locator.value == "4"
