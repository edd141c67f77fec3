"""Word pairs per block: seeds for a text written from a small vocabulary.

When every word of a quotation stands in most blocks (a text of a few hundred words repeated),
single words cannot tell regions apart, but adjacent pairs of them can. The pair index is built
on first need only (``pairs_of``) and kept in ``PreparedText.cache``.
"""

from __future__ import annotations

import heapq
import re
import struct
import sys
from array import array
from codecs import utf_16_le_decode
from collections import Counter, defaultdict
from collections.abc import Collection, Hashable, Iterator
from dataclasses import dataclass
from functools import partial
from itertools import compress, repeat

from quote_tui.engine.budget import checkpoint
from quote_tui.engine.near.index import (
    SEED_BYTES,
    NearIndex,
    block_count,
    common_limit,
    index_of,
    poor_vocabulary,
)
from quote_tui.engine.text import PreparedText

__all__ = ["WordPairs", "index_and_pairs", "pair_postings", "pairs_of", "quote_pairs"]


# Where the pair index is kept in ``PreparedText.cache``.
_PAIRS_KEY = "near.pairs"
# Word ids of the pair index: one byte each for the words found in most blocks. 0xD8-0xDF are
# left out so that no two ids read as UTF-16 form a surrogate, which would join two code units;
# a surrogate therefore ends each block.
_PAIR_IDS = bytes([*range(0xD8), *range(0xE0, 0xFF)])
_OTHER_WORD = 0xFF  # every word without an id of its own (its pairs are never scanned for)
# Ends each block's pairs: a surrogate no pair of one-byte ids can form.
_BLOCK_END = "\ud800"
# Ends an index of one-byte ids, never scanned for: a character outside the BMP stores every
# character in four bytes, and the regular expression engine reads such a string about a third
# faster (1.8 against 2.6 ms for a 5 MB text's 958,000 pairs), which is most of an absent
# quotation's check. An index of two-byte ids, twice as long already (a table of numbers), stays
# two bytes a character: doubling it would cost half the text's size again in memory.
_WIDE_STORE = "\U0010ffff"
# A text with more widespread words than one-byte ids spends two code units a pair: the first
# word's id with the top bit set, then the next word's. At most about 20,500 words can each stand
# in a tenth of the blocks (a block holds at most about 2,050 words), well below the ids whose
# first unit would be a surrogate (0x5800 and up).
_WIDE_FIRST = 0x8000
_WIDE_IDS = 0x5800
_WIDE_OTHER = 0x7FFF  # the two-byte id of every word without an id of its own
# Pairs are packed as native code units and read back as a str.
_NATIVE_UTF16 = "utf-16-le" if sys.byteorder == "little" else "utf-16-be"
# Searches for one pair in a block that cost about as much as listing all the block's pairs.
_LISTING_SEARCHES = 8
# The first blocks, whose words say whether a text looks written from a small vocabulary while
# its index is built; fewer distinct words than this many per sampled block look small (the
# index's own test, ``poor_vocabulary``, asks for fewer than 20 rare words per block).
_SAMPLE_BLOCKS = 64
_SAMPLE_WORDS_PER_BLOCK = 20
# A block whose words are this share or more without an id (1 in 4) stores only the pairs within
# its runs of two or more words with ids; in the runs of other blocks, long, the pairs across
# a word without an id cost less to keep than the runs cost to find.
_SPARSE_SHARE = 4
_ID_RUNS = re.compile(b"[^" + re.escape(bytes([_OTHER_WORD])) + b"]{2,}")
# Every byte once: the bytes a block's ids lack are these less its ids, and its distinct ids these
# less those (two translations at C speed, where a set of the ids takes a step per word).
_ALL_IDS = bytes(range(256))
# Marks the words without an id of their own among a block's ids.
_IS_OTHER = bytes(int(b == _OTHER_WORD) for b in range(256))
# A block's row maps each id it holds to _HELD and every other byte to itself (no id is _HELD);
# a column of rows read through _IS_HELD gives 1 where a block holds that id.
_HELD = _OTHER_WORD
_HELD_ROW = bytes([_HELD]) * 256
_IS_HELD = bytes(int(b == _HELD) for b in range(256))
# Fewer than one word in this many without an id are found one by one.
_FEW_OTHERS = 16
# A word lacking from fewer than one block in this many of a few hundred takes the blocks
# between those it lacks (a ``find`` each) rather than a step through every block.
_FEW_LACKING = 8


