"""Seeding: which regions of a text a quotation's rarer words (or word pairs, or verbatim
pieces) point to, before anything is aligned."""

from __future__ import annotations

import heapq
import itertools
import math
from bisect import bisect_right
from collections import Counter, defaultdict
from collections.abc import Hashable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from itertools import compress, repeat
from operator import add, neg

from quote_tui.engine.budget import checkpoint
from quote_tui.engine.near.index import (
    SEED_BYTES,
    NearIndex,
    block_count,
    common_limit,
    index_of,
)
from quote_tui.engine.near.pairs import pair_postings, pairs_of, quote_pairs
from quote_tui.engine.text import PreparedText
from quote_tui.engine.typography import lower_same_length

__all__ = [
    "GLOBAL_SEARCH_BYTES",
    "anchor_bounds",
    "few_rare",
    "key_variants",
    "seed_bounds",
    "seed_keys",
    "seed_regions",
    "word_keys",
]


# Most keys of one quotation that vote, rarest first: a long quotation's later keys add time,
# not places.
_MAX_SEED_TOKENS = 96
# Fewer rare keys than this tie in many places, so the commoner keys vote too (up to
# _TIE_BREAK_KEYS of them), and a short quotation is also seeded by word pairs.
_FEW_RARE_KEYS = 4
_TIE_BREAK_KEYS = 12
# Verbatim pieces of a long quotation that vote where words cannot (one phrase repeated, DNA):
# how many pieces, how long each, and how many places of each are read.
_ANCHORS = 24
_ANCHOR_BYTES = 24
_ANCHOR_PLACES = 4
# Bytes added around a seeded region beyond half the quotation, so an alignment that starts a
# little before its region's first block is not cut.
_MARGIN_BYTES = 64
# Voters covering at least this share of the runs (1 in 8) have their sums kept in a list.
_DENSE_SHARE = 8
# A voter lacking fewer than one block in this many of those it holds adds its weight a stretch at
# a time (a bisection finds each block it skips).
_FEW_GAPS = 16
# A text up to this size is small enough to be aligned whole, whatever the seeding says.
GLOBAL_SEARCH_BYTES = 256 * 1024
# A quotation up to this long, with few rare words, is also seeded by word pairs.
_SHORT_QUOTE_BYTES = 400


def few_rare(index: NearIndex, keys: set[bytes | str]) -> bool:
    """True when fewer than a handful of the quotation's words are rare enough to seed with."""
    common = common_limit(block_count(index))
    rare = sum(1 for k in keys if k in index.postings and len(index.postings[k]) <= common)
    return rare < _FEW_RARE_KEYS


def seed_keys(grams: bool, quote: str, folded: str, folded_low: str) -> set[bytes | str]:
    """The index keys of a quotation: its words as typed, folded and lowercased (characters, for
    a text written without spaces, ``grams``)."""
    variants = key_variants(grams, quote, folded, folded_low)
    if grams:
        return {ch for v in variants for ch in v if not ch.isspace()}
    return {w for v in variants for w in word_keys(v)}


def key_variants(grams: bool, quote: str, folded: str, folded_low: str) -> tuple[str, ...]:
    """The forms of a quotation whose words (or characters, ``grams``) are its index keys
    (``seed_keys``): as typed, folded and lowercased."""
    variants = (folded_low, lower_same_length(quote), folded_low.replace("'", "\u2019"))
    if grams:
        return variants
    return (*variants, quote, folded)  # capitals outside ASCII stay capitals in the index


def word_keys(variant: str) -> list[bytes]:
    """The index keys of one form of a quotation written with spaces: its words as seeding
    bytes."""
    return variant.encode("utf-8", "surrogatepass").translate(SEED_BYTES).split()


def seed_regions(
    index: NearIndex,
    keys: AbstractSet[Hashable],
    span: int,
    count: int,
    postings: Mapping[Hashable, Sequence[int]] | None = None,
) -> list[int]:
    """First blocks of the ``count`` best non-overlapping runs of ``span`` blocks (none when the
    quotation has no word rare enough to vote with)."""
    postings = index.postings if postings is None else postings
    blocks = block_count(index)
    found = sorted((len(postings[k]), k) for k in keys if k in postings)
    common = common_limit(blocks)
    chosen = [item for item in found if item[0] <= common]
    if not chosen:
        return []  # only words found everywhere: seeding cannot tell regions apart
    if len(chosen) < _FEW_RARE_KEYS:
        # One or two rare words tie in many places; the commoner words, at their lower weight,
        # tell the place where they all stand together from the rest.
        chosen = found[:_TIE_BREAK_KEYS]
    scores = _scores(blocks, [(df, postings[key]) for df, key in chosen[:_MAX_SEED_TOKENS]], span)
    picked: list[int] = []
    # best score first, then the earliest run; tuples compare at C speed. A heap yields them in
    # the order a sort would, and the few picked are reached long before thousands are sorted.
    ranked = list(zip(map(neg, scores.values()), scores, strict=True))
    heapq.heapify(ranked)
    while ranked:
        checkpoint()
        w = heapq.heappop(ranked)[1]
        if all(abs(w - other) >= span for other in picked):
            picked.append(w)
            if len(picked) == count:
                break
    return picked


