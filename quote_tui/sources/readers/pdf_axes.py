"""A chart's axis read by its tick labels: four numbers or more, each a block of its own, set
under the body's size and standing in one line, down (aligned on an edge or their middles) or
across (level). A chart set a point under the body is not small enough for the size rule, and
its numbers are too far apart to join as a table's cells do; set aside, they are the seeds a
table's cells join from (``pdf_tables``), and a chart between a sentence's halves no longer
stands in it ("can be recovered / 0.09 / 0.08 / ... / from the noisy sum", ICML)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from quote_tui.sources.readers.pdf_block import Block

__all__ = ["axis_labels"]

_TICKS = 4
"""Fewest numbers in one line that make an axis."""
_ALIGN = 2.0
"""Points within which the numbers of one axis share an edge, a middle or a baseline."""
_WORDS = 30
"""Longest line of a label inside a chart's frame (a legend's entry)."""
_TICK = re.compile(r"^\s*[-\u2212]?\d{1,6}(?:[.,]\d+)?%?\s*$")
"""A tick's label: a number, signed, with its decimals."""

_Key = Callable[[tuple[float, float, float, float]], float]
_KEYS: tuple[_Key, ...] = (
    lambda r: r[0],  # left-aligned down an axis
    lambda r: r[2],  # right-aligned (a y-axis's numbers)
    lambda r: (r[0] + r[2]) / 2,  # centred
    lambda r: r[3],  # level across (an x-axis's numbers)
)


def axis_labels(
    blocks: Sequence[Block], flags: list[bool], edges: Sequence[int], limit: float
) -> None:
    """Set aside (in ``flags``) each tick label of an axis: ``_TICKS`` one-line numbers or more
    set under ``limit`` points, in one line down or across the page."""
    ticks = [
        i
        for i, b in enumerate(blocks)
        if edges[i] == 0  # one set aside already (a label of three characters) counts too
        and len(b.lines) == 1
        and b.size < limit
        and _TICK.match(b.text)
    ]
    if len(ticks) < _TICKS:  # most pages: no chart's numbers
        return
    down: list[list[int]] = []
    across: list[list[int]] = []
    for k, key in enumerate(_KEYS):
        ordered = sorted(ticks, key=lambda i: key(blocks[i].rect))
        run = [ordered[0]]
        for i in [*ordered[1:], None]:
            if i is not None and key(blocks[i].rect) - key(blocks[run[-1]].rect) <= _ALIGN:
                run.append(i)
                continue
            if len(run) >= _TICKS:
                for j in run:
                    flags[j] = True
                (across if k == len(_KEYS) - 1 else down).append(run)
            if i is not None:
                run = [i]
    for y_axis in down:
        for x_axis in across:
            _plot_labels(blocks, flags, [*y_axis, *x_axis], limit)


def _plot_labels(blocks: Sequence[Block], flags: list[bool], axes: list[int], limit: float) -> None:
    """Set aside each short block set under ``limit`` inside the frame two axes span (a
    legend's "r = 10", a tick label MuPDF joined to the other axis's first) or right over it (a
    title), when the axes
    meet: the frame's corner is where the lowest number of the one stands by the other."""
    rects = [blocks[i].rect for i in axes]
    x0, y0 = min(r[0] for r in rects), min(r[1] for r in rects)
    x1, y1 = max(r[2] for r in rects), max(r[3] for r in rects)
    line = max(r[3] - r[1] for r in rects)
    if (x1 - x0) < _TICKS * line or (y1 - y0) < _TICKS * line:
        return  # a row and a column of one table, not a chart's two axes
    for i, block in enumerate(blocks):
        a0, a1, a2, a3 = block.rect
        # the frame and a line or two over it: the chart's title
        inside = a0 >= x0 - line and a1 >= y0 - 2 * line and a2 <= x1 + line and a3 <= y1 + line
        if not flags[i] and inside and block.size < limit and len(block.lines) <= _TICKS:
            flags[i] = all(len(str(getattr(ln, "text", ""))) <= _WORDS for ln in block.lines)
