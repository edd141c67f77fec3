"""Bibliography rules found on a third set of fixtures the readers had not met: the .bib files
Better BibTeX writes in its export tests, read back and compared with the Zotero items they
were written from (retorquere/zotero-better-bibtex, MIT), and the roles Zotero's RIS translator
gives each item type's tags (zotero/translators, AGPL; entries retyped small, no code taken).
"""

from __future__ import annotations

import json
from importlib import resources

import pytest

from quote_tui.manuscripts.bibnames import surnames
from quote_tui.manuscripts.bibrecords import BibWarningCode
from quote_tui.manuscripts.bibtex import read_bibtex
from quote_tui.manuscripts.risxml import read_endnote_xml, read_ris
from quote_tui.manuscripts.texdecode import latex_to_text

# --- names -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "first"),
    [
        # biblatex's useprefix=false: the prefix drops from the surname (Zotero keeps it with
        # the given name; biblatex-csl-converter makes it a dropping particle).
        ("family=Humboldt, given=Alexander, prefix=von, useprefix=false", "Humboldt"),
        ("family=Humboldt, given=Alexander, prefix=von, useprefix=true", "von Humboldt"),
        ("family=Humboldt, given=Alexander, prefix=von", "von Humboldt"),
        # A prefix written against its name.
        ("family=Hakim, given=Tawfiq, prefix=al-, useprefix=true", "al-Hakim"),
        (r"el-{\null} Sadat, Anwar", "el-Sadat"),
        (r"d'{\null} Este, Beatrice", "d'Este"),
        ("de' Medici, Lorenzo", "de' Medici"),  # an elided word, not a letter: its space stays
    ],
)
def test_particles_as_biblatex_and_zotero_read_them(field: str, first: str) -> None:
    assert surnames(field)[0] == first


@pytest.mark.parametrize(
    ("field", "names"),
    [
        # JabRef's exporter test "MsBibImportExportRoundTripTest7": people parted by ``;``.
        ("Adam Czarnecki; Cezary Orłowski;", ("Czarnecki", "Orłowski")),
        ("Smith, J.; Doe, A.", ("Smith", "Doe")),
        ("{Smith; Sons}", ("Smith; Sons",)),  # braced: one body's name
        ("Smith, J. and Doe, A.", ("Smith", "Doe")),
    ],
)
def test_people_parted_by_semicolons(field: str, names: tuple[str, ...]) -> None:
    assert surnames(field) == names


def test_a_translation_without_author_or_editor_is_named_by_its_translator() -> None:
    # Better BibTeX's import fixture "Import error with character '+' ... #2660".
    bib = "@BOOK{q,\n  TITLE = {The {Qur'an}},\n  TRANSLATOR = {Abdel Haleem, M. A. S.}\n}\n"
    assert read_bibtex(bib).entries[0].authors == ("Abdel Haleem",)


def test_an_author_comes_before_a_translator() -> None:
    bib = "@book{q,\n  title = {T},\n  translator = {Tr, A.},\n  author = {Au, B.}\n}\n"
    assert read_bibtex(bib).entries[0].authors == ("Au",)


# --- LaTeX -----------------------------------------------------------------------------------


def test_a_formula_escaped_once_more_by_an_export_keeps_its_letters() -> None:
    # A title typed into Zotero with a formula; Better BibTeX writes its backslash, braces and
    # dollars out as text so the title prints as typed.
    written = (
        r"Cross Sections for \$\textbraceleft\textbackslash mathrm\textbraceleft{{H}}"
        r"\textbraceright\textbraceright\textasciicircum\textbraceleft +\textbraceright"
        r" +\textbackslash mathrm\textbraceleft{{F}}\textbraceright"
        r" (\textasciicircum\textbraceleft 2\textbraceright{{P}})\$"
    )
    assert latex_to_text(written) == "Cross Sections for H⁺+F(²P)"


@pytest.mark.parametrize(
    ("written", "text"),
    [
        (r"Swe{\\i}g", "Sweıg"),  # Zotero's BibTeX import tests
        (r'M{\\"u}ller', "Müller"),
        (r"Stra{\\ss}e", "Straße"),
        (r"First line\\Second", "First line Second"),  # a line break stays a break
    ],
)
def test_an_accent_whose_backslash_an_export_doubled(written: str, text: str) -> None:
    assert latex_to_text(written) == text


# --- macros ----------------------------------------------------------------------------------


