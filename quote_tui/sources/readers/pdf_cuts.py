"""Page starts and line boxes moved to a text some of whose characters were taken out.

The passes over a PDF's whole text (``pdf_text_finish``) each take characters out of it: a
filler after a ligature, the second of two single quotes, a soft hyphen after a printed one.
Every offset after a cut moves back by one; this is that move, written once.
"""

from __future__ import annotations

from bisect import bisect_left

from quote_tui.engine.text import LineBox

__all__ = ["moved_past_cuts"]


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
