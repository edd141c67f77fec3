"""Word theses as German and English students write them: the declaration's signature line,
citation-manager fields, and the typing habits of Word users (issue 31)."""

from __future__ import annotations

import base64
import json
from pathlib import Path

from lxml import etree

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx
from tests.manuscripts.wordxml import qn

MCCLEAN = {
    "id": 7,
    "type": "article-journal",
    "title": "Lived meanings in qualitative health research",
    "author": [{"family": "McClean", "given": "Stuart"}],
    "issued": {"date-parts": [[2020]]},
    "citation-key": "mcclean2020",
}


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


def test_a_closing_mark_typed_as_an_opening_one_after_a_space_closes(tmp_path: Path) -> None:
    # Word's autocorrect turns a " typed after a space into an opening “, so a writer who
    # leaves a space before the closing mark gets “…lifeworld “ (Author, 2020 p.87).
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "It seeks to “understand the lived meanings that underpin that world “ ",
            wx.zotero_field(wx.csl_citation(MCCLEAN, locator="87"), "(McClean et al., 2020 p.87)"),
            ". It also asks “what the participants mean “, ",
            "as others did (Lo, 2019, p. 3).",
        ],
    )
    wx.add_paragraph(d, ["A “well-formed quotation of some words” (Lo, 2019, p. 4) stays."])
    path = tmp_path / "essay.docx"
    d.save(str(path))
    found = {c.quote: c for c in scan(path).citations}
    assert set(found) == {
        "understand the lived meanings that underpin that world",
        "what the participants mean",
        "well-formed quotation of some words",
    }
    first = found["understand the lived meanings that underpin that world"]
    assert first.reference is not None and first.reference.key == "mcclean2020"
    assert first.locator is not None and first.locator.value == "87"


def test_a_page_typed_into_a_zotero_citation_is_its_locator(tmp_path: Path) -> None:
    # Students add the page by editing the citation Word shows; Zotero then keeps the text as
    # typed ("dontUpdate") and its item carries no locator.
    edited = wx.csl_citation(MCCLEAN)
    edited["properties"].update(plainCitation="(McClean et al., 2020)", dontUpdate=True)
    untouched = wx.csl_citation(MCCLEAN)
    untouched["properties"].update(plainCitation="(McClean et al., 2020)")
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "It seeks to “understand the meanings that underpin the world” ",
            wx.zotero_field(edited, "(McClean et al., 2020 p.87)"),
            ". Later “a second quotation of the same book” ",
            wx.zotero_field(untouched, "(McClean et al., 2020)"),
            ".",
        ],
    )
    path = tmp_path / "essay.docx"
    d.save(str(path))
    found = {c.quote: c for c in scan(path).citations}
    first = found["understand the meanings that underpin the world"]
    assert first.reference is not None and first.reference.key == "mcclean2020"
    assert first.locator is not None and first.locator.value == "87"
    assert found["a second quotation of the same book"].locator is None


def _citavi_field(entries: list[dict], shown: str) -> list:
    payload = {"$id": "1", "Entries": entries, "Text": shown, "WAIVersion": "6.1.0.0"}
    code = base64.b64encode(json.dumps(payload).encode()).decode()
    return wx.complex_field(f"ADDIN CitaviPlaceholder{{{code}}}", shown)


def test_a_citavi_field_names_its_work_and_page(tmp_path: Path) -> None:
    # Citavi's payload (one per field) links repeated objects with Json.NET's $id/$ref; an
    # edited volume lists its editors, not authors.
    sarkar = {"$id": "5", "LastName": "Sarkar", "FirstName": "Dipanjan"}
    volume = {
        "$id": "3",
        "Id": "381fc2e3-ca5f-48f8-85d4-f31fa55444ea",
        "Editors": [sarkar, {"$id": "6", "LastName": "Bali"}],
        "Title": "Practical Machine Learning",
        "Year": "2018",
        "Doi": "10.1007/978-1-4842-3207-1",
        "ReferenceType": "BookEdited",
    }
    # A chapter whose author also edits the volume: written once, then pointed at.
    chapter = {
        "$id": "3",
        "Id": "0a1b",
        "ParentReference": {"$id": "4", "Editors": [{"$id": "5", "LastName": "Sarkar"}]},
        "Authors": [{"$ref": "5"}],
        "Title": "Features",
    }
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "So heißt es: „Feature engineering is the key to applied learning“ ",
            _citavi_field(
                [
                    {
                        "$id": "2",
                        "Prefix": "Ng zit. nach ",
                        "Reference": volume,
                        "PageRange": {"$id": "4", "OriginalString": "174"},
                    }
                ],
                "(Ng zit. nach Sarkar et al., 2018b, S. 174)",
            ),
            ". Danach „features come from the same author twice“ ",
            _citavi_field([{"$id": "2", "Reference": chapter}], "(Sarkar, o. J.)"),
            ".",
        ],
    )
    path = tmp_path / "ba.docx"
    d.save(str(path))
    found = {c.quote: c for c in scan(path).citations}
    first = found["Feature engineering is the key to applied learning"]
    assert first.reference is not None and first.reference.style == "citavi"
    assert first.reference.key == "381fc2e3"
    assert first.reference.bib is not None
    assert first.reference.bib.authors == ("Sarkar", "Bali")
    assert first.reference.bib.doi == "10.1007/978-1-4842-3207-1"
    assert first.locator is not None and first.locator.value == "174"
    second = found["features come from the same author twice"].reference
    assert second is not None and second.key == "0a1b"
    assert second.bib is not None and second.bib.authors == ("Sarkar",)


