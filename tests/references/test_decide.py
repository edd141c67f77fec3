"""The status rules as a pure function: never "fabricated", a close match always named."""

from __future__ import annotations

from quote_tui.manuscripts.model import BibEntry
from quote_tui.references.decide import Evidence, decide
from quote_tui.sources.net.works import RegisteredWork, WorkUpdate

PAPER = RegisteredWork(
    source="crossref",
    doi="10.1/x",
    title="A study of owls in winter",
    authors=("Hoot",),
    years=("2001",),
)


def test_no_identifier_and_no_title_is_unverifiable() -> None:
    check = decide("k", BibEntry(key="k"), Evidence())
    assert str(check.status) == "unverifiable"
    assert "no title" in (check.reason or "")


def test_missing_identifier_without_a_search_is_not_called_not_found() -> None:
    entry = BibEntry(key="k", title="A study of owls in winter", doi="10.1/y")
    check = decide("k", entry, Evidence(missing=("DOI 10.1/y",), unavailable="offline"))
    assert str(check.status) == "unverifiable"


def test_weak_candidate_is_named_as_close_match() -> None:
    entry = BibEntry(key="k", title="A study of owls in the spring", doi="10.1/y", year="1999")
    check = decide(
        "k", entry, Evidence(missing=("DOI 10.1/y",), candidates=(PAPER,), searched=True)
    )
    assert str(check.status) == "not_found"
    assert check.close_match == PAPER
    assert "owls in winter" in (check.reason or "")


def test_a_retraction_outranks_a_mismatch_and_keeps_the_differences() -> None:
    entry = BibEntry(key="k", title="A study of owls in winter", year="2002", doi="10.1/x")
    notice = WorkUpdate(kind="retraction", source="retraction_watch")
    check = decide("k", entry, Evidence(crossref=PAPER, notices=(notice,)))
    assert str(check.status) == "retracted"
    assert [d.field for d in check.differences] == ["year"]


def test_a_retraction_notice_record_counts_as_retracted() -> None:
    notice_record = RegisteredWork(
        source="pubmed", pmid="1", updates=(WorkUpdate(kind="retraction_of", source="pubmed"),)
    )
    check = decide("k", BibEntry(key="k", pmid="1"), Evidence(pubmed=notice_record))
    assert str(check.status) == "retracted"


def test_a_pmid_and_a_doi_naming_different_works() -> None:
    pubmed = RegisteredWork(
        source="pubmed", pmid="5", doi="10.1/other", title="A study of owls in winter"
    )
    entry = BibEntry(key="k", title="A study of owls in winter", doi="10.1/x", pmid="5")
    check = decide("k", entry, Evidence(crossref=PAPER, pubmed=pubmed))
    assert str(check.status) == "metadata_mismatch"
    assert check.differences[-1].field == "doi"
    lost = decide("k", entry, Evidence(pubmed=pubmed, missing=("DOI 10.1/x",)))
    assert str(lost.status) == "metadata_mismatch"
    assert lost.differences[0].registered == "10.1/other"


def test_a_doi_naming_another_work_names_the_cited_one() -> None:
    other = RegisteredWork(
        source="crossref",
        doi="10.1/go",
        title="Mastering the game of Go with deep neural networks and tree search",
        authors=("Silver",),
        years=("2016",),
    )
    entry = BibEntry(
        key="k",
        title="Mastering the game of Go with deep neural networks and tree search",
        authors=("Silver",),
        year="2016",
        doi="10.1/x",
    )
    check = decide("k", entry, Evidence(crossref=PAPER, candidates=(other,), searched=True))
    assert str(check.status) == "metadata_mismatch"
    assert check.close_match == other
    assert "matches another registered work" in (check.reason or "")
    assert {d.field for d in check.differences} >= {"title", "first_author", "year"}


def test_a_pmid_with_no_record_beside_a_registered_doi() -> None:
    entry = BibEntry(key="k", title="A study of owls in winter", doi="10.1/x", pmid="PMC1")
    check = decide("k", entry, Evidence(crossref=PAPER, missing=("PMID PMC1",)))
    assert str(check.status) == "metadata_mismatch"
    assert check.differences[-1].field == "pmid"


def test_a_work_found_by_search_brings_its_notices() -> None:
    retracted = RegisteredWork(
        source="crossref",
        doi="10.1/r",
        title="A study of owls in winter",
        updates=(WorkUpdate(kind="retraction", source="crossref"),),
    )
    entry = BibEntry(key="k", title="A study of owls in winter")
    check = decide("k", entry, Evidence(candidates=(retracted,), searched=True))
    assert str(check.status) == "retracted"
    assert check.registered == retracted
