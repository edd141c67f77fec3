"""A page cited for two or three words in marks says where they stand: the writer quotes them
from there, even when they go on to use the words as a term or list them with others. Lines
written in the forms an APA literature review uses (m2's study-buddy review)."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts.document import Document
from quote_tui.manuscripts.yearpage import year_page_source
from tests.manuscripts.helpers import quotes_found, write


def _md(tmp_path: Path, text: str) -> dict[str, tuple[str | None, str | None]]:
    return quotes_found(write(tmp_path, "a.md", "# Review\n\n" + text))


def test_a_term_cited_at_a_page_closing_its_sentence_is_quoted_though_used_again(
    tmp_path: Path,
) -> None:
    got = _md(
        tmp_path,
        "Related to training is the notion of “joint steering” in groups (Hadley, Marsh, & "
        "Lund, 2013, p. 269). Joint steering occurs when members plan together.\n",
    )
    assert set(got) == {"joint steering"}
    assert got["joint steering"][1] == "269"


def test_terms_listed_before_a_paged_citation_are_each_quoted(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        "Critical thought, on this view, is “reflective doubt” or “careful reason” (Doyle, "
        "1987, p. 21) about claims to truth.\n",
    )
    assert set(got) == {"reflective doubt", "careful reason"}


def test_a_paged_citation_that_compares_gives_no_words(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        "Related to training is the notion of “joint steering” in groups (see Hadley, 2013, "
        "p. 269). Joint steering occurs when members plan together.\n",
    )
    assert got == {}


def test_a_term_used_again_without_a_page_stays_the_writers(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        "Related to training is the notion of “joint steering” in groups (Hadley, 2013). "
        "Joint steering occurs when members plan together.\n",
    )
    assert got == {}


def test_a_year_and_page_alone_cite_the_paragraphs_citation_of_that_year(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        "For example, Doyle (1987) argues that critical thought is a dual process. Doyle calls "
        "this process “reflective doubt” or “careful reason” (1987, p. 21) about claims to "
        "truth.\n",
    )
    assert {quote: got[quote][1] for quote in got} == {
        "reflective doubt": "21",
        "careful reason": "21",
    }


def test_a_year_and_page_name_no_work_the_paragraph_has_not_cited_that_year() -> None:
    text = "Doyle (1990) argues so. Doyle calls it “reflective doubt” (1987, p. 21) about claims."
    doc = Document(file="a.md", text=text, kind="markdown")
    assert year_page_source(doc, text.index("”") + 1) is None
    text = text.replace("(1990)", "(1987)")
    dated = year_page_source(Document(file="a.md", text=text, kind="markdown"), text.index("”") + 1)
    assert dated is not None and dated.names == ("Doyle",) and dated.locator is not None
