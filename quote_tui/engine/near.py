"""Near tier: the closest passages to a quotation that is not in the text as given.

Search runs in two stages so that a big text costs little per quotation:

1. Seeding. Once per text an index (kept in ``prepared.cache``) cuts the lowercased UTF-8 text into
   ~4 KB blocks and records which blocks hold each word (or, for scripts written without spaces,
   each character). A quotation's rarer words vote for runs of blocks; the best runs are
   aligned roughly with edlib on bytes, whose alphabet can never exceed 256 symbols.
2. Refinement. Around each rough hit the text is folded typographically (with a map back to
   source offsets) and aligned again character by character; the span is snapped to whole words
   and scored.

Similarity is a normalized Levenshtein similarity of the folded forms: 90 % weight on the
lowercased forms and 10 % on the forms as written, so case differences lower it only slightly.
"""

from __future__ import annotations

import heapq
import math
import re
import sys
import unicodedata
from array import array
from bisect import bisect_right
from collections import Counter, defaultdict
from collections.abc import Collection, Hashable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import repeat
from operator import add, neg, sub

import edlib
from rapidfuzz.distance import Levenshtein

from quote_tui.engine.budget import checkpoint
from quote_tui.engine.records import MatchOptions
from quote_tui.engine.text import PreparedText
from quote_tui.engine.typography import SPACELESS, fold_chars, lower_same_length

__all__ = ["NearCandidate", "find_near"]

_CACHE_KEY = "near.index"
_PAIRS_KEY = "near.pairs"
_BLOCK_BYTES = 4096
_GRAM_BLOCK_CHARS = 1400
_GLOBAL_SEARCH_BYTES = 256 * 1024
_WHOLE_TEXT_CHARS = 32_000
_MAX_SEED_TOKENS = 96
_FEW_RARE_KEYS = 4
_TIE_BREAK_KEYS = 12
_SHORT_QUOTE_BYTES = 400
_CASE_WEIGHT = 0.1
# Rough (byte-level) edit distance per quotation byte beyond which a seeded region is dropped.
_ROUGH_MAX_DISTANCE = 0.35
_ROUGH_TIGHT_DISTANCE = 0.1
_TIED_LOCATIONS = 4
# Most alignments taken from one seeded region, and ends aligned back in one refinement window:
# a repetitive text has one per repeat, and the ladder needs only a few candidates.
_REGION_HITS = 8
_WINDOW_ENDS = 16
_WHOLE_CHUNK_BYTES = 64 * 1024
_WORD_REACH = 256
# Text bytes times quotation words (of 64 bits) one whole-text alignment may cost: about 0.3 s.
_WHOLE_BUDGET = 16_000_000
_ANCHORS = 24
_ANCHOR_BYTES = 24
_ANCHOR_PLACES = 4
# How far below the best an edge variant of a span may score and still win by its word count.
_EDGE_WORD_CHARS = 12
_EDGE_WORD_TOLERANCE = 0.05
_WORDS = re.compile(r"\w+")
_BROKEN_AFTER = re.compile(r"[-\u00ad][ \t]*\r?\n[ \t]*[^\W\d_]+")
_BROKEN_BEFORE = re.compile(r"[^\W\d_]+[-\u00ad][ \t]*\r?\n[ \t]*")

# ASCII punctuation and whitespace become spaces in the seeding view; other bytes stay.
# Only ASCII is lowercased in the byte views: lowering a whole text as str costs more than the rest
# of the index, and a capital outside ASCII merely fails to seed or costs one rough edit.
_LOWER_BYTES = bytes(ord(chr(c).lower()) if c < 0x80 else c for c in range(256))
_SEED_BYTES = bytes(
    ord(chr(c).lower()) if chr(c).isalnum() or c >= 0x80 else 0x20 for c in range(256)
)
_CONTINUATION = bytes(range(0x80, 0xC0))


@dataclass(frozen=True, slots=True)
class NearCandidate:
    """A passage of the checked text close to a quotation.

    Attributes:
        start: code-point offset of the passage in ``prepared.text``.
        end: end offset (exclusive); both edges sit on word boundaries.
        similarity: 0..1, computed on typographically folded forms.
    """

    start: int
    end: int
    similarity: float


@dataclass(frozen=True, slots=True)
class _Index:
    """Per-text seeding index: block boundaries and which blocks hold each key."""

    data: bytes  # lowercased text as UTF-8 (surrogates passed through)
    ascii: bool
    grams: bool  # keys are characters (scripts written without spaces) rather than words
    byte_starts: tuple[int, ...]  # block k spans byte_starts[k]:byte_starts[k + 1]
    char_starts: tuple[int, ...]
    postings: dict[bytes | str, array[int]]  # the blocks holding each word, in order


