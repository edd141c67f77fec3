"""``near.starts``: the starts of a window's best alignments never decrease as their ends grow,
and ``first_spans`` picks the spans a refinement snaps as sorting every span would, working out
fewer starts.

The first property is the proof the module rests on, checked on real alignments (edlib, in the
quotation's symbols) of texts full of ties: repeated words, a quotation drawn from the same
few words. The second is held to the full sort on any ends, cuts and non-decreasing starts.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quote_tui.engine.near.repeat import repeats_whole
from quote_tui.engine.near.span import Aligned, Memo, align_window
from quote_tui.engine.near.starts import first_spans
from quote_tui.engine.typography import fold_chars, lower_same_length

SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# few words, much repeated: many best alignments tie
WORDS = st.sampled_from(["ab", "ba", "a", "b", "aab", "river", "rive", "r", "1.5", "“x”"])


@st.composite
def texts_and_quotes(draw: st.DrawFn) -> tuple[str, str]:
    text = " ".join(draw(st.lists(WORDS, min_size=1, max_size=50)))
    quote = " ".join(draw(st.lists(WORDS, min_size=1, max_size=6)))
    return text, quote


def _memo(quote: str) -> Memo:
    folded, _ = fold_chars(quote)
    return Memo(folded, lower_same_length(folded))


@SETTINGS
@given(texts_and_quotes())
def test_starts_never_decrease_as_ends_grow(case: tuple[str, str]) -> None:
    text, quote = case
    memo = _memo(quote)
    aligned = align_window(text, 0, len(text), memo)
    if aligned is None or not aligned.ends:
        return
    reversed_query = memo.query[::-1]
    starts = [aligned.start(e, reversed_query) for e in sorted(aligned.ends)]
    assert starts == sorted(starts)


def test_the_starts_of_tied_ends_are_found_to_grow() -> None:
    # ten tied ends, starts of five values: the property is not met vacuously
    memo = _memo("aab ba a")
    text = "ab b b a a b a b a b"
    aligned = align_window(text, 0, len(text), memo)
    assert aligned is not None
    starts = [aligned.start(e, memo.query[::-1]) for e in sorted(aligned.ends)]
    assert starts == [0, 0, 0, 0, 7, 9, 9, 12, 13, 13]


def _repeats_by_every_start(whole: Aligned, query: bytes, lo: int, hi: int) -> bool:
    """``repeats_whole`` as it was, asking the start of every end."""
    window, ends = whole.window, whole.ends
    if whole.lo != 0 or not isinstance(whole.where, range) or not ends:
        return False
    if not 0 <= lo < hi <= len(window):
        return False
    lo += window[lo] == " "
    hi -= window[hi - 1] == " "
    if max(ends) + 1 >= hi:
        return False
    if lo < min(ends) + 1 - len(query) - whole.distance:
        return True
    if len(ends) > 16:
        return False
    return all(lo < whole.start(e, query[::-1]) for e in ends)


@SETTINGS
@given(texts_and_quotes(), st.integers(0, 80), st.integers(0, 80))
def test_a_window_is_judged_by_its_first_end_alone(
    case: tuple[str, str], lo: int, width: int
) -> None:
    """``repeats_whole`` asks the first end's start, the earliest of them all, and judges every
    window as asking every end's did."""
    text, quote = case
    memo = _memo(quote)
    whole = align_window(text, 0, len(text), memo)
    if whole is None:
        return
    hi = min(len(text), lo + width)
    assert repeats_whole(whole, memo.query, lo, hi) == _repeats_by_every_start(
        whole, memo.query, lo, hi
    )


def _reference(
    start: dict[int, int], ends: list[int], tries: int, cut: set[int]
) -> list[tuple[int, int]]:
    """The refinement's order before: every start worked out, then one stable sort."""
    spans = [(start[e], e) for e in ends]
    spans.sort(key=lambda se: (se[0] in cut or se[1] + 1 in cut, se[0]))
    return spans[:tries]


@st.composite
def orders(draw: st.DrawFn) -> tuple[dict[int, int], list[int], int, set[int]]:
    """Ends, non-decreasing starts (ties included), the places that cut a word, and tries."""
    ends = sorted(draw(st.sets(st.integers(0, 60), min_size=1, max_size=16)))
    steps = draw(st.lists(st.integers(0, 2), min_size=len(ends), max_size=len(ends)))
    start: dict[int, int] = {}
    s = draw(st.integers(0, 5))
    for e, step in zip(ends, steps, strict=True):
        s += step
        start[e] = min(s, e)
    # starts stay non-decreasing once capped by their ends
    for a, b in zip(ends, ends[1:], strict=False):
        assert start[a] <= start[b]
    cut = draw(st.sets(st.integers(0, 62), max_size=40))
    ordered = sorted(ends, key=lambda e: (e + 1 in cut, e))
    return start, ordered, draw(st.sampled_from([1, 2, 4])), cut


@SETTINGS
@given(orders())
def test_first_spans_are_those_of_the_full_sort(
    case: tuple[dict[int, int], list[int], int, set[int]],
) -> None:
    start, ends, tries, cut = case
    asked: list[int] = []

    def start_of(e: int) -> int:
        asked.append(e)
        return start[e]

    assert first_spans(start_of, ends, tries, cut.__contains__) == _reference(
        start, ends, tries, cut
    )
    assert len(asked) == len(set(asked)) <= len(ends)


def test_clean_spans_found_early_spare_the_other_starts() -> None:
    asked: list[int] = []
    start = {e: e - 5 for e in range(10, 30, 2)}

    def start_of(e: int) -> int:
        asked.append(e)
        return start[e]

    spans = first_spans(start_of, list(start), 4, lambda i: False)
    assert spans == [(5, 10), (7, 12), (9, 14), (11, 16)]
    assert asked == [10, 12, 14, 16]


def test_ends_cutting_a_word_are_worked_out_only_while_they_could_rank() -> None:
    # one clean span; the cutting ones rank by start, and the ends that cut a word start no
    # earlier than the latest start before them
    start = {10: 3, 12: 4, 14: 4, 16: 6, 18: 8, 20: 9}
    cut = {4, 13, 15, 17, 19, 21}  # 4: the span (4, 12) cuts at its start
    ends = sorted(start, key=lambda e: (e + 1 in cut, e))
    asked: list[int] = []

    def start_of(e: int) -> int:
        asked.append(e)
        return start[e]

    spans = first_spans(start_of, ends, 3, cut.__contains__)
    assert spans == _reference(start, ends, 3, cut) == [(3, 10), (4, 12), (4, 14)]
    assert asked == [10, 12, 14]


def test_a_cutting_span_ending_later_does_not_outrank_an_earlier_end() -> None:
    # the span of the end that cuts no word starts at a cut; the end where a span cuts a word
    # comes before it in the text, so it starts earlier and ranks first
    start = {20: 15, 10: 5}
    cut = {15, 11}
    ends = sorted(start, key=lambda e: (e + 1 in cut, e))
    assert ends == [20, 10]
    spans = first_spans(start.__getitem__, ends, 1, cut.__contains__)
    assert spans == _reference(start, ends, 1, cut) == [(5, 10)]
