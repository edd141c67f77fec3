"""edlib given the query's length as its bound finds what it finds given none.

No alignment of a whole query against a free part of the target costs more edits than the
query's length; unbounded, edlib starts at 64 and doubles, aligning up to nine times. And a
text's bytes put in the quotation's symbols (every byte outside it one symbol) align as they
stand: edlib reads only which symbols are equal.
"""

from __future__ import annotations

from unittest import mock

import edlib
from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.engine.near import align
from quote_tui.engine.near.align import align_bytes, align_whole, compact_symbols, end_locations

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


# a text of the quotation's bytes and others (capitals, digits, the bytes of accented letters)
_QUERY = st.binary(min_size=1, max_size=120).map(lambda b: bytes(c % 5 + 97 for c in b))
_TEXT = st.binary(min_size=1, max_size=400).map(lambda b: bytes(c % 9 + 95 for c in b))


def _raw_hits(query: bytes, text: bytes, lo: int, hi: int, k: int) -> list[align.Hit]:
    with mock.patch.object(align, "compact_symbols", lambda _query: None):
        return align_bytes(query, text, lo, hi, k)


@settings(max_examples=300, deadline=None)
@given(_QUERY, _TEXT, st.integers(min_value=-1, max_value=40), st.data())
def test_bytes_in_the_quotations_symbols_align_as_they_stand(
    query: bytes, text: bytes, k: int, data: st.DataObject
) -> None:
    lo = data.draw(st.integers(min_value=0, max_value=len(text) - 1))
    hi = data.draw(st.integers(min_value=lo + 1, max_value=len(text)))
    assert align_bytes(query, text, lo, hi, k) == _raw_hits(query, text, lo, hi, k)


def test_every_byte_of_the_quotation_keeps_a_symbol_of_its_own() -> None:
    symbols = compact_symbols(b"abca")
    assert symbols is not None
    table, query = symbols
    assert len(set(query)) == 3 and 0 not in query  # 0 is every byte outside the quotation
    assert table[ord("x")] == table[ord("y")] == 0
    # "x" would match "a" were the quotation's first byte given the others' symbol
    assert align_bytes(b"ab", b"xb", 0, 2, -1) == [(0.5, 0, 2)]
    assert align_bytes(b"ab", b"xb", 0, 2, -1) == _raw_hits(b"ab", b"xb", 0, 2, -1)


def test_a_quotation_of_every_byte_aligns_unmapped() -> None:
    assert compact_symbols(bytes(range(255))) is not None
    every = bytes(range(256))
    assert compact_symbols(every) is None
    text = b"\x00" * 10 + every + b"\xff" * 10
    assert align_bytes(every, text, 0, len(text), -1) == [(0.0, 10, 266)]


def test_the_whole_text_alignment_reads_the_chunks_in_the_quotations_symbols() -> None:
    query = bytes(97 + (i * 7 + i // 5) % 4 for i in range(300))
    text = b"QRST" * 30_000 + query[:150] + b"Z" + query[150:] + b"WXYZ" * 5_000
    with mock.patch.object(align, "compact_symbols", lambda _query: None):
        raw = align_whole(query, text)
    assert align_whole(query, text) == raw
    assert raw and round(raw[0][0] * len(query)) == 1
