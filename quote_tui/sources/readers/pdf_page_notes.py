"""A publisher's unmarked note at a column's foot, set aside as a footnote is.

A paper's first page carries a note with no mark at the foot of its first column: where it
appeared ("Appearing in Proceedings of the 28th International Conference ...", ICML), the
licence ("Permission to make digital or hard copies ...", ACM; "Copyright 2011 by the
author(s)"), the manuscript's history ("Manuscript received May 3, 2010", IEEE). Set a point
under the body with no number before it, it is neither small enough for the size rule nor a
footnote by its mark, and it stood between the halves of the sentence that runs from the first
column's foot to the second column's head. It is told by how it opens and where it stands: the
last block of its column, set smaller than the body.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from quote_tui.sources.readers.pdf_block import Block

__all__ = ["publisher_notes"]

_OPENING = re.compile(
    r"^\s*(?:appearing in|to appear in|proceedings of|permission to make|copyright\b|©|\(c\)\s"
    r"|preprint\b|manuscript received|received\s+\d|received:|accepted for publication"
    r"|submitted to\b|under review\b|this work (?:was|is) (?:supported|funded|licensed)"
    r"|e-?mail addresses?:|corresponding author)",
    re.I,
)
"""How such a note opens."""
_SMALLER = 0.96
"""A note is set below this share of the body's size."""
_MAX_LINES = 8
"""Most lines of such a note (a licence's paragraph)."""


def publisher_notes(blocks: Sequence[Block], flags: list[bool], body: float) -> None:
    """Set aside (in ``flags``) each unmarked publisher's note at a column's foot."""
    if body <= 0:
        return
    for i, block in enumerate(blocks):
        if flags[i] or not block.lines or len(block.lines) > _MAX_LINES:
            continue
        if block.size >= body * _SMALLER or not _OPENING.match(block.text):
            continue
        x0, _, x1, y1 = block.rect
        below = any(
            not flags[j]
            and other.size >= body * _SMALLER
            and other.rect[1] >= y1 - 1
            and min(x1, other.rect[2]) > max(x0, other.rect[0])
            for j, other in enumerate(blocks)
        )
        flags[i] = not below
