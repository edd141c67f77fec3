"""Word manuscripts: Zotero, Mendeley and EndNote citations, footnotes, quote styles."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.engine.errors import BatchInputError
from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx
from tests.manuscripts.helpers import Expected, score

S2ORC = {
    "id": 11,
    "type": "paper-conference",
    "title": "S2ORC: The Semantic Scholar Open Research Corpus",
    "author": [{"family": "Lo", "given": "Kyle"}, {"family": "Wang", "given": "Lucy Lu"}],
    "issued": {"date-parts": [[2020]]},
    "page": "4969-4983",
    "DOI": "10.18653/v1/2020.acl-main.447",
    "citation-key": "lo2020",
}
NIST = {
    "id": "nist",
    "type": "report",
    "title": "High-Performance Computing Security",
    "author": [{"family": "Guo", "given": "Yang"}],
    "issued": {"date-parts": [[2024]]},
    "URL": "https://example.org/nist-sp800-223",
}
ENDNOTE = (
    "<EndNote><Cite><Author>Shinyama</Author><Year>2006</Year><RecNum>7</RecNum>"
    "<Pages>304</Pages><DisplayText>(Shinyama &amp; Sekine, 2006, p. 304)</DisplayText>"
    "<record><rec-number>7</rec-number><contributors><authors><author>Shinyama, Yusuke</author>"
    "<author>Sekine, Satoshi</author></authors></contributors><titles><title>Preemptive "
    "Information Extraction using Unrestricted Relation Discovery</title></titles>"
    "<pages>304-311</pages><dates><year>2006</year></dates>"
    "<electronic-resource-num>10.3115/1220835.1220874</electronic-resource-num></record>"
    "</Cite></EndNote>"
)
ZOTERO_URI = "http://zotero.org/users/12345/items/ABCD2345"


def build(path: Path) -> None:
    d = wx.new_document()
    d.add_heading("A study", level=1)
    wx.add_paragraph(
        d,
        [
            "The corpus is “a large corpus of scientific papers” ",
            wx.zotero_field(
                wx.csl_citation(S2ORC, locator="4969", uri=ZOTERO_URI), "(Lo et al., 2020, p. 4969)"
            ),
            ". The authors’ “novel” idea is a scare quote; it’s fine.",
        ],
    )
    wx.add_paragraph(
        d,
        [
            "Mendeley: “security of high performance computing systems” ",
            wx.mendeley_field(
                wx.csl_citation(NIST, locator="11", label="page"), "(Guo, 2024, p. 11)"
            ),
            ".",
        ],
    )
    wx.add_paragraph(
        d,
        [
            "Mendeley Cite: “a zero trust architecture is described” ",
            wx.mendeley_v3_sdt(wx.csl_citation(NIST, locator="3", label="section"), "(Guo, 2024)"),
            ".",
        ],
    )
    wx.add_paragraph(
        d,
        [
            "EndNote: “unrestricted relation discovery is proposed here” ",
            wx.endnote_field(ENDNOTE, "(Shinyama & Sekine, 2006, p. 304)"),
            ".",
        ],
    )
    wx.add_paragraph(
        d,
        [
            "A footnoted quotation: “the quotation with a Word footnote”.",
            wx.footnote_ref(1),
            " More.",
        ],
    )
    wx.add_paragraph(
        d,
        [
            "We introduce S2ORC, a large corpus of 81.1M English-language academic papers. ",
            wx.zotero_field(wx.csl_citation(S2ORC, locator="4969-4970"), "(Lo et al., 2020)"),
        ],
        style="Quote",
    )
    wx.add_paragraph(
        d,
        ["Numbered: “a numbered superscript reference here”", wx.superscript_run("1"), " and on."],
    )
    wx.add_paragraph(
        d,
        [
            "Nested fields: “the outer field holds a nested one” ",
            wx.zotero_field(
                wx.csl_citation(S2ORC, locator="4971"),
                "(Lo, 2020",
                nested=wx.complex_field(' HYPERLINK "https://x.org" ', ", link)"),
            ),
        ],
    )
    wx.add_paragraph(d, ["A reviewer wrote “A quotation without any reference in Word.” The end."])
    wx.add_paragraph(d, ["Author-date text: “typed by hand without a field” (Guo, 2024, p. 5)."])
    d.add_heading("References", level=1)
    wx.add_paragraph(d, ["1. Doe, J. “A Numbered Reference Title.” 2019. doi:10.1000/num1"])
    d.save(str(path))
    wx.add_footnotes_part(
        path,
        wx.footnotes_xml(
            {
                1: [
                    " See ",
                    wx.zotero_field(wx.csl_citation(S2ORC, locator="4972"), "Lo et al., 4972"),
                    ".",
                ],
            }
        ),
    )


EXPECTED = [
    Expected("a large corpus of scientific papers", "lo2020", "4969"),
    Expected("security of high performance computing systems", "nist", "11"),
    Expected("a zero trust architecture is described", "nist", "3"),
    Expected("unrestricted relation discovery is proposed here", "7", "304"),
    Expected("the quotation with a Word footnote", "lo2020", "4972"),
    Expected(
        "We introduce S2ORC, a large corpus of 81.1M English-language academic papers.",
        "lo2020",
        "4969-4970",
    ),
    Expected("a numbered superscript reference here", "1"),
    Expected("the outer field holds a nested one", "lo2020", "4971"),
    Expected("A quotation without any reference in Word.", None),
    Expected("typed by hand without a field", "Guo 2024", "5"),
]


def test_docx_accuracy(tmp_path: Path) -> None:
    path = tmp_path / "paper.docx"
    build(path)
    result = scan(path)
    accuracy, problems = score(result, EXPECTED)
    print(f"docx extraction accuracy: {accuracy:.0%} of {len(EXPECTED)}")
    assert problems == []
    by_quote = {c.quote: c for c in result.citations}
    first = by_quote["a large corpus of scientific papers"]
    assert first.reference is not None and first.reference.style == "zotero"
    assert first.reference.bib is not None and first.reference.bib.zotero_keys == ("ABCD2345",)
    assert first.location is not None
    assert (first.location.part, first.location.line) == ("document", 2)
    assert by_quote["security of high performance computing systems"].reference.style == "mendeley"
    assert by_quote["a zero trust architecture is described"].reference.style == "mendeley"
    endnote = by_quote["unrestricted relation discovery is proposed here"].reference
    assert endnote.style == "endnote" and endnote.bib.doi == "10.3115/1220835.1220874"
    assert endnote.bib.pages == "304-311"
    batch = result.to_batch_dict()
    refs = {s["id"]: s.get("ref") for s in batch["sources"]}
    assert refs[first.source] == "doi:10.18653/v1/2020.acl-main.447"
    numbered = by_quote["a numbered superscript reference here"]
    assert refs[numbered.source] == "doi:10.1000/num1"
    hand = by_quote["typed by hand without a field"]
    assert hand.reference.style == "author_date" and hand.source is not None


def test_docx_without_bibliography_uses_field_item_data(tmp_path: Path) -> None:
    path = tmp_path / "paper.docx"
    build(path)
    batch = scan(path).to_batch_dict()
    nist = [s for s in batch["sources"] if s.get("ref") == "https://example.org/nist-sp800-223"]
    assert len(nist) == 1 and nist[0]["title"] == "High-Performance Computing Security"


def test_broken_docx(tmp_path: Path) -> None:
    path = tmp_path / "broken.docx"
    path.write_bytes(b"not a zip")
    with pytest.raises(BatchInputError) as info:
        scan(path)
    assert info.value.code == "bad_manuscript"


def test_intense_quote_style_and_hyperlink_field(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(
        d, ["“An intensely styled block quotation of several words.”"], style="Intense Quote"
    )
    wx.add_paragraph(d, ["(Guo, 2024, p. 2) is where it stands."])
    wx.add_paragraph(
        d,
        [
            "The page says “words behind a hyperlink field here” (",
            wx.complex_field(' HYPERLINK "https://example.org/page" ', "online"),
            ").",
        ],
    )
    path = tmp_path / "styled.docx"
    d.save(str(path))
    result = scan(path)
    got = {c.quote: c for c in result.citations}
    block = got["An intensely styled block quotation of several words."]
    assert block.reference is not None and block.reference.style == "author_date"
    assert block.locator is not None and block.locator.value == "2"
    link = got["words behind a hyperlink field here"]
    assert link.reference is not None and link.reference.target == "https://example.org/page"
