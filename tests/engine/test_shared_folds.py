"""What a near search of a short text reuses gives exactly what working it out afresh gives.

A text that folds character for character lends its fold to every window and edge option cut
from it (``span.Memo.fold_of``): a slice whose edges are not whitespace folds as the slice of the
fold. Whether a short text holds any of a quotation's seeding keys is asked form by form, the
first key found answering (``short._holds_any``), where the whole set of keys was built before.
"""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from quote_tui.engine.near import short
from quote_tui.engine.near.seed import seed_keys
from quote_tui.engine.near.span import Memo, refine, snap
from quote_tui.engine.text import PreparedText
from quote_tui.engine.typography import fold_chars, lower_same_length

SETTINGS = settings(max_examples=400, deadline=None)

# words and separators of texts that fold character for character, and of some that just miss
PIECES = st.sampled_from(
    [
        "the", "River", "well-", "known", "-", "a", "1,200", "(old)", "don't", " ", " ", " ",
        " ", "\n", "\u2014", "\u201c", "\u201d", "\u2019", "\u00ab", "\u2212", "  ", "\u00e9",
        "\t", "`", "\ufb01", "\u00a0",
    ]
)  # fmt: skip
WORDS = st.sampled_from(
    [
        "the", "The", "river", "rivers", "council", "was", "not", "founded", "in", "1847",
        "3.5", "don't", "well-known", "\u201cbridge\u201d", "north\u2014south", "Ardmore",
        "caf\u00e9", "\ufb01eld", "\u6c34", "\u2019s",
    ]
)  # fmt: skip


def _memo(quote: str, text: str | None = None) -> Memo:
    folded, _ = fold_chars(quote)
    memo = Memo(folded, lower_same_length(folded))
    if text is not None:
        whole, where = fold_chars(text)
        memo.text_fold = whole if isinstance(where, range) else None
    return memo


@SETTINGS
@given(
    st.lists(PIECES, min_size=1, max_size=40).map("".join),
    st.lists(st.tuples(st.integers(0, 120), st.integers(0, 120)), min_size=1, max_size=8),
)
@example("a \u201cb\u201d\nc", [(1, 7), (2, 6), (0, 8)])
def test_a_slice_folds_as_the_slice_of_the_whole_fold(
    text: str, cuts: list[tuple[int, int]]
) -> None:
    memo = _memo("a", text)
    for a, b in cuts:
        lo, hi = sorted((min(a, len(text)), min(b, len(text))))
        folded, where = memo.fold_of(text, lo, hi)
        expected, offsets = fold_chars(text[lo:hi])
        assert (folded, list(where)) == (expected, list(offsets))


def test_a_slice_with_whitespace_at_an_edge_is_folded_afresh() -> None:
    text = "one two\nthree four"
    memo = _memo("two", text)
    assert memo.text_fold == "one two three four"
    assert memo.fold_of(text, 3, 8) == ("two", [1, 2, 3])  # the space and break dropped
    assert memo.fold_of(text, 4, 7) == ("two", range(3))


@SETTINGS
@given(
    st.lists(WORDS, min_size=4, max_size=60).map(" ".join),
    st.lists(WORDS, min_size=1, max_size=8).map(" ".join),
    st.lists(st.tuples(st.integers(0, 400), st.integers(1, 80)), min_size=1, max_size=4),
)
def test_snaps_and_refinements_with_the_text_s_fold_give_what_they_give_without(
    text: str, quote: str, spans: list[tuple[int, int]]
) -> None:
    lent, own = _memo(quote, text), _memo(quote)
    folded, low = lent.folded_quote, lent.low_quote
    for start, length in spans:
        start = min(start, len(text) - 1)
        end = min(len(text), start + length)
        assert snap(text, start, end, folded, low, lent) == snap(text, start, end, folded, low, own)
        lo, hi = max(0, start - 7), min(len(text), end + 7)
        assert refine(text, lo, hi, folded, low, lent) == refine(text, lo, hi, folded, low, own)


def _holds_any_of_the_set(view: short.ShortView, quote: str) -> bool:
    """The question as it was asked before: the whole set of keys, then any held."""
    folded, _ = fold_chars(quote)
    keys = seed_keys(view.grams, quote, folded, lower_same_length(folded))
    if isinstance(view.vocabulary, frozenset):
        return not view.vocabulary.isdisjoint(keys)
    return any(isinstance(k, bytes) and b" " + k + b" " in view.vocabulary for k in keys)


@SETTINGS
@given(
    st.lists(WORDS, min_size=1, max_size=30).map(" ".join),
    st.lists(WORDS | st.sampled_from(["Rivers", "FIELD", "Caf\u00c9", "x", "'"]), max_size=6)
    .map(" ".join)
    .filter(str.strip),
)
@example("\u6c34\u6c34\u6c34", "\u6c34")  # a text written without spaces: its characters
@example("the river", "RIVER")
def test_a_short_text_holds_a_key_as_the_set_of_keys_says(text: str, quote: str) -> None:
    view = short.short_view(PreparedText(text))
    assert view is not None
    folded, _ = fold_chars(quote)
    held = short._holds_any(view, quote, folded, lower_same_length(folded))
    assert held == _holds_any_of_the_set(view, quote)
