"""Bibliographies read as reference managers read them: LaTeX, names, DOIs, dates, formats.

The entries are retyped from real files: Better BibTeX's import and export test fixtures
(retorquere/zotero-better-bibtex, MIT), Zotero's translator tests (zotero/translators) and
titles from issue 31's measurement.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from quote_tui.engine.errors import BatchInputError
from quote_tui.manuscripts.bibfields import clean_doi, csl_year
from quote_tui.manuscripts.bibjson import read_json_bibliography
from quote_tui.manuscripts.bibliography import read_bibliography
from quote_tui.manuscripts.bibnames import surnames
from quote_tui.manuscripts.bibtex import read_bibtex
from quote_tui.manuscripts.texdecode import latex_to_text
from quote_tui.references.compare import SAME_TITLE, title_score
from quote_tui.references.entries import read_references

# --- LaTeX -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("latex", "text"),
    [
        (r"NF-{$\kappa$}B: ten years after", "NF-κB: ten years after"),
        (r"{Cu$_2$O} Thin Film", "Cu₂O Thin Film"),
        (r"$^{13}$C NMR of H$_2$O", "¹³C NMR of H₂O"),
        (r"Cu$_{2-\delta}$O", "Cu2-δO"),
        (r"Mitochondrial DNA\textsubscript{2} sequences", "Mitochondrial DNA₂ sequences"),
        (r"\mkbibemph{Natrix cetti} \textendash{} grass snakes", "Natrix cetti – grass snakes"),
        (r"\mkbibquote{Why} not", "“Why” not"),
        (r"See \url{https://example.org/a_b}", "See https://example.org/a_b"),
        (r"\href{https://example.org}{the site}", "the site"),
        (r"{\rm TeX} \relax and $a\cdot b$", "TeX and a·b"),
        (r"$\rho$-meson and $\alpha$-helix", "ρ-meson and α-helix"),
        (
            r"Schr\"{o}dinger's \'Etude of {\v S}koda and \l{}\'od\'z",
            "Schrödinger's Étude of Škoda and łódź",
        ),
        (r"The \LaTeX{} Companion", "The LaTeX Companion"),
        (r"AND\slash OR graphs", "AND/OR graphs"),
        (r"methodology\hyphen independent", "methodology-independent"),
        (r"Time\footnote{A note.} and Being \cite[p.~3]{key}\label{x}", "Time and Being"),
        (r"\foreignlanguage{german}{Sein} in \S 3", "Sein in §3"),
        (r"pages 10--20 --- roughly", "pages 10–20 — roughly"),
        (r"50\% \& more", "50% & more"),
        (r"Unbalanced {brace \emph{x", "Unbalanced brace x"),
    ],
)
def test_latex_fields_decode_to_the_text_a_reader_sees(latex: str, text: str) -> None:
    assert latex_to_text(latex) == text


def test_the_kappa_title_now_matches_crossref_above_the_line() -> None:
    (entry,) = read_bibtex(
        "@article{baldwin1996, title = {NF-{$\\kappa$}B: ten years after}, year = 1996}"
    ).entries
    assert entry.title == "NF-κB: ten years after"
    assert title_score(entry.title, "NF-κB: Ten Years After") >= SAME_TITLE


@given(st.text(alphabet="\\{}$_^~'`\"abcdefkpr- \n", max_size=40))
def test_no_decoded_field_keeps_a_command_a_brace_or_a_dollar(latex: str) -> None:
    text = latex_to_text(latex)
    assert not re.search(r"\\[A-Za-z]", text)
    # ``\{`` and ``\$`` are a brace and a dollar in the text, as a reader sees them.
    if "\\$" not in latex:
        assert "$" not in text
    assert "{" not in text and "}" not in text


# --- names ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "names"),
    [
        (
            "{Centers for Disease Control and Prevention}",
            ("Centers for Disease Control and Prevention",),
        ),
        ("Yann {Le Cun} and Bengio, Yoshua", ("Le Cun", "Bengio")),
        ("family=Pina-Cabral, given=João, prefix=de, useprefix=true", ("de Pina-Cabral",)),
        ("von Hicks, III, Michael", ("von Hicks",)),
        ("Ludwig van Beethoven and Jean de La Fontaine", ("van Beethoven", "de La Fontaine")),
        (r"M{\"u}ller, Hans and Jos{\'e} Garc{\'\i}a", ("Müller", "García")),
        ("Abu-Zeid, M. E. and Rakhshani, A. E. and others", ("Abu-Zeid", "Rakhshani")),
    ],
)
def test_names_are_split_as_bibtex_splits_them(field: str, names: tuple[str, ...]) -> None:
    assert surnames(field) == names


def test_string_macros_joined_with_hash_are_resolved() -> None:
    # Better BibTeX's fixture "Issues with round instead of curly braces ... #871".
    text = """@String{MCDERMOTT = "McDermott, Drew V."}