def test_a_page_alone_cites_the_work_the_sentence_names_by_its_author(tmp_path: Path) -> None:
    # An essay on fiction names the story and its author, then gives the page alone (MLA);
    # the story is in no list. "by" after a word that names no work ("sent by Monday") is no
    # author.
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "At the start of The Open Window by Saki, the niece says that “her great tragedy "
            "happened just three years ago” (54). In a play by Eugene O’Neill the mother "
            "speaks of “the fog that hides you from the world” (98). It was all sent by "
            "Monday, and the memo said “all of the numbers were right on time” (12)."
        ],
    )
    path = tmp_path / "essay.docx"
    d.save(str(path))
    found = {c.quote: c for c in scan(path).citations}
    saki = found["her great tragedy happened just three years ago"]
    assert saki.reference is not None and saki.reference.key == "Saki, The Open Window"
    assert saki.locator is not None and saki.locator.value == "54"
    assert found["all of the numbers were right on time"].reference is None


def test_a_short_phrase_beside_a_paged_quotation_is_the_same_works(tmp_path: Path) -> None:
    # The sentence quotes the story twice and gives the page once, after the second quotation.
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "At the start of The Open Window by Saki, the narrator establishes that the aunt "
            "was “rather unsympathetic” and that “the window was left open” (54). The "
            "so-called “rather unsympathetic” of her essay is a phrase we use again."
        ],
    )
    path = tmp_path / "essay.docx"
    d.save(str(path))
    found = [(c.quote, c.reference.key if c.reference else None) for c in scan(path).citations]
    assert found == [
        ("rather unsympathetic", "Saki, The Open Window"),
        ("the window was left open", "Saki, The Open Window"),
    ]


def test_a_page_typed_after_a_citation_field_is_its_locator(tmp_path: Path) -> None:
    # The page typed by hand after the manager's field, outside it; a participant's code or a
    # word after the field is no page.
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "It is “emic in nature, focussing on the participants voice” ",
            wx.zotero_field(wx.csl_citation(MCCLEAN), "(McClean, 2020)"),
            " p569. Another “quotation cited with its page after a comma” ",
            wx.zotero_field(wx.csl_citation(MCCLEAN), "(McClean, 2020)"),
            ", pp. 12–14. A third “quotation whose field has no page at all” ",
            wx.zotero_field(wx.csl_citation(MCCLEAN), "(McClean, 2020)"),
            " p1 said so.",
        ],
    )
    path = tmp_path / "essay.docx"
    d.save(str(path))
    found = {c.quote: c.locator.value if c.locator else None for c in scan(path).citations}
    assert found == {
        "emic in nature, focussing on the participants voice": "569",
        "quotation cited with its page after a comma": "12–14",
        "quotation whose field has no page at all": None,
    }


def _begin_with_data(xml: str) -> object:
    run = wx.fld_char("begin")
    data = etree.SubElement(run[0], qn("w:fldData"))
    data.text = base64.b64encode(xml.encode()).decode()
    return run


def test_an_endnote_citation_kept_in_field_data_is_read(tmp_path: Path) -> None:
    # A citation too long for the field code (abstract, many authors): EndNote writes
    # " ADDIN EN.CITE " and puts the <EndNote> record, base64, in a nested EN.CITE.DATA field.
    record = (
        "<EndNote><Cite><Author>Shinyama</Author><Year>2006</Year><RecNum>7</RecNum>"
        "<Pages>304</Pages><record><rec-number>7</rec-number><titles><title>Preemptive "
        "Information Extraction</title></titles><electronic-resource-num>10.3115/1220835."
        "1220874</electronic-resource-num></record></Cite></EndNote>"
    )
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "EndNote: “unrestricted relation discovery is proposed here” ",
            [
                _begin_with_data(record),
                *wx.instr_runs(" ADDIN EN.CITE "),
                _begin_with_data(record),
                *wx.instr_runs(" ADDIN EN.CITE.DATA "),
                wx.fld_char("end"),
                wx.fld_char("separate"),
                wx._run(text="(Shinyama & Sekine, 2006, p. 304)"),
                wx.fld_char("end"),
            ],
            ".",
        ],
    )
    path = tmp_path / "essay.docx"
    d.save(str(path))
    [cit] = scan(path).citations
    assert cit.reference is not None and cit.reference.style == "endnote"
    assert cit.reference.bib is not None and cit.reference.bib.doi == "10.3115/1220835.1220874"
    assert cit.locator is not None and cit.locator.value == "304"
