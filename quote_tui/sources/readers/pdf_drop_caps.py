"""Where a drop cap's word goes on: the block beside the large initial.

PyMuPDF reads a drop cap ("T", two lines tall beside "he domestic cat") as a line of its own,
often the last of the block read before the word's block. Where the reading order sets other
blocks between the two (a two-column page whose keywords' block holds the cap, the other
column read next), the word's block is found by where it stands: its first line opens in
lowercase, right of the cap and level with it.
"""

from __future__ import annotations

from collections.abc import Sequence

from quote_tui.sources.readers.pdf_block import Block

__all__ = ["cap_word"]

_BESIDE = 2.0
"""Cap widths, right of the cap, within which the word's first line starts."""


def _rect(line: object) -> tuple[float, float, float, float]:
    return getattr(line, "rect")  # noqa: B009 - the protocol's lines are plain objects


def cap_word(blocks: Sequence[Block], at: int, tall: float) -> int | None:
    """The index of the block whose first line goes on from the cap ending ``blocks[at]``:
    the next block when it opens in lowercase (the reading order set them together), else the
    block whose first line opens in lowercase beside the cap, level with it, and ``tall``
    times shorter than it at most; None when there is none."""
    cap = _rect(blocks[at].lines[-1])
    x0, y0, x1, y1 = cap
    height = y1 - y0
    if at + 1 < len(blocks) and _opens_lower(blocks[at + 1]):
        first = _rect(blocks[at + 1].lines[0])
        return at + 1 if height >= tall * (first[3] - first[1]) else None
    for j, block in enumerate(blocks):
        if j == at or not block.lines or not _opens_lower(block):
            continue
        a, b, c, d = _rect(block.lines[0])
        beside = x1 - 1 <= a <= x1 + (x1 - x0) * _BESIDE
        if beside and y0 <= (b + d) / 2 <= y1 and height >= tall * (d - b):
            return j
    return None


def _opens_lower(block: Block) -> bool:
    return str(getattr(block.lines[0], "text", ""))[:1].islower()
