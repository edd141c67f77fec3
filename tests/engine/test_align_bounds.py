"""edlib given the query's length as its bound finds what it finds given none.

No alignment of a whole query against a free part of the target costs more edits than the
query's length; unbounded, edlib starts at 64 and doubles, aligning up to nine times.
"""

from __future__ import annotations

import edlib
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.engine.near.align import (
    Hit,
    align_bytes,
    align_whole,
    beside_hits,
    cuts_word_bytes,
    disjoint,
    end_locations,
    others_as_one,
    whole_text_hits,
)

_SYMBOLS = st.binary(min_size=1, max_size=300).map(lambda b: bytes(c % 4 + 97 for c in b))


def _unbounded(query: bytes, target: bytes) -> tuple[int, list[int]]:
    result = edlib.align(query, target, mode="HW", task="distance", k=-1)
    return result["editDistance"], [e for _, e in result.get("locations") or []]


@settings(max_examples=200, deadline=None)
@given(_SYMBOLS, _SYMBOLS)
def test_no_bound_is_the_query_length(query: bytes, target: bytes) -> None:
    assert end_locations(query, target, -1) == _unbounded(query, target)


def test_a_query_far_longer_than_64_keeps_its_distance_and_ends() -> None:
    query = b"abcd" * 400  # edlib doubles its bound from 64 up to 2,048 here
    target = b"dcba" * 900 + b"abcd" * 50
    distance, ends = end_locations(query, target, -1)
    assert (distance, ends) == _unbounded(query, target)
    assert distance > 64


