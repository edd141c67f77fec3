"""Page starts and line boxes moved to a text some of whose characters were taken out.

The passes over a PDF's whole text (``pdf_text_finish``) each take characters out of it: a
filler after a ligature, the second of two single quotes, a soft hyphen after a printed one.
Every offset after a cut moves back by one; this is that move, written once.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from quote_tui.engine.text import LineBox

__all__ = ["cut_out", "moved_past_cuts"]


def moved_past_cuts(
    cuts: list[int], page_starts: tuple[int, ...], boxes: tuple[LineBox, ...]
) -> tuple[tuple[int, ...], tuple[LineBox, ...]]:
    """``page_starts`` and ``boxes`` in the text without the characters at ``cuts`` (their
    offsets in the text before, ascending): each offset less the cuts before it."""
    new_boxes = tuple(
        (start - bisect_left(cuts, start), end - bisect_left(cuts, end), page, x0, y0, x1, y1)
        for start, end, page, x0, y0, x1, y1 in boxes
    )
    return tuple(s - bisect_left(cuts, s) for s in page_starts), new_boxes


def cut_out(
    pattern: re.Pattern[str], text: str, page_starts: tuple[int, ...], boxes: tuple[LineBox, ...]
) -> tuple[str, tuple[int, ...], tuple[LineBox, ...]]:
    """``text`` without the one-character matches of ``pattern``, with the page starts and line
    boxes moved to its offsets; the same three when nothing matches."""
    cuts = [m.start() for m in pattern.finditer(text)]
    if not cuts:
        return text, page_starts, boxes
    starts, new_boxes = moved_past_cuts(cuts, page_starts, boxes)
    return pattern.sub("", text), starts, new_boxes
