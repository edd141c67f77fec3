"""Bounded worst cases: repetitive texts and quotations cost near-linear time, verdicts unchanged.

The engine's sweeps over candidate hits are checked against slow, obvious references (compare
every pair), and repetitive texts that used to make a check quadratic are checked at sizes where
the quadratic form would take minutes.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.engine import near
from quote_tui.engine.check import check
from quote_tui.engine.records import Status
from quote_tui.engine.text import PreparedText

SETTINGS = settings(max_examples=200, deadline=None)


def _disjoint_reference(hits: list[tuple[float, int, int]], limit: int) -> list:
    kept: list[tuple[float, int, int]] = []
    for hit in hits:
        if len(kept) < limit and all(hit[2] <= k[1] or hit[1] >= k[2] for k in kept):
            kept.append(hit)
    return kept


HIT = st.tuples(st.integers(0, 3).map(float), st.integers(0, 60), st.integers(1, 15)).map(
    lambda h: (h[0], h[1], h[1] + h[2])
)


@SETTINGS
@given(st.lists(HIT, max_size=40), st.integers(1, 8))
def test_disjoint_sweep_agrees_with_pairwise_reference(hits: list, limit: int) -> None:
    hits = sorted(hits)
    assert near._disjoint(hits, limit) == _disjoint_reference(hits, limit)


def test_phrase_repeated_many_times_is_checked_quickly() -> None:
    # 100,000 repeats: the pairwise comparison of hits took minutes here.
    text = "the quick brown fox jumps over the lazy dog. " * 100_000
    prepared = PreparedText(text)
    result = check(prepared, "the quick brown fox leaps over the lazy dog")
    assert result.status == Status.NEAR
    assert prepared.text[result.matches[0].start : result.matches[0].end].startswith("the quick")
