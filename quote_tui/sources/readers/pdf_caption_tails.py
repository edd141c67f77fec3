"""A caption's last line set as a block of its own, under it: joined to the caption.

A caption centred under or over its figure wraps to a short last line, centred too, which
MuPDF sets as a block of its own (ACM's "Table 1: Summary of techniques used in Dynamo and" /
"their advantages."). Only the first block opens with the caption's label, so the second was
read as body text, and the asides put a figure's labels between the two ("... Dynamo and A G F
E ..."). A block standing right under a caption's block, inside its width, in its size or
smaller, of a line or two that open in lower case, while the caption's text has not ended its
sentence, is the caption's rest: it is read with it as one block.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from quote_tui.sources.readers.pdf_block import Block

__all__ = ["join_caption_tails"]

B = TypeVar("B", bound=Block)

_TOUCH = 4.0
"""Most points between a caption's block and its rest under it (a line's leading)."""
_SLACK = 1.0
"""Points the rest may stand past the caption's edges."""
_TAIL_LINES = 2
"""Most lines of a caption's rest."""


def _tail(caption: Block, block: Block) -> bool:
    a, b = caption.rect, block.rect
    return (
        # lines set tight overlap their neighbours' boxes by a point or two
        a[1] + _TOUCH <= b[1] <= a[3] + _TOUCH
        and b[0] >= a[0] - _SLACK
        and b[2] <= a[2] + _SLACK
        and len(block.lines) <= _TAIL_LINES
        and block.size <= caption.size + 0.5
        and block.text.lstrip()[:1].islower()
    )


def join_caption_tails(
    blocks: Sequence[B],
    is_caption: Callable[[B], bool],
    joined: Callable[[B, B], B],
) -> tuple[list[B], list[int]] | None:
    """The blocks with each caption's rest joined to it (``joined(caption, rest)``), and for
    each block of the result the index of the block it came from; None when no caption has a
    rest apart (most pages)."""
    out: list[B] = []
    origin: list[int] = []
    gone: set[int] = set()
    for i, block in enumerate(blocks):
        if i in gone:
            continue
        # most blocks open with no caption's label: their text is never joined
        if is_caption(block) and block.text.rstrip()[-1:] not in ".!?":
            for j, other in enumerate(blocks):
                if j != i and j not in gone and _tail(block, other):
                    block = joined(block, other)
                    gone.add(j)
                    break
        out.append(block)
        origin.append(i)
    if not gone:
        return None
    keep = [k for k, i in enumerate(origin) if i not in gone]
    return [out[k] for k in keep], [origin[k] for k in keep]
