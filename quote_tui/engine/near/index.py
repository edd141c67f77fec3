"""The near tier's seeding index: which ~4 KB blocks of a text hold each word.

Built once per text (kept in ``PreparedText.cache``) from the lowercased UTF-8 bytes, whose
alphabet never exceeds 256 symbols, so edlib can align on them directly. A text written mostly
in a script without spaces is indexed by character instead of by word.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from quote_tui.engine.text import PreparedText
from quote_tui.engine.typography import lower_same_length, spaceless

__all__ = [
    "SEED_BYTES",
    "BlockWords",
    "NearIndex",
    "block_count",
    "build_index",
    "char_count",
    "char_offset",
    "common_limit",
    "index_of",
    "lowered",
    "one_block",
    "poor_vocabulary",
    "written_without_spaces",
]


# Where the index is kept in ``PreparedText.cache``.
_CACHE_KEY = "near.index"
# A block of a spaced text: about 4 KB, ended at the next space. Smaller blocks tell places apart
# better but cost more postings; a 5 MB text has about 1,200.
_BLOCK_BYTES = 4096
# Blocks after which the words' blocks recorded by a ``BlockWords`` are moved into the arrays:
# as lists they hold eight bytes a block number, four times the arrays' two (1.7 MB of a 5 MB
# text's peak when moved at the end only).
_FLUSH_BLOCKS = 256
# A block of a text written without spaces, in characters (about as many bytes as a word block).
_GRAM_BLOCK_CHARS = 1400
# How much of a text is read to tell a spaceless script from a spaced one, and the share of its
# visible characters that must be spaceless.
_SCRIPT_SAMPLE_CHARS = 200_000
_SPACELESS_SHARE = 0.3
# A word found in more blocks than this share of them (and at least in _COMMON_FLOOR blocks)
# is common: it cannot tell regions apart, so it does not vote.
_COMMON_SHARE = 10
_COMMON_FLOOR = 64
# A text of more than _COMMON_FLOOR blocks with fewer rare words than this per block is written
# from a small lexicon (seeding needs word pairs there).
_RARE_PER_BLOCK = 20
# ASCII punctuation and whitespace become spaces in the seeding view; other bytes stay.
# Only ASCII is lowercased in the byte views: lowering a whole text as str costs more than the rest
# of the index, and a capital outside ASCII merely fails to seed or costs one rough edit.
SEED_BYTES = bytes(
    ord(chr(c).lower()) if chr(c).isalnum() or c >= 0x80 else 0x20 for c in range(256)
)
"""Byte translation to the seeding view: words between spaces."""
# The bytes the seeding view turns into spaces: a block ends at the first one from _BLOCK_BYTES on.
_SEED_SPACE = re.compile(
    b"[" + re.escape(bytes(c for c in range(256) if SEED_BYTES[c] == ord(" "))) + b"]"
)
# UTF-8 continuation bytes: deleting them counts characters at C speed.
_CONTINUATION = bytes(range(0x80, 0xC0))


@dataclass(frozen=True, slots=True)
class NearIndex:
    """Per-text seeding index: block boundaries and which blocks hold each key."""

    data: bytes  # lowercased text as UTF-8 (surrogates passed through)
    ascii: bool
    grams: bool  # keys are characters (scripts written without spaces) rather than words
    byte_starts: tuple[int, ...]  # block k spans byte_starts[k]:byte_starts[k + 1]
    char_starts: tuple[int, ...]
    postings: dict[bytes | str, array[int]]  # the blocks holding each word, in order


class BlockWords(Protocol):
    """Takes each block's words while the index splits them (the word-pair index is built from
    the same split, which is a third of the index's time), and may record some words' blocks
    itself: a small vocabulary's words are looked up once for both."""

    def add(self, words: list[bytes], k: int) -> Iterable[bytes]:
        """Take block ``k``'s words in order (seeding bytes); return those whose blocks the
        index must record (it records each distinct one once)."""
        ...

    def recorded(self, code: str) -> Iterable[tuple[bytes, bytes]]:
        """The words whose blocks were recorded here since the last call (which forgets them),
        each with its blocks in order packed as native ``code`` numbers (an array's bytes), all
        after any block of that word the index recorded and any given by an earlier call."""
        ...


