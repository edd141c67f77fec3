"""Regions of a page read one after the other, and blocks that stand inside the columns' flow.

Three things a reader does that the gutters alone do not tell:

- A page may hold regions with columns of their own, one above the other: a boxed feature in
  three columns over the chapter's text in two. Each region's gutters are covered by the other
  region's lines, so the page as a whole shows none, and its blocks were read top to bottom
  across the columns. Where the page shows no gutter, it is cut where a band of several lines'
  height holds no text across its whole width, and each band is read with its own columns.
- A short block that crosses a gutter while the text of each column it crosses runs on above
  and below it (a photo's caption set between two columns, the text wrapped around the photo)
  is no title ending the columns above it: a reader skips it, as a figure's caption.
- A program's listing, its lines numbered one after the other, is a figure's content: a
  sentence running past it to the next column reads on past it.
- Running heads, page numbers and slug lines set aside stand before or after the page's other
  asides, not between two columns of a section set in small type, which is read as an aside
  too (a paper's Methods): a sentence running over that column break reads past nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TypeVar

from quote_tui.sources.readers.pdf_block import Block

__all__ = [
    "bands",
    "bare_gutters",
    "furniture_last",
    "headed_columns",
    "inset_floats",
    "listings",
    "margin_gutter",
]

B = TypeVar("B", bound=Block)

_BAND_GAP = 2.5
"""Lines' heights of empty space, across the whole text area, that part two regions."""
_LEVEL_GAP = 1.5
"""Lines' heights of empty space that part two regions where the columns above it end level
and those under it start level (a two-column abstract over the paper's two columns, J.
Neurosci.: 1.9 lines between them)."""
_PROSE_LINES = 3
"""Fewest lines of each of two blocks starting level that make them columns of prose."""
_WIDE = 0.6
"""Share of a band's width a block across it takes."""
_LEVEL = 1.5
"""Lines' heights within which two columns end level."""
_BARE_GUTTER = 10.0
"""Narrowest gutter, in points, with no line across it at all (a table's words stand closer)."""
_EVERY = 1.01
"""A share of the blocks' width every block is narrower than."""
_MARGIN = 0.35
"""Most share of the blocks' width a margin's column spans."""
_ROW = 2.0
"""Points within which two blocks side by side start level, as a row's cells do."""
_HEAD_GAP = 1.5
"""Heading's heights within which it stands right above the block it heads."""
_NUMBERED = re.compile(r"\s*(\d{1,4}):?\s")
"""A program's line number at a line's start ("1 for (var i = 2; ...", "12: end if")."""
_LISTING = 3
"""Fewest lines numbered one after the other that make a block a program's listing."""
_FLOAT_LINES = 3
"""Most lines of a block set inside the columns' flow (a photo's caption)."""


