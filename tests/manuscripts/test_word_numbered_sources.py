"""A list of sources that Word numbers itself (a numbered list, its numbers in no text), cited
in the text by "[1]", "[2]": each number is that item of the list."""

from __future__ import annotations

from pathlib import Path

from docx.oxml.ns import qn
from lxml import etree

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

_SOURCES = [
    "https://de.wikipedia.org/wiki/Urteilskraft",
    "Karl Lenz | Kleine Formen | https://example.org/lenz-kleine-formen | 3.1.2021",
    "https://www.destatis.de/DE/Themen/Gesellschaft-Umwelt/Gesundheit/Todesursachen",
]


def _numbered(d: object, text: str) -> None:
    wx.add_paragraph(d, [text])
    p = d.paragraphs[-1]._p  # type: ignore[attr-defined]
    ppr = p.get_or_add_pPr()
    num = etree.SubElement(ppr, qn("w:numPr"))
    etree.SubElement(num, qn("w:ilvl")).set(qn("w:val"), "0")
    etree.SubElement(num, qn("w:numId")).set(qn("w:val"), "3")


def _essay(path: Path, sources: list[str]) -> None:
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "Das Statistikamt nennt „Herz-Kreislauf-Erkrankungen als häufigste Todesursache "
            "im ganzen Land“ [3]. Ein Lexikon definiert: „die Fähigkeit, das Besondere unter "
            "dem Allgemeinen zu denken“ [1]."
        ],
    )
    wx.add_paragraph(d, ["Ich komme zum Schluss."])
    for text in sources:
        _numbered(d, text)
    d.save(str(path))


def test_bracketed_numbers_cite_the_items_of_a_word_numbered_list(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    _essay(path, _SOURCES)
    found = {c.quote: c.reference for c in scan(path).citations}
    third = found["Herz-Kreislauf-Erkrankungen als häufigste Todesursache im ganzen Land"]
    assert third is not None and third.bib is not None
    assert third.bib.url is not None and "destatis.de" in third.bib.url
    first = found["die Fähigkeit, das Besondere unter dem Allgemeinen zu denken"]
    assert first is not None and first.bib is not None and "wikipedia" in (first.bib.url or "")


def test_a_list_shorter_than_the_numbers_cited_is_not_the_sources(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    _essay(path, _SOURCES[:2])
    found = {c.quote: c.reference for c in scan(path).citations}
    third = found["Herz-Kreislauf-Erkrankungen als häufigste Todesursache im ganzen Land"]
    assert third is not None and third.bib is None
