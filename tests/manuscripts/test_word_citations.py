"""Word's own citations (References > Insert Citation): a CITATION field names a source by its
tag, and the document's Sources part says what that source is."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

_SOURCES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<b:Sources SelectedStyle="\\APASixthEditionOfficeOnline.xsl" StyleName="APA" Version="6"
 xmlns:b="http://schemas.openxmlformats.org/officeDocument/2006/bibliography"
 xmlns="http://schemas.openxmlformats.org/officeDocument/2006/bibliography">
<b:Source><b:Tag>Hal19</b:Tag><b:SourceType>JournalArticle</b:SourceType>
<b:Title>Reading Habits of Second-Year Students</b:Title><b:Year>2019</b:Year>
<b:Author><b:Author><b:NameList><b:Person><b:Last>Hallam</b:Last><b:First>Ruth</b:First>
</b:Person><b:Person><b:Last>Osei</b:Last><b:First>Kwame</b:First></b:Person></b:NameList>
</b:Author></b:Author><b:JournalName>Journal of Study Skills</b:JournalName>
<b:Pages>11-29</b:Pages><b:DOI>10.5555/jss.2019.011</b:DOI></b:Source>
<b:Source><b:Tag>Wor21</b:Tag><b:SourceType>InternetSite</b:SourceType>
<b:Title>Library Use Survey</b:Title><b:Year>2021</b:Year>
<b:Author><b:Author><b:Corporate>Open Library Group</b:Corporate></b:Author></b:Author>
<b:URL>https://example.org/library-survey</b:URL></b:Source>
</b:Sources>"""


def _add_sources(path: Path, xml: str) -> None:
    with zipfile.ZipFile(path) as zin:
        items = {name: zin.read(name) for name in zin.namelist()}
    items["customXml/item1.xml"] = xml.encode("utf-8")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for name, data in items.items():
            zout.writestr(name, data)


def _phone_paragraph(d: Any) -> None:
    """The field citation of page 14 of source Hal19, after its quotation."""
    wx.add_paragraph(
        d,
        [
            "Most students said that “reading on a phone feels like reading nothing at all” ",
            wx.complex_field(" CITATION Hal19 \\p 14 \\l 2057 ", "(Hallam & Osei, 2019, p. 14)"),
            ".",
        ],
    )


def _essay(path: Path) -> None:
    d = wx.new_document()
    _phone_paragraph(d)
    wx.add_paragraph(
        d,
        [
            "The survey found that “half of all visits now begin on the catalogue website” ",
            wx.complex_field(" CITATION Wor21 \\l 1033 ", "(Open Library Group, 2021)"),
            ".",
        ],
    )
    wx.add_paragraph(
        d,
        [
            "A later remark, typed by hand, says “the printed page still wins for long texts” "
            "(Hallam & Osei, 2019, p. 20)."
        ],
    )
    d.save(str(path))
    _add_sources(path, _SOURCES)


def test_citation_field_reads_its_source_from_the_sources_part(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    _essay(path)
    got = {c.quote: c for c in scan(path).citations}
    phone = got["reading on a phone feels like reading nothing at all"]
    assert phone.reference is not None and phone.reference.style == "word"
    bib = phone.reference.bib
    assert bib is not None and bib.authors == ("Hallam", "Osei") and bib.year == "2019"
    assert bib.doi == "10.5555/jss.2019.011"
    assert bib.title == "Reading Habits of Second-Year Students"
    assert phone.locator is not None and phone.locator.value == "14"
    web = got["half of all visits now begin on the catalogue website"]
    assert web.reference is not None and web.reference.bib is not None
    assert web.reference.bib.url == "https://example.org/library-survey"
    assert web.reference.bib.authors == ("Open Library Group",)


def test_typed_citation_finds_the_same_word_source(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    _essay(path)
    got = {c.quote: c for c in scan(path).citations}
    typed = got["the printed page still wins for long texts"]
    assert typed.reference is not None and typed.reference.key == "Hal19"
    assert typed.locator is not None and typed.locator.value == "20"


def test_citation_field_without_sources_part_reads_as_typed(tmp_path: Path) -> None:
    d = wx.new_document()
    _phone_paragraph(d)
    path = tmp_path / "plain.docx"
    d.save(str(path))
    (cit,) = scan(path).citations
    assert cit.reference is not None and cit.reference.style == "author_date"
    assert cit.locator is not None and cit.locator.value == "14"


def _paperpile_field(works: list[dict[str, object]], citation: str, shown: str) -> list:
    import base64
    import json
    import zlib

    data = base64.b64encode(zlib.compress(json.dumps(works).encode())).decode()
    code = (
        " ADDIN paperpile_citation <clusterId>X1</clusterId><metadata>"
        f"{citation}</metadata><data>{data}</data> "
    )
    return wx.complex_field(code, shown)


def test_paperpile_field_reads_its_work(tmp_path: Path) -> None:
    works = [
        {
            "_id": "a-1",
            "citekey": "Hallam2019-xy",
            "title": "Reading Habits of Second-Year Students",
            "author": [{"first": "Ruth", "last": "Hallam"}, {"first": "Kwame", "last": "Osei"}],
            "published": {"year": "2019"},
            "doi": "10.5555/jss.2019.011",
            "url": ["http://dx.doi.org/10.5555/jss.2019.011"],
        },
        {
            "_id": "b-2",
            "citekey": "WHO2021-ab",
            "title": "Reading and health",
            "author": [
                {
                    "formatted": "World Health Organization",
                    "collective": "World Health Organization",
                }
            ],
            "published": {"year": "2021"},
        },
    ]
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "Most students said that “reading on a phone feels like reading nothing at all” ",
            _paperpile_field(
                works,
                "<citation><id>a-1</id></citation><citation><id>b-2</id></citation>",
                "(Hallam & Osei, 2019, p. 14; World Health Organization, 2021)",
            ),
            ".",
        ],
    )
    path = tmp_path / "essay.docx"
    d.save(str(path))
    (cit,) = scan(path).citations
    assert cit.reference is not None and cit.reference.style == "paperpile"
    bib = cit.reference.bib
    assert bib is not None and bib.authors == ("Hallam", "Osei") and bib.year == "2019"
    assert bib.doi == "10.5555/jss.2019.011"
    assert cit.locator is not None and cit.locator.value == "14"
