"""A snap's distances asked for within one band first are the distances themselves.

Past 64 characters a Levenshtein distance of at most ``score.SMALL_BAND`` edits costs a third
as much asked for with that cutoff; a snap asks so when the last passage's distance was within
it (``span.Memo.guess``), and asks again in full when the answer says "more". The distance as
written is at least the lowercased one and is asked for within the band when that one is.
Either way the similarity of the passage shown is the one worked out in full.
"""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st
from rapidfuzz.distance import Levenshtein

from quote_tui.engine.near.score import SMALL_BAND, score_within_reach, similarity_folded
from quote_tui.engine.near.span import Memo, snap
from quote_tui.engine.typography import fold_chars, lower_same_length

WORDS = st.sampled_from(
    [
        "the", "The", "THE", "river", "River", "council", "was", "not", "founded", "in",
        "1847", "3.5", "don't", "well-known", "Ardmore", "harbour", "of", "by", "and",
    ]
)  # fmt: skip
# the guess a snap starts from: within the band (asked with the cutoff first), at its edge, and
# far beyond it (asked in full)
GUESSES = st.sampled_from([0, SMALL_BAND, 1 << 30])


def _shown(text: str, quote: str, start: int, end: int, guess: int) -> tuple[float, float]:
    """The similarity of the passage a snap shows, and that passage's own in full."""
    folded, _ = fold_chars(quote)
    low = lower_same_length(folded)
    memo = Memo(folded, low)
    memo.guess = guess
    candidate = snap(text, start, end, folded, low, memo)
    assert candidate is not None
    span, _ = fold_chars(text[candidate.start : candidate.end])
    return candidate.similarity, similarity_folded(folded, low, span)


def _snap_agrees(text: str, quote: str, start: int, length: int, guess: int) -> None:
    """A snap's score of the passage from ``start`` equals the full scoring's."""
    start = min(start, len(text) - 1)
    end = min(len(text), start + length)
    shown, full = _shown(text, quote, start, end, guess)
    assert shown == full


@settings(max_examples=300, deadline=None)
@given(
    st.lists(WORDS, min_size=20, max_size=60).map(" ".join),
    st.lists(WORDS, min_size=14, max_size=30).map(" ".join),
    st.integers(0, 200),
    st.integers(60, 160),
    GUESSES,
)
def test_a_snap_scores_its_passage_as_in_full(
    text: str, quote: str, start: int, length: int, guess: int
) -> None:
    _snap_agrees(text, quote, start, length, guess)


@example(0)
@given(GUESSES)
def test_a_passage_far_past_the_band_is_scored_in_full(guess: int) -> None:
    text = (
        "The council of Ardmore was founded in 1847 by the river, and the harbour was not "
        "rebuilt until the well-known council of the river was dissolved in 1901."
    )
    quote = (
        "Lindqvist recorded 12,000 species in the eastern province before the treaty, "
        "while the northern garrison had governed the market of Kestrel"
    )
    shown, full = _shown(text, quote, 0, len(text), guess)
    assert shown == full
    assert (1 - full) * len(text) > SMALL_BAND  # the lowercased distance is past the band


@given(GUESSES)
def test_a_case_apart_past_the_band_is_scored_in_full(guess: int) -> None:
    # lowercased, the quotation stands as it is; as written, every letter differs
    text = "before it the council of ardmore was founded in 1847 by the river and the harbour after"
    quote = "THE COUNCIL OF ARDMORE WAS FOUNDED IN 1847 BY THE RIVER AND THE HARBOUR"
    start = text.index("the council")
    shown, full = _shown(text, quote, start, start + len(quote), guess)
    assert shown == full
    assert full < 1 - 0.1 * SMALL_BAND / len(quote)  # the distance as written is past the band


LOWER_WORDS = st.sampled_from(
    [
        "the", "river", "council", "was", "not", "founded", "in", "1847", "3.5", "don't",
        "well-known", "ardmore", "harbour", "of", "by", "and", "ıstanbul", "straße",
    ]
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(
    st.lists(LOWER_WORDS, min_size=20, max_size=60).map(" ".join),
    st.lists(LOWER_WORDS, min_size=14, max_size=30).map(" ".join),
    st.integers(0, 200),
    st.integers(60, 160),
    GUESSES,
)
def test_a_snap_without_capitals_scores_its_passage_as_in_full(
    text: str, quote: str, start: int, length: int, guess: int
) -> None:
    _snap_agrees(text, quote, start, length, guess)


def _within_reach(quote: str, passage: str, caseless: bool) -> tuple[float, int]:
    """A passage scored from its lowercased distance, and how many distances that asked for."""
    asked: list[str] = []

    def distance(a: str, b: str, score_cutoff: int | None = None) -> int:
        asked.append(b)
        return Levenshtein.distance(a, b, score_cutoff=score_cutoff)

    edits = Levenshtein.distance(lower_same_length(quote), lower_same_length(passage))
    longest = max(len(quote), len(passage))
    bound = 1.0 - edits / longest
    scored = [(0, len(passage), bound, "")]
    unscored = [(bound, 0, passage, longest, edits, caseless)]
    score_within_reach(scored, unscored, quote, {}, 0.0, distance, -1)
    return scored[0][2], len(asked)


def test_forms_without_capitals_ask_no_distance_as_written() -> None:
    quote = "the council of ardmore was founded in 1847 by the river"
    passage = "the council of ardmore was rebuilt in 1874 by the river"
    full = similarity_folded(quote, quote, passage)
    assert _within_reach(quote, passage, caseless=True) == (full, 0)
    assert _within_reach(quote, passage, caseless=False) == (full, 1)


def test_a_capital_on_either_side_is_scored_as_written() -> None:
    # a snap of a lowercase passage to a capitalized quotation, and the other way round
    lower = "before it the council of ardmore was founded in 1847 by the river and the harbour"
    quote = "the council of ardmore was founded in 1847 by the river"
    for text, q in ((lower, quote.replace("ardmore", "Ardmore")), (lower.title(), quote)):
        start = text.lower().index("the council")
        shown, full = _shown(text, q, start, start + len(q), 0)
        assert shown == full
        assert shown < 1.0