class _Ids(dict[bytes, int]):
    """One-byte word ids, read at C speed: a word without an id reads as ``_OTHER_WORD``.

    Every word of a small-vocabulary text is looked up (about a million on 5 MB, a third of
    preparing it); the item lookup of a dict subclass, one argument, costs a twentieth less
    than ``dict.get`` with a default, whose arguments are parsed and whose defaults come from
    an iterator. The fallback is made of C callables (``next`` of an endless ``repeat``, the
    word passed as the unused default): a Python ``__missing__`` would cost a call for each
    word without an id, thousands in a text with numbers.
    """

    __slots__ = ()
    __missing__ = staticmethod(partial(next, repeat(_OTHER_WORD)))


@dataclass(frozen=True, slots=True)
class WordPairs:
    """Adjacent word pairs per block, two or four bytes each: seeds when single words are
    common."""

    ids: dict[bytes, int]  # the most widespread words -> their id
    wide: bool  # ids of two bytes, a pair in two code units (else one byte, one code unit)
    chars: str  # per block, the code units of its adjacent pairs, then _BLOCK_END (and _WIDE_STORE)


def pairs_of(prepared: PreparedText, index: NearIndex) -> WordPairs:
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
    if not isinstance(pairs, WordPairs):
        ids, wide = _pair_ids(index)
        pack = _wide_pairs if wide else _block_pairs
        seed_view = index.data.translate(SEED_BYTES)
        starts = index.byte_starts
        built = []
        for k in range(len(starts) - 1):
            # a block ends at a space, so a pair across blocks is lost: one missed vote
            built.append(pack(ids, seed_view[starts[k] : starts[k + 1]].split()))
            built.append(_BLOCK_END)
        if not wide:
            built.append(_WIDE_STORE)
        pairs = prepared.cache[_PAIRS_KEY] = WordPairs(ids, wide, "".join(built))
    return pairs


def index_and_pairs(prepared: PreparedText) -> None:
    """Build the text's index and, when its vocabulary is small, its word pairs, splitting each
    block into words once for both.

    Which words get ids decides only how a pair is looked up (scanned for, or confirmed in the
    text), never which blocks hold it: ids taken from the first blocks, before the index is
    complete, give the same seeds as ids taken from the whole. A text whose first blocks look
    ordinary is paired afterwards, as ``pairs_of`` does, if the whole index says it must be.
    """
    early = _EarlyPairs()
    index = index_of(prepared, early)
    if index.grams or not poor_vocabulary(index):
        return
    if not isinstance(prepared.cache.get(_PAIRS_KEY), WordPairs):
        made = early.pairs()
        if made is not None:
            prepared.cache[_PAIRS_KEY] = made
    pairs_of(prepared, index)


