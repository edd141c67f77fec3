"""Near spans run from the first quoted word to the last, and their edge words are diffed.

A near span never starts or ends inside a word ("don't", "alpha-catenin") or a number ("0.05"),
and a word changed or dropped at either edge, above all a negation, belongs to the span and to
its differences.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.engine.check import check
from quote_tui.engine.records import DiffKind, Status
from quote_tui.engine.text import PreparedText
from tests.engine.vocabulary import WORDS


def _near_match(source: str, quote: str):  # type: ignore[no-untyped-def]
    result = check(PreparedText(source), quote)
    assert result.status is Status.NEAR, result.status
    return result.matches[0]


def _critical(match, kind: DiffKind) -> bool:  # type: ignore[no-untyped-def]
    return any(d.critical and d.kind is kind for d in match.differences)


def test_contraction_dropped_right_after_the_first_word() -> None:
    passage = "You don't have to become a lifelong contributor to the project and learn its ways."
    source = f"Some say this. {passage} Others differ."
    quote = "You have to become a lifelong contributor to the project and learn its ways."
    match = _near_match(source, quote)
    assert match.text == passage
    assert _critical(match, DiffKind.NEGATION)


def test_negation_dropped_after_the_first_word() -> None:
    passage = "PTEN did not activate AKT signalling in the treated cells of the cohort."
    source = f"In this study {passage} More text follows here."
    quote = "PTEN activated AKT signalling in the treated cells of the cohort."
    match = _near_match(source, quote)
    assert match.text == passage
    assert _critical(match, DiffKind.NEGATION)


def test_a_changed_first_word_stays_in_the_span_when_the_next_word_repeats_it() -> None:
    source = "garden river meadow winter copper copper river morning lantern"
    match = _near_match(source, "copper copper copper river")
    assert match.text == "winter copper copper river"
    assert [(d.quote, d.source) for d in match.differences] == [("copper", "winter")]


def test_span_never_starts_inside_a_hyphenated_word() -> None:
    passage = "alpha-catenin protein levels were reduced in the mutant tissue samples."
    source = f"We found that {passage} More."
    quote = "α-catenin protein levels were reduced in the mutant tissue samples."
    match = _near_match(source, quote)
    assert match.text == passage


def test_span_never_starts_after_a_decimal_point() -> None:
    source = (
        "The effect was significant (p < 0.05) with n = 50 participants in the final "
        "analysis of the trial. Then more."
    )
    quote = "we used n >= 50 participants in the final analysis of the trial."
    match = _near_match(source, quote)
    assert match.text.endswith("n = 50 participants in the final analysis of the trial.")
    assert match.text in (
        "with n = 50 participants in the final analysis of the trial.",
        "0.05) with n = 50 participants in the final analysis of the trial.",
        "< 0.05) with n = 50 participants in the final analysis of the trial.",
        "(p < 0.05) with n = 50 participants in the final analysis of the trial.",
    )
    assert _critical(match, DiffKind.SIGN)


@pytest.mark.parametrize("quote_start", ["05)", "5)"])
def test_a_number_cut_at_its_decimal_point_is_critical(quote_start: str) -> None:
    source = (
        "The effect was significant (p < 0.05) with n = 50 participants in the final "
        "analysis of the trial. Then more."
    )
    quote = f"{quote_start} with n = 50 participants in the final analysis of the trial."
    match = _near_match(source, quote)
    assert "0.05" in match.text
    assert _critical(match, DiffKind.NUMBER)


# --- properties: sentences with an edge word changed, or a contraction negation dropped

# Words around the sentence are never the sentence's own, so its place is never in doubt.
_CONTEXT = ["alpha", "beta", "gamma", "delta", "omega", "sigma", "kappa", "theta"]
_REPLACEMENTS = ["plank", "gravel", "summit", "cobalt", "lemon", "tractor", "puzzle", "walnut"]
_CONTRACTIONS = ("don't", "doesn't", "didn't", "can't", "won't", "isn't", "wasn't", "couldn't")
_NEGATIONS = (*_CONTRACTIONS, "not", "never", "no", "hardly", "without")

_sentence = st.lists(st.sampled_from(WORDS), min_size=7, max_size=14, unique=True)
_context = st.lists(st.sampled_from(_CONTEXT), min_size=3, max_size=6)


def _embed(words: list[str], before: list[str], after: list[str]) -> tuple[str, str]:
    passage = " ".join(words) + "."
    return " ".join([*before, "the", "end."]) + " " + passage + " " + " ".join(after), passage


@settings(max_examples=60, deadline=None)
@given(
    words=_sentence,
    before=_context,
    after=_context,
    which=st.sampled_from(("first", "second", "last")),
    new=st.sampled_from(_REPLACEMENTS),
)
def test_a_changed_edge_word_belongs_to_the_span(
    words: list[str], before: list[str], after: list[str], which: str, new: str
) -> None:
    source, passage = _embed(words, before, after)
    changed = list(words)
    at = {"first": 0, "second": 1, "last": len(words) - 1}[which]
    changed[at] = new
    match = _near_match(source, " ".join(changed) + ".")
    assert match.text == passage
    assert any(d.source == words[at] and d.quote == new for d in match.differences)


@settings(max_examples=60, deadline=None)
@given(
    words=_sentence,
    before=_context,
    after=_context,
    at=st.integers(min_value=1, max_value=6),
    negation=st.sampled_from(_NEGATIONS),
)
def test_a_dropped_negation_is_critical_anywhere(
    words: list[str], before: list[str], after: list[str], at: int, negation: str
) -> None:
    with_negation = [*words[:at], negation, *words[at:]]
    source, passage = _embed(with_negation, before, after)
    match = _near_match(source, " ".join(words) + ".")
    assert match.text == passage
    assert any(d.critical and d.kind is DiffKind.NEGATION for d in match.differences)