def _scores(blocks: int, voters: list[tuple[int, Sequence[int]]], span: int) -> dict[int, float]:
    """Each run of ``span`` blocks that holds a voter, with the sum of the weights of the voters
    it holds, added in the voters' order (so every sum is the same float, however it is made).

    A voter's blocks are in order, so the runs it covers are stretches, each found from where
    the last one ended: no set of them is built. When the voters cover the runs densely (a short
    quotation's word pairs cover thousands of runs), the sums are a list; a voter that lacks
    few blocks (the commoner words that break a tie) adds its weight a stretch at a time at C
    speed, the stretches found by bisection where it skips blocks.
    """
    dense = sum(len(held) for _, held in voters) * span >= blocks // _DENSE_SHARE
    sums: list[float] | defaultdict[int, float] = [0.0] * blocks if dense else defaultdict(float)
    back = span - 1
    for df, held in voters:
        checkpoint()
        weight = math.log(1.0 + blocks / df)
        if isinstance(sums, list) and (blocks - len(held)) * _FEW_GAPS < len(held):
            for first, last in _stretches(held, span):
                lo = max(first - back, 0)
                sums[lo : last + 1] = map(add, sums[lo : last + 1], repeat(weight))
            continue
        done = -1  # the last run this voter has added its weight to (none starts before 0)
        for b in held:
            w = b - back
            if w <= done:
                w = done + 1
            while w <= b:
                sums[w] += weight
                w += 1
            done = b
    if isinstance(sums, list):
        # a run no voter holds has no weight: every weight is positive
        return dict(compress(zip(itertools.count(), sums), sums))
    return sums


def _stretches(held: Sequence[int], span: int) -> Iterator[tuple[int, int]]:
    """The first and last block of each stretch of ``held`` (distinct blocks, in order) whose
    neighbours stand at most ``span`` apart: the runs they cover are one stretch too.

    ``held[i] - i`` rises only where blocks are skipped, so each skip is found by a bisection:
    a voter lacking a few blocks is read in a few dozen steps.
    """
    n = len(held)
    if not n:
        return
    start = i = 0
    while True:
        i = bisect_right(range(n), held[i] - i, lo=i, key=lambda j: held[j] - j)
        if i == n:
            break
        if held[i] - held[i - 1] > span:
            yield held[start], held[i - 1]
            start = i
    yield held[start], held[n - 1]


def anchor_bounds(data: bytes, qbytes: bytes, count: int) -> list[tuple[int, int]]:
    """Regions for a long quotation whose words and word pairs stand everywhere (a text of one
    phrase repeated, random DNA): where short pieces of it stand verbatim.

    A near miss keeps most of its pieces unchanged. Each piece votes, with its first few places,
    for where the quotation would start; the most voted places (earliest first on a tie) are
    aligned. Bounded: a fixed number of pieces, each found a fixed number of times.
    """
    if len(qbytes) < 4 * _ANCHOR_BYTES:
        return []
    votes: Counter[int] = Counter()
    width = len(qbytes)
    for i in range(_ANCHORS):
        offset = (len(qbytes) - _ANCHOR_BYTES) * i // (_ANCHORS - 1)
        piece = qbytes[offset : offset + _ANCHOR_BYTES]
        pos = data.find(piece)
        for _ in range(_ANCHOR_PLACES):
            if pos < 0:
                break
            votes[max(0, pos - offset) // width] += 1
            pos = data.find(piece, pos + 1)
    picked = sorted(votes.items(), key=lambda item: (-item[1], item[0]))[:count]
    margin = _margin(width)
    return [
        (max(0, b * width - margin), min(len(data), (b + 2) * width + margin)) for b, _ in picked
    ]


def _margin(quote_bytes: int) -> int:
    """Bytes read on each side of a seeded region."""
    return quote_bytes // 2 + _MARGIN_BYTES


def seed_bounds(
    prepared: PreparedText, quote: str, folded_quote: str, low_quote: str, count: int
) -> list[tuple[int, int]]:
    """Byte regions of the index's text where the quotation most likely stands, best first.

    Rare words vote for runs of blocks; where every word is common (a small lexicon) or a short
    quotation has only a word or two that stand in many places, adjacent word pairs vote too;
    where neither can (a text without spaces), verbatim pieces of the quotation do.

    Args:
        prepared: the checked text.
        quote: the quotation as typed.
        folded_quote: the quotation folded (``fold_chars``).
        low_quote: ``folded_quote`` lowercased.
        count: most regions to return.

    Returns:
        (start, end) byte offsets into the index's data, at most ``count``.
    """
    index = index_of(prepared)
    qbytes = low_quote.encode("utf-8", "surrogatepass")
    margin = _margin(len(qbytes))
    blocks = block_count(index)
    span = 1 + math.ceil(len(qbytes) * blocks / max(len(index.data), 1))
    starts = index.byte_starts
    word_keys = seed_keys(index.grams, quote, folded_quote, low_quote)
    regions = seed_regions(index, word_keys, span, count)
    big = not index.grams and len(index.data) > GLOBAL_SEARCH_BYTES
    if big and (not regions or (len(qbytes) <= _SHORT_QUOTE_BYTES and few_rare(index, word_keys))):
        # Every word is common (a small lexicon), or a short quotation has only a rare word or
        # two that stand in many places: pairs of adjacent words still tell regions apart.
        wanted = quote_pairs({lower_same_length(quote), low_quote})
        postings = pair_postings(index, pairs_of(prepared, index), wanted)
        paired = seed_regions(index, set(postings), span, count, postings)
        regions = paired + [w for w in regions if all(abs(w - p) >= span for p in paired)]
    bounds = [
        (max(0, starts[w] - margin), min(len(index.data), starts[min(w + span, blocks)] + margin))
        for w in regions
    ]
    # A seeded region is a run of blocks; a text without spaces (one character repeated, DNA) is
    # one block of megabytes, far too wide to align: such regions give way to verbatim pieces.
    widest = max(GLOBAL_SEARCH_BYTES, 4 * len(qbytes))
    bounds = [(lo, hi) for lo, hi in bounds if hi - lo <= widest]
    if not bounds and big:
        bounds = anchor_bounds(index.data, qbytes, count)
    return bounds
