"""A page cited for two or three words in marks says where they stand: the writer quotes them
from there, even when they go on to use the words as a term or list them with others. Lines
written in the forms an APA literature review uses (m2's study-buddy review)."""

from __future__ import annotations

from pathlib import Path

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
