"""A page's gutters: the x-ranges inside the text area that (almost) no line covers, which part
its columns (``pdf_layout.reading_order``)."""

from __future__ import annotations

from collections.abc import Sequence, Set

from quote_tui.sources.readers.pdf_block import Block

__all__ = ["NARROW", "SIDE_GUTTER", "beside", "gutters"]

_SHARE = 0.12
"""A gutter is a run of x where lines cover at most this share of the busiest x."""
NARROW = 0.55
"""Lines narrower than this share of the text area are the ones columns are made of."""
_SHORT_BLOCK = 4
_CENTRED = 0.03
"""A block of a few lines whose middle is this close to the text area's (share of its width)
is centred on the page."""
_MIN_GUTTER = 6.0
"""Narrowest gutter, in points: narrower gaps are between words of a table."""
SIDE_GUTTER = 6.0
"""Narrowest bare gutter beside a column of a few lines of the body, in points: The Lancet sets
its columns 9 points apart; a table's words, which stand closer, are asides by then."""
_SIDE_LINES = 3
"""Fewest lines on each side of a bare gutter beside a few lines (``beside``): a column's
paragraph, not a label or a page number."""
_SIDE_WIDTH = 0.3
"""Share of the text area's width those lines span at least (a two-column page's are 0.45 to
0.49 of it): prose, not a list's entries ("AR (trans. Gilbert)")."""


def gutters(blocks: Sequence[Block], kept: Set[int] = frozenset()) -> list[tuple[float, float]]:
    """X-ranges inside the text area that (almost) no line covers (``kept``: blocks by id
    counted even when they are short and centred on the page)."""
    if sum(len(b.lines) for b in blocks) < 4:
        return []
    # a block's rectangle is the union of its lines': the text area from the blocks alone
    left = int(min(b.rect[0] for b in blocks))
    right = int(max(b.rect[2] for b in blocks)) + 1
    # a line across most of the text area (a title, a wide figure's caption) says nothing of
    # the columns below it, and neither does a short block centred on the page (an author's
    # affiliation): column text is centred in its column
    middle = (left + right) / 2
    centred = {
        id(b)
        for b in blocks
        if id(b) not in kept
        and len(b.lines) <= _SHORT_BLOCK
        and abs((b.rect[0] + b.rect[2]) / 2 - middle) <= (right - left) * _CENTRED
    }
    narrow = (right - left) * NARROW
    lines = [
        ln.rect
        for b in blocks
        if id(b) not in centred and b.rect[2] - b.rect[0] < narrow  # a wide block's last line
        for ln in b.lines  # says nothing of the columns either
        if ln.rect[2] - ln.rect[0] < narrow
    ]
    if not lines or max(r[0] for r in lines) <= min(r[2] for r in lines):
        # no lines, or every line crosses one x (one column): the cover only rises to that x
        # and falls after it, so no thin run stands between two covered ones
        return []
    # how many lines cover each whole point of x, as runs of equal cover between the points
    # where a line starts or ends (a page's width in points would be walked one by one)
    deltas: dict[int, int] = {}
    for x0, _, x1, _ in lines:
        a, b = int(x0) - left, int(x1) - left + 1
        deltas[a] = deltas.get(a, 0) + 1
        deltas[b] = deltas.get(b, 0) - 1
    end = right - left + 1
    runs: list[tuple[int, int]] = []  # (first point, cover) up to the next run
    cover = prev = 0
    for point in sorted(deltas):
        if point > prev:
            runs.append((prev, cover))
        cover += deltas[point]
        prev = point
    if prev < end:
        runs.append((prev, cover))
    limit = max(c for _, c in runs) * _SHARE
    out: list[tuple[float, float]] = []
    start: int | None = None
    for x, c in runs:
        if c <= limit:
            if start is None:
                start = x
        elif start is not None:
            if start > 0 and x - start >= _MIN_GUTTER:
                out.append((left + start, left + x))
            start = None
    return out


def beside(
    blocks: Sequence[Block], bare: Sequence[tuple[float, float]]
) -> list[tuple[float, float]]:
    """Of the ``bare`` gutters (no line across them at all: ``pdf_regions.bare_gutters``), those
    with ``_SIDE_LINES`` lines of text on each side standing level with each other: a column of a
    few lines beside a full one, as on a paper's last page whose other column is its reference
    list (an aside), where the share of the full column's cover leaves the gutter unseen and the
    two columns' lines were read in one run, top to bottom."""
    if not bare:
        return []
    # lines of prose, a column's width: a list's short entries beside their meanings are a
    # table's rows, read across
    least = (max(b.rect[2] for b in blocks) - min(b.rect[0] for b in blocks)) * _SIDE_WIDTH
    lines = [ln.rect for b in blocks for ln in b.lines if ln.rect[2] - ln.rect[0] >= least]
    out = []
    for x0, x1 in bare:
        left = [r for r in lines if r[2] <= x0]
        right = [r for r in lines if r[0] >= x1]
        if len(left) < _SIDE_LINES or len(right) < _SIDE_LINES:
            continue
        if min(max(r[3] for r in left), max(r[3] for r in right)) > max(
            min(r[1] for r in left), min(r[1] for r in right)
        ):
            out.append((x0, x1))
    return out
