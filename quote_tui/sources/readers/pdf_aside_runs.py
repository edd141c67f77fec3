"""Asides that run on: a block set smaller than the body that touches an aside just above it
(a note's second paragraph, a table's last rows, a caption's second block) continues it."""

from __future__ import annotations

from collections.abc import Sequence

from quote_tui.sources.readers.pdf_block import Block

__all__ = ["grow_asides"]

_TOUCH = 4.0
"""Points between an aside and the small block under it that continues it."""


def grow_asides(blocks: Sequence[Block], flags: list[bool], smaller: float) -> None:
    """Flag each block set under ``smaller`` points that touches a flagged block above it."""
    if smaller <= 0:
        return
    changed = True
    while changed:
        changed = False
        for i, block in enumerate(blocks):
            if flags[i] or block.size >= smaller:
                continue
            for j, other in enumerate(blocks):
                if (
                    flags[j]
                    # lines set tight overlap their neighbours by a hair (-0.006 pt), and a
                    # caption MuPDF parted at a formula's sign ("1/√d") starts inside the block
                    # of its first lines
                    and block.rect[1] - other.rect[3] <= _TOUCH
                    and block.rect[1] >= other.rect[1] + _TOUCH
                    and min(block.rect[2], other.rect[2]) > max(block.rect[0], other.rect[0])
                ):
                    flags[i] = changed = True
                    break
