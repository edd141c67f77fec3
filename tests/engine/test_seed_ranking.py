"""Seeding ranks runs of blocks as a plain sort of every scored run would."""

from __future__ import annotations

import functools
import math
import random
from collections import defaultdict

import pytest

from quote_tui.engine.near.index import NearIndex, block_count, build_index, common_limit
from quote_tui.engine.near.seed import seed_regions


def _ranked_by_sort(
    blocks: int, postings: dict[int, list[int]], span: int, count: int
) -> list[int]:
    """The runs seeding picks, every scored run sorted (as seeding ranked them before)."""
    found = sorted((len(postings[k]), k) for k in postings)
    chosen = [item for item in found if item[0] <= common_limit(blocks)]
    if not chosen:
        return []
    if len(chosen) < 4:
        chosen = found[:12]
    scores: dict[int, float] = defaultdict(float)
    for df, key in chosen[:96]:
        weight = math.log(1.0 + blocks / df)
        for w in {b - back for b in postings[key] for back in range(span)}:
            if w >= 0:
                scores[w] += weight
    picked: list[int] = []
    for _, w in sorted((-score, w) for w, score in scores.items()):
        if all(abs(w - other) >= span for other in picked):
            picked.append(w)
            if len(picked) == count:
                break
    return picked


@pytest.mark.parametrize("seed", range(12))
def test_runs_are_ranked_as_a_sort_of_all_of_them_ranks_them(seed: int) -> None:
    rng = random.Random(seed)
    index = build_index("word " * rng.randint(60_000, 160_000))
    blocks = block_count(index)
    postings = {
        key: sorted(rng.sample(range(blocks), rng.randint(1, min(blocks, 90))))
        for key in range(rng.randint(1, 60))
    }
    span = rng.randint(1, 4)
    count = rng.randint(1, 10)
    got = seed_regions(index, set(postings), span, count, postings)
    assert got == _ranked_by_sort(blocks, postings, span, count)


def _postings(rng: random.Random, blocks: int, sizes: list[int]) -> dict[int, list[int]]:
    """Keys in about ``sizes[i]`` blocks each, some of them in runs of neighbouring blocks (a word
    of one passage) and some scattered."""
    postings = {}
    for key, size in enumerate(sizes):
        if rng.random() < 0.3:
            start = rng.randrange(blocks)
            held = {min(blocks - 1, start + rng.randrange(12)) for _ in range(size)}
        else:
            held = set(rng.sample(range(blocks), min(size, blocks)))
        if rng.random() < 0.3:  # the first block: its runs would start before the text
            held = {0, *list(held)[1:]}
        postings[key] = sorted(held)
    return postings


@pytest.mark.parametrize("seed", range(16))
def test_commoner_words_that_break_a_tie_score_as_a_sort_of_all_runs_does(seed: int) -> None:
    # one or two rare words, and common words in nearly every block: the common ones vote, each
    # adding its weight to long stretches of runs at once (cut where it lacks a block)
    rng = random.Random(seed)
    index = build_index("word " * rng.randint(60_000, 400_000))
    blocks = block_count(index)
    rare = [rng.randint(1, 12) for _ in range(rng.randint(1, 3))]
    common = [blocks - rng.randint(0, blocks // 5) for _ in range(rng.randint(1, 14))]
    postings = _postings(rng, blocks, rare + common)
    assert any(len(held) * 8 > blocks for held in postings.values())
    span = rng.randint(1, 5)
    count = rng.randint(1, 10)
    got = seed_regions(index, set(postings), span, count, postings)
    assert got == _ranked_by_sort(blocks, postings, span, count)


@functools.cache
def _long_index() -> NearIndex:
    return build_index("word " * 600_000)


@pytest.mark.parametrize("seed", range(16))
def test_a_few_rare_words_in_a_long_text_score_as_a_sort_of_all_runs_does(seed: int) -> None:
    # few blocks voted for among thousands: the sums are kept by run, not for every run
    rng = random.Random(seed)
    index = _long_index()
    blocks = block_count(index)
    postings = _postings(rng, blocks, [rng.randint(1, 3) for _ in range(rng.randint(4, 6))])
    span = rng.randint(1, 5)
    assert sum(map(len, postings.values())) * span < blocks // 8
    count = rng.randint(1, 10)
    got = seed_regions(index, set(postings), span, count, postings)
    assert got == _ranked_by_sort(blocks, postings, span, count)
