"""Gutters found from runs of equal cover are the ones a point-by-point count finds."""

from __future__ import annotations

from itertools import accumulate

from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.sources.readers.pdf_gutters import _CENTRED, _MIN_GUTTER
from quote_tui.sources.readers.pdf_gutters import _SHARE as _GUTTER_SHARE
from quote_tui.sources.readers.pdf_gutters import NARROW as _NARROW
from quote_tui.sources.readers.pdf_gutters import gutters as _gutters
from quote_tui.sources.readers.pdf_layout import Block, Line


def _by_points(rects: list[tuple[float, float, float, float]], left: int, right: int) -> list:
    """The count the runs replace: every whole point of x, one by one."""
    steps = [0] * (right - left + 2)
    for x0, _, x1, _ in rects:
        steps[int(x0) - left] += 1
        steps[int(x1) - left + 1] -= 1
    cover = list(accumulate(steps[:-1]))
    limit = max(cover) * _GUTTER_SHARE
    gutters, start = [], None
    for x, c in enumerate(cover):
        if c <= limit:
            if start is None:
                start = x
        elif start is not None:
            if start > 0 and x - start >= _MIN_GUTTER:
                gutters.append((left + start, left + x))
            start = None
    return gutters


_SPAN = st.tuples(st.floats(40, 540), st.floats(2, 250)).map(
    lambda t: (t[0], min(t[0] + t[1], 560))
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_SPAN, min_size=4, max_size=40))
def test_runs_find_the_gutters_a_point_count_finds(spans: list[tuple[float, float]]) -> None:
    # one line a block, so a block of few lines centred on the page is left out as the reader does
    blocks = [
        Block(rect, (Line("text", rect),), 10.0, True)
        for i, (x0, x1) in enumerate(spans)
        for rect in [(x0, 20.0 * i, x1, 20.0 * i + 10)]
    ]
    rects = [b.rect for b in blocks]
    left, right = int(min(r[0] for r in rects)), int(max(r[2] for r in rects)) + 1
    narrow = [r for r in rects if r[2] - r[0] < (right - left) * _NARROW]
    centred = [
        b.rect
        for b in blocks
        if abs((b.rect[0] + b.rect[2]) / 2 - (left + right) / 2) <= (right - left) * _CENTRED
    ]
    kept = [r for r in narrow if r not in centred]
    expected = _by_points(kept, left, right) if kept else []
    assert _gutters(blocks) == expected
