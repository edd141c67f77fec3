"""Field comparison: case, accents, punctuation, subtitles, abbreviations, page ranges."""

from __future__ import annotations

from quote_tui.manuscripts.model import BibEntry
from quote_tui.references.compare import (
    differences,
    fold,
    page_range,
    same_family,
    same_journal,
    same_pages,
    title_score,
)
from quote_tui.sources.net.works import RegisteredWork


def test_fold_drops_case_accents_and_punctuation() -> None:
    assert fold("Müller–Lyer & Co.") == "muller lyer and co"
    assert fold("Straße") == "strasse"


def test_titles_alike_without_subtitle_or_notice_prefix() -> None:
    full = "Molecular Structure of Nucleic Acids: A Structure for Deoxyribose Nucleic Acid"
    assert title_score("Molecular structure of nucleic acids", full) == 100.0
    assert title_score("Deep learning", "RETRACTED: Deep Learning") == 100.0
    assert title_score("Deep learning", "Shallow thoughts on gardening") < 60


def test_family_names() -> None:
    assert same_family("Müller", "Muller")
    assert same_family("van der Berg", "Berg")
    assert same_family("Le Cun", "LeCun")
    assert not same_family("Watson", "Crick")


def test_journal_names_and_abbreviations() -> None:
    assert same_journal("Lancet", ("The Lancet",))
    assert same_journal("J. Biol. Chem.", ("Journal of Biological Chemistry",))
    assert same_journal("Science", ("Science (New York, N.Y.)", "Science"))
    assert not same_journal("Nature", ("Science",))


def test_page_ranges() -> None:
    assert page_range("123-30") == ("123", "130")
    assert page_range("e1234") == ("e1234", None)
    assert same_pages("637--41", "637-641")
    assert same_pages("436", "436-444")
    assert not same_pages("436-444", "437-444")


def test_differences_name_fields_with_registered_values() -> None:
    entry = BibEntry(
        key="w",
        title="Molecular structure of nucleic acids",
        authors=("Watson",),
        year="1954",
        journal="Nature",
        pages="737--738",
    )
    work = RegisteredWork(
        source="crossref",
        title="Molecular Structure of Nucleic Acids",
        authors=("Watson", "Crick"),
        years=("1953",),
        journals=("Nature",),
        pages="737-738",
    )
    diffs = differences(entry, work)
    assert [(d.field, d.cited, d.registered) for d in diffs] == [("year", "1954", "1953")]


def test_years_from_print_or_online_all_count() -> None:
    entry = BibEntry(year="2019")
    work = RegisteredWork(source="crossref", years=("2020", "2019"))
    assert differences(entry, work) == ()
