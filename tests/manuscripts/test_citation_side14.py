"""Citation side, wave 14: quotations inside a Pandoc citation's bracket, and a citation set
after the sentence's full stop when the sentence holds other words in marks."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan

_BIB = (
    "@book{lo2020, title = {Reading}, author = {Lo, Kyle}, year = 2020}\n"
    "@book{ng2019, title = {Writing}, author = {Ng, Ann}, year = 2019}\n"
)


def _cited(tmp_path: Path, text: str) -> dict[str, tuple[str | None, str | None]]:
    (tmp_path / "refs.bib").write_text(_BIB, encoding="utf-8")
    path = tmp_path / "chapter.md"
    path.write_text(text, encoding="utf-8")
    return {
        c.quote[:20]: (
            c.reference.key if c.reference else None,
            c.locator.value if c.locator else None,
        )
        for c in scan(path, bib=[tmp_path / "refs.bib"]).citations
    }


def test_a_quotation_in_a_pandoc_citations_suffix_or_prefix_is_that_works(tmp_path: Path) -> None:
    text = (
        "The curriculum replaced the syllabus in those years."
        " [@lo2020, p. 600, “this turn from syllabus to curriculum is a change of concept”]\n\n"
        "Writing came to be taught as a process."
        " [“writing is a way of thinking and not only of telling”, @ng2019, p. 12]\n"
    )
    assert _cited(tmp_path, text) == {
        "this turn from sylla": ("lo2020", "600"),
        "writing is a way of ": ("ng2019", "12"),
    }


def test_a_citation_after_the_full_stop_covers_its_sentence_past_other_marks(
    tmp_path: Path,
) -> None:
    text = (
        "The theory holds that “all versions of reality are made by a culture” and that"
        " learners “invent” theirs again, while frames are set for them. [@lo2020, p. 5]\n"
        "The next sentence goes on.\n"
    )
    assert _cited(tmp_path, text) == {"all versions of real": ("lo2020", "5")}


def test_an_aside_does_not_reach_back_past_a_sentence(tmp_path: Path) -> None:
    # the guard: a quotation in the sentence before stays unreferenced
    text = (
        "The theory holds that “all versions of reality are made by a culture” as a rule."
        " Learners “invent” theirs again. [@lo2020, p. 5]\n"
    )
    assert _cited(tmp_path, text)["all versions of real"] == (None, None)