def test_the_whole_text_alignment_keeps_the_best_chunk_ends() -> None:
    # a 300,000-byte text: several chunks, the best alignment in a later one
    query = bytes(97 + (i * 7 + i // 5) % 4 for i in range(600))
    text = b"abab" * 60_000 + query[:300] + b"x" + query[300:] + b"baba" * 10_000
    hits = align_whole(query, text)
    assert hits
    distance, start, end = hits[0]
    assert round(distance * len(query)) == 1
    assert start == 240_000
    assert end == start + len(query) + 1


@st.composite
def _sides(draw: st.DrawFn) -> tuple[bytes, bytes, list[tuple[int, int]], int]:
    """A query, a text holding it (changed a little) or not, and up to three regions of it."""
    query = draw(_SYMBOLS.filter(lambda q: len(q) >= 4).map(lambda q: q[:40]))
    text = bytearray(draw(_SYMBOLS))
    if draw(st.booleans()):
        copy = bytearray(query)
        copy[draw(st.integers(0, len(copy) - 1))] = 122  # one byte changed
        at = draw(st.integers(0, len(text)))
        text[at:at] = copy
    cuts = sorted(draw(st.lists(st.integers(0, len(text)), min_size=2, max_size=6)))
    sides = list(zip(cuts[::2], cuts[1::2], strict=False))
    return query, bytes(text), sides, draw(st.integers(0, len(query)))


@settings(max_examples=300, deadline=None)
@given(_sides())
def test_regions_looked_at_together_give_what_each_gives_alone(
    case: tuple[bytes, bytes, list[tuple[int, int]], int],
) -> None:
    query, text, sides, k = case
    alone = [hit for a, b in sides for hit in align_bytes(query, text, a, b, k)]
    assert beside_hits(query, text, sides, k) == alone


def test_regions_that_hold_no_close_alignment_cost_one_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[int] = []
    real = edlib.align

    def counted(*args: object, **kwargs: object) -> dict[str, object]:
        calls.append(1)
        return real(*args, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(edlib, "align", counted)
    query = b"the river was founded in 1847"
    text = b"a council of the north met in the abbey of ardmore, " * 4
    sides = [(0, 80), (100, 208)]
    assert beside_hits(query, text, sides, 11) == []
    assert len(calls) == 1
    # one region that holds the quotation: each is aligned alone, as before
    text = text[:120] + query + text[120:]
    hits = beside_hits(query, text, [(0, 80), (100, 237)], 11)
    assert hits == [(0.0, 120, 120 + len(query))]
    assert len(calls) == 1 + 1 + 2 + 1  # joined, the first alone, the second and its start


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = edlib.align

    def counted(*args: object, **kwargs: object) -> dict[str, object]:
        calls.append(1)
        return real(*args, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(edlib, "align", counted)
    return calls


def test_one_region_is_aligned_alone_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch)
    query = b"the river was founded in 1847"
    text = b"a council met. " + query + b" the abbey"
    assert beside_hits(query, text, [(0, len(text))], 5) == [(0.0, 15, 15 + len(query))]
    assert len(calls) == 2  # the ends, then the start: no joined look first


def test_an_alignment_across_the_separator_costs_more_than_the_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the first region ends with the quotation's first half, the second starts with the rest:
    # joined by k bytes, deleting them would align it with k edits
    calls = _counting(monkeypatch)
    query = b"the river was founded in 1847"
    text = b"xxxxxxxxxxxx the river was" + b"#" * 20 + b" founded in 1847 yyyyyyyyyyyy"
    sides = [(0, 26), (46, len(text))]
    assert beside_hits(query, text, sides, 6) == []
    assert len(calls) == 1


def _whole_text_hits_before(data: bytes, qbytes: bytes, seeded: bool, limit: int) -> list[Hit]:
    """``whole_text_hits`` as it was: told whether the text is seeded, the best hits listed
    twice when it is."""
    hits = align_bytes(qbytes, data, 0, len(data), -1)
    if not seeded or not hits:
        return hits
    distance = round(hits[0][0] * len(qbytes))
    k = int(len(qbytes) * 0.35) + 1
    if distance > k:
        return hits + hits
    beside = list(hits)
    if len(disjoint(sorted(hits), limit)) < limit:
        for a, b in ((0, hits[0][1]), (hits[-1][2], len(data))):
            if b - a >= len(qbytes) // 2:
                beside += align_bytes(qbytes, data, a, b, k)
    return beside + hits


def _kept(data: bytes, hits: list[Hit], limit: int) -> list[Hit]:
    """The hits ``search.find_near`` keeps: disjoint ones, closest first."""
    return disjoint(
        sorted(hits, key=lambda h: (h[0], cuts_word_bytes(data, h[1], h[2]), h[1])), limit
    )


@settings(max_examples=300, deadline=None)
@given(_sides(), st.booleans(), st.integers(1, 3))
def test_a_short_text_keeps_the_hits_it_kept_when_told_whether_it_is_seeded(
    case: tuple[bytes, bytes, list[tuple[int, int]], int], seeded: bool, limit: int
) -> None:
    query, text, _, _ = case
    text = text + b" " + text[::-1]  # the quotation's copy, and room beside it
    asked: list[bool] = []

    def told() -> bool:
        asked.append(seeded)
        return seeded

    hits = whole_text_hits(text, query, told, limit)
    assert _kept(text, hits, limit) == _kept(
        text, _whole_text_hits_before(text, query, seeded, limit), limit
    )
    assert len(asked) <= 1


def test_whether_a_text_is_seeded_is_asked_only_when_the_look_beside_finds_more() -> None:
    query = b"the river was founded in 1847"
    text = b"a council of the north met in the abbey of ardmore, " * 2
    once = text + query + b" " + text
    asked: list[int] = []

    def seeded() -> bool:
        asked.append(1)
        return True

    assert whole_text_hits(once, query, seeded, 5) == [(0.0, 104, 104 + len(query))]
    assert asked == []
    twice = once + query.replace(b"1847", b"1848") + b" " + text
    hits = whole_text_hits(twice, query, seeded, 5)
    assert asked == [1]
    # the changed last character is left out of the hit beside: one edit
    assert hits == [(0.0, 104, 133), (1 / len(query), 238, 266), (0.0, 104, 133)]
    assert whole_text_hits(twice, query, lambda: False, 5) == [(0.0, 104, 104 + len(query))]


_BYTES_OF_TEXT = st.binary(min_size=1, max_size=200).map(lambda b: bytes(c % 12 + 97 for c in b))
_BYTES_OF_QUOTE = st.binary(min_size=1, max_size=40).map(lambda b: bytes(c % 6 + 97 for c in b))


@settings(max_examples=300, deadline=None)
@given(_BYTES_OF_QUOTE, _BYTES_OF_TEXT)
def test_bytes_the_quotation_lacks_made_one_align_alike(query: bytes, target: bytes) -> None:
    # the text's bytes from twelve letters, the quotation's from six: half of them it lacks
    one = others_as_one(query, target)
    assert len(one) == len(target)
    assert len(set(one) - set(query)) <= 1
    for task in ("distance", "locations"):
        for k in (-1, len(query) // 3):
            mine = edlib.align(query, one, mode="HW", task=task, k=k)
            theirs = edlib.align(query, target, mode="HW", task=task, k=k)
            assert mine["alphabetLength"] <= len(set(query)) + 1
            assert (mine["editDistance"], mine["locations"]) == (
                theirs["editDistance"],
                theirs["locations"],
            )


def test_a_lacked_byte_never_becomes_one_of_the_quotation() -> None:
    # "b" is what the quotation lacks first after "a": made "a", it would match
    assert others_as_one(b"acd", b"bbbb") != b"aaaa"
    assert edlib.align(b"ab", others_as_one(b"ab", b"xyzab"), mode="HW")["editDistance"] == 0
    assert edlib.align(b"aa", others_as_one(b"aa", b"xbx"), mode="HW")["editDistance"] == 2
