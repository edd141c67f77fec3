"""A figure's words in a scan's OCR text, set aside as a text layer's figure labels are.

In a text layer a figure's labels are told by their small size; OCR sizes each word by its
box, so a diagram's labels ("Data Transfer Node", "Outside World") and the noise OCR reads in
its lines and shading ("a a", "— i i P11 5") come out in the body's size and stand in the body
between the text above the figure and the text below it. A figure's caption stands under it:
between a "Fig. 1." caption and the nearest paragraph above it, in the caption's column, every
block that is no line of prose is the figure's. Prose is told by its lines: a paragraph has
long lines of many words, a figure's labels are a few words each.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from quote_tui.sources.readers.pdf_layout import Block, PageBlocks, Rect

__all__ = ["set_figures_aside"]

_FIGURE_CAPTION = re.compile(
    r"^\s*fig(?:ure)?\.?\s*(?:\d+[a-z]?\s*[.:|–—](?!\d)"
    r"|\d+(?:\.\d+)+[a-z]?(?:\s*[.:|–—](?!\d)|\s*$|\s+(?-i:[A-Z])))",
    re.I,
)
"""A figure's caption opens with its label ("Figure 2.1."); "Figure 2.1 is ..." opens prose."""
_PROSE_WORDS = 7
"""Words of a line of prose: a figure's label holds fewer."""
_PROSE_CHARS = 35
"""Characters of a line of prose."""
_SLACK = 2.0
"""Points a figure's block may reach past the caption's top or the paragraph's foot."""


def _prose(block: Block) -> bool:
    return any(
        len(ln.text) >= _PROSE_CHARS and len(ln.text.split()) >= _PROSE_WORDS for ln in block.lines
    )


def _overlap(a: Rect, x0: float, x1: float) -> bool:
    return min(a[2], x1) > max(a[0], x0)


def figure_blocks(blocks: Sequence[Block]) -> frozenset[int]:
    """Indices of the blocks that stand in a figure above its caption."""
    out: set[int] = set()
    for c, caption in enumerate(blocks):
        first = caption.lines[0].text if caption.lines else ""
        if not _FIGURE_CAPTION.match(first):
            continue
        top = caption.rect[1]
        # the caption's column: its own width, widened to the prose right above or below it
        x0, x1 = caption.rect[0], caption.rect[2]
        near = [
            b
            for b in blocks
            if b is not caption and _prose(b) and _overlap(b.rect, caption.rect[0], caption.rect[2])
        ]
        for b in near:
            x0, x1 = min(x0, b.rect[0]), max(x1, b.rect[2])
        above = [b.rect[3] for b in near if b.rect[3] <= top + _SLACK]
        ceiling = max(above, default=0.0)
        for i, b in enumerate(blocks):
            if i == c or _prose(b) or not _overlap(b.rect, x0, x1):
                continue
            if b.rect[1] >= ceiling - _SLACK and b.rect[3] <= top + _SLACK:
                out.add(i)
    return frozenset(out)


def set_figures_aside(pages: list[PageBlocks | None]) -> list[PageBlocks | None]:
    """The pages with each figure's blocks (above a "Fig." caption) marked as asides."""
    out: list[PageBlocks | None] = []
    for page in pages:
        found = figure_blocks(page.blocks) if page is not None else frozenset()
        # kept: the blocks OCR itself read as a picture's noise (pdf_ocr_tesseract)
        out.append(
            replace(page, figures=page.figures | found) if page is not None and found else page
        )
    return out