def test_an_undefined_macro_is_kept_as_its_name_with_a_warning() -> None:
    # citation-js's "with string and preamble" input: ``bar`` is defined by no @string.
    got = read_bibtex('@string{foo = "bar"}\n\n@misc{b,\n  title = "Foo" # foo # bar\n}\n')
    assert got.entries[0].title == "Foobarbar"  # as Zotero reads it; no word is lost
    (warning,) = got.warnings
    assert warning.code is BibWarningCode.UNDEFINED_MACRO
    assert "bar" in warning.message
    assert warning.line == 3


def test_an_undefined_macro_is_one_warning_however_many_entries_use_it() -> None:
    # A file leaning on a strings file not given (IEEEabrv's ``IEEE_J_PROC``).
    bib = "".join(f"@article{{k{n},\n  title = {{T{n}}},\n  journal = AIJ\n}}\n" for n in range(3))
    (warning,) = read_bibtex(bib).warnings
    assert warning.line == 1
    assert warning.message.startswith("AIJ, used by entry k0 and 2 more")


def test_numbers_and_month_macros_are_no_undefined_macros() -> None:
    got = read_bibtex("@misc{b,\n  title = {T},\n  year = 2017,\n  month = aug\n}\n")
    assert got.warnings == ()


# --- RIS roles -------------------------------------------------------------------------------


def _first_author(ris: str) -> str | None:
    entry = read_ris(ris).entries[0]
    return entry.authors[0] if entry.authors else None


def test_a_book_without_authors_is_named_by_its_editors_not_its_series_editor() -> None:
    # Zotero's RIS: a book's A2 is its series editor, its A3 its editor.
    ris = "TY  - BOOK\nTI  - Essays\nA2  - Series, Sam\nA3  - Editor, Eve\nER  - \n"
    assert _first_author(ris) == "Editor"


def test_a_chapter_without_authors_is_named_by_its_a2_editor() -> None:
    ris = "TY  - CHAP\nTI  - A chapter\nA3  - Series, Sam\nA2  - Editor, Eve\nER  - \n"
    assert _first_author(ris) == "Editor"


def test_primary_creators_come_first_whatever_the_type() -> None:
    ris = "TY  - PAT\nTI  - A device\nA2  - Office, Patent\nA1  - Inventor, Ivy\nER  - \n"
    assert _first_author(ris) == "Inventor"


# --- DOIs ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "doi"),
    [
        # Better BibTeX's export fixture "Ignoring upper cases in German titles #456".
        (
            "http://link.springer.com/chapter/10.1007/978-3-322-99962-7_7",
            "10.1007/978-3-322-99962-7_7",
        ),
        (
            "https://onlinelibrary.wiley.com/doi/abs/10.1002/andp.19053221004",
            "10.1002/andp.19053221004",
        ),
        (
            "https://www.tandfonline.com/doi/full/10.1080/0742.2003.110?src=recsys",
            "10.1080/0742.2003.110",
        ),
        ("https://dl.acm.org/doi/10.1145/3287921.3287982", "10.1145/3287921.3287982"),
        ("https://example.org/files/10.1000/report.pdf", None),  # a path that only looks like one
    ],
)
def test_a_doi_in_a_publishers_url(url: str, doi: str | None) -> None:
    got = read_bibtex(f"@article{{a,\n  title = {{T}},\n  url = {{{url}}}\n}}\n")
    assert got.entries[0].doi == doi


def test_a_doi_in_a_publishers_url_in_ris() -> None:
    ris = "TY  - JOUR\nTI  - T\nUR  - https://onlinelibrary.wiley.com/doi/10.1002/x.1\nER  - \n"
    assert read_ris(ris).entries[0].doi == "10.1002/x.1"


def test_every_warning_a_reader_gives_is_in_the_references_report_schema() -> None:
    schema = json.loads(
        resources.files("quote_tui.references")
        .joinpath("references.schema.json")
        .read_text("utf-8")
    )
    text = json.dumps(schema)
    assert all(f'"{code.value}"' in text for code in BibWarningCode)


@pytest.mark.parametrize(
    ("url", "doi"),
    [
        ("https://doi.org/10.1145/3287921.3287982", "10.1145/3287921.3287982"),
        ("https://example.org/files/10.1000/report.pdf", None),  # a file path, not a DOI
    ],
)
def test_a_doi_in_an_endnote_records_url(url: str, doi: str | None) -> None:
    xml = (
        "<xml><records><record><titles><title>T</title></titles>"
        f"<urls><related-urls><url>{url}</url></related-urls></urls>"
        "</record></records></xml>"
    )
    assert read_endnote_xml(xml.encode()).entries[0].doi == doi
