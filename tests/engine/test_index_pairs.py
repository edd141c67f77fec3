"""The word-pair index built in the index's own pass agrees with one built afterwards.

``index_and_pairs`` gives word ids from the first blocks, before the index is complete; which
words have ids decides only how a pair is looked up, never which blocks hold it.
"""

from __future__ import annotations

import random

import pytest

from quote_tui.engine.near.index import SEED_BYTES, build_index, index_of
from quote_tui.engine.near.pairs import index_and_pairs, pair_postings, pairs_of, quote_pairs
from quote_tui.engine.text import PreparedText


def _words(lexicon_size: int, count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    # a few words only in the text's second half: they get no id from the first blocks
    early = [f"w{i}x" for i in range(lexicon_size)]
    late = [f"late{i}" for i in range(40)]
    words = [rng.choice(early) for _ in range(count)]
    for i in range(count // 2, count, 7):
        words[i] = rng.choice(late)
    return words


@pytest.mark.parametrize(("lexicon_size", "seed"), [(10, 1), (150, 2), (240, 3), (260, 4)])
def test_pairs_made_with_the_index_seed_as_pairs_made_after_it(
    lexicon_size: int, seed: int
) -> None:
    words = _words(lexicon_size, 150_000, seed)
    text = " ".join(words)
    early = PreparedText(text)
    index_and_pairs(early)
    assert "near.pairs" in early.cache
    later = PreparedText(text)
    index = index_of(later)
    quote_words = words[120_000:120_060] + words[500:540]
    wanted = quote_pairs({" ".join(words[120_000:120_060]), " ".join(words[500:540])})
    wanted |= {(b"late3", b"late7"), (b"w1x", b"late5"), (b"late9", b"w2x")}
    assert len(quote_words) == 100
    got = pair_postings(index_of(early), pairs_of(early, index_of(early)), wanted)
    expected = pair_postings(index, pairs_of(later, index), wanted)
    assert got == expected
    # and both as the blocks read again say
    seed_view = index.data.translate(SEED_BYTES)
    starts = index.byte_starts
    read: dict[tuple[bytes, bytes], list[int]] = {}
    for k in range(len(starts) - 1):
        block = seed_view[starts[k] : starts[k + 1]].split()
        for pair in wanted & set(zip(block, block[1:], strict=False)):
            read.setdefault(pair, []).append(k)
    assert got == read


def test_an_ordinary_vocabulary_gets_no_pairs_when_warmed() -> None:
    rng = random.Random(5)
    words = ["".join(rng.choices("abcdefghij", k=7)) for _ in range(150_000)]
    prepared = PreparedText(" ".join(words))
    index_and_pairs(prepared)
    assert "near.index" in prepared.cache
    assert "near.pairs" not in prepared.cache


def _numbers_every(words: list[str], step: int, seed: int) -> list[str]:
    """The words with two numbers (words without an id) put in every ``step``-th place of their
    last quarter, after the first blocks that give the ids."""
    rng = random.Random(seed)
    out = list(words)
    for i in range(len(out) * 3 // 4, len(out) - 1, step):
        out[i : i + 2] = [str(rng.randint(0, 99_999)), str(rng.randint(0, 99_999))]
    return out


@pytest.mark.parametrize("step", [0, 5, 31, 33, 80])
def test_the_index_is_the_same_with_or_without_pairs_made_beside_it(step: int) -> None:
    # After the first blocks, the blocks of words with ids are recorded from their ids and the
    # words without one are left to the index: found one by one where they are few (fewer than
    # one in 16), picked from all the words where they are more.
    words = _words(10, 100_000, 6)
    text = " ".join(_numbers_every(words, step, 6) if step else words)
    prepared = PreparedText(text)
    index_and_pairs(prepared)
    assert index_of(prepared) == build_index(text)


@pytest.mark.parametrize("early", [True, False])
def test_the_pair_index_of_one_byte_ids_is_stored_four_bytes_a_character(early: bool) -> None:
    # The regular expression engine scans a four-byte string about a third faster, and an absent
    # quotation's check is mostly that scan; the widening character is never a pair.
    text = " ".join(_words(150, 150_000, 7))
    prepared = PreparedText(text)
    if early:
        index_and_pairs(prepared)
    made = pairs_of(prepared, index_of(prepared))
    assert not made.wide
    assert max(made.chars) > "\uffff"
    assert made.chars.count(max(made.chars)) == 1
    assert made.chars.endswith(max(made.chars))


def test_the_pair_index_of_two_byte_ids_stays_two_bytes_a_character() -> None:
    # twice as long as a one-byte index already: four bytes would cost half the text again
    prepared = PreparedText(" ".join(_words(260, 150_000, 8)))
    made = pairs_of(prepared, index_of(prepared))
    assert made.wide
    assert made.chars
    assert max(made.chars) <= "\uffff"


def _pairs_read_again(
    prepared: PreparedText, wanted: set[tuple[bytes, bytes]]
) -> dict[int, list[int]]:
    index = index_of(prepared)
    seed_view = index.data.translate(SEED_BYTES)
    starts = index.byte_starts
    read: dict[tuple[bytes, bytes], list[int]] = {}
    for k in range(len(starts) - 1):
        block = seed_view[starts[k] : starts[k + 1]].split()
        for pair in wanted & set(zip(block, block[1:], strict=False)):
            read.setdefault(pair, []).append(k)
    return read


@pytest.mark.parametrize("early", [True, False])
def test_a_table_of_numbers_keeps_only_pairs_that_can_be_scanned_for(early: bool) -> None:
    # Nearly every word of a table of numbers is too rare for an id; a pair with such a word is
    # confirmed in the text, never scanned for, so the index keeps only pairs of words with ids
    # (a twentieth of the pairs here) and finds the same blocks.
    rng = random.Random(9)
    rows = [
        "\t".join(f"{rng.randint(0, 9999)}.{rng.randint(0, 99):02d}" for _ in range(8))
        for _ in range(12_000)
    ]
    prepared = PreparedText("\n".join(rows))
    if early:
        index_and_pairs(prepared)
    index = index_of(prepared)
    made = pairs_of(prepared, index)
    words = index.data.translate(SEED_BYTES).split()
    assert len(made.chars) * 20 < len(words)
    quoted = quote_pairs({" ".join(rows[5000:5003]), " ".join(rows[100:102])})
    with_ids = {pair for pair in made.ids.items() if pair[0].isdigit()}
    ids = sorted(word for word, _ in with_ids)
    wanted = quoted | {(a, b) for a in ids[:30] for b in ids[:30]}
    got = pair_postings(index, made, wanted)
    assert got == _pairs_read_again(prepared, wanted)
    assert sum(map(len, got.values())) > 100  # pairs of words with ids were found too


def test_pairs_tied_on_their_blocks_vote_in_one_order_in_every_process() -> None:
    # Keys found in as many blocks are ranked by the key itself: a pair's hash changes from one
    # process to the next, and so did the order (and the sum) of tied pairs' votes.
    words = _words(20, 60_000, 5)
    prepared = PreparedText(" ".join(words))
    index = index_of(prepared)
    wanted = quote_pairs({" ".join(words[30_000:30_040])})
    postings = pair_postings(index, pairs_of(prepared, index), wanted)
    assert postings and set(postings) <= wanted
    ranked = sorted((len(blocks), pair) for pair, blocks in postings.items())
    assert ranked == sorted(ranked, key=lambda item: (item[0], item[1][0], item[1][1]))
