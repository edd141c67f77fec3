"""Columns read in turn, between the blocks that span some of them.

A block that crosses a gutter (a title, a wide caption) ends the columns above it. When it
spans only some of them (a magazine's title over the first two of three columns, the third
running from the page's top), the columns it does not span go on past it: their blocks above
it are read after the spanned columns, with the rest of their own column, not before the
title. A short block standing under such a title in a later column's width, above where the
first column's text starts (an article's byline, set right under its title), belongs to the
title: it is read before the columns, not between the first column's foot and the second's
head, where it would stand in a sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from quote_tui.sources.readers.pdf_block import Block
from quote_tui.sources.readers.pdf_regions import headed_columns

__all__ = ["column_order", "middle_column", "narrower"]

_HEAD_LINES = 3
"""Most lines of a block read with the title above it (a byline, an affiliation)."""
_LEVEL = 1.5
"""Lines' heights within which two columns' first blocks start level."""
_WIDE = 0.8
"""Share of the text area's width a block spanning it covers at least."""
_INSIDE = 2
"""Blocks standing wholly inside one gutter that make it a column of its own."""


B = TypeVar("B", bound=Block)


def _columns(
    rect: tuple[float, float, float, float], gutters: Sequence[tuple[float, float]]
) -> tuple[int, int]:
    """The first and last column a block stands in (equal unless it crosses a gutter)."""
    crossed = [i for i, (g0, g1) in enumerate(gutters) if rect[0] <= g0 and rect[2] >= g1]
    if crossed:
        return crossed[0], crossed[-1] + 1
    middle = (rect[0] + rect[2]) / 2
    column = sum(1 for g0, g1 in gutters if (g0 + g1) / 2 < middle)
    return column, column


def narrower(blocks: Sequence[B]) -> list[B]:
    """The blocks narrower than the text area, when some span it all: a table across two
    columns, its cells over the gutter, hides the gutter from a count of every line (AAAI:
    the right column's head was read before the left column's), and the gutters are looked for
    again without it. A page with none left (one column) has none to find."""
    left = min(b.rect[0] for b in blocks)
    right = max(b.rect[2] for b in blocks)
    return [b for b in blocks if b.rect[2] - b.rect[0] < (right - left) * _WIDE]


def middle_column(blocks: Sequence[Block], gutters: Sequence[tuple[float, float]]) -> set[int]:
    """The blocks (by id) of a gutter that two blocks or more stand wholly inside: the middle
    one of three columns centred on the page (a brochure's three figures side by side), which
    the gutters' count left out as it leaves out an affiliation centred under a title; its
    blocks were told to the columns beside it by their middles, some left, some right."""
    out: set[int] = set()
    for g0, g1 in gutters:
        inside = [id(b) for b in blocks if b.rect[0] >= g0 and b.rect[2] <= g1]
        if len(inside) >= _INSIDE:
            out.update(inside)
    return out


def column_order(
    blocks: Sequence[B], gutters: Sequence[tuple[float, float]], *, body: bool = True
) -> list[B]:
    """The blocks in reading order: top to bottom, and column by column between the blocks
    that cross a gutter.

    Args:
        blocks: a page's blocks of one kind, more than one.
        gutters: the page's gutters, left to right (at least one).
        body: the body's blocks; asides (notes, captions, labels) have no flow to go on, and
            every spanning block ends all their columns.

    Returns:
        The blocks in the order a reader reads them.
    """
    ordered: list[B] = []
    run: list[tuple[int, B]] = []
    # the last spanning block's columns and top, and whether it was the page's first (a title)
    span: tuple[int, int, float, bool] | None = None
    inner: tuple[int, list[B]] | None = None  # blocks over later columns only, and their first
    columns = False  # whether a column's block was read yet
    ranked = sorted(blocks, key=lambda b: (b.rect[1], b.rect[0]))
    placed = headed_columns(ranked, [_columns(b.rect, gutters) for b in ranked])
    for b, (first, last) in zip(ranked, placed, strict=True):
        if first == last:
            run.append((first, b))
            continue
        if body and first > 0 and last == len(gutters) > 1:
            if inner is None:
                inner = (first, [b])  # a chart's title over the second and third columns: the
                continue  # first column goes on past it, and is read before it
            if first == inner[0]:  # a box's next paragraph over the same columns
                inner[1].append(b)
                continue
        # the columns right of the block go on past it; those it spans (and left of it) end
        if not body:
            last = len(gutters)
        now = [it for it in run if it[0] <= last]
        run = [it for it in run if it[0] > last]
        title = not columns and not now  # nothing but spanning blocks above: a title's
        columns = columns or bool(now)
        ordered.extend(_inside(now, inner, span))
        inner = None
        ordered.append(b)
        # its top: a block level with it further right (an author's lines beside the one
        # crossing the gutter) stands under the title as a block under it does
        span = (first, last, b.rect[1], title) if body else None
    ordered.extend(_inside(run, inner, span))
    return ordered


