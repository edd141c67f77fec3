"""The cited page against the printed pages where a quotation stands."""

from __future__ import annotations

from pathlib import Path

from quote_tui.api import CitationSpec, PreparedText, check_batch, check_text, parse_batch, run
from quote_tui.batch.page_check import page_check, with_cited_page

PAGES = ["Preface words here.", "The roman page says this.", "Body one.", "Again this phrase."]


def _prepared(labels: list[str]) -> PreparedText:
    starts, text = [], ""
    for page in PAGES:
        starts.append(len(text))
        text += page + "\n"
    prepared = PreparedText(text, page_starts=starts)
    prepared.page_labels = tuple(labels)
    return prepared


def _check(quote: str, value: str, pages: list[int], labels: list[str]) -> dict | None:
    prepared = _prepared(labels)
    spec = CitationSpec(
        "c1", "s1", quote, locator={"label": "page", "value": value, "pages": pages}
    )
    return page_check(spec, check_text(prepared, quote), prepared)


def test_a_roman_cited_page_is_compared() -> None:
    labels = ["i", "ii", "1", "2"]
    assert _check("The roman page says", "p. ii", [], labels)["status"] == "agrees"
    assert _check("The roman page says", "p. iii", [], labels)["status"] == "differs"
    assert _check("The roman page says", "pp. i–iii", [], labels)["status"] == "agrees"


def test_every_occurrence_counts_not_only_the_first() -> None:
    labels = ["i", "ii", "1", "2"]
    # "this" stands on printed pages ii and 2: citing page 2 agrees
    check = _check("this", "p. 2", [2], labels)
    assert check == {"status": "agrees", "cited": "p. 2", "found": "2", "pdf_page": 4}
    assert _check("this", "p. 1", [1], labels)["status"] == "differs"


def test_an_occurrence_on_an_unnumbered_page_is_unknown_never_differs() -> None:
    # "this" stands on page ii and on the last page, whose number nobody knows
    labels = ["i", "ii", "1", None]
    check = _check("this", "p. 7", [7], labels)
    assert check is not None and check["status"] == "unknown"
    assert check["pdf_page"] == 4
    # with every page numbered, the same citation differs
    assert _check("this", "p. 7", [7], ["i", "ii", "1", "2"])["status"] == "differs"


def test_a_line_broken_occurrence_on_the_cited_page_is_found_and_counted() -> None:
    # exact on page 2, only line-broken (normalized) on page 1: the check stops at exact
    text = "A score of <5 or >30 is\nmore robust here.\n\nA score of <5 or >30 is more robust."
    second = text.index("\n\nA score") + 2
    prepared = PreparedText(text, page_starts=[0, second])
    prepared.page_labels = ("3079", "3088")
    quote = "A score of <5 or >30 is more robust"
    spec = CitationSpec("c1", "s1", quote, locator={"label": "page", "value": "p. 3079"})
    # the check counts both; with one match shown, the page check lacks the cited page's
    result = check_text(prepared, quote, max_matches=1)
    assert result.match_count == 2
    assert page_check(spec, result, prepared)["status"] == "unknown"
    widened = with_cited_page(spec, result, prepared)
    assert widened.match_count == 2
    assert [m.page_start for m in widened.matches] == [1, 2]
    assert widened.matches[0].text == "A score of <5 or >30 is\nmore robust"
    check = page_check(spec, widened, prepared)
    assert check == {"status": "agrees", "cited": "p. 3079", "found": "3079", "pdf_page": 1}
    # a citation of the page it already stands on is left as it is
    on_page = CitationSpec("c2", "s1", quote, locator={"label": "page", "value": "p. 3088"})
    assert with_cited_page(on_page, result, prepared) is result


def test_both_faragalla_citations_of_page_3079_agree(corpus_dir: Path) -> None:
    """PDF page 1 prints no number; its neighbours say it is 3079."""
    pdf = corpus_dir / "pdf/faragalla-ki67-curroncol.pdf"
    batch = {
        "sources": [{"id": "f", "ref": str(pdf)}],
        "citations": [
            {"id": "a", "source": "f", "quote": "A score of <5 or >30 is more robust",
             "locator": "p. 3079"},
            {"id": "b", "source": "f",
             "quote": "Testing must be performed on treatment-naïve tumor tissue",
             "locator": "p. 3079"},
        ],
    }  # fmt: skip
    report = run(lambda: check_batch(parse_batch(batch)))
    for citation in report["citations"]:
        assert citation["page_check"]["status"] == "agrees", citation["page_check"]
        assert citation["page_check"]["pdf_page"] == 1
    assert report["citations"][1]["match_count"] == 2


def test_a_chapter_cited_in_a_text_of_printed_pages_is_not_compared() -> None:
    # a manuscript's "ch. 2" as written: a PDF's printed pages are no chapters, so no verdict
    prepared = _prepared(["i", "ii", "1", "2"])
    spec = CitationSpec("c1", "s1", "Body one", locator={"label": "chapter", "value": "ch. 2"})
    assert page_check(spec, check_text(prepared, "Body one"), prepared) is None
    chapters = _prepared([None, "ch. 1", "ch. 2", "ch. 3"])
    check = page_check(spec, check_text(chapters, "Body one"), chapters)
    assert check is not None and check["status"] == "agrees"
