"""Bibliography rules found on data the readers had not met: biblatex-csl-converter's and
citation-js's import fixtures (fiduswriter/biblatex-csl-converter, citation-js/citation-js,
both MIT), Zotero's BibTeX translator tests and Better BibTeX's JSON export fixtures. Entries
are retyped small from them; each test names what a reference manager makes of the entry.
"""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from quote_tui.manuscripts.bibfields import year_of
from quote_tui.manuscripts.bibjson import read_json_bibliography
from quote_tui.manuscripts.bibnames import surnames
from quote_tui.manuscripts.bibtex import read_bibtex
from quote_tui.manuscripts.risxml import read_ris
from quote_tui.manuscripts.texdecode import (
    _GLUED_SYMBOL,
    _USER_MACRO,
    _contexts,
    _scripts_in_math,
    _unglued,
    _user_macro,
    latex_to_text,
)

# --- years -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "year"),
    [
        ("[1990] 2002", "2002"),  # the original's year in brackets, the edition's after it
        ("[2002]", "2002"),
        ("199u", "1990"),  # EDTF: unspecified digits
        ("19uu", "1900"),
        ("19XX", "1900"),
        ("19--", "1901"),  # a century, as Better BibTeX exports it (circa 1901)
        ("-2000~", None),  # before the common era: no year to compare with Crossref's
        ("-0044", None),
        ("2017-23/2017-24", "2017"),  # EDTF seasons
        ("1950~", "1950"),
        ("circa 1950?", "1950"),
    ],
)
def test_years_as_reference_managers_read_them(written: str, year: str | None) -> None:
    assert year_of(written) == year


def test_biblatex_date_comes_before_year() -> None:
    got = read_bibtex("@article{b,\n  date = {2016-12-13},\n  year = 2017,\n  month = 8\n}\n")
    assert got.entries[0].year == "2016"


# --- names -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "first"),
    [
        # Unbraced bodies: BibTeX's rule takes "at"/"for" for a von part; Zotero keeps the last
        # word, and a particle-less lowercase word is no person's von.
        ("American Rights at Work", "Work"),
        ("Corporation for Digital Scholarship", "Scholarship"),
        ("Ludwig van Beethoven", "van Beethoven"),
        ("Charles Louis Xavier Joseph de la Vall{\\'e}e Poussin", "de la Vallée Poussin"),
        ("Jean d'Alembert", "d'Alembert"),
        ("de la Fontaine, Jean", "de la Fontaine"),
        ("{\\noopsort{gogh}}van Gogh, Vincent", "van Gogh"),
        # bibtexparser's splitter drops an accent that opens a name; the reader does not.
        ("O'Hara, K. E. and \\'O S\\'uilleabh\\'ain, L.", "O'Hara"),
    ],
)
def test_first_author(field: str, first: str) -> None:
    assert surnames(field)[0] == first


def test_an_accent_that_opens_a_name_is_kept() -> None:
    got = surnames('Serin, Necmi and Serin, T\\"ulay and \\"Unal, Basri')
    assert got == ("Serin", "Serin", "Ünal")


# --- BibTeX files ----------------------------------------------------------------------------


def test_a_commented_out_entry_does_not_take_the_real_ones_key() -> None:
    text = (
        "%@ARTICLE{10.1:18,\n"
        "%  AUTHOR = {{KS in NJ}},\n"
        "%  TITLE  = {From this article},\n"
        "%}\n"
        "\n"
        "@ARTICLE{10.1:18,\n"
        "  AUTHOR = {{KS in NJ}},\n"
        "  TITLE  = {From this article, it sounds like men are figuring something out},\n"
        "  DATE   = {2019-01-15},\n"
        "}\n"
    )
    got = read_bibtex(text)
    assert got.warnings == ()
    (entry,) = got.entries
    assert entry.title and entry.title.startswith("From this article, it sounds")
    assert entry.year == "2019"
    assert entry.authors == ("KS in NJ",)


def test_a_per_cent_line_inside_a_field_stays_in_it() -> None:
    got = read_bibtex("@misc{a,\n  title = {Rates {of\n% change} in trade},\n  year = 2001\n}\n")
    assert got.entries[0].title == "Rates of % change in trade"


def test_a_commented_preamble_is_no_lost_entry() -> None:
    text = '@\n  %a\npreamble\n  %a\n{ "Maintained by " }\n@book{x, title = {T}, year = 1942}\n'
    got = read_bibtex(text)
    assert [e.key for e in got.entries] == ["x"]
    assert got.warnings == ()


def test_a_crossref_child_takes_its_parents_author_and_missing_title() -> None:
    text = (
        "@book{klein,\n  author = {Ludwig Wittgenstein},\n  editor = {Joachim Schulte},\n"
        '  title = {Vortrag {\\"u}ber Ethik},\n  date = {1989},\n}\n'
        '@inbook{onFrazer,\n  title = {Bemerkungen {\\"u}ber Frazers Golden Bough},\n'
        "  crossref = {klein},\n  pages = {29--46},\n}\n"
        "@inbook{bare,\n  crossref = {klein},\n}\n"
    )
    entries = {e.key: e for e in read_bibtex(text).entries}
    assert entries["onFrazer"].authors == ("Wittgenstein",)
    assert entries["onFrazer"].title == "Bemerkungen über Frazers Golden Bough"
    assert entries["onFrazer"].year == "1989"
    assert entries["bare"].title == "Vortrag über Ethik"


