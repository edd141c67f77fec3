"""A quotation found as it stands is also counted where a line break interrupts it.

The exact tier ends the ladder; the same words broken across two lines (a wrapped line, an
end-of-line hyphen) are found by the normalized tier's fold and added to the count and, as
room allows, to the matches, after the verbatim ones.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.engine.check import check
from quote_tui.engine.records import MatchOptions, Status
from quote_tui.engine.text import PreparedText

QUOTE = "Testing must be performed on treatment-naïve tumor tissue"


def test_wrapped_and_hyphen_broken_occurrences_are_counted() -> None:
    text = (
        f"{QUOTE}. Later, Testing must be performed on treatment-\nnaïve tumor tissue. "
        "And again: Testing must be\nperformed on treatment-naïve tumor tissue."
    )
    result = check(PreparedText(text), QUOTE)
    assert result.status is Status.EXACT
    assert result.match_count == 3
    assert [m.kind for m in result.matches] == [Status.EXACT, Status.NORMALIZED, Status.NORMALIZED]
    assert result.matches[0].start == 0  # the verbatim occurrence stays first
    assert all("\n" in m.text for m in result.matches[1:])


def test_broken_occurrences_beyond_the_shown_ones_are_counted() -> None:
    text = " ".join(
        [QUOTE + "."] * 3 + ["Testing must be performed\non treatment-naïve tumor tissue."]
    )
    result = check(PreparedText(text), QUOTE, options=MatchOptions(max_matches=2))
    assert result.match_count == 4
    assert len(result.matches) == 2
    assert result.matches_truncated


def test_spaced_or_retyped_occurrences_on_one_line_are_not_added() -> None:
    # only line-broken occurrences join a verbatim one: a double space on one line is not
    text = f"{QUOTE}. Then Testing must be  performed on treatment-naïve tumor tissue."
    result = check(PreparedText(text), QUOTE)
    assert result.match_count == 1


def test_a_word_continued_across_the_break_is_not_an_occurrence() -> None:
    text = "the tumor tissue was there. the tumor tis-\nsues were there."
    result = check(PreparedText(text), "the tumor tissue")
    assert result.match_count == 1


@pytest.mark.corpus
def test_faragalla_line_broken_occurrence_on_page_one_is_counted(corpus_dir: Path) -> None:
    from quote_tui.sources.readers.local import read_path

    loaded = read_path(corpus_dir / "pdf" / "faragalla-ki67-curroncol.pdf")
    result = check(loaded.prepared, QUOTE)
    assert result.status is Status.EXACT
    assert result.match_count == 2
    assert sorted(m.page_start for m in result.matches) == [1, 10]


@pytest.mark.parametrize("brk", ["\n", "\r\n", "\r", "\x0b", "\x0c", "\x85", "\u2028", "\u2029"])
def test_every_line_break_the_fold_knows_interrupts_an_occurrence(brk: str) -> None:
    text = f"the tumor tissue was there; the tumor{brk}tissue was there."
    assert check(PreparedText(text), "the tumor tissue").match_count == 2
