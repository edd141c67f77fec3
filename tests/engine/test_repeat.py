"""A window that ``near.repeat`` says repeats the whole text's refinement refines to exactly what
the whole text refines to, and sparing it changes no result of ``find_near``.

Texts that fold character for character (ASCII words, curly quotes, dashes, single spaces or
line breaks) and others; windows drawn around the best alignment's ends, where the bound holds
or just fails, and anywhere.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quote_tui.engine.near import search
from quote_tui.engine.near.repeat import repeats_whole
from quote_tui.engine.near.search import find_near
from quote_tui.engine.near.span import Memo, align_window, refine
from quote_tui.engine.text import PreparedText
from quote_tui.engine.typography import fold_chars, lower_same_length

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

WORDS = st.sampled_from(
    [
        "the", "river", "rivers", "council", "was", "not", "founded", "in", "1847", "3.5",
        "per", "cent", "Ardmore", "don't", "well-known", "“bridge”", "north—south", "never",
        "(old)", "a", "an", "café", "ﬁeld",
    ]
)  # fmt: skip
SEPARATORS = st.sampled_from([" ", " ", " ", " ", "\n", ", ", ". ", "  ", "-\n"])


@st.composite
def cases(draw: st.DrawFn) -> tuple[str, str, int, int]:
    """A text, a quotation changed from a span of it, and a window of it."""
    words = draw(st.lists(WORDS, min_size=2, max_size=60))
    pieces: list[str] = []
    for word in words:
        pieces += [word, draw(SEPARATORS)]
    text = "".join(pieces[:-1])
    i = draw(st.integers(0, len(words) - 1))
    quoted = words[i : draw(st.integers(i + 1, min(len(words), i + 12)))]
    change = draw(st.sampled_from(["none", "word", "insert", "drop", "other"]))
    if change == "word":
        quoted[draw(st.integers(0, len(quoted) - 1))] = draw(WORDS)
    elif change == "insert":
        quoted.insert(draw(st.integers(0, len(quoted))), draw(WORDS))
    elif change == "drop" and len(quoted) > 1:
        del quoted[draw(st.integers(0, len(quoted) - 1))]
    elif change == "other":
        quoted = draw(st.lists(WORDS, min_size=1, max_size=6))
    quote = " ".join(quoted)
    # a window around the best ends, give or take the bound's room, or anywhere
    memo = Memo(*_folds(quote))
    whole = align_window(text, 0, len(text), memo)
    if whole is not None and whole.ends and draw(st.booleans()):
        room = len(memo.query) + whole.distance
        lo = min(whole.ends) + 1 - room - draw(st.integers(-2, 3))
        hi = max(whole.ends) + 1 + draw(st.integers(-2, 3))
    else:
        lo = draw(st.integers(0, len(text)))
        hi = draw(st.integers(lo, len(text)))
    return text, quote, max(0, lo), min(len(text), hi)


def _folds(quote: str) -> tuple[str, str]:
    folded = fold_chars(quote)[0]
    return folded, lower_same_length(folded)


@SETTINGS
@given(cases())
def test_a_window_that_repeats_the_whole_text_refines_to_the_same_span(
    case: tuple[str, str, int, int],
) -> None:
    text, quote, _, _ = case
    folded, low = _folds(quote)
    if not folded:
        return
    memo = Memo(folded, low)
    whole = align_window(text, 0, len(text), memo)
    if whole is None or not whole.ends:
        return
    # fresh memos: neither refinement reads what the other worked out
    expected = refine(text, 0, len(text), folded, low, Memo(folded, low), whole)
    # every window whose edges lie within a few characters of the bound's, on either side
    first = min(whole.ends) + 1 - len(memo.query) - whole.distance
    last = max(whole.ends) + 1
    for lo in range(max(0, first - 4), max(0, min(first + 2, len(text)))):
        for hi in range(max(lo + 1, last - 1), min(len(text), last + 4) + 1):
            if repeats_whole(whole, memo.query, lo, hi):
                assert refine(text, lo, hi, folded, low, Memo(folded, low)) == expected


@SETTINGS
@given(cases(), st.integers(1, 5))
def test_sparing_windows_changes_no_candidate(case: tuple[str, str, int, int], limit: int) -> None:
    text, quote, _, _ = case
    spared = find_near(PreparedText(text), quote, limit=limit)
    kept = search.repeats_whole
    search.repeats_whole = lambda *_: False
    try:
        every = find_near(PreparedText(text), quote, limit=limit)
    finally:
        search.repeats_whole = kept
    assert spared == every


TEXT = "In 1847 the council of Ardmore founded a school by the river, and it was well known."


def _whole(quote: str) -> tuple[object, int]:
    memo = Memo(*_folds(quote))
    whole = align_window(TEXT, 0, len(TEXT), memo)
    assert whole is not None
    return whole, memo.query


def test_the_window_must_hold_every_best_alignment_strictly() -> None:
    whole, query = _whole("the council of Ardmore built a school by the river")
    start = min(whole.start(e, query[::-1]) for e in whole.ends)  # "the council", at 8
    last = max(whole.ends) + 1  # "river", up to 60
    assert (start, last) == (8, 60) and TEXT[7] == " "
    assert repeats_whole(whole, query, start - 2, last + 1)
    assert not repeats_whole(whole, query, start - 1, last + 1)  # a space, then the start
    assert not repeats_whole(whole, query, start, last + 1)  # an alignment starts at lo
    assert not repeats_whole(whole, query, start - 2, last)  # one ends at hi
    # the window starts past the loose bound (an alignment spans at most the quotation's length
    # and its distance): the alignment's start spares it
    assert min(whole.ends) + 1 - len(query) - whole.distance <= start - 2


@pytest.mark.parametrize(("count", "spared"), [(16, True), (17, False)])
def test_the_starts_of_at_most_sixteen_ends_are_worked_out(count: int, spared: bool) -> None:
    # "rivers bend" ends at each "rivxr bend" with 2 edits; a window from "a" (3) starts before
    # every best alignment but within the quotation's length and distance of the first end
    text = "in a rivxr bend" + ", a rivxr bend" * (count - 1) + " again"
    memo = Memo(*_folds("rivers bend"))
    whole = align_window(text, 0, len(text), memo)
    assert whole is not None and len(whole.ends) == count
    assert min(whole.ends) + 1 - len(memo.query) - whole.distance <= 3
    assert repeats_whole(whole, memo.query, 3, len(text)) is spared


@pytest.mark.parametrize(("count", "spared"), [(2, True), (3, False)])
def test_a_long_quotation_works_out_the_starts_of_two_ends(count: int, spared: bool) -> None:
    # past align.LONG_QUOTE (1,000 characters) aligning back costs the quotation's length squared
    words = [f"w{i % 97}x{i % 13}" for i in range(200)]
    phrase = " ".join(words)  # 1,339 characters
    typed = " ".join(w if i % 20 else "zz" + w[2:] for i, w in enumerate(words))
    text = "in a " + ", a ".join([typed] * count) + " again"
    memo = Memo(*_folds(phrase))
    whole = align_window(text, 0, len(text), memo)
    assert whole is not None and len(whole.ends) == count and len(memo.query) > 1000
    assert min(whole.ends) + 1 - len(memo.query) - whole.distance <= 3
    assert repeats_whole(whole, memo.query, 3, len(text)) is spared


@pytest.mark.parametrize(
    ("lo", "hi", "spared"), [(10, 32, True), (7, 32, True), (11, 32, False), (10, 31, False)]
)
def test_a_window_is_judged_without_its_edge_spaces(lo: int, hi: int, spared: bool) -> None:
    # "council of Ardmore" stands at 12..30, spaces at 7, 11 and 30. The fold drops a window's
    # edge spaces: a window starting at 11 starts at the quotation, one ending at 31 ends with it.
    whole, length = _whole("council of Ardmore")
    assert repeats_whole(whole, length, lo, hi) is spared


@pytest.mark.parametrize(
    "text",
    [
        TEXT.replace("river,", "river,  and"),  # two spaces
        TEXT.replace("well known", "well-\nknown"),  # a line break after a hyphen
        TEXT.replace("school", "sch\u00adool"),  # a soft hyphen
    ],
)
def test_a_text_that_does_not_fold_character_for_character_is_never_spared(text: str) -> None:
    memo = Memo(*_folds("the council of Ardmore"))
    whole = align_window(text, 0, len(text), memo)
    assert whole is not None and not isinstance(whole.where, range)
    assert not repeats_whole(whole, memo.query, 1, len(text) - 1)


def test_an_unaligned_text_is_never_spared() -> None:
    memo = Memo(*_folds("the council"))
    whole = align_window("   ", 0, 3, memo)
    assert whole is None


@SETTINGS
@given(st.lists(cases(), min_size=2, max_size=4))
def test_quotations_checked_in_one_text_find_what_each_finds_alone(
    group: list[tuple[str, str, int, int]],
) -> None:
    # the text's fold and words are kept for the next quotation: none of one quotation's work
    text = group[0][0]
    prepared = PreparedText(text)
    for _, quote, _, _ in group:
        assert find_near(prepared, quote, limit=3) == find_near(PreparedText(text), quote, limit=3)


@pytest.mark.parametrize(
    ("text", "fold_kept"), [(TEXT, True), (TEXT.replace("river,", "river,  and"), False)]
)
def test_a_text_keeps_its_fold_only_when_it_folds_character_for_character(
    text: str, fold_kept: bool
) -> None:
    # a fold of offsets kept whole would cost the text's size several times over
    prepared = PreparedText(text)
    find_near(prepared, "the council of Ardmore built a school")
    assert (search._FOLD_KEY in prepared.cache) is fold_kept
    assert search._MASK_KEY in prepared.cache
    kept = prepared.cache.get(search._FOLD_KEY)
    find_near(prepared, "a school by the rivers")
    assert prepared.cache.get(search._FOLD_KEY) is kept