def _line_height(blocks: Sequence[Block]) -> float:
    heights = sorted([(b.rect[3] - b.rect[1]) / (len(b.lines) or 1) for b in blocks])
    return heights[len(heights) // 2] if heights else 0.0


def bands(blocks: Sequence[B], others: Sequence[Block] = ()) -> list[list[B]]:
    """The blocks in bands, top to bottom, parted where neither they nor ``others`` (the page's
    asides: a table between two halves of a column is no gap) stand across a run of y at least
    ``_BAND_GAP`` lines tall (one band when there is none); a band of one block joins the next."""
    if len(blocks) < 2:
        return [list(blocks)]
    line = _line_height(blocks)
    gap = line * _BAND_GAP
    mine = {id(b) for b in blocks}
    out: list[list[B]] = []
    foot = float("-inf")
    ordered = sorted([*blocks, *others], key=lambda b: (b.rect[1], b.rect[0]))
    for k, block in enumerate(ordered):
        space = block.rect[1] - foot
        if (
            not out
            or (space >= gap and _ends_level(out[-1], gap))
            or (
                space >= line * _LEVEL_GAP
                and _ends_level(out[-1], gap)
                and _starts_level(ordered, k, line)
            )
        ):
            out.append([])
        if id(block) in mine:
            out[-1].append(block)  # type: ignore[arg-type]
        foot = max(foot, block.rect[3])
    # a band of one block is no region of columns (a column's text run on past the other's
    # foot): it goes with the band under it, the last with the band above it
    joined: list[list[B]] = []
    carry: list[B] = []
    for band in (band for band in out if band):
        carry.extend(band)
        if len(carry) > 1:
            joined.append(carry)
            carry = []
    if carry and joined:
        joined[-1].extend(carry)
    return joined or [carry]


def _starts_level(ordered: Sequence[Block], k: int, line: float) -> bool:
    """Whether another column's text starts level with ``ordered[k]`` (the blocks sorted by
    their tops): columns that both begin a line's height under the same gap, each with a
    paragraph (a formula's pieces or a table's cells side by side are none), begin a region."""
    top = ordered[k].rect[1]
    x0, x1 = ordered[k].rect[0], ordered[k].rect[2]
    if len(ordered[k].lines) < _PROSE_LINES:
        return False
    for other in ordered[k + 1 :]:
        if other.rect[1] - top > line * _LEVEL:
            return False
        if (other.rect[2] <= x0 or other.rect[0] >= x1) and len(other.lines) >= _PROSE_LINES:
            return True
    return False


def _ends_level(band: Sequence[Block], gap: float) -> bool:
    """Whether a band's text ends as a region's does: its lowest block across most of the
    width, or another column's text ending level with it (balanced columns over a section's
    end). Columns that end apart run on past a figure in each, under it."""
    if not band:
        return True
    lowest = max(band, key=lambda b: b.rect[3])
    left = min(b.rect[0] for b in band)
    width = max(b.rect[2] for b in band) - left
    if lowest.rect[2] - lowest.rect[0] >= width * _WIDE:
        return True
    return any(
        abs(b.rect[3] - lowest.rect[3]) <= gap / _BAND_GAP * _LEVEL
        and (b.rect[2] <= lowest.rect[0] or b.rect[0] >= lowest.rect[2])
        for b in band
    )


def inset_floats(
    blocks: Sequence[Block],
    flags: list[bool],
    gutters: Callable[[Sequence[Block]], list[tuple[float, float]]],
) -> None:
    """Set aside (in ``flags``) each short body block that crosses a gutter of the body's
    (``gutters`` finds them) while, in the columns on either side of each gutter it crosses,
    a body block starts above it and ends below it."""
    body = [b for b, f in zip(blocks, flags, strict=True) if not f]
    # most pages hold no short block with another running past it above and below: their
    # gutters are not worked out again
    if len(body) < 3 or not _inside_a_column(body):
        return
    found = gutters(body)
    if not found:
        return
    for i, block in enumerate(blocks):
        if flags[i] or len(block.lines) > _FLOAT_LINES:
            continue
        x0, y0, x1, y1 = block.rect
        crossed = [(g0, g1) for g0, g1 in found if x0 <= g0 and x1 >= g1]
        if crossed and all(
            _runs_past(body, block, (g0 + g1) / 2, left=True)
            and _runs_past(body, block, (g0 + g1) / 2, left=False)
            for g0, g1 in crossed
        ):
            flags[i] = True


def _inside_a_column(body: Sequence[Block]) -> bool:
    """Whether a short block stands across a longer one's x-range, the longer running on above
    and below it (loops, not generators: this is asked of every page)."""
    tall = [b.rect for b in body if len(b.lines) > _FLOAT_LINES]
    for c in body:
        if len(c.lines) > _FLOAT_LINES:
            continue
        x0, y0, x1, y1 = c.rect
        for a, b, c2, d in tall:
            if b < y0 and d > y1 and a < x1 and x0 < c2:
                return True
    return False


def _runs_past(body: Sequence[Block], block: Block, edge: float, *, left: bool) -> bool:
    """Whether a body block beside a gutter's middle ``edge`` (left of it or right of it)
    starts above ``block`` and ends below it."""
    x0, y0, x1, y1 = block.rect
    for other in body:
        if other is block:
            continue
        a, b, c, d = other.rect
        beside = x0 < c <= edge if left else x1 > a >= edge
        if beside and b < y0 and d > y1:
            return True
    return False


def furniture_last(
    side: Sequence[B],
    furniture: Sequence[B],
    height: float,
    order: Callable[[Sequence[B]], list[B]],
) -> list[B]:
    """A page's asides: its furniture (``furniture``: running heads, page numbers, slug lines)
    in the page's top half first, the rest in reading order (``order``, the furniture left
    out of the columns it would cross), then the furniture in its bottom half."""
    if not furniture:
        return order(side)
    ids = {id(b) for b in furniture}
    placed = sorted((b for b in side if id(b) in ids), key=lambda b: (b.rect[1], b.rect[0]))
    top = [b for b in placed if (b.rect[1] + b.rect[3]) / 2 < height / 2]
    bottom = [b for b in placed if (b.rect[1] + b.rect[3]) / 2 >= height / 2]
    return [*top, *order([b for b in side if id(b) not in ids]), *bottom]


def bare_gutters(
    blocks: Sequence[Block], narrow: float, least: float = _BARE_GUTTER
) -> list[tuple[float, float]]:
    """X-ranges at least ``least`` points wide that no line of a block narrower than ``narrow``
    of the blocks' width crosses, with such lines on both sides: the gutter beside a column of
    a few lines, which the share of the busiest column's cover leaves unseen."""
    if len(blocks) < 2:
        return []
    left = min(b.rect[0] for b in blocks)
    limit = (max(b.rect[2] for b in blocks) - left) * narrow
    spans = sorted(
        (ln.rect[0], ln.rect[2])  # type: ignore[attr-defined]
        for b in blocks
        if b.rect[2] - b.rect[0] < limit
        for ln in b.lines
    )
    out: list[tuple[float, float]] = []
    reach = float("-inf")
    for x0, x1 in spans:
        if reach > float("-inf") and x0 - reach >= least:
            out.append((reach, x0))
        reach = max(reach, x1)
    return out


def margin_gutter(blocks: Sequence[Block]) -> list[tuple[float, float]]:
    """The gap between a margin's column and the rest, as the one gutter: an x-range at least
    ``_BARE_GUTTER`` wide that no block crosses, the only one, with the blocks on one side
    spanning at most ``_MARGIN`` of the blocks' width ("Edited by", "Received", "DOI" down the
    margin beside an abstract set small). A table's columns of cells part by gaps too, but its
    rows are read across: two gaps or more, one with more than a margin on each side of it, or
    one whose narrow side's blocks each start level with a block beside them (a reference
    list's keys, a table of contents' page numbers) are no margin's."""
    gaps = bare_gutters(blocks, _EVERY)
    if len(gaps) != 1:
        return []
    (g0, g1), left = gaps[0], min(b.rect[0] for b in blocks)
    right = max(b.rect[2] for b in blocks)
    narrow = g0 - left < right - g1  # the margin: the narrower side
    if (g0 - left if narrow else right - g1) > (right - left) * _MARGIN:
        return []
    side = [b for b in blocks if (b.rect[2] <= g0 if narrow else b.rect[0] >= g1)]
    tops = [b.rect[1] for b in blocks if (b.rect[0] >= g1 if narrow else b.rect[2] <= g0)]
    if all(any(abs(b.rect[1] - top) <= _ROW for top in tops) for b in side):
        return []  # each starts level with a block beside it: a list's keys, a contents' pages
    return gaps


def headed_columns(
    blocks: Sequence[Block], columns: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """Each block's first and last column (``columns``, blocks top to bottom), a one-line
    heading set larger than the block right under it given that block's columns when it
    crosses a gutter the heading does not: a box's heading ("SUMMARY") over its paragraphs
    across two columns is read with them, not at the foot of the column it stands in."""
    out = list(columns)
    if all(first == last for first, last in columns):
        return out  # no block crosses a gutter: most pages
    for i, head in enumerate(blocks):
        if len(head.lines) != 1 or columns[i][0] != columns[i][1]:
            continue
        x0, y0, x1, y1 = head.rect
        for j in range(i + 1, len(blocks)):  # top to bottom: the first under it, if near
            top = blocks[j].rect[1]
            if top - y1 > (y1 - y0) * _HEAD_GAP:
                break
            if top >= y1 - 1 and blocks[j].rect[0] <= x0 + 1 <= blocks[j].rect[2]:
                first, last = columns[j]
                if first == columns[i][0] < last and blocks[j].size < head.size:
                    out[i] = (first, last)
                break
    return out


def listings(blocks: Sequence[Block], flags: list[bool]) -> None:
    """Set aside (in ``flags``) each block where half the lines or more open with a number,
    ``_LISTING`` or more, each the one before's plus one ("1 for ...", "2", "if ...", "3")."""
    for i, block in enumerate(blocks):
        if flags[i] or len(block.lines) < _LISTING:
            continue
        if not str(getattr(block.lines[0], "text", "")).lstrip()[:1].isdigit():
            continue  # a listing's first line is numbered: most blocks are told by it
        found = [_NUMBERED.match(str(getattr(line, "text", "")) + " ") for line in block.lines]
        numbers = [int(m.group(1)) for m in found if m]
        if len(numbers) >= max(_LISTING, len(found) / 2) and all(
            b == a + 1 for a, b in zip(numbers, numbers[1:], strict=False)
        ):
            flags[i] = True


def set_inset(
    blocks: Sequence[Block],
    flags: list[bool],
    gutters: Callable[[Sequence[Block]], list[tuple[float, float]]],
) -> None:
    """Set aside (in ``flags``) captions inside the columns' flow and programs' listings."""
    inset_floats(blocks, flags, gutters)
    listings(blocks, flags)


def asides(
    blocks: Sequence[B],
    flags: Sequence[bool],
    edges: Sequence[int],
    height: float,
    order: Callable[[Sequence[B]], list[B]],
) -> list[B]:
    """A page's asides (``flags``) in reading order, its furniture first and last
    (``furniture_last``): what stands in the page's top or bottom band (``edges`` 2), and a
    single line outermost in the wider band (``edges`` 1)."""
    side = [b for b, f in zip(blocks, flags, strict=True) if f]
    furniture = [
        b
        for b, f, e in zip(blocks, flags, edges, strict=True)
        if f and (e == 2 or e == 1 == len(b.lines))
    ]
    return furniture_last(side, furniture, height, order)
