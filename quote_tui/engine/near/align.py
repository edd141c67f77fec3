"""Alignment with edlib: rough byte-level hits in the seeded regions, or over the whole text.

Every call is bounded: a distance bound makes hopeless regions cheap, ends alone are listed
(``end_locations``) and only the few kept are aligned back (``start_of``), and a whole-text
alignment is cut into chunks and capped (``_WHOLE_BUDGET``).
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Callable
from itertools import repeat

import edlib

from quote_tui.engine.budget import checkpoint
from quote_tui.engine.near.index import SEED_BYTES

__all__ = [
    "LONG_QUOTE",
    "Hit",
    "align_bytes",
    "align_whole",
    "beside_hits",
    "cuts_word_bytes",
    "disjoint",
    "encode_pair",
    "end_locations",
    "others_as_one",
    "rough_hits",
    "start_of",
    "symbol_codes",
    "whole_text_hits",
]


# Rough (byte-level) edit distance per quotation byte beyond which a seeded region is dropped;
# a long quotation first tries the tight bound, since edlib's band (and cost) grows with it.
_ROUGH_MAX_DISTANCE = 0.35
_ROUGH_TIGHT_DISTANCE = 0.1
# Most alignments taken from one seeded region: a repetitive text has one per repeat, and the
# ladder needs only a few candidates. A long quotation keeps _LONG_REGION_HITS.
_REGION_HITS = 8
_LONG_REGION_HITS = 2
# A whole-text alignment runs chunk by chunk, each this long (or twice the quotation).
_WHOLE_CHUNK_BYTES = 64 * 1024
# Text bytes times quotation words (of 64 bits) one whole-text alignment may cost: about 0.3 s.
_WHOLE_BUDGET = 16_000_000
LONG_QUOTE = 1000
"""A quotation longer than this (in bytes or characters) is long: aligning it back from an end
costs its length squared, so it keeps fewer ends and tries a tight distance bound first."""
Hit = tuple[float, int, int]  # (edit distance per quotation byte, start byte, end byte)
# Joins the regions looked at beside the best hits (``beside_hits``): a byte no UTF-8 text holds.
_SEPARATOR = b"\xff"
# Every byte, in order: the identity table of ``bytes.translate``.
_ALL_BYTES = bytes(range(256))


def symbol_codes(query: str) -> dict[str, int]:
    """The query's characters as symbols 1 to 255, commonest first (0 is "other")."""
    return {ch: min(i + 1, 255) for i, (ch, _) in enumerate(Counter(query).most_common())}


def encode_pair(
    query: str, target: str, codes: dict[str, int] | None = None
) -> tuple[bytes, bytes]:
    """Map both strings onto at most 256 symbols: the query's characters, then "other".

    ``codes`` is ``symbol_codes(query)``, when the caller has it already.
    """
    codes = symbol_codes(query) if codes is None else codes
    return bytes(map(codes.__getitem__, query)), bytes(map(codes.get, target, repeat(0)))


def end_locations(query: bytes, target: bytes, k: int) -> tuple[int, list[int]]:
    """Edit distance of the best semi-global alignments and where each ends (inclusive).

    edlib's ``task="locations"`` aligns back from every end to find its start; a repetitive text
    has an end per repeat, so that cost a full alignment per repeat. Ends alone come with the
    distance; callers align back only the few they keep (``start_of``).
    """
    result = edlib.align(query, target, mode="HW", task="distance", k=_bound(query, k))
    distance = result["editDistance"]
    if distance < 0:
        return distance, []
    return distance, [e for _, e in result.get("locations") or []]


def _bound(query: bytes, k: int) -> int:
    """A distance bound for edlib: ``k``, or for none (-1) the query's length.

    No alignment of a whole query (the target's part is free) costs more edits than the
    query's length, so that bound finds the same distance and ends as none; edlib, given none,
    starts at 64 and doubles, aligning up to nine times where once does.
    """
    return len(query) if k < 0 or k > len(query) else k


def start_of(reversed_query: bytes, target: bytes, end: int, distance: int) -> int:
    """Start of the alignment ending at ``end`` with ``distance`` edits, chosen as edlib does:
    the reversed query aligned as a prefix of the reversed target, its longest best form."""
    lo = max(0, end + 1 - len(reversed_query) - distance)
    back = edlib.align(
        reversed_query, target[lo : end + 1][::-1], mode="SHW", task="distance", k=distance
    )
    return end - back["locations"][-1][1]


