"""One locator grammar: every way writers type a place, read the same by every reader.

The written forms are those of real manuscripts (three writers or more each, in the labelled
sets and in public repositories outside them); the sentences around them are written for the
test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.locators import BARE_LOCATOR, parse_locator, postnote_locator


@pytest.mark.parametrize(
    ("written", "label", "value", "pages"),
    [
        # a page's abbreviation typed without its stop (German notes, Word users)
        ("S 197f.", "page", "197f.", (197,)),
        ("pg 12", "page", "12", (12,)),
        # the page's word in Dutch, Polish/Czech, Scandinavian and Italian citations
        ("blz. 4", "page", "4", (4,)),
        ("str. 45-46", "page", "45-46", (45, 46)),
        ("s. 12", "page", "12", (12,)),
        ("pag. 44", "page", "44", (44,)),
        # "and following" in Spanish, French and Latin keeps its stop as German "f." does
        ("p. 3 s.", "page", "3 s.", (3,)),
        ("pp. 12 ss.", "page", "12 ss.", (12,)),
        ("p. 7 sqq.", "page", "7 sqq.", (7,)),
        # a statute's article and its paragraph, with the law's name when it follows
        ("Art. 17", "section", "Art. 17", ()),
        ("Art. 5 Abs. 1 GG", "section", "Art. 5 Abs. 1 GG", ()),
        ("§1 Absatz 1 BDSG", "section", "§1 Absatz 1 BDSG", ()),
        ("Artikel 21 Absatz 2", "section", "Artikel 21 Absatz 2", ()),
        # an e-book reader's location
        ("loc. 345", "location", "loc. 345", ()),
        ("Pos. 1234", "location", "Pos. 1234", ()),
        # a book in roman numerals with chapter and verse (church histories, the fathers)
        ("IV, 23:10", "section", "IV, 23:10", ()),
        ("V, 24:16", "section", "V, 24:16", ()),
        # a web text's part named by its heading
        ("Abschnitt „1.1 What Machine Learning is About“", "section", None, ()),
        ("chapter “Introduction”", "chapter", "chapter “Introduction”", ()),
    ],
)
def test_the_grammar_reads_each_written_form(
    written: str, label: str, value: str | None, pages: tuple[int, ...]
) -> None:
    found = parse_locator(written)
    assert found is not None
    assert (found.label, found.value, found.pages) == (label, value or written, pages)


@pytest.mark.parametrize(
    "written",
    ["44:4-5", "38:23", "9:18", "IV, 23:10", "Art. 5 Abs. 1 GG", "S 197f.", "00:12:30", "p. 3 s."],
)
def test_a_place_alone_in_brackets_is_a_locator(written: str) -> None:
    assert re.fullmatch(BARE_LOCATOR, written)


@pytest.mark.parametrize("written", ["Henry V", "Part II", "IV", "Abb. 3", "Nr. 5", "Z. 12"])
def test_a_name_a_roman_numeral_or_the_writers_own_item_is_no_place_alone(written: str) -> None:
    assert not re.fullmatch(BARE_LOCATOR, written)


def _located(tmp_path: Path, text: str) -> list[tuple[str, str | None]]:
    md = tmp_path / "essay.md"
    md.write_text(text, encoding="utf-8")
    return [(c.quote, c.locator.value if c.locator else None) for c in scan(md).citations]


def test_chapter_and_verse_after_a_quotation_and_closing_a_block(tmp_path: Path) -> None:
    # sermons and church-history posts cite the book they discuss by chapter and verse alone
    got = _located(
        tmp_path,
        "Juda sees it at last: “Zij is rechtvaardiger dan ik, zegt hij tot allen” (38:26).\n\n"
        "The letter goes on to warn the elders:\n\n"
        "> We see that you have removed some men from the ministry which they fulfilled"
        " blamelessly and with honour (44:6).\n\n"
        "Eusebius reports that he “kept the custom of the elders before him” (V, 24:16).\n",
    )
    assert [loc for _, loc in got] == ["38:26", "44:6", "V, 24:16"]


def test_a_statutes_article_after_a_quotation(tmp_path: Path) -> None:
    # legal seminar papers and policy notes quote a statute with its article alone
    got = _located(
        tmp_path,
        "Das Grundgesetz garantiert, „jeder hat das Recht, seine Meinung in Wort, Schrift und"
        " Bild frei zu äußern“ (Art. 5 Abs. 1 GG). Daraus folgt viel.\n\n"
        "The regulation states that the data subject “shall have the right to obtain from the"
        " controller the erasure of personal data concerning him or her” (Art. 17).\n",
    )
    assert [loc for _, loc in got] == ["Art. 5 Abs. 1 GG", "Art. 17"]


def test_a_page_typed_without_its_stop_after_a_quotation(tmp_path: Path) -> None:
    got = _located(
        tmp_path,
        "Er schreibt: „Jede Propaganda hat sich nach der Aufnahmefähigkeit der Beschränktesten"
        " zu richten“ (S 197f.). Das ist deutlich.\n",
    )
    assert [loc for _, loc in got] == ["197f."]


@pytest.mark.parametrize(
    ("postnote", "label", "value"),
    [
        # postnotes typed with no space or stop (a French thesis's \footcite[p241]{key})
        ("p241", "page", "241"),
        # places that are not pages, kept with their kind
        ("Article 4.3", "section", "Article 4.3"),
        ("Art. 6(1)(f)", "section", "Art. 6(1)(f)"),
        ("Decision 1/CP.13, para. 1(e)", "paragraph", "Decision 1/CP.13, para. 1(e)"),
        ("diapo 7", "slide", "diapo 7"),
        ("Heb 11:6", "verse", "Heb 11:6"),
        ("1 Cor 13:4-7", "verse", "1 Cor 13:4-7"),
        ("sig. A3r", "folio", "sig. A3r"),
    ],
)
def test_a_postnote_keeps_its_place_and_kind(postnote: str, label: str, value: str) -> None:
    found = postnote_locator(postnote)
    assert found is not None
    assert (found.label, found.value) == (label, value)


def test_the_place_a_lead_in_names_before_its_colon(tmp_path: Path) -> None:
    # a bracketed place closing the lead-in, and a law's article the lead-in names
    got = _located(
        tmp_path,
        "Over hem schrijft Dionysius het volgende (IV, 23:10):\n\n"
        "> U onderhoudt daarmee als Romeinen een voorouderlijke gewoonte van de vaders.\n\n"
        "Den Zweck dieses Gesetzes fasst der §1 Absatz 1 BDSG zusammen:\n\n"
        "> Zweck dieses Gesetzes ist es, den Einzelnen davor zu schützen, dass er beeinträchtigt"
        " wird.\n\n"
        "Nach Art. 17 DSGVO müssen folgende Punkte zutreffen:\n\n"
        "> Die personenbezogenen Daten sind für die Zwecke, für die sie erhoben wurden, nicht"
        " mehr notwendig.\n",
    )
    assert [loc for _, loc in got] == ["IV, 23:10", "§1 Absatz 1 BDSG", "Art. 17 DSGVO"]


def test_a_cited_blocks_lead_in_naming_another_article_gives_no_place(tmp_path: Path) -> None:
    # the lead-in contrasts an article with what the block quotes; the block's own citation
    # gives its place, a document's part and paragraph, as written
    got = _located(
        tmp_path,
        "In 2007 the plan broke with the old logic. Where Article 4.3 had specified"
        " reimbursement of agreed costs, Bali called for something broader:\n\n"
        "> Enhanced action on the provision of financial resources and investment to support"
        " action on mitigation and adaptation. [@unfccc2007, Decision 1/CP.13, para. 1(e)]\n\n"
        "A law quoted with no citation keeps the article its lead-in names. Nach Art. 17 DSGVO"
        " gilt:\n\n"
        "> Die personenbezogenen Daten sind für die Zwecke, für die sie erhoben wurden, nicht"
        " mehr notwendig.\n",
    )
    assert [loc for _, loc in got] == ["Decision 1/CP.13, para. 1(e)", "Art. 17 DSGVO"]


def test_a_school_essays_line_stays_before_the_paragraph_it_names_later(tmp_path: Path) -> None:
    # "(Abs. 1)" and "(Z. 1)" point into the one text the essay reads, as lines do
    got = _located(
        tmp_path,
        "Im ersten Teil wird gesagt, warum der Lyrik der „Status einer aktuellen Kunstform"
        " in unserer Zeit“ (Z. 1) bescheinigt werden kann: Lyriker erhalten Preise (Abs. 1).\n",
    )
    assert [loc for _, loc in got] == ["Z. 1"]
