"""Words hyphenated across a column or page break, with other blocks between the halves."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.engine.check import check
from quote_tui.engine.page_joins import bridges
from quote_tui.engine.records import Rule, Status
from quote_tui.engine.text import PreparedText

FIGURE = "a set of arti-\n\nFigure 4: System overview.\n\ncles that talk about the same news"
QUOTE = "a set of articles that talk about the same news"


def test_a_word_split_around_a_figure_is_normalized_and_the_figure_is_omitted_text() -> None:
    result = check(PreparedText(FIGURE), QUOTE)
    assert result.status is Status.NORMALIZED
    (m,) = result.matches
    assert (m.start, m.end) == (0, len(FIGURE))
    assert Rule.DEHYPHENATE in m.rules
    head, tail = m.fragments
    assert FIGURE[head.start : head.end] == "a set of arti-"
    assert head.omitted == "Figure 4: System overview."
    assert FIGURE[tail.start : tail.end] == "cles that talk about the same news"
    assert head.quote + tail.quote == QUOTE


def test_a_word_split_across_a_page_with_its_foot_and_head_reports_both_pages() -> None:
    page1 = "The results were comparable to earlier arti-\n\n12\n\n"
    page2 = "JOURNAL OF EXAMPLES\n\ncles on the same topic."
    text = page1 + page2
    result = check(
        PreparedText(text, page_starts=(0, len(page1))),
        "comparable to earlier articles on the same topic",
    )
    assert result.status is Status.NORMALIZED
    (m,) = result.matches
    assert (m.page_start, m.page_end) == (1, 2)
    assert m.fragments[0].omitted == "12\n\nJOURNAL OF EXAMPLES"


def test_a_changed_word_across_the_break_is_near_with_its_difference() -> None:
    result = check(PreparedText(FIGURE), "a set of articles that talk about the same story")
    assert result.status is Status.NEAR
    (m,) = result.matches
    assert m.start == 0
    assert [(d.quote, d.source) for d in m.differences] == [("story", "news")]


@pytest.mark.parametrize(
    "text",
    [
        # the next block starting with a capital is a new sentence, not the word's end
        "a set of arti-\n\nFigure 4: System overview.\n\nCles that talk about the same news",
        # too far on to be the same word
        "a set of arti-\n\n" + "Other block.\n\n" * 400 + "cles that talk about the same news",
    ],
)
def test_no_join_where_the_reading_order_does_not_go_on_with_the_word(text: str) -> None:
    assert check(PreparedText(text), QUOTE).status is not Status.NORMALIZED


def test_a_break_the_fold_already_joins_is_no_bridge() -> None:
    prepared = PreparedText("we read the arti-\n\ncles twice")
    assert bridges(prepared) == ()
    assert check(prepared, "we read the articles twice").status is Status.NORMALIZED


_words = st.lists(
    st.sampled_from(["alpha", "beta", "gamma", "delta", "omega", "sigma", "kappa"]), min_size=3
)
_furniture = st.lists(
    st.sampled_from(["Figure 2: Overview.", "12", "JOURNAL OF TESTS", "Table 1", "(a) Left"]),
    min_size=1,
    max_size=4,
)


@settings(max_examples=60, deadline=None)
@given(before=_words, after=_words, furniture=_furniture, cut=st.integers(1, 5))
def test_any_word_split_around_any_blocks_is_found_between_its_halves(
    before: list[str], after: list[str], furniture: list[str], cut: int
) -> None:
    word = "hyphenation"
    text = (
        " ".join(before)
        + f" {word[:cut]}-\n\n"
        + "\n\n".join(furniture)
        + f"\n\n{word[cut:]} "
        + " ".join(after)
    )
    quote = " ".join([*before, word, *after])
    result = check(PreparedText(text), quote)
    assert result.status is Status.NORMALIZED
    m = result.matches[0]
    assert (m.start, m.end) == (0, len(text))
    assert m.fragments[0].omitted == "\n\n".join(furniture)


def test_the_corpus_paper_whose_figure_splits_a_word(corpus_dir: Path) -> None:
    from quote_tui.sources.readers.pdf import extract_pdf

    pdf = extract_pdf((corpus_dir / "pdf" / "shinyama-naacl2006.pdf").read_bytes())
    prepared = PreparedText(pdf.text, page_starts=pdf.page_starts)
    quote = "in order to find a set of articles that talk about exactly the same news"
    result = check(prepared, quote)
    assert result.status is Status.NORMALIZED
    assert result.matches[0].page_start == 4