def align_bytes(
    qbytes: bytes, data: bytes, lo: int, hi: int, k: int, found: tuple[int, list[int]] | None = None
) -> list[Hit]:
    """Non-overlapping best alignments in ``data[lo:hi]``, in order, at most ``_REGION_HITS``
    (``found``: the distance and ends of ``end_locations`` there, when the caller has them)."""
    target = data[lo:hi]
    distance, ends = end_locations(qbytes, target, k) if found is None else found
    reversed_query = qbytes[::-1]
    hits: list[Hit] = []
    tried = 0
    # aligning back costs the quotation's length squared: a long one keeps fewer per region
    most = _REGION_HITS if len(qbytes) <= LONG_QUOTE else _LONG_REGION_HITS
    for e in ends:
        if len(hits) == most or tried == 2 * most:
            break
        # an alignment is at least len(query) - distance long: skip ends that must overlap
        if hits and lo + e + 1 - (len(qbytes) - distance) < hits[-1][2]:
            continue
        tried += 1
        s = start_of(reversed_query, target, e, distance)
        if e >= s and (not hits or lo + s >= hits[-1][2]):
            hits.append((distance / len(qbytes), lo + s, lo + e + 1))
    return hits


def align_whole(qbytes: bytes, data: bytes) -> list[Hit]:
    """The best alignments over the whole text, found chunk by chunk.

    edlib lists every end of a best alignment, and a repetitive text ties at every repeat: a
    list of millions. Each chunk after the first is asked only for alignments strictly better
    than the best so far, so a tie costs nothing and the hits come from the first chunk holding
    the best distance (chunks overlap by twice the quotation, so no alignment is cut).
    """
    step = max(_WHOLE_CHUNK_BYTES, 2 * len(qbytes))
    overlap = 2 * len(qbytes)
    # edlib's cost is the text's length times the quotation's in 64-bit words: past a budget a
    # long quotation is aligned over the text's start only (its best similarity is then a floor).
    reach = max(step, _WHOLE_BUDGET // -(-len(qbytes) // 64))
    best: tuple[int, int, int, list[int]] | None = None  # (distance, lo, hi, ends)
    for lo in range(0, max(1, min(len(data), reach) - overlap), step):
        hi = min(len(data), lo + step + overlap)
        if best is not None and best[0] == 0:
            break
        distance, ends = end_locations(qbytes, data[lo:hi], -1 if best is None else best[0] - 1)
        if distance >= 0 and (best is None or distance < best[0]):
            best = (distance, lo, hi, ends)
    if best is None:
        return []
    # the best chunk's ends are those a bound of its distance lists: no second alignment
    return align_bytes(qbytes, data, best[1], best[2], best[0], (best[0], best[3]))


def cuts_word_bytes(data: bytes, start: int, end: int) -> bool:
    """True when a byte span of the seeding view starts or ends inside a word."""

    def inside(i: int) -> bool:
        return 0 < i < len(data) and SEED_BYTES[data[i - 1]] != 32 and SEED_BYTES[data[i]] != 32

    return inside(start) or inside(end)


def disjoint(hits: list[Hit], limit: int) -> list[Hit]:
    """The first ``limit`` hits, in the given order, that overlap no hit kept before them.

    A repetitive text yields a hit per repeat (a phrase repeated 200,000 times); comparing each
    with every kept one was quadratic. Kept hits are disjoint, so held sorted by start their ends
    are sorted too and only the two neighbours of a new hit can overlap it: one bisection each.
    Hits after the ``limit``-th kept one cannot change the kept ones, so the sweep stops there.
    """
    starts: list[int] = []
    ends: list[int] = []
    kept: list[Hit] = []
    for hit in hits:
        if len(kept) >= limit:
            break
        _, start, end = hit
        i = bisect_right(starts, start)
        if (i and ends[i - 1] > start) or (i < len(starts) and starts[i] < end):
            continue
        starts.insert(i, start)
        ends.insert(i, end)
        kept.append(hit)
    return kept


def rough_hits(data: bytes, qbytes: bytes, bounds: list[tuple[int, int]], limit: int) -> list[Hit]:
    """Byte-level alignments of the quotation in the seeded regions."""
    # A bound on the distance makes hopeless regions cheap; the best-voted one is aligned
    # unbounded when none passes, so an absent quotation still gets its (low) best similarity.
    # A long quotation tries a tight bound first: the band, and so the cost, grows with it.
    bounds_k = [int(len(qbytes) * _ROUGH_MAX_DISTANCE) + 1]
    if len(qbytes) > LONG_QUOTE:
        bounds_k.insert(0, int(len(qbytes) * _ROUGH_TIGHT_DISTANCE) + 1)
    hits: list[Hit] = []
    first: list[tuple[int, int, list[Hit]]] = []
    for k in bounds_k:
        for lo, hi in bounds:
            checkpoint()
            found = align_bytes(qbytes, data, lo, hi, k)
            if found:
                hits += found
                first.append((lo, hi, found))
        if hits:
            break
    if len(disjoint(sorted(hits), limit)) < limit:
        # edlib reports only the best passages of a region; look once more beside them.
        for lo, hi, found in sorted(first, key=lambda item: item[2][0])[:2]:
            for a, b in ((lo, found[0][1]), (found[-1][2], hi)):
                if b - a >= len(qbytes) // 2:
                    hits += align_bytes(qbytes, data, a, b, k)
    if not hits and bounds:
        hits = align_bytes(qbytes, data, *bounds[0], -1)
    return hits


def others_as_one(qbytes: bytes, data: bytes) -> bytes:
    """``data`` with every byte the quotation lacks made one such byte: the same alignments.

    edlib compares only a quotation's bytes with the text's, never the text's with each other,
    so bytes the quotation lacks are all mismatches alike; but edlib builds a bit vector per
    distinct byte of both (and a table of their pairs) on every call, which for a short
    passage's rough alignment (about 50 distinct bytes against the quotation's 25) cost as
    much as aligning it.
    """
    others = _ALL_BYTES.translate(None, qbytes)
    if not others:
        return data
    return data.translate(bytes.maketrans(others, others[:1] * len(others)))


def whole_text_hits(
    data: bytes, qbytes: bytes, seeded: Callable[[], bool], limit: int
) -> list[Hit]:
    """``rough_hits`` with the whole text as its one region (when ``seeded()``) plus
    ``align_whole``, for a text of one chunk, aligning the whole text once rather than twice.
    The text is aligned with the bytes the quotation lacks made one (``others_as_one``).

    Both align the whole text and keep the best alignments (edlib reports the same ends under
    any bound at least the best distance); the seeded region alone may look beside them. The
    region's hits and the whole text's are then the same hits, listed once when the look finds
    nothing: the caller keeps disjoint hits, and a hit listed again overlaps itself. So whether
    the text is seeded tells only once the look beside finds more, and is asked then (most
    looks find nothing).
    """
    data = others_as_one(qbytes, data)
    hits = align_bytes(qbytes, data, 0, len(data), -1)
    if not hits:
        return hits
    distance = round(hits[0][0] * len(qbytes))
    bounds_k = [int(len(qbytes) * _ROUGH_MAX_DISTANCE) + 1]
    if len(qbytes) > LONG_QUOTE:
        bounds_k.insert(0, int(len(qbytes) * _ROUGH_TIGHT_DISTANCE) + 1)
    k = next((k for k in bounds_k if distance <= k), None)
    if k is None or len(disjoint(sorted(hits), limit)) >= limit:
        return hits
    sides = [
        (a, b) for a, b in ((0, hits[0][1]), (hits[-1][2], len(data))) if b - a >= len(qbytes) // 2
    ]
    beside = beside_hits(qbytes, data, sides, k)
    if not beside or not seeded():
        return hits
    return hits + beside + hits


def beside_hits(qbytes: bytes, data: bytes, sides: list[tuple[int, int]], k: int) -> list[Hit]:
    """``align_bytes`` of each region of ``sides`` under the bound ``k``, one after the other,
    in one edlib call when none of them holds an alignment that close (the look beside a short
    text's best hits finds one in under 1 % of the short-passage benchmark's checks; a long
    text's seeded regions, often alike, are looked beside one at a time).

    The regions are joined by ``k + 1`` bytes no UTF-8 text holds: each is a part of the joined
    bytes, so an alignment within one is an alignment there, and when the joined bytes hold
    none, none does. An alignment across a separator would cost each of its bytes (none matches
    a quotation's byte), so the joined bytes rarely hold one the regions do not; when they hold
    any, each region is aligned alone, as before.
    """
    if len(sides) > 1:
        joined = (_SEPARATOR * (k + 1)).join(data[a:b] for a, b in sides)
        if end_locations(qbytes, joined, k)[0] < 0:
            return []
    hits: list[Hit] = []
    for a, b in sides:
        hits += align_bytes(qbytes, data, a, b, k)
    return hits