def _build_index(text: str) -> _Index:
    sample = text[:200_000]
    visible = len(sample) - sample.count(" ") - sample.count("\n")
    grams = visible > 0 and len(SPACELESS.findall(sample)) > 0.3 * visible
    low = lower_same_length(text) if grams else text
    data = low.encode("utf-8", "surrogatepass").translate(_LOWER_BYTES)
    is_ascii = len(data) == len(text)
    byte_starts = [0]
    char_starts = [0]
    postings: dict[bytes | str, list[int]] = defaultdict(list)
    if grams:
        # Characters, not bigrams: a CJK character is about as telling as a word, and bigram
        # sets cost ten times as much to build.
        for k, a in enumerate(range(0, len(low), _GRAM_BLOCK_CHARS)):
            body = low[a : a + _GRAM_BLOCK_CHARS]
            for ch in set(body):
                postings[ch].append(k)
            char_starts.append(a + len(body))
            byte_starts.append(byte_starts[-1] + len(body.encode("utf-8", "surrogatepass")))
    else:
        seed_view = data.translate(_SEED_BYTES)
        k = 0
        while byte_starts[-1] < len(data):
            a = byte_starts[-1]
            b = seed_view.find(b" ", a + _BLOCK_BYTES)
            b = len(data) if b < 0 else b
            for word in set(seed_view[a:b].split()):
                postings[word].append(k)
            step = b - a if is_ascii else len(data[a:b].translate(None, _CONTINUATION))
            byte_starts.append(b)
            char_starts.append(char_starts[-1] + step)
            k += 1
    # two or four bytes a block number, where a list of ints spends about thirty-six
    code = "H" if len(byte_starts) <= 1 << 16 else "I"
    return _Index(
        data=data,
        ascii=is_ascii,
        grams=grams,
        byte_starts=tuple(byte_starts),
        char_starts=tuple(char_starts),
        postings={key: array(code, blocks) for key, blocks in postings.items()},
    )


def warm(prepared: PreparedText) -> None:
    """Build the near index of a text now rather than on its first near check."""
    index = _index(prepared)
    if not index.grams and _poor_vocabulary(index):
        _pairs(prepared, index)