# --- LaTeX -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("latex", "text"),
    [
        (
            r"a\&b\%c\$d\#e\_f\textasciitilde{}\textasciicircum{}\textbackslash{}",
            "a&b%c$d#e_f~^\\",
        ),
        (r"ElsevierGlyph: \ElsevierGlyph{2014}", "ElsevierGlyph: —"),
        (r"Would Owe \$620 Billion", "Would Owe $620 Billion"),
        (r"Drama,Mentally ill$$QMentally ill", "Drama,Mentally ill QMentally ill"),
        (r"Stra\ss e und {\o}l, \c{c}a, \v{S}koda \aa{}r", "Straße und øl, ça, Škoda år"),
    ],
)
def test_latex_decoded(latex: str, text: str) -> None:
    assert latex_to_text(latex) == text


def test_a_command_escaped_twice_leaves_no_backslash() -> None:
    # ``III\textendash V`` through an export that escaped its backslash once more.
    got = latex_to_text(r"Zinc Blende III\textbackslash textendashV Nanowires")
    assert "\\" not in got
    assert got.startswith("Zinc Blende III")
    assert got.endswith("Nanowires")


_PIECES = [
    '{\\"u}',
    '\\"u',
    '\\"{O}',
    "\\'e",
    "\\`a",
    "\\^{o}",
    "\\~n",
    "\\=a",
    "\\.z",
    "\\c{c}",
    "\\v{s}",
    "\\u{a}",
    "\\H{o}",
    "\\k{a}",
    "\\r{a}",
    "\\ss",
    "\\ss{}",
    "{\\o}",
    "\\O",
    "\\aa",
    "{\\AE}",
    "\\oe",
    "\\l",
    "{\\i}",
    "\\textendash",
    "\\textemdash{}",
    "\\&",
    "\\%",
    "\\#",
    "\\_",
    "Cu$_2$O",
    "$^{13}$C",
    "$x$",
    "word",
    "Word",
    " ",
    "--",
    "---",
    "~",
    "{",
    "}",
    ",",
]


@given(st.lists(st.sampled_from(_PIECES), max_size=12))
def test_the_quick_reading_is_the_parsers(pieces: list[str]) -> None:
    """Whatever the mix of common accents, letters and escapes, the text is pylatexenc's."""
    value = "".join(pieces)
    if value.count("{") != value.count("}"):
        return  # unbalanced braces are the fallback's, tested elsewhere
    walker_db, renderer = _contexts()

    # A symbol glued to the next word (``\\ssword``) is read as the symbol and the word, which
    # pylatexenc alone drops as one unknown command; so is a name's macro (``\\Csharp``).
    parsed = renderer.latex_to_text(
        _scripts_in_math(_USER_MACRO.sub(_user_macro, _GLUED_SYMBOL.sub(_unglued, value))),
        latex_context=walker_db,
        tolerant_parsing=True,
    )
    expected = " ".join(unicodedata.normalize("NFC", parsed.replace("\u00a0", " ")).split())
    assert latex_to_text(value) == expected


# --- Zotero JSON -----------------------------------------------------------------------------


def test_a_zotero_item_without_creators_takes_the_first_person_in_extra() -> None:
    items = [
        {
            "itemType": "encyclopediaArticle",
            "title": "Empty book",
            "citationKey": "emptybook",
            "extra": "{:X-genre: xxx}\n{:editor: Xxx}",
        },
        {
            "itemType": "report",
            "title": "A report",
            "citationKey": "report",
            "extra": "editor: Editrix||Emma\neditor: Editor||Ed",
        },
    ]
    got = read_json_bibliography(json.dumps({"config": {}, "items": items}))
    assert [e.authors for e in got.entries] == [("Xxx",), ("Editrix",)]


# --- RIS -------------------------------------------------------------------------------------


def test_an_edited_book_in_ris_is_named_by_its_editors() -> None:
    # JabRef's RisImporterTest4b: a book with editors (ED) and no author.
    text = (
        "TY  - BOOK\nED  - Robinson, W. F.\nED  - Huxtable, C. R. R.\n"
        "TI  - Clinicopathologic Principles For Veterinary Medicine\n"
        "PB  - Cambridge University Press\nPY  - 1988\nID  - robinson\nER  -\n"
    )
    (entry,) = read_ris(text).entries
    assert entry.authors == ("Robinson", "Huxtable")
    assert entry.year == "1988"


def test_a_per_cent_line_of_a_multi_line_title_stays_in_it() -> None:
    text = "@misc{a,\n  title = {Rates of change:\n% of patients improved\n  in trials},\n}\n"
    assert read_bibtex(text).entries[0].title == "Rates of change: % of patients improved in trials"
