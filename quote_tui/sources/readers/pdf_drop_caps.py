"""Where a drop cap's word goes on: the block beside the large initial.

PyMuPDF reads a drop cap ("T", two lines tall beside "he domestic cat") as a line of its own,
often the last of the block read before the word's block. Where the reading order sets other
blocks between the two (a two-column page whose keywords' block holds the cap, the other
column read next), the word's block is found by where it stands: its first line opens in
lowercase (or in capitals, where the opening word is set in capitals), right of the cap and
level with it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from quote_tui.sources.readers.pdf_block import Block

__all__ = ["cap_word"]

_CAPITALS = re.compile(r"[A-ZÀ-ÖØ-Þ]+")
_LEVEL = 0.2
"""Share of a line's height within which two lines' feet stand level (one row)."""
_BESIDE = 2.0
"""Cap widths, right of the cap, within which the word's first line starts."""


def _rect(line: object) -> tuple[float, float, float, float]:
    return getattr(line, "rect")  # noqa: B009 - the protocol's lines are plain objects


def cap_word(blocks: Sequence[Block], at: int, tall: float) -> int | None:
    """The index of the block whose first line goes on from the cap ending ``blocks[at]``:
    the next block when it opens in lowercase (the reading order set them together), else the
    block whose first line opens the word's rest beside the cap, level with it, and ``tall``
    times shorter than it at most (the highest of them: the cap's word stands on its first
    line); None when there is none. The rest opens in lowercase ("he domestic cat"), or in
    capitals where the opening word is set in capitals ("T" beside "HE recent development"),
    which the line under it never is."""
    cap = _rect(blocks[at].lines[-1])
    x0, y0, x1, y1 = cap
    height = y1 - y0
    if at + 1 < len(blocks) and _opens_lower(blocks[at + 1]):
        first = _rect(blocks[at + 1].lines[0])
        return at + 1 if height >= tall * (first[3] - first[1]) else None
    found: tuple[float, int] | None = None
    for j, block in enumerate(blocks):
        if j == at or not block.lines or not (_opens_lower(block) or _opens_capitals(block)):
            continue
        a, b, c, d = _rect(block.lines[0])
        beside = x1 - 1 <= a <= x1 + (x1 - x0) * _BESIDE
        level = y0 <= (b + d) / 2 <= y1 and height >= tall * (d - b)
        if beside and level and (found is None or b < found[0]):
            found = (b, j)
    return None if found is None else found[1]


def _opens_lower(block: Block) -> bool:
    return str(getattr(block.lines[0], "text", ""))[:1].islower()


def _opens_capitals(block: Block) -> bool:
    """Whether a block opens with a word in capitals and lowercase words after it ("HE recent
    development"): the rest of a word a drop cap opens, set in capitals. The words after it
    may stand on lines of their own on its row (a justified line's gaps so wide that MuPDF
    reads each word as a line: IEEEtran's "T" beside "HE", "micro-electro-...")."""
    words = str(getattr(block.lines[0], "text", "")).split()
    if len(words) == 1 and len(block.lines) > 1:
        first, second = _rect(block.lines[0]), _rect(block.lines[1])
        if abs(second[3] - first[3]) <= _LEVEL * (first[3] - first[1]) and second[0] > first[2]:
            words += str(getattr(block.lines[1], "text", "")).split()
    return len(words) > 1 and _CAPITALS.fullmatch(words[0]) is not None and words[1].islower()