def _poor_vocabulary(index: _Index) -> bool:
    """True when few words are rare enough to seed with (a text written from a small lexicon)."""
    blocks = len(index.byte_starts) - 1
    common = max(64, blocks // 10)
    rare = sum(1 for blocks_of in index.postings.values() if len(blocks_of) <= common)
    return blocks > 64 and rare < 20 * blocks


# Word ids of the pair index: one byte each for the words found in most blocks. 0xD8-0xDF are
# left out so that no two ids read as UTF-16 form a surrogate, which would join two code units;
# a surrogate therefore ends each block.
_PAIR_IDS = bytes([*range(0xD8), *range(0xE0, 0xFF)])
_OTHER_WORD = 0xFF  # every word without an id of its own (its pairs are never scanned for)
_BLOCK_END = "\ud800"
# A text with more widespread words than one-byte ids spends two code units a pair: the first
# word's id with the top bit set, then the next word's. At most about 20,500 words can each stand
# in a tenth of the blocks (a block holds at most about 2,050 words), well below the ids whose
# first unit would be a surrogate (0x5800 and up).
_WIDE_FIRST = 0x8000
_WIDE_IDS = 0x5800
_WIDE_OTHER = 0x7FFF
_NATIVE_UTF16 = "utf-16-le" if sys.byteorder == "little" else "utf-16-be"
# Searches for one pair in a block that cost about as much as listing all the block's pairs.
_LISTING_SEARCHES = 8


@dataclass(frozen=True, slots=True)
class _Pairs:
    """Adjacent word pairs per block, two or four bytes each: seeds when single words are
    common."""

    ids: dict[bytes, int]  # the most widespread words -> their id
    wide: bool  # ids of two bytes, a pair in two code units (else one byte, one code unit)
    chars: str  # per block, the code units of its adjacent pairs, then _BLOCK_END


def _pairs(prepared: PreparedText, index: _Index) -> _Pairs:
    """The text's word pairs, built on first need only: texts with an ordinary vocabulary rarely
    need them.

    A small vocabulary is what makes pairs necessary, and its few hundred most widespread words
    name almost every pair exactly in two bytes (a text with more widespread words gives each a
    two-byte id, and a pair four bytes). A pair with any other word is looked for in the
    text itself, in the blocks that hold both its words (few, as such a word is rarer). Mapping
    words to ids and packing them run at C speed, with no Python-level work per word; a hash set
    per block cost about seventy bytes a pair, and one sorted table of all pairs took seconds to
    sort.
    """
    pairs = prepared.cache.get(_PAIRS_KEY)
    if not isinstance(pairs, _Pairs):
        ids, wide = _pair_ids(index)
        pack = _wide_pairs if wide else _block_pairs
        seed_view = index.data.translate(_SEED_BYTES)
        starts = index.byte_starts
        built = []
        for k in range(len(starts) - 1):
            # a block ends at a space, so a pair across blocks is lost: one missed vote
            built.append(pack(ids, seed_view[starts[k] : starts[k + 1]].split()))
            built.append(_BLOCK_END)
        pairs = prepared.cache[_PAIRS_KEY] = _Pairs(ids, wide, "".join(built))
    return pairs


def _pair_ids(index: _Index) -> tuple[dict[bytes, int], bool]:
    """Ids for the words found in most blocks, and whether they take two bytes."""
    postings = index.postings
    common = max(64, (len(index.byte_starts) - 1) // 10)
    widespread = [word for word, blocks in postings.items() if len(blocks) > common]
    if len(widespread) > len(_PAIR_IDS):
        return {word: i for i, word in enumerate(widespread[:_WIDE_IDS])}, True
    widest = heapq.nlargest(len(_PAIR_IDS), postings, key=lambda word: len(postings[word]))
    return dict(zip(widest, _PAIR_IDS, strict=False)), False


def _wide_pairs(ids: dict[bytes, int], words: list[bytes]) -> str:
    """Two code units per adjacent pair, at C speed: the ids are interleaved as arrays."""
    seq = array("H", map(ids.get, words, repeat(_WIDE_OTHER)))
    if len(seq) < 2:
        return ""
    units = array("H", bytes(4 * (len(seq) - 1)))
    units[0::2] = array("H", map(_WIDE_FIRST.__or__, seq[:-1]))
    units[1::2] = seq[1:]
    return units.tobytes().decode(_NATIVE_UTF16)


def _block_pairs(ids: dict[bytes, int], words: list[bytes]) -> str:
    """A block's pair characters, each once when its few words must repeat pairs.

    A repetitive text (one phrase repeated) would otherwise return a hit per word to a scan;
    deduplicating costs a string object per pair, so it is done only where fewer pairs are
    possible (distinct words squared) than the block holds.
    """
    seq = bytes(map(ids.get, words, repeat(_OTHER_WORD)))
    chars = _pair_chars(seq)
    if len(set(seq)) ** 2 < len(chars):
        chars = "".join(set(chars))
    return chars


def _pair_chars(seq: bytes) -> str:
    """One character per adjacent pair of ids: UTF-16 reads two bytes as one code unit, so the
    pairs at even offsets and those at odd offsets are one decode each."""
    even = seq[: len(seq) // 2 * 2]
    odd = seq[1 : 1 + max(len(seq) - 1, 0) // 2 * 2]
    return even.decode("utf-16-le") + odd.decode("utf-16-le")


def _pair_postings(
    index: _Index, pairs: _Pairs, wanted: set[tuple[bytes, bytes]]
) -> dict[Hashable, list[int]]:
    """Which blocks hold each of the quotation's word pairs, keyed by the pair's hash (pairs
    found nowhere are left out)."""
    ids = pairs.ids
    by_units: dict[str, tuple[bytes, bytes]] = {}
    others: list[tuple[bytes, bytes]] = []
    for a, b in wanted:
        if a in ids and b in ids:
            by_units[_pair_units(pairs, ids[a], ids[b])] = (a, b)
        elif a in index.postings and b in index.postings:
            others.append((a, b))
    postings: dict[Hashable, list[int]] = {}
    if by_units:
        for units, blocks in _scan_pairs(pairs, by_units.keys()).items():
            postings[hash(by_units[units])] = blocks
    postings.update(_confirmed(index, others))
    return postings


def _pair_units(pairs: _Pairs, first: int, second: int) -> str:
    if pairs.wide:
        return chr(_WIDE_FIRST | first) + chr(second)
    return chr(first + 256 * second)


def _scan_pairs(pairs: _Pairs, wanted: Collection[str]) -> dict[str, list[int]]:
    """The blocks holding each of the wanted pairs' code units, in one scan at C speed (a block's
    end is matched too, to count blocks).

    A wide pair is matched by its first unit and then, if it is one of the wanted second units,
    its second; a match whose units belong to different wanted pairs is passed over.
    """
    first = re.escape("".join({units[0] for units in wanted}))
    if pairs.wide:
        second = re.escape("".join({units[1] for units in wanted}))
        pattern = f"[{first}{_BLOCK_END}][{second}]?"
    else:
        pattern = f"[{first}{_BLOCK_END}]"
    found: dict[str, list[int]] = defaultdict(list)
    k = 0
    for units in re.findall(pattern, pairs.chars):
        if units == _BLOCK_END:
            k += 1
        elif units in wanted:
            blocks = found[units]
            if not blocks or blocks[-1] != k:
                blocks.append(k)
    return found


def _confirmed(index: _Index, others: list[tuple[bytes, bytes]]) -> dict[Hashable, list[int]]:
    """Which blocks hold each pair with a less widespread word, keyed by the pair's hash: of the
    blocks that hold both words, those whose text has the pair.

    Few pairs are each searched for in their blocks' bytes. Many pairs would search the same
    blocks again and again (a long quotation in a text of thousands of widespread words), so when
    the blocks are asked about more pairs each, on average, than listing a block's pairs costs in
    searches, each block's pairs are listed once instead.
    """
    asked = [
        (pair, sorted(set(index.postings[pair[0]]).intersection(index.postings[pair[1]])))
        for pair in others
    ]
    asks = sum(len(blocks) for _, blocks in asked)
    listed = asks > _LISTING_SEARCHES * len(set().union(*(blocks for _, blocks in asked)))
    views: dict[int, bytes] = {}
    lists: dict[int, set[tuple[bytes, bytes]]] = {}
    postings: dict[Hashable, list[int]] = {}
    for (a, b), blocks in asked:
        if listed:
            kept = [k for k in blocks if (a, b) in _block_pair_set(index, lists, k)]
        else:
            pattern = re.compile(b" " + re.escape(a) + b" +" + re.escape(b) + b"(?![^ ])")
            kept = [k for k in blocks if pattern.search(_block_view(index, views, k))]
        if kept:
            postings[hash((a, b))] = kept
    return postings


def _block_view(index: _Index, views: dict[int, bytes], k: int) -> bytes:
    """Block ``k`` as seeding bytes (words between spaces), after a space."""
    view = views.get(k)
    if view is None:
        checkpoint()
        starts = index.byte_starts
        view = views[k] = b" " + index.data[starts[k] : starts[k + 1]].translate(_SEED_BYTES)
    return view


def _block_pair_set(
    index: _Index, lists: dict[int, set[tuple[bytes, bytes]]], k: int
) -> set[tuple[bytes, bytes]]:
    """Block ``k``'s adjacent word pairs, listed once per quotation."""
    pairs = lists.get(k)
    if pairs is None:
        words = _block_view(index, {}, k).split()
        pairs = lists[k] = set(zip(words, words[1:], strict=False))
    return pairs


def _few_rare(index: _Index, keys: set[bytes | str]) -> bool:
    """True when fewer than a handful of the quotation's words are rare enough to seed with."""
    common = max(64, (len(index.byte_starts) - 1) // 10)
    rare = sum(1 for k in keys if k in index.postings and len(index.postings[k]) <= common)
    return rare < _FEW_RARE_KEYS


def _quote_pairs(variants: set[str]) -> set[tuple[bytes, bytes]]:
    out: set[tuple[bytes, bytes]] = set()
    for variant in variants:
        words = variant.encode("utf-8", "surrogatepass").translate(_SEED_BYTES).split()
        out.update(zip(words, words[1:], strict=False))
    return out


def _index(prepared: PreparedText) -> _Index:
    index = prepared.cache.get(_CACHE_KEY)
    if not isinstance(index, _Index):
        index = prepared.cache[_CACHE_KEY] = _build_index(prepared.text)
    return index


def _char_offset(index: _Index, byte: int) -> int:
    if index.ascii:
        return byte
    k = max(bisect_right(index.byte_starts, byte) - 1, 0)
    base = index.byte_starts[k]
    return index.char_starts[k] + len(index.data[base:byte].translate(None, _CONTINUATION))


def _seed_keys(index: _Index, quote: str, folded: str, folded_low: str) -> set[bytes | str]:
    variants = {lower_same_length(quote), folded_low, folded_low.replace("'", "\u2019")}
    if index.grams:
        return {ch for v in variants for ch in v if not ch.isspace()}
    variants |= {quote, folded}  # capitals outside ASCII stay capitals in the index
    return {
        w
        for v in variants
        for w in v.encode("utf-8", "surrogatepass").translate(_SEED_BYTES).split()
    }


def _seed_regions(
    index: _Index,
    keys: AbstractSet[Hashable],
    span: int,
    count: int,
    postings: Mapping[Hashable, Sequence[int]] | None = None,
) -> list[int]:
    """First blocks of the ``count`` best non-overlapping runs of ``span`` blocks (none when the
    quotation has no word rare enough to vote with)."""
    postings = index.postings if postings is None else postings
    blocks = len(index.byte_starts) - 1
    found = sorted((len(postings[k]), k) for k in keys if k in postings)
    common = max(64, blocks // 10)
    chosen = [item for item in found if item[0] <= common]
    if not chosen:
        return []  # only words found everywhere: seeding cannot tell regions apart
    if len(chosen) < _FEW_RARE_KEYS:
        # One or two rare words tie in many places; the commoner words, at their lower weight,
        # tell the place where they all stand together from the rest.
        chosen = found[:_TIE_BREAK_KEYS]
    scores: dict[int, float] = defaultdict(float)
    for df, key in chosen[:_MAX_SEED_TOKENS]:
        weight = math.log(1.0 + blocks / df)
        checkpoint()
        covered = _covered(postings[key], span)
        # scores[w] += weight for each covered run, at C speed: seeding by word pairs scores
        # thousands of runs per quotation
        raised = map(add, map(scores.__getitem__, covered), repeat(weight))
        scores.update(zip(covered, raised, strict=True))
    picked: list[int] = []
    # best score first, then the earliest run; tuples compare at C speed
    for _, w in sorted(zip(map(neg, scores.values()), scores, strict=True)):
        checkpoint()
        if all(abs(w - other) >= span for other in picked):
            picked.append(w)
            if len(picked) == count:
                break
    return picked


def _covered(blocks: Sequence[int], span: int) -> set[int]:
    """First blocks of the runs of ``span`` blocks that hold at least one of ``blocks``."""
    covered = set(blocks)
    for back in range(1, span):
        covered.update(map(sub, blocks, repeat(back)))
    covered.difference_update(range(1 - span, 0))
    return covered


def _encode_pair(query: str, target: str) -> tuple[bytes, bytes]:
    """Map both strings onto at most 256 symbols: the query's characters, then "other"."""
    codes = {ch: min(i + 1, 255) for i, (ch, _) in enumerate(Counter(query).most_common())}
    return bytes(map(codes.__getitem__, query)), bytes(map(codes.get, target, repeat(0)))


def _distance(a: str, b: str) -> int:
    """Levenshtein distance, banded: a small bound first, widened only when it is exceeded."""
    longest = max(len(a), len(b))
    bound = max(32, longest // 16)
    while True:
        distance = Levenshtein.distance(a, b, score_cutoff=bound)
        if distance <= bound or bound >= longest:
            return distance
        bound *= 4


def _similarity(folded_quote: str, low_quote: str, span: str) -> float:
    folded, _ = fold_chars(span)
    return _similarity_folded(folded_quote, low_quote, folded)


def _similarity_folded(folded_quote: str, low_quote: str, folded: str) -> float:
    longest = max(len(folded), len(folded_quote))
    if not longest:
        return 1.0
    lowered = 1.0 - _distance(low_quote, lower_same_length(folded)) / longest
    cased = 1.0 - _distance(folded_quote, folded) / longest
    return (1.0 - _CASE_WEIGHT) * lowered + _CASE_WEIGHT * cased


def _is_word(ch: str) -> bool:
    return (ch.isalnum() or unicodedata.combining(ch) > 0) and not SPACELESS.match(ch)


def _paragraph_break(gap: str) -> bool:
    return sum(gap.count(ch) for ch in "\n\r\u2029") - gap.count("\r\n") >= 2


def _edge_options(text: str, pos: int, *, is_start: bool) -> set[int]:
    """Where a span edge may snap: the boundary itself, or both ends of the word it cuts, and
    one word further out (kept only when it scores better, e.g. "The committee" for "The panel")."""
    # Edges move at most _WORD_REACH characters: a "word" of a million letters (one character
    # repeated, DNA) would otherwise be walked letter by letter for every option.
    floor = max(0, pos - _WORD_REACH)
    n = min(len(text), pos + _WORD_REACH)
    if pos <= 0 or pos >= len(text) or not (_is_word(text[pos - 1]) and _is_word(text[pos])):
        options = {pos}
    else:
        left, right = pos, pos
        while left > floor and _is_word(text[left - 1]):
            left -= 1
        while right < n and _is_word(text[right]):
            right += 1
        options = {left, right}
    snapped: set[int] = set()
    for p in options:
        if is_start:
            while p < n and text[p].isspace():
                p += 1
        else:
            while p > floor and text[p - 1].isspace():
                p -= 1
        snapped.add(p)
    if is_start:
        p = min(snapped)
        while p > floor and text[p - 1].isspace():
            p -= 1
        q = p
        while q > floor and _is_word(text[q - 1]):
            q -= 1
        if q < p and not _paragraph_break(text[p : min(snapped)]):
            snapped.add(q)
    else:
        p = max(snapped)
        while p < n and text[p].isspace():
            p += 1
        q = p
        while q < n and _is_word(text[q]):
            q += 1
        if q > p and not _paragraph_break(text[max(snapped) : p]):
            snapped.add(q)
    return _whole_broken_words(text, snapped | _inner_word(text, snapped, is_start=is_start),
                               is_start=is_start)  # fmt: skip


def _inner_word(text: str, snapped: set[int], *, is_start: bool) -> set[int]:
    """One word further in: the alignment may have taken a neighbour for a changed edge word."""
    floor = max(0, min(snapped) - _WORD_REACH)
    n = min(len(text), max(snapped) + _WORD_REACH)
    if is_start:
        q = max(snapped)
        while q < n and _is_word(text[q]):
            q += 1
        while q < n and not _is_word(text[q]):
            q += 1
        return {q} if q < n else set()
    q = min(snapped)
    while q > floor and _is_word(text[q - 1]):
        q -= 1
    while q > floor and not _is_word(text[q - 1]):
        q -= 1
    return {q} if q > floor else set()


def _whole_broken_words(text: str, options: set[int], *, is_start: bool) -> set[int]:
    """Options with a word hyphenated across a line break ("ta-\\nbles") taken whole, never
    half: the span may not end inside it or start in its second half."""
    out: set[int] = set()
    for p in options:
        if is_start:
            m = _BROKEN_BEFORE.search(text, max(0, p - 40), p)
            out.add(m.start() if m is not None and m.end() == p else p)
            continue
        q = p - 1 if p > 1 and text[p - 1] in "-\u00ad" else p
        m = _BROKEN_AFTER.match(text, q)
        out.add(m.end() if m is not None and q > 0 and text[q - 1].isalpha() else p)
    return out


def _words(folded: str) -> list[str]:
    return _WORDS.findall(folded.lower())


def _snap(
    text: str, start: int, end: int, folded_quote: str, low_quote: str
) -> NearCandidate | None:
    """The best whole-word span around a rough alignment.

    Similarity alone prefers leaving out a changed edge word ("pages, log" against "testing, log"
    scores higher as ", log" than as "testing, log"). Among spans that score within about one
    word of the best, the one closest word for word wins (fewest words changed, added or left
    out, then as many words as the quotation): the passage the author quoted is the one to show.
    """
    scored: list[tuple[NearCandidate, list[str]]] = []
    for s in sorted(_edge_options(text, start, is_start=True)):
        for e in sorted(_edge_options(text, end, is_start=False)):
            if e <= s:
                continue
            folded, _ = fold_chars(text[s:e])
            similarity = _similarity_folded(folded_quote, low_quote, folded)
            scored.append((NearCandidate(s, e, similarity), _words(folded)))
    if not scored:
        return None
    top = max(c.similarity for c, _ in scored)
    words = _words(folded_quote)
    if len(words) < 4 or SPACELESS.search(folded_quote):
        tolerance = 0.0
    else:
        tolerance = min(_EDGE_WORD_TOLERANCE, _EDGE_WORD_CHARS / max(len(folded_quote), 1))

    def rank(item: tuple[NearCandidate, list[str]]) -> tuple[int, int, int, float, int]:
        c, span_words = item
        # a stray mark at an edge (") and rs27", "(based on") where the quotation has a word
        stray = (_is_word(folded_quote[0]) and not _is_word(text[c.start])) + (
            _is_word(folded_quote[-1]) and not _is_word(text[c.end - 1])
        )
        return (
            Levenshtein.distance(words, span_words),
            abs(len(span_words) - len(words)),
            stray,
            -c.similarity,
            c.start - c.end,
        )

    return min((item for item in scored if item[0].similarity >= top - tolerance), key=rank)[0]


def _refine(text: str, lo: int, hi: int, folded_quote: str, low_quote: str) -> NearCandidate | None:
    """Align the folded quotation inside text[lo:hi] and return the snapped, scored span."""
    window, where = fold_chars(text[lo:hi])
    if not window:
        return None
    query, target = _encode_pair(low_quote, lower_same_length(window))
    distance, ends = _end_locations(query, target, -1)

    def cuts(i: int) -> bool:
        return 0 < i < len(window) and _is_word(window[i - 1]) and _is_word(window[i])

    # A repetitive window has an equally good end per repeat: only the first few that end on a
    # word boundary are aligned back to their starts.
    tries = _TIED_LOCATIONS if len(low_quote) <= 1000 else 1
    ends = sorted(ends, key=lambda e: (cuts(e + 1), e))[: _WINDOW_ENDS if tries > 1 else 2]
    reversed_query = query[::-1]
    spans = [(_start_of(reversed_query, target, e, distance), e) for e in ends]
    spans.sort(key=lambda se: (cuts(se[0]) or cuts(se[1] + 1), se[0]))
    # Ties in edit distance are not ties in similarity ("river river" in "rden river" and in
    # "river winter"): a short quotation tries a few; a long one rarely has distinct ties.
    best: NearCandidate | None = None
    for fs, fe in spans[:tries]:
        start = lo + where[fs]
        end = lo + where[fe] + 1
        while end < len(text) and unicodedata.combining(text[end]):
            end += 1
        candidate = _snap(text, start, end, folded_quote, low_quote)
        if candidate is not None and (best is None or candidate.similarity > best.similarity):
            best = candidate
    return best


_Hit = tuple[float, int, int]  # (edit distance per quotation byte, start byte, end byte)


def _end_locations(query: bytes, target: bytes, k: int) -> tuple[int, list[int]]:
    """Edit distance of the best semi-global alignments and where each ends (inclusive).

    edlib's ``task="locations"`` aligns back from every end to find its start; a repetitive text
    has an end per repeat, so that cost a full alignment per repeat. Ends alone come with the
    distance; callers align back only the few they keep (``_start_of``).
    """
    result = edlib.align(query, target, mode="HW", task="distance", k=k)
    distance = result["editDistance"]
    if distance < 0:
        return distance, []
    return distance, [e for _, e in result.get("locations") or []]


def _start_of(reversed_query: bytes, target: bytes, end: int, distance: int) -> int:
    """Start of the alignment ending at ``end`` with ``distance`` edits, chosen as edlib does:
    the reversed query aligned as a prefix of the reversed target, its longest best form."""
    lo = max(0, end + 1 - len(reversed_query) - distance)
    back = edlib.align(
        reversed_query, target[lo : end + 1][::-1], mode="SHW", task="distance", k=distance
    )
    return end - back["locations"][-1][1]


def _align_bytes(qbytes: bytes, data: bytes, lo: int, hi: int, k: int) -> list[_Hit]:
    """Non-overlapping best alignments in ``data[lo:hi]``, in order, at most ``_REGION_HITS``."""
    target = data[lo:hi]
    distance, ends = _end_locations(qbytes, target, k)
    reversed_query = qbytes[::-1]
    hits: list[_Hit] = []
    tried = 0
    # aligning back costs the quotation's length squared: a long one keeps fewer per region
    most = _REGION_HITS if len(qbytes) <= 1000 else 2
    for e in ends:
        if len(hits) == most or tried == 2 * most:
            break
        # an alignment is at least len(query) - distance long: skip ends that must overlap
        if hits and lo + e + 1 - (len(qbytes) - distance) < hits[-1][2]:
            continue
        tried += 1
        s = _start_of(reversed_query, target, e, distance)
        if e >= s and (not hits or lo + s >= hits[-1][2]):
            hits.append((distance / len(qbytes), lo + s, lo + e + 1))
    return hits


def _anchor_bounds(data: bytes, qbytes: bytes, count: int) -> list[tuple[int, int]]:
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
    margin = width // 2 + 64
    return [
        (max(0, b * width - margin), min(len(data), (b + 2) * width + margin)) for b, _ in picked
    ]


def _align_whole(qbytes: bytes, data: bytes) -> list[_Hit]:
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
    best: tuple[int, int, int] | None = None  # (distance, lo, hi)
    for lo in range(0, max(1, min(len(data), reach) - overlap), step):
        hi = min(len(data), lo + step + overlap)
        if best is not None and best[0] == 0:
            break
        k = -1 if best is None else best[0] - 1
        result = edlib.align(qbytes, data[lo:hi], mode="HW", task="distance", k=k)
        if result["editDistance"] >= 0 and (best is None or result["editDistance"] < best[0]):
            best = (result["editDistance"], lo, hi)
    if best is None:
        return []
    return _align_bytes(qbytes, data, best[1], best[2], best[0])


def _cuts_word(data: bytes, start: int, end: int) -> bool:
    def inside(i: int) -> bool:
        return 0 < i < len(data) and _SEED_BYTES[data[i - 1]] != 32 and _SEED_BYTES[data[i]] != 32

    return inside(start) or inside(end)


def _disjoint(hits: list[_Hit], limit: int) -> list[_Hit]:
    """The first ``limit`` hits, in the given order, that overlap no hit kept before them.

    A repetitive text yields a hit per repeat (a phrase repeated 200,000 times); comparing each
    with every kept one was quadratic. Kept hits are disjoint, so held sorted by start their ends
    are sorted too and only the two neighbours of a new hit can overlap it: one bisection each.
    Hits after the ``limit``-th kept one cannot change the kept ones, so the sweep stops there.
    """
    starts: list[int] = []
    ends: list[int] = []
    kept: list[_Hit] = []
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


def _rough_hits(
    data: bytes, qbytes: bytes, bounds: list[tuple[int, int]], limit: int
) -> list[_Hit]:
    """Byte-level alignments of the quotation in the seeded regions."""
    # A bound on the distance makes hopeless regions cheap; the best-voted one is aligned
    # unbounded when none passes, so an absent quotation still gets its (low) best similarity.
    # A long quotation tries a tight bound first: the band, and so the cost, grows with it.
    bounds_k = [int(len(qbytes) * _ROUGH_MAX_DISTANCE) + 1]
    if len(qbytes) > 1000:
        bounds_k.insert(0, int(len(qbytes) * _ROUGH_TIGHT_DISTANCE) + 1)
    hits: list[_Hit] = []
    first: list[tuple[int, int, list[_Hit]]] = []
    for k in bounds_k:
        for lo, hi in bounds:
            checkpoint()
            found = _align_bytes(qbytes, data, lo, hi, k)
            if found:
                hits += found
                first.append((lo, hi, found))
        if hits:
            break
    if len(_disjoint(sorted(hits), limit)) < limit:
        # edlib reports only the best passages of a region; look once more beside them.
        for lo, hi, found in sorted(first, key=lambda item: item[2][0])[:2]:
            for a, b in ((lo, found[0][1]), (found[-1][2], hi)):
                if b - a >= len(qbytes) // 2:
                    hits += _align_bytes(qbytes, data, a, b, k)
    if not hits and bounds:
        hits = _align_bytes(qbytes, data, *bounds[0], -1)
    return hits


def find_near(
    prepared: PreparedText, quote: str, *, options: MatchOptions, limit: int = 5
) -> tuple[NearCandidate, ...]:
    """Find the passages of ``prepared.text`` closest to ``quote``, best first.

    Candidates below ``options.near_threshold`` are returned too: the caller decides what counts
    as near and reports the best similarity either way.

    Args:
        prepared: the checked text; its seeding index is cached in ``prepared.cache``.
        quote: the quotation as typed.
        options: matching settings (the near tier reads none yet beyond the caller's threshold).
        limit: most candidates to return; they never overlap.

    Returns:
        Up to ``limit`` candidates, by descending similarity then position.
    """
    del options  # the threshold is applied by the ladder, which also reports best_similarity
    text = prepared.text
    folded_quote, _ = fold_chars(quote)
    if limit <= 0 or not text or not folded_quote:
        return ()
    low_quote = lower_same_length(folded_quote)
    index = _index(prepared)
    qbytes = low_quote.encode("utf-8", "surrogatepass")
    margin = len(qbytes) // 2 + 64
    blocks = len(index.byte_starts) - 1
    span = 1 + math.ceil(len(qbytes) * blocks / max(len(index.data), 1))
    count = limit + 3 if len(quote) <= 5000 else limit
    starts = index.byte_starts
    word_keys = _seed_keys(index, quote, folded_quote, low_quote)
    regions = _seed_regions(index, word_keys, span, count)
    big = not index.grams and len(index.data) > _GLOBAL_SEARCH_BYTES
    if big and (not regions or (len(qbytes) <= _SHORT_QUOTE_BYTES and _few_rare(index, word_keys))):
        # Every word is common (a small lexicon), or a short quotation has only a rare word or
        # two that stand in many places: pairs of adjacent words still tell regions apart.
        wanted = _quote_pairs({lower_same_length(quote), low_quote})
        postings = _pair_postings(index, _pairs(prepared, index), wanted)
        paired = _seed_regions(index, set(postings), span, count, postings)
        regions = paired + [w for w in regions if all(abs(w - p) >= span for p in paired)]
    bounds = [
        (max(0, starts[w] - margin), min(len(index.data), starts[min(w + span, blocks)] + margin))
        for w in regions
    ]
    # A seeded region is a run of blocks; a text without spaces (one character repeated, DNA) is
    # one block of megabytes, far too wide to align: such regions give way to verbatim pieces.
    widest = max(_GLOBAL_SEARCH_BYTES, 4 * len(qbytes))
    bounds = [(lo, hi) for lo, hi in bounds if hi - lo <= widest]
    if not bounds and big:
        bounds = _anchor_bounds(index.data, qbytes, count)
    rough = _rough_hits(index.data, qbytes, bounds, limit)
    if not bounds or len(index.data) <= _GLOBAL_SEARCH_BYTES:
        rough += _align_whole(qbytes, index.data)
    # Among equally close hits, those that do not cut a word come first ("0" in "0000" and alone).
    rough = _disjoint(
        sorted(rough, key=lambda h: (h[0], _cuts_word(index.data, h[1], h[2]), h[1])), count
    )
    slack = 24 + len(folded_quote) // 4
    found: list[NearCandidate] = []
    seen: set[tuple[int, int]] = set()
    windows = [
        (max(0, cs - slack), min(len(text), ce + slack))
        for cs, ce in (
            (_char_offset(index, b), _char_offset(index, e)) for _, b, e in rough[:count]
        )
    ]
    if len(text) <= _WHOLE_TEXT_CHARS:
        # The byte view is not folded (a ligature, 𝐀 for A): a short text is also aligned whole.
        windows.append((0, len(text)))
    for lo, hi in windows:
        checkpoint()
        candidate = _refine(text, lo, hi, folded_quote, low_quote)
        if candidate is not None and (candidate.start, candidate.end) not in seen:
            seen.add((candidate.start, candidate.end))
            found.append(candidate)
    found.sort(key=lambda c: (-c.similarity, c.start))
    kept: list[NearCandidate] = []
    for c in found:
        if all(c.end <= k.start or c.start >= k.end for k in kept):
            kept.append(c)
            if len(kept) == limit:
                break
    return tuple(kept)
