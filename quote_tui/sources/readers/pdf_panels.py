"""Blocks told by where they stand among their neighbours: a figure's panel title read as a
block of the page's text, and a footnote set off by a space from the text above it.

A chart drawn in the PDF leaves its axis numbers and legend as small label blocks, which the
layout already sets aside; a panel's title set in the figure, a little smaller than the body
and in a line of its own, is not a label by length and stands between the halves of a
paragraph that the column break splits. It is told by where it stands: its nearest
neighbours above and below in its own width are both set aside (the figure's axes), which a
heading or a paragraph's last line, with running text after it, never has.
"""

from __future__ import annotations

from collections.abc import Sequence

from quote_tui.sources.readers.pdf_block import Block

__all__ = ["panel_titles", "set_off_above"]

_MAX_CHARS = 60
"""Longest panel title: a line of a sentence in a column is longer."""
_ENDS = ".!?:;,"
"""A line ending so is a sentence's or a list item's, not a title's."""


def panel_titles(blocks: Sequence[Block], flags: list[bool], body: float) -> None:
    """Set aside (in ``flags``) each one-line block, short and smaller than the body, whose
    nearest blocks above and below in its width are both set aside already."""
    if body <= 0:
        return
    seen = list(flags)  # judged on the asides found before, not on each other's outcome
    for i, block in enumerate(blocks):
        if seen[i] or len(block.lines) != 1 or block.size >= body:
            continue
        text = block.text.strip()  # after the cheap tests: most blocks are paragraphs
        if not text or len(text) > _MAX_CHARS or text[-1] in _ENDS:
            continue
        above = _nearest(blocks, i, up=True)
        below = _nearest(blocks, i, up=False)
        if above is not None and below is not None and seen[above] and seen[below]:
            flags[i] = True


def set_off_above(blocks: Sequence[Block], i: int) -> bool:
    """Whether block ``i`` stands more than a line's height below the nearest block above it in
    its width: the space (and rule) a page sets between its text and its footnotes, which tells
    a note where its size does not (an OCR layer's sizes, read off the word boxes, wander by
    half a point between the text's lines)."""
    above = _nearest(blocks, i, up=True)
    if above is None or not blocks[i].lines:
        return False
    x0, y0, x1, y1 = blocks[i].rect
    line = (y1 - y0) / len(blocks[i].lines)
    return y0 - blocks[above].rect[3] > line


def _nearest(blocks: Sequence[Block], i: int, *, up: bool) -> int | None:
    """The block closest above (``up``) or below block ``i`` that shares some of its width."""
    x0, y0, x1, y1 = blocks[i].rect
    best: tuple[float, int] | None = None
    for j, other in enumerate(blocks):
        o0, o1, o2, o3 = other.rect
        if j == i or min(x1, o2) <= max(x0, o0):
            continue
        gap = y0 - o3 if up else o1 - y1
        if gap < -1:
            continue
        if best is None or gap < best[0]:
            best = (gap, j)
    return None if best is None else best[1]