def common_limit(blocks: int) -> int:
    """Most blocks a key may stand in and still vote: past it, a key is common everywhere.

    Args:
        blocks: how many blocks the text has.

    Returns:
        The largest block count of a rare key.
    """
    return max(_COMMON_FLOOR, blocks // _COMMON_SHARE)


def block_count(index: NearIndex) -> int:
    """How many blocks the index cuts its text into."""
    return len(index.byte_starts) - 1


def build_index(text: str, on_block: BlockWords | None = None) -> NearIndex:
    """Cut a text into blocks and record which blocks hold each word (or character).

    Args:
        text: the checked text.
        on_block: given each block's words, for a spaced text (``BlockWords``).

    Returns:
        The index; costs one pass over the text at C speed plus one set per block.
    """
    grams = written_without_spaces(text)
    low, data = lowered(text, grams)
    is_ascii = len(data) == len(text)
    byte_starts = [0]
    char_starts = [0]
    # Two or four bytes a block number, where a list of ints spends about thirty-six: the
    # postings are arrays from the start, so no list of them is ever held (they are most of the
    # index's peak). A block holds at least its share of the text, which bounds their number.
    most_blocks = len(low) // _GRAM_BLOCK_CHARS + 1 if grams else len(data) // _BLOCK_BYTES + 1
    code = "H" if most_blocks < 1 << 16 else "I"
    postings: dict[bytes | str, array[int]] = defaultdict(lambda: array(code))
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
        # Each block is put in seeding bytes alone, where a seeding view of the whole text was
        # one more copy of it held while the index is built (5 MB of a 5 MB text's peak).
        k = 0
        while byte_starts[-1] < len(data):
            a = byte_starts[-1]
            b = _block_end(data, a)
            piece = data[a:b]
            words = piece.translate(SEED_BYTES).split()
            for word in set(words if on_block is None else on_block.add(words, k)):
                postings[word].append(k)
            step = b - a if is_ascii else len(piece.translate(None, _CONTINUATION))
            byte_starts.append(b)
            char_starts.append(char_starts[-1] + step)
            k += 1
            if on_block is not None and k % _FLUSH_BLOCKS == 0:
                _take_recorded(on_block, postings, code)
        if on_block is not None:
            _take_recorded(on_block, postings, code)
    return NearIndex(
        data=data,
        ascii=is_ascii,
        grams=grams,
        byte_starts=tuple(byte_starts),
        char_starts=tuple(char_starts),
        postings=dict(postings),
    )


def _block_end(data: bytes, a: int) -> int:
    """Where the block starting at byte ``a`` ends: at the first byte the seeding view makes a
    space from ``_BLOCK_BYTES`` on (the view of the whole text is never made), or the end."""
    end = _SEED_SPACE.search(data, a + _BLOCK_BYTES)
    return len(data) if end is None else end.start()


def _take_recorded(
    on_block: BlockWords, postings: defaultdict[bytes | str, array[int]], code: str
) -> None:
    """Move the blocks ``on_block`` recorded so far into the postings' arrays."""
    for word, packed in on_block.recorded(code):
        postings[word].frombytes(packed)


def written_without_spaces(text: str) -> bool:
    """True when a text is written mostly in a script without spaces (it is indexed by
    character rather than by word)."""
    sample = text[:_SCRIPT_SAMPLE_CHARS]
    if sample.isascii():
        return False
    visible = len(sample) - sample.count(" ") - sample.count("\n")
    return visible > 0 and len(spaceless().findall(sample)) > _SPACELESS_SHARE * visible


def lowered(text: str, grams: bool) -> tuple[str, bytes]:
    """The text as the index reads it (lowercased whole for a text without spaces), and its
    UTF-8 bytes with ASCII lowercased: the view edlib aligns on."""
    low = lower_same_length(text) if grams else text
    # bytes.lower lowers ASCII letters alone, in a third fewer instructions than a translation
    return low, low.encode("utf-8", "surrogatepass").lower()


def one_block(low: str, data: bytes, grams: bool) -> bool:
    """True when the index would cut the text into a single block (``build_index``)."""
    if grams:
        return len(low) <= _GRAM_BLOCK_CHARS
    return len(data) <= _BLOCK_BYTES


def index_of(prepared: PreparedText, on_block: BlockWords | None = None) -> NearIndex:
    """The text's index, built on first need and kept in ``prepared.cache`` (``on_block`` as
    ``build_index``'s, called only when the index is built now)."""
    index = prepared.cache.get(_CACHE_KEY)
    if not isinstance(index, NearIndex):
        index = prepared.cache[_CACHE_KEY] = build_index(prepared.text, on_block)
    return index


def char_offset(index: NearIndex, byte: int) -> int:
    """The code-point offset of a byte offset of ``index.data`` (one bisection and a count)."""
    if index.ascii:
        return byte
    k = max(bisect_right(index.byte_starts, byte) - 1, 0)
    base = index.byte_starts[k]
    return index.char_starts[k] + char_count(index.data[base:byte])


def char_count(data: bytes) -> int:
    """How many code points a piece of UTF-8 holds (its bytes less its continuation bytes)."""
    return len(data.translate(None, _CONTINUATION))


def poor_vocabulary(index: NearIndex) -> bool:
    """True when few words are rare enough to seed with (a text written from a small lexicon)."""
    blocks = block_count(index)
    common = common_limit(blocks)
    rare = sum(1 for blocks_of in index.postings.values() if len(blocks_of) <= common)
    return blocks > _COMMON_FLOOR and rare < _RARE_PER_BLOCK * blocks