@techreport(McDermott:72,
author =\tMCDERMOTT # { and Gerald J. Sussman},
year =\t{1972},
month = May,
title =\t{The {\\sc CONNIVER} Reference Manual}
)"""
    (entry,) = read_bibtex(text).entries
    assert entry.authors == ("McDermott", "Sussman")
    assert entry.title == "The CONNIVER Reference Manual"


def test_a_chapter_takes_its_year_from_its_crossref_parent() -> None:
    text = """@incollection{Hauck_2007, title = {A chapter}, author = {Hauck, A.},
  crossref = {book2007}}
@book{book2007, title = {The book}, editor = {Ed, E.}, year = {2007}}"""
    chapter, book = read_bibtex(text).entries
    assert chapter.year == "2007" and chapter.title == "A chapter"
    assert book.year == "2007"


def test_a_subtitle_is_part_of_the_title() -> None:
    (entry,) = read_bibtex("@book{k, title = {Main}, subtitle = {The Sub}}").entries
    assert entry.title == "Main: The Sub"


# --- DOIs and dates ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "doi"),
    [
        (
            "10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-O",
            "10.1002/(sici)1097-4571(199806)49:8<693::aid-asi4>3.0.co;2-o",
        ),
        ("10/abcd", "10/abcd"),
        ("doi:10.1063/1.2894508", "10.1063/1.2894508"),
        ("https://doi.org/10.1016/j.jcrysgro.2013.02.019", "10.1016/j.jcrysgro.2013.02.019"),
        ("http://dx.doi.org/10.1002/%28SICI%2949:8%3C693%3E", "10.1002/(sici)49:8<693>"),
        ("info:doi/10.1000/182.", "10.1000/182"),
        ("10/ not a short doi", None),
        ("", None),
    ],
)
def test_dois_in_every_form(value: str, doi: str | None) -> None:
    assert clean_doi(value) == doi


def test_a_sici_doi_is_kept_whole_in_a_bib_entry() -> None:
    text = "@article{k, doi = {10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-O}}"
    (entry,) = read_bibtex(text).entries
    assert entry.doi is not None and entry.doi.endswith("<693::aid-asi4>3.0.co;2-o")


@pytest.mark.parametrize(
    ("issued", "year"),
    [
        ({"date-parts": [[2020, 5, 1]]}, "2020"),
        ({"date-parts": [["2019", "3"]]}, "2019"),
        ({"raw": "May 2018"}, "2018"),
        ({"literal": "Spring 2017"}, "2017"),
        ({"season": 1, "raw": "2016/2017"}, "2016"),
        ("2015-06-30", "2015"),
        ([{"year": 2014}], "2014"),
        ({"date-parts": [[]]}, None),
        (None, None),
    ],
)
def test_csl_dates_in_every_form(issued: object, year: str | None) -> None:
    assert csl_year(issued) == year


# --- nothing dropped without a word -----------------------------------------------------------

SEVEN = """@article{one, title = {One}, year = 2001}
@article{two, title = {Two}, title = {Two again}, year = 2002}
@article{three, title = {Three}, year = 2003}
@article{three, title = {Three, a second time}, year = 2003}
@article{five, title = {Five unclosed, year = 2005
@article{six, title = {Six}, year = 2006}
@article{seven, title = {Seven}, year = 2007}
"""


def test_duplicate_keys_repeated_fields_and_broken_blocks_are_warned_with_file_and_line(
    tmp_path: Path,
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(SEVEN, encoding="utf-8")
    read = read_bibliography(bib)
    assert [e.key for e in read.entries] == ["one", "two", "three", "six", "seven"]
    assert read.entries[1].title == "Two"  # the first value, as BibTeX keeps it
    found = {(w.code, w.line) for w in read.warnings}
    assert found == {("repeated_field", 2), ("duplicate_key", 4), ("unparsable", 5)}
    assert all(w.file == str(bib) for w in read.warnings)
    assert str(read.warnings[0]).startswith(f"{bib}:2: ")


def test_refs_counts_every_entry_or_warns(tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(SEVEN, encoding="utf-8")
    refs = read_references(bib)
    skipped = {w.code for w in refs.warnings} - {"repeated_field"}
    assert len(refs) + len(skipped) == 7


def test_an_entry_without_a_key_is_read_and_warned() -> None:
    # Better BibTeX's fixture "Endnote should parse": EndNote writes entries with no key.
    read = read_bibtex(
        "\n@article{\n  author = {Huang, Y. and Mucke, L.},\n  title = {Alzheimer "
        "mechanisms},\n  year = {2012}\n}\n",
        file="en.bib",
    )
    (entry,) = read.entries
    assert entry.authors == ("Huang", "Mucke") and entry.key is None
    assert [(w.code, w.line) for w in read.warnings] == [("no_key", 2)]


def test_a_key_given_in_two_files_is_warned(tmp_path: Path) -> None:
    a, b = tmp_path / "a.bib", tmp_path / "b.bib"
    a.write_text("@book{k, title = {A}}", encoding="utf-8")
    b.write_text("@book{k, title = {B}}", encoding="utf-8")
    refs = read_references(a, bib=(b,))
    assert [key for key, _ in refs] == ["k"]
    assert [w.code for w in refs.warnings] == ["duplicate_key"]


# --- formats ----------------------------------------------------------------------------------

BBT_JSON = {
    "config": {"id": "36a3b0b5-bad0-4a04-b79b-441c7cef77db", "label": "BetterBibTeX JSON"},
    "items": [
        {
            "ISBN": "0-7100-3616-7",
            "creators": [
                {"creatorType": "author", "firstName": "Alexander von", "lastName": "Humboldt"},
                {"creatorType": "author", "firstName": "Jean de", "lastName": "La Fontaine"},
            ],
            "date": "1963",
            "itemType": "book",
            "title": "Norm and Action. A Logical Enquiry",
            "citationKey": "fixedkey",
        },
        {
            "creators": [{"creatorType": "author", "firstName": "M. E.", "lastName": "Abu-Zeid"}],
            "date": "1986",
            "DOI": "10.1002/pssa.2210930226",
            "extra": ["Citation Key: Abu-Zeid_1986"],
            "itemType": "journalArticle",
            "publicationTitle": "Physica Status Solidi (a)",
            "title": "Determination of the thickness and refractive index of Cu₂O thin film",
            "attachments": [{"path": "files/abu-zeid.pdf"}],
        },
        {"itemType": "note", "note": "a standalone note is not a reference"},
    ],
}


def test_a_better_bibtex_json_export_is_read_with_authors_year_journal_and_key(
    tmp_path: Path,
) -> None:
    path = tmp_path / "library.json"
    path.write_text(json.dumps(BBT_JSON), encoding="utf-8")
    first, second = read_bibliography(path).entries
    assert (first.key, first.authors, first.year) == (
        "fixedkey",
        ("Humboldt", "La Fontaine"),
        "1963",
    )
    assert second.key == "Abu-Zeid_1986" and second.authors == ("Abu-Zeid",)
    assert second.journal == "Physica Status Solidi (a)" and second.year == "1986"
    assert second.doi == "10.1002/pssa.2210930226" and second.files == ("files/abu-zeid.pdf",)


def test_a_zotero_web_api_export_is_read() -> None:
    text = json.dumps(
        [
            {
                "key": "ABCD2345",
                "version": 12,
                "data": {
                    "key": "ABCD2345",
                    "itemType": "bookSection",
                    "title": "A chapter",
                    "creators": [
                        {"creatorType": "editor", "lastName": "Ed"},
                        {"creatorType": "author", "name": "World Health Organization"},
                    ],
                    "bookTitle": "The book",
                    "date": "March 3, 2011",
                    "extra": "PMID: 123456\nDOI: 10.1000/xyz",
                },
            }
        ]
    )
    (entry,) = read_json_bibliography(text).entries
    assert entry.authors == ("World Health Organization",) and entry.year == "2011"
    assert entry.journal == "The book" and entry.zotero_keys == ("ABCD2345",)
    assert (entry.pmid, entry.doi) == ("123456", "10.1000/xyz")


def test_csl_json_names_keep_their_particles_and_items_without_anything_are_warned() -> None:
    text = json.dumps(
        [
            {
                "id": "beethoven",
                "title": "Letters",
                "author": [
                    {"family": "Beethoven", "given": "Ludwig", "non-dropping-particle": "van"}
                ],
                "issued": "1810",
            },
            "not an item",
            {"type": "book"},
        ]
    )
    read = read_json_bibliography(text, file="refs.json")
    (entry,) = read.entries
    assert entry.authors == ("van Beethoven",) and entry.year == "1810"
    assert [w.code for w in read.warnings] == ["not_an_item", "not_an_item"]


RIS = """TY  - JOUR
T1  - From Basic to Applied Research to Improve Outcomes
AU  - Light, Janice
AU  - McNaughton, David
Y1  - 2014/06/01
PY  - 2014
DO  - 10.3109/07434618.2014.906498
T2  - Augmentative and Alternative Communication
SP  - 99
EP  - 105
ER  - 

TY - BOOK
AU - CASTOE, TODD A.
PY - 2009
TI - Rapid identification of thousands of copperhead snake microsatellite loci
ER -
"""


def test_an_ris_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "export.ris"
    path.write_text(RIS, encoding="utf-8")
    first, second = read_bibliography(path).entries
    assert first.authors == ("Light", "McNaughton") and first.year == "2014"
    assert first.doi == "10.3109/07434618.2014.906498" and first.pages == "99--105"
    assert first.journal == "Augmentative and Alternative Communication"
    # A tag with one space (older tools write it) is read too.
    assert second.authors == ("CASTOE",) and second.year == "2009"


ENDNOTE = """<?xml version="1.0" encoding="UTF-8"?>
<xml><records>
<record><rec-number>7</rec-number><ref-type name="Report">10</ref-type>
<contributors><authors><author><style face="normal">Ahlquist, John S</style></author>
<author>Breunig, Christian</author></authors></contributors>
<titles><title><style>Country Clustering in Comparative Political Economy</style></title></titles>
<pages>32</pages><dates><year>2009</year></dates>
<electronic-resource-num>10.1000/example.7</electronic-resource-num>
</record>
<record><ref-type name="Book">1</ref-type><titles/></record>
</records></xml>
"""


def test_an_endnote_xml_file_is_read_and_an_empty_record_warned(tmp_path: Path) -> None:
    path = tmp_path / "export.xml"
    path.write_text(ENDNOTE, encoding="utf-8")
    read = read_bibliography(path)
    (entry,) = read.entries
    assert entry.key == "7" and entry.authors == ("Ahlquist", "Breunig")
    assert entry.title == "Country Clustering in Comparative Political Economy"
    assert entry.year == "2009" and entry.doi == "10.1000/example.7"
    assert [(w.code, w.line) for w in read.warnings] == [("not_an_item", 10)]


def test_an_endnote_file_with_an_external_entity_does_not_read_it(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET", encoding="utf-8")
    path = tmp_path / "export.xml"
    path.write_text(
        f'<?xml version="1.0"?><!DOCTYPE xml [<!ENTITY e SYSTEM "{secret.as_uri()}">]>'
        "<xml><records><record><titles><title>A &e; B</title></titles></record></records></xml>",
        encoding="utf-8",
    )
    (entry,) = read_bibliography(path).entries
    assert entry.title is not None and "SECRET" not in entry.title


def test_a_file_of_no_known_format_is_a_typed_error(tmp_path: Path) -> None:
    path = tmp_path / "export.ris"
    path.write_text("nothing here", encoding="utf-8")
    with pytest.raises(BatchInputError) as raised:
        read_bibliography(path)
    assert raised.value.code == "bad_manuscript"


def test_a_date_zotero_keeps_in_extra_is_the_year_it_cites() -> None:
    # Better BibTeX's export fixture "Pandoc-LaTeX-SCHOMD Citation Export".
    item = {"itemType": "book", "title": "T", "date": "2001", "extra": "{:issued:2014-12-31}"}
    (entry,) = read_json_bibliography(json.dumps([item])).entries
    assert entry.year == "2014"
    item["extra"] = "issued: 2015\nCitation Key: adams"
    (entry,) = read_json_bibliography(json.dumps([item])).entries
    assert (entry.year, entry.key) == ("2015", "adams")


def test_a_manuscript_scan_says_which_bibliography_entries_it_skipped(tmp_path: Path) -> None:
    from quote_tui.manuscripts.scan import scan

    bib = tmp_path / "refs.bib"
    bib.write_text(SEVEN, encoding="utf-8")
    paper = tmp_path / "paper.md"
    paper.write_text('He wrote "one two three four five" [@six, p. 2].\n', encoding="utf-8")
    result = scan(paper, bib=[bib])
    assert f"{bib}:4: key three is used again (first on line 3); this entry is left out" in (
        result.warnings
    )
    assert result.citations[0].reference is not None
    assert result.citations[0].reference.key == "six"


def test_a_biblatex_entry_set_is_not_a_work_and_says_so() -> None:
    # biblatex's own biblatex-examples.bib (plk/biblatex).
    text = """@set{stdmodel,
  entryset = {glashow,weinberg,salam},
}
@article{glashow, author = {Glashow, Sheldon}, title = {Partial Symmetries of Weak
  Interactions}, journaltitle = {Nucl.~Phys.}, date = 1961, volume = 22, pages = {579-588}}
"""
    read = read_bibtex(text, file="biblatex-examples.bib")
    (entry,) = read.entries
    assert entry.key == "glashow" and entry.journal == "Nucl. Phys." and entry.year == "1961"
    assert [(w.code, w.line) for w in read.warnings] == [("not_an_item", 1)]


def test_rich_text_in_a_json_title_is_not_the_title() -> None:
    # Zotero's BibTeX import test "markupconversion" as Zotero stores the title.
    item = {
        "itemType": "journalArticle",
        "title": 'DNA<sub>2</sub> of snakes (<span class="nocase"><i>Natrix cetti</i></span>)',
    }
    (entry,) = read_json_bibliography(json.dumps([item])).entries
    assert entry.title == "DNA2 of snakes (Natrix cetti)"
