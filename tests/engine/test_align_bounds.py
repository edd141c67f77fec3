"""edlib given the query's length as its bound finds what it finds given none.

No alignment of a whole query against a free part of the target costs more edits than the
query's length; unbounded, edlib starts at 64 and doubles, aligning up to nine times.
"""

from __future__ import annotations

import edlib
from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.engine.near.align import align_whole, end_locations

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
