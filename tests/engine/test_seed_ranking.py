"""Seeding ranks runs of blocks as a plain sort of every scored run would."""

from __future__ import annotations

import math
import random
from collections import defaultdict

import pytest

from quote_tui.engine.near.index import block_count, build_index, common_limit
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
