"""The seeding index is built without a second copy of its text, and the blocks of a small
vocabulary's words are moved into the index a few hundred blocks at a time.

Preparing a 5 MB text peaked 1.7 MB higher when each block number of a word with an id waited in
a list until the end, and a seeding view of the whole text was 5 MB more while the index was
built; what is built must not change with either.
"""

from __future__ import annotations

import random
import tracemalloc
from array import array

import pytest

from quote_tui.engine.near import index as index_module
from quote_tui.engine.near.index import build_index, index_of
from quote_tui.engine.near.pairs import _BlockRows, _EarlyPairs, index_and_pairs
from quote_tui.engine.text import PreparedText


def _small_vocabulary(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    lexicon = [f"w{i}x" for i in range(120)]
    return [rng.choice(lexicon) for _ in range(count)]


def _with_rare_words(words: list[str], seed: int) -> list[str]:
    """Words no early block holds (they get no id), here and there after the first blocks,
    thick in one stretch and thin in another."""
    rng = random.Random(seed)
    out = list(words)
    for i in range(len(out) // 4, len(out) // 2, 3):
        out[i] = f"rare{rng.randint(0, 999)}"
    for i in range(len(out) // 2, len(out), 97):
        out[i] = f"odd{rng.randint(0, 99)}"
    return out


@pytest.mark.parametrize("rare", [False, True])
def test_an_index_moved_in_a_few_hundred_blocks_at_a_time_is_the_index_built_alone(
    rare: bool,
) -> None:
    words = _small_vocabulary(500_000, 3)
    text = " ".join(_with_rare_words(words, 4) if rare else words)
    prepared = PreparedText(text)
    index_and_pairs(prepared)
    built = index_of(prepared)
    assert len(built.byte_starts) > 64 + 2 * index_module._FLUSH_BLOCKS  # crosses two moves
    assert built == build_index(text)


def test_a_small_vocabulary_holds_a_few_hundred_blocks_of_rows_at_most(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    held: list[int] = []
    add = _EarlyPairs.add

    def watched(self: _EarlyPairs, words: list[bytes], k: int) -> list[bytes]:
        held.append(len(self.rows.rows))
        return add(self, words, k)

    monkeypatch.setattr(_EarlyPairs, "add", watched)
    text = " ".join(_small_vocabulary(500_000, 5))
    index_and_pairs(PreparedText(text))
    assert len(held) > 64 + 2 * index_module._FLUSH_BLOCKS
    assert max(held) == index_module._FLUSH_BLOCKS - 1  # the rows before this block


def test_the_index_is_built_without_a_second_copy_of_its_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # What the index holds while its blocks are split, beyond what it keeps: a block's words
    # and the postings' growth, where a seeding view of the whole text is as large as the text.
    lowered = index_module.lowered

    def counted_from_here(text: str, grams: bool) -> tuple[str, bytes]:
        made = lowered(text, grams)
        tracemalloc.reset_peak()
        return made

    monkeypatch.setattr(index_module, "lowered", counted_from_here)
    rng = random.Random(8)
    lexicon = ["".join(rng.choices("abcdefghij", k=6)) for _ in range(3000)]
    # with punctuation for the seeding view to turn into spaces
    text = " ".join(rng.choice(lexicon) + rng.choice(",.;:") for _ in range(200_000))
    tracemalloc.start()
    try:
        index = build_index(text)
        kept, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(index.byte_starts) > 300
    assert peak - kept < len(text) // 4


def test_blocks_end_where_the_whole_seeding_view_says() -> None:
    # A block ends at the first byte from 4 KB on that the seeding view makes a space
    # (punctuation, a dash's bytes stay a word's): found in the lowered bytes, block by block.
    rng = random.Random(11)
    pieces = ["alpha", "Beta", "café", "naïve", "x" * 300, "—", "l'été", "3.5%", "a,b", "\u00a0"]
    text = " ".join(
        rng.choice(pieces) + rng.choice(["", ",", ".", ";", "!\n"]) for _ in range(30_000)
    )
    index = build_index(text)
    view = index.data.translate(index_module.SEED_BYTES)
    expected = [0]
    while expected[-1] < len(view):
        end = view.find(b" ", expected[-1] + index_module._BLOCK_BYTES)
        expected.append(len(view) if end < 0 else end)
    assert list(index.byte_starts) == expected
    assert len(expected) > 20


@pytest.mark.parametrize("code", ["H", "I"])
def test_block_rows_give_each_id_its_blocks_packed(code: str) -> None:
    # ids held by every block, by all but a few (the first, two side by side, the last), by
    # a few, by none: each gets exactly the blocks that hold it, in order, as the array packs
    rows = _BlockRows()
    first, count = 300, 40
    lacking = {1: {300, 310, 311, 339}, 2: set(range(300, 340)) - {305, 330}, 3: set(range(340))}
    held_by = {
        i: [k for k in range(first, first + count) if k not in lacking.get(i, ())]
        for i in (0, 1, 2, 3)
    }
    for k in range(first, first + count):
        rows.add(bytes(sorted(i for i in held_by if k in held_by[i])), k)
    words = {i: f"w{i}".encode() for i in held_by}
    got = dict(rows.take(words, code))
    assert got == {
        words[i]: array(code, blocks).tobytes() for i, blocks in held_by.items() if blocks
    }
    assert rows.rows == [] and dict(rows.take(words, code)) == {}