def _inside(
    run: list[tuple[int, B]],
    inner: tuple[int, list[B]] | None,
    span: tuple[int, int, float, bool] | None,
) -> list[B]:
    """A run's blocks in order around blocks over its later columns only: the columns left of
    them whole, then the later columns above them, the blocks, and what stands below them."""
    if inner is None:
        return _flush(run, span)
    first, over = inner
    top = over[0].rect[1]
    left = [it for it in run if it[0] < first]
    above = [it for it in run if it[0] >= first and it[1].rect[1] < top]
    below = [it for it in run if it[0] >= first and it[1].rect[1] >= top]
    return [*_flush(left, span), *_flush(above, None), *over, *_flush(below, None)]


def _flush(run: list[tuple[int, B]], span: tuple[int, int, float, bool] | None) -> list[B]:
    """A run's blocks column by column, the title's own short blocks first (see above)."""
    run = sorted(run, key=lambda it: (it[0], it[1].rect[1]))
    if span is None:
        return [b for _, b in run]
    first, last, top_of_span, title = span
    below = [(c, b) for c, b in run if first <= c <= last and b.rect[1] >= top_of_span]
    rows = _byline_rows(below, first) if title else []
    if rows:
        taken = {id(b) for b in rows}
        below = [(c, b) for c, b in below if id(b) not in taken]
        run = [(c, b) for c, b in run if id(b) not in taken]
    starts: dict[int, float] = {}
    for c, b in below:
        starts.setdefault(c, b.rect[1])
    head: list[B] = []
    for column in range(first + 1, last + 1):
        earlier = [starts[c] for c in range(first, column) if c in starts]
        mine = [b for c, b in below if c == column]
        if not earlier or len(mine) < 2:
            continue
        top = min(earlier)
        lead = mine[0]
        after = mine[1]
        height = (lead.rect[3] - lead.rect[1]) / max(len(lead.lines), 1)
        if (
            len(lead.lines) <= _HEAD_LINES
            and lead.rect[3] <= top
            and abs(after.rect[1] - top) <= height * _LEVEL
        ):
            head.append(lead)
    chosen = {id(b) for b in head}
    return rows + head + [b for _, b in run if id(b) not in chosen]


def _byline_rows(below: list[tuple[int, B]], first: int) -> list[B]:
    """Under a page's title, the rows of short blocks side by side in two columns or more
    before the first column's text (two authors, each with their affiliation: IEEE), row by
    row, left to right: read before the columns, not between the first column's foot and the
    second's head. A block that ends a sentence or goes on from one is no byline's."""
    out: list[B] = []
    taken: set[int] = set()
    while True:
        firsts: dict[int, B] = {}
        for c, b in below:  # column by column, top to bottom
            if id(b) not in taken:
                firsts.setdefault(c, b)
        lead = firsts.get(first)
        if len(firsts) < 2 or lead is None or not _byline(lead):
            return out
        height = (lead.rect[3] - lead.rect[1]) / max(len(lead.lines), 1)
        row = [
            b
            for b in firsts.values()
            if _byline(b) and abs(b.rect[1] - lead.rect[1]) <= height * _LEVEL
        ]
        if len(row) < 2:
            return out
        out.extend(sorted(row, key=lambda b: b.rect[0]))
        taken.update(id(b) for b in row)


def _byline(block: Block) -> bool:
    text = block.text.strip()
    return len(block.lines) <= _HEAD_LINES and text[-1:] not in ".!?:" and not text[:1].islower()
