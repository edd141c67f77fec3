"""Boxes a page sets apart with a tint drawn behind them: where a broken sentence goes on.

A journal sets "Main messages" and "Current research questions" in tinted boxes at a column's
foot and the next column's head (BMJ's Postgraduate Medical Journal); a sentence broken at the
first column's foot goes on under the second box. The boxes are set in a type of their own,
a point larger than the body, and hold more text than the sentence's own rule for a hole
allows (``pdf_flow_holes``: a box's bullets open in lowercase on their second line too). Their
tint tells them: where every block between a broken sentence and the prose that goes on with
it stands inside a filled rectangle of a colour other than the page's white, those blocks
are a box's. A page's drawings are asked for only at such a break (MuPDF interprets the page
again, a millisecond or a few), and once a page.
"""

from __future__ import annotations

from collections.abc import Callable

import pymupdf

from quote_tui.sources.readers.pdf_errors import MUPDF_ERRORS as _MUPDF_ERRORS

__all__ = ["Shaded", "inside", "shaded_rects"]

Rect = tuple[float, float, float, float]
Shaded = Callable[[int], tuple[Rect, ...]]
"""A page's tinted rectangles, by its 0-based index."""

_WHITE = 0.96
"""A fill at least this light in every channel is the page's own white, not a tint."""
_SMALLEST = 20.0
"""Points of width and height a box's rectangle has at least (a rule, a bar, a bullet has
less)."""
_SLACK = 2.0
"""Points a block's box may reach past the rectangle it stands in."""


def shaded_rects(doc: pymupdf.Document) -> Shaded:
    """Each page's tinted rectangles, read from its drawings when first asked for."""
    seen: dict[int, tuple[Rect, ...]] = {}

    def rects(index: int) -> tuple[Rect, ...]:
        if index not in seen:
            try:
                drawings = doc.load_page(index).get_drawings()
            except _MUPDF_ERRORS:
                drawings = []
            seen[index] = tuple(
                (r.x0, r.y0, r.x1, r.y1)
                for d in drawings
                if (fill := d.get("fill"))
                and min(fill) < _WHITE
                and (r := d["rect"]).width >= _SMALLEST
                and r.height >= _SMALLEST
            )
        return seen[index]

    return rects


def inside(box: Rect, rects: tuple[Rect, ...]) -> bool:
    """Whether a block's box stands inside one of the rectangles."""
    x0, y0, x1, y1 = box
    return any(
        x0 >= a - _SLACK and y0 >= b - _SLACK and x1 <= c + _SLACK and y1 <= d + _SLACK
        for a, b, c, d in rects
    )
