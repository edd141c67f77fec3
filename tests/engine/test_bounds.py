"""Bounded worst cases: repetitive texts and quotations cost near-linear time, verdicts unchanged.

The engine's sweeps over candidate hits are checked against slow, obvious references (compare
every pair), and repetitive texts that used to make a check quadratic are checked at sizes where
the quadratic form would take minutes.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from quote_tui.engine import exact, periodic
from quote_tui.engine.check import check
from quote_tui.engine.meaning import sign_before
from quote_tui.engine.near.align import disjoint
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
    assert disjoint(hits, limit) == _disjoint_reference(hits, limit)


def test_phrase_repeated_many_times_is_checked_quickly() -> None:
    # 100,000 repeats: the pairwise comparison of hits took minutes here.
    text = "the quick brown fox jumps over the lazy dog. " * 100_000
    prepared = PreparedText(text)
    result = check(prepared, "the quick brown fox leaps over the lazy dog")
    assert result.status == Status.NEAR
    assert prepared.text[result.matches[0].start : result.matches[0].end].startswith("the quick")


# --- the exact tier on repetitive texts, against a scan at every position

REPEAT_ALPHABET = st.sampled_from(list("ab1 -\n\t.,") + ["\xad", "é"])


@st.composite
def repetitive_documents(draw: st.DrawFn) -> tuple[str, str]:
    """A unit repeated (with a few changes), and a quotation cut from it or built from the unit."""
    unit = draw(st.lists(REPEAT_ALPHABET, min_size=1, max_size=6).map("".join))
    text = list(unit * draw(st.integers(1, 80)))
    for _ in range(draw(st.integers(0, 3))):
        text[draw(st.integers(0, len(text) - 1))] = draw(REPEAT_ALPHABET)
    text = "".join(text)
    if draw(st.booleans()):
        a = draw(st.integers(0, len(text) - 1))
        quote = text[a : draw(st.integers(a + 1, min(len(text), a + 300)))]
    else:
        quote = unit * draw(st.integers(1, 60))
    return text, quote.strip() or "a"


def _exact_reference(text: str, quote: str, *, signed: bool = False) -> list[tuple[int, int]]:
    """Every place the quotation stands with whole-word edges; those right after a number's
    sign (which drop the sign) apart from the faithful ones."""
    return [
        (i, i + len(quote))
        for i in range(len(text))
        if text.startswith(quote, i)
        and exact._raw_edges_ok(text, i, i + len(quote))
        and (sign_before(text, i) is not None) == signed
    ]


@settings(max_examples=250, deadline=None)
@given(repetitive_documents(), st.integers(1, 50))
@example(("1 -1 -", "1 -"), 1)  # the second place drops the minus sign of "-1"
def test_exact_on_repetitive_text_agrees_with_a_scan(doc: tuple[str, str], limit: int) -> None:
    text, quote = doc
    hits = exact.find_exact(PreparedText(text), quote, limit=limit)
    expected = _exact_reference(text, quote)
    assert hits.count == len(expected)
    assert [(f.start, f.end) for f in hits.found] == expected[:limit]
    signed = _exact_reference(text, quote, signed=True)
    assert [(f.start, f.end) for f in hits.signed] == signed[:limit]


@SETTINGS
@given(st.text(alphabet="ab ", min_size=1, max_size=40))
def test_smallest_period_is_the_least_shift_that_maps_the_string_onto_itself(s: str) -> None:
    expected = next(p for p in range(1, len(s) + 1) if s[p:] == s[: len(s) - p])
    assert periodic.smallest_period(s) == expected


@SETTINGS
@given(st.text(alphabet="ab", min_size=1, max_size=300), st.integers(0, 3))
def test_smallest_period_of_long_repetitive_strings(unit: str, times: int) -> None:
    s = unit * times + unit[: len(unit) // 2] or unit
    expected = next(p for p in range(1, len(s) + 1) if s[p:] == s[: len(s) - p])
    assert periodic.smallest_period(s) == expected


@pytest.mark.parametrize(
    "s", ["a" * 2000 + "b", "ab" * 700 + "b", ("aaaaaaaab" * 300)[:-1], "b" + "a" * 2000]
)
def test_smallest_period_past_its_comparison_budget_is_still_exact(s: str) -> None:
    # these make every recurrence of the first characters compare almost the whole string
    expected = next(p for p in range(1, len(s) + 1) if s[p:] == s[: len(s) - p])
    assert periodic.smallest_period(s) == expected == periodic._failure_period(s)


def test_a_long_quotation_of_one_repeated_word_in_a_text_of_it_is_counted_quickly() -> None:
    text = "lorem " * 500_000
    quote = ("lorem " * 3000).strip()
    result = check(PreparedText(text), quote)
    assert result.status == Status.EXACT
    assert result.match_count == 500_000 - 3000 + 1
    assert [m.start for m in result.matches] == [6 * k for k in range(len(result.matches))]


def test_an_ellipsis_quotation_over_a_text_of_one_repeated_word_stays_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Each place of the first fragment is examined in Python: a cap keeps a million of them
    # from costing a minute (lowered here so the test is quick). The verdicts stay the same.
    monkeypatch.setattr(exact, "_MAX_NORMALIZED_STARTS", 500)
    prepared = PreparedText("lorem " * 5_000)
    absent = check(prepared, "lorem lorem ... ipsum dolor")
    assert absent.status == Status.NOT_FOUND
    present = check(prepared, "lorem lorem ... lorem lorem")
    assert present.status == Status.NORMALIZED
    assert present.match_count == 500
    assert [m.start for m in present.matches[:3]] == [0, 6, 12]


@pytest.mark.parametrize(("repeats", "capped"), [(1_000, False), (60_000, True)])
def test_a_count_cut_short_by_the_cap_says_it_is_a_lower_bound(repeats: int, capped: bool) -> None:
    from quote_tui.batch.report import citation_entry
    from quote_tui.batch.service import CitationOutcome
    from quote_tui.batch.specs import CitationSpec

    # two spaces between the words: only the normalized tier finds the quotation
    result = check(PreparedText("the  cat sat. " * repeats), "the cat sat")
    assert result.status is Status.NORMALIZED
    assert result.match_count_lower_bound is capped
    if capped:
        assert 0 < result.match_count < repeats and result.matches_truncated
        assert result.to_dict()["match_count_lower_bound"] is True
    else:
        assert result.match_count == repeats
        assert "match_count_lower_bound" not in result.to_dict()
    outcome = CitationOutcome(CitationSpec("c", "s", "the cat sat"), "normalized", result=result)
    assert citation_entry(outcome, None).get("match_count_lower_bound", False) is capped
