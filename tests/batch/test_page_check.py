"""The cited page against the printed pages where a quotation stands."""

from __future__ import annotations

from quote_tui.api import CitationSpec, PreparedText, check_text
from quote_tui.batch.page_check import page_check

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
