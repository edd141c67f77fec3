"""A word's first letters MuPDF read as a block of their own, glued back to the word.

A font change inside a word (an italic "N" before "-ethylmaleimide") may make MuPDF open a new
block for the rest of the line: the letter stands alone, set aside as a figure's label, and
the word reads "-ethylmaleimide". A one-line block of one short word standing on another
block's first line, right before it with no space between, is that line's start.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from quote_tui.sources.readers.pdf_block import Block
from quote_tui.sources.readers.pdf_lines import Line

__all__ = ["glue_pieces"]

_GLUED = 0.15
"""Ems between the piece and the line it opens at most: no word space between."""
_LEVEL = 0.2
"""Share of a line's height within which the piece's foot and the line's stand level."""
_PIECE = 12
"""Most characters of a piece (a letter or a word in another font)."""
_TALL = 1.5
"""Times the line's height past which a piece is no start of it: a drop cap two or three lines
tall ("T" beside "HE recent development", its foot level with the second line's) is joined to
its word by ``pdf_drop_caps``."""

B = TypeVar("B", bound=Block)
Rect = tuple[float, float, float, float]


def _rect(line: object) -> Rect:
    return getattr(line, "rect")  # noqa: B009 - the protocol's lines are plain objects


def _text(line: object) -> str:
    return str(getattr(line, "text", ""))


def glue_pieces(blocks: list[B], build: Callable[[Rect, tuple[Line, ...], float], B]) -> list[B]:
    """``blocks`` with each piece glued to the line it opens (the line's block made anew by
    ``build``, from its rectangle, lines and size)."""
    # a word's first letters: it ends in one ("a)." after "Fig. 3" ends a line's middle)
    pieces = [
        i
        for i, b in enumerate(blocks)
        if len(b.lines) == 1
        and 0 < len(t := _text(b.lines[0]).strip()) <= _PIECE
        and " " not in t
        and t[-1].isalnum()
    ]
    if not pieces:
        return blocks
    out = list(blocks)
    alone = set(pieces)
    # blocks by their first line's foot, to the point: a table's hundred cells are no hundred
    # looks each
    feet: dict[int, list[int]] = {}
    for j, other in enumerate(out):
        if other.lines:
            feet.setdefault(int(_rect(other.lines[0])[3]), []).append(j)
    gone: set[int] = set()
    for i in pieces:
        x0, y0, x1, y1 = _rect(out[i].lines[0])
        height = y1 - y0
        reach = int(_LEVEL * height) + 1
        near = sorted(
            j for f in range(int(y1) - reach, int(y1) + reach + 1) for j in feet.get(f, ())
        )
        for j in near:
            other = out[j]
            if j == i or j in gone or not other.lines:
                continue
            a, b, c, d = _rect(other.lines[0])
            if not (-0.5 <= a - x1 <= _GLUED * out[i].size and abs(d - y1) <= _LEVEL * height):
                continue
            if height > _TALL * (d - b):
                continue
            if _text(other.lines[0])[:1].isspace():
                continue  # the line opens with a space: a word of its own goes before it
            if j in alone and len(other.lines) == 1:
                continue  # two pieces side by side: a figure's labels, not a line
            text = _text(out[i].lines[0]).strip() + _text(other.lines[0])
            # the line's own top and foot kept: an italic letter's taller box would move the
            # block before the others of its line in the reading order
            first = (x0, b, c, d)
            lines = (Line(text, first), *other.lines[1:])  # type: ignore[arg-type]
            rect = (min(x0, other.rect[0]), *other.rect[1:])
            out[j] = build(rect, lines, other.size)  # type: ignore[arg-type]
            gone.add(i)
            break
    return [b for k, b in enumerate(out) if k not in gone]