class _EarlyPairs:
    """Word pairs packed while the index splits its blocks, for a text whose first blocks look
    written from a small vocabulary (their words then get the ids).

    The first blocks are kept as joined bytes until then: a few hundred kilobytes, where their
    lists of words would hold an object per word (as much again as the text's tenth). After
    them, a block's words are looked up once: their ids give both its pairs and which words it
    holds (a set of the words cost as much again), and only the words without an id are left
    to the index (``index.BlockWords``).
    """

    __slots__ = ("sample", "seen", "ids", "built", "gave_up", "rows", "words")

    def __init__(self) -> None:
        self.sample: list[bytes] = []
        self.seen: Counter[bytes] = Counter()  # in how many sampled blocks each word stands
        self.ids: _Ids | None = None
        self.built: list[str] = []
        self.gave_up = False
        self.rows = _BlockRows()  # which ids each block after the sample holds
        self.words: dict[int, bytes] = {}  # each id's word

    def add(self, words: list[bytes], k: int) -> list[bytes]:
        """Take block ``k``'s words; return those whose blocks the index must record."""
        if self.gave_up:
            return words
        if self.ids is not None:
            seq = bytes(map(self.ids.__getitem__, words))
            present = _ALL_IDS.translate(None, _ALL_IDS.translate(None, seq))
            self.built.append(_seq_pairs(seq, len(present)))
            self.built.append(_BLOCK_END)
            self.rows.add(present, k)
            if present[-1:] != bytes([_OTHER_WORD]):
                return []
            return _without_id(words, seq)
        self.sample.append(b" ".join(words))
        self.seen.update(set(words))
        if len(self.sample) == _SAMPLE_BLOCKS:
            self._decide()
        return words

    def recorded(self, code: str) -> Iterator[tuple[bytes, bytes]]:
        """Each word with an id and the blocks after the sample that hold it, since the last
        call, packed as native ``code`` numbers."""
        return self.rows.take(self.words, code)

    def _decide(self) -> None:
        counts, blocks = self.seen, len(self.sample)
        widespread = sum(1 for n in counts.values() if n > blocks // 10)
        # many distinct words (an ordinary text), or more widespread ones than one-byte ids
        if len(counts) >= _SAMPLE_WORDS_PER_BLOCK * blocks or widespread > len(_PAIR_IDS):
            self.gave_up = True
            self.sample, self.seen = [], Counter()
            return
        top = counts.most_common(len(_PAIR_IDS))
        self.ids = _Ids(zip((word for word, _ in top), _PAIR_IDS, strict=False))
        self.words = {i: word for word, i in self.ids.items()}
        sample, self.sample, self.seen = self.sample, [], Counter()
        for joined in sample:  # their blocks were recorded by the index
            self.built.append(_block_pairs(self.ids, joined.split()))
            self.built.append(_BLOCK_END)

    def pairs(self) -> WordPairs | None:
        """The pairs of every block taken, or None when the text did not look small."""
        if self.ids is None and not self.gave_up and self.sample:
            self._decide()
        if self.ids is None:
            return None
        return WordPairs(self.ids, False, "".join([*self.built, _WIDE_STORE]))


class _BlockRows:
    """Which ids each of consecutive blocks holds, one 256-byte row a block (_HELD at each id
    it holds, every other byte itself), read by id a few hundred blocks at a time.

    A row is made at C speed (``bytes.maketrans``); each block number appended to the list of
    each id the block holds cost four times as much, and eight bytes a number until the end.
    """

    __slots__ = ("rows", "first")

    def __init__(self) -> None:
        self.rows: list[bytes] = []
        self.first = 0  # the block of the first row

    def add(self, present: bytes, k: int) -> None:
        """Take block ``k``'s distinct ids (``k`` follows the last block taken, if any)."""
        if not self.rows:
            self.first = k
        self.rows.append(bytes.maketrans(present, _HELD_ROW[: len(present)]))

    def take(self, words: dict[int, bytes], code: str) -> Iterator[tuple[bytes, bytes]]:
        """Each of ``words`` (by id) that a block taken holds, with those blocks in order packed
        as native ``code`` numbers (an array's bytes); the rows are forgotten.

        Numbers are packed by ``struct``: an array's own append or constructor parses each one
        as an argument, three times the cost. A word held by most blocks (a small vocabulary's
        words mostly are) takes the packed numbers of all the blocks between those it lacks,
        found by ``find``, where picking the blocks that hold it stepped through every block.
        """
        if not self.rows:
            return
        rows, self.rows = b"".join(self.rows), []
        count = len(rows) // 256
        # a list, not a range: the range would make each number again for every id
        blocks = list(range(self.first, self.first + count))
        every = struct.pack(f"{count}{code}", *blocks)
        width = len(every) // count
        for i, word in words.items():
            held = rows[i::256].translate(_IS_HELD)  # a column: 1 where a block holds id i
            holders = held.count(1)
            if holders == count:
                yield word, every
            elif (count - holders) * _FEW_LACKING < count:
                yield word, b"".join(_between_lacking(every, held, width))
            elif holders:
                yield word, struct.pack(f"{holders}{code}", *compress(blocks, held))


def _between_lacking(every: bytes, held: bytes, width: int) -> Iterator[bytes]:
    """The runs of ``every`` (numbers ``width`` bytes each) between the places where ``held``
    is 0."""
    start = 0
    lack = held.find(0)
    while lack >= 0:
        yield every[start * width : lack * width]
        start = lack + 1
        lack = held.find(0, start)
    yield every[start * width :]


def _without_id(words: list[bytes], seq: bytes) -> list[bytes]:
    """The words of a block without an id of their own (``seq``, their ids): found by ``find``
    where they are few (a step per such word), or picked at C speed (a step per word)."""
    other = seq.count(_OTHER_WORD)
    if other * _FEW_OTHERS > len(seq):
        return list(compress(words, seq.translate(_IS_OTHER)))
    found = []
    i = seq.find(_OTHER_WORD)
    while i >= 0:
        found.append(words[i])
        i = seq.find(_OTHER_WORD, i + 1)
    return found


def _pair_ids(index: NearIndex) -> tuple[dict[bytes, int], bool]:
    """Ids for the words found in most blocks, and whether they take two bytes."""
    postings = index.postings
    common = common_limit(block_count(index))
    widespread = [word for word, blocks in postings.items() if len(blocks) > common]
    if len(widespread) > len(_PAIR_IDS):
        return {word: i for i, word in enumerate(widespread[:_WIDE_IDS])}, True
    widest = heapq.nlargest(len(_PAIR_IDS), postings, key=lambda word: len(postings[word]))
    return _Ids(zip(widest, _PAIR_IDS, strict=False)), False


def _wide_pairs(ids: dict[bytes, int], words: list[bytes]) -> str:
    """Two code units per adjacent pair, at C speed: the ids are interleaved as arrays."""
    seq = array("H", map(ids.get, words, repeat(_WIDE_OTHER)))
    if len(seq) < 2:
        return ""
    units = array("H", bytes(4 * (len(seq) - 1)))
    units[0::2] = array("H", map(_WIDE_FIRST.__or__, seq[:-1]))
    units[1::2] = seq[1:]
    return units.tobytes().decode(_NATIVE_UTF16)


def _block_pairs(ids: _Ids, words: list[bytes]) -> str:
    """A block's pair characters, each once when its few words must repeat pairs.

    A repetitive text (one phrase repeated) would otherwise return a hit per word to a scan;
    deduplicating costs a string object per pair, so it is done only where fewer pairs are
    possible (distinct words squared) than the block holds.

    A pair with a word without an id is never scanned for (it is confirmed in the text), so a
    block where such words are frequent (a table of numbers: nearly all of them) keeps only the
    pairs within its runs of words with ids.
    """
    seq = bytes(map(ids.__getitem__, words))
    return _seq_pairs(seq, len(_ALL_IDS.translate(None, _ALL_IDS.translate(None, seq))))


def _seq_pairs(seq: bytes, distinct: int) -> str:
    """``_block_pairs`` of a block's ids, ``distinct`` of them."""
    if seq.count(_OTHER_WORD) * _SPARSE_SHARE >= len(seq):
        chars = "".join(map(_pair_chars, _ID_RUNS.findall(seq)))
    else:
        chars = _pair_chars(seq)
    if distinct**2 < len(chars):
        chars = "".join(set(chars))
    return chars


def _pair_chars(seq: bytes) -> str:
    """One character per adjacent pair of ids: UTF-16 reads two bytes as one code unit, so the
    pairs at even offsets and those at odd offsets are one decode each."""
    even = seq[: len(seq) // 2 * 2]
    odd = seq[1 : 1 + max(len(seq) - 1, 0) // 2 * 2]
    # the codec's function itself: ``bytes.decode`` finds "utf-16-le" through the codec
    # registry and a Python wrapper, a third of a block's decode
    return utf_16_le_decode(even)[0] + utf_16_le_decode(odd)[0]


def pair_postings(
    index: NearIndex, pairs: WordPairs, wanted: set[tuple[bytes, bytes]]
) -> dict[Hashable, list[int]]:
    """Which blocks hold each of the quotation's word pairs, keyed by the pair (pairs found
    nowhere are left out).

    Keyed by the pair itself, never by its hash: seeding ranks keys found in as many blocks by
    the key (``seed.seed_regions``), and a hash of bytes changes from one process to the next,
    so pairs tied on their blocks voted in an order, and to a sum, that changed with it (an
    absent quotation's best similarity with them).
    """
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
            postings[by_units[units]] = blocks
    postings.update(_confirmed(index, others))
    return postings


def _pair_units(pairs: WordPairs, first: int, second: int) -> str:
    """The code units a pair of word ids is stored as."""
    if pairs.wide:
        return chr(_WIDE_FIRST | first) + chr(second)
    return chr(first + 256 * second)


def _scan_pairs(pairs: WordPairs, wanted: Collection[str]) -> dict[str, list[int]]:
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


def _confirmed(index: NearIndex, others: list[tuple[bytes, bytes]]) -> dict[Hashable, list[int]]:
    """Which blocks hold each pair with a less widespread word, keyed by the pair: of the
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
            postings[a, b] = kept
    return postings


def _block_view(index: NearIndex, views: dict[int, bytes], k: int) -> bytes:
    """Block ``k`` as seeding bytes (words between spaces), after a space."""
    view = views.get(k)
    if view is None:
        checkpoint()
        starts = index.byte_starts
        view = views[k] = b" " + index.data[starts[k] : starts[k + 1]].translate(SEED_BYTES)
    return view


def _block_pair_set(
    index: NearIndex, lists: dict[int, set[tuple[bytes, bytes]]], k: int
) -> set[tuple[bytes, bytes]]:
    """Block ``k``'s adjacent word pairs, listed once per quotation."""
    pairs = lists.get(k)
    if pairs is None:
        words = _block_view(index, {}, k).split()
        pairs = lists[k] = set(zip(words, words[1:], strict=False))
    return pairs


def quote_pairs(variants: set[str]) -> set[tuple[bytes, bytes]]:
    """The adjacent word pairs of the quotation's variants, as seeding bytes."""
    out: set[tuple[bytes, bytes]] = set()
    for variant in variants:
        words = variant.encode("utf-8", "surrogatepass").translate(SEED_BYTES).split()
        out.update(zip(words, words[1:], strict=False))
    return out
