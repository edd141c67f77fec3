"""A running head or footer set on one line with the page's number ("1244 ... SCIENCE, VOL.
162"), told by that number beside it.

Page furniture is told by its text repeating in the page's top or bottom band, or by its size.
A journal's footer names the volume on even pages and the date on odd ones, so a short document
shows it once; and OCR sizes its words by their boxes, so a footer in capitals reads as large
as the body. Level with the page's number, in the same band, a short block is no part of the
body either: a sentence running over the page break reads past it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from quote_tui.sources.readers.pdf_block import Block

__all__ = ["beside_folios", "numbered_heads", "under_heads"]

_MAX_LINES = 2
"""Most lines of a block set beside a page number, or under a head, as furniture."""
_ALIGNED = 2.0
"""Points within which a head's wrapped line keeps its first line's left or right edge."""
_SHORTER = 0.5
"""Most share of the head's width its wrapped line takes (the rest of a line, not a text)."""
_UNDER = 1.0
"""Lines' heights within which a head's second line stands under its first."""
_HEADING = 1.05
"""Least share of the body's size a section's number is set in (a heading's type)."""
_NUMBER_GAP = 2.0
"""Most sizes of the number between it and its heading's first word on the line."""
_LEVEL = 2.0
"""Points within which the number's foot and its heading's first line's stand level."""


def numbered_heads(
    blocks: Sequence[Block], edges: Sequence[int], folio: Callable[[str], bool], body: float
) -> list[int]:
    """``edges`` with a section's number left out of the page's bands: a heading's number the
    producer set as a block of its own ("4" before "Discussion", both larger than the body, at
    the head of a column) reads as a page number in the top band, and with it the heading and
    the column's first lines level with it were set aside as furniture. A page's number is not
    set larger than the body right before a word in its own type on its line."""
    out = list(edges)
    if body <= 0:
        return out
    for i, number in enumerate(blocks):
        if not edges[i] or len(number.lines) != 1 or number.size < body * _HEADING:
            continue
        if not folio(number.text.strip()):
            continue
        x1, foot, size = number.rect[2], number.rect[3], number.size
        if any(
            other is not number
            and other.lines
            and abs(other.size - size) <= size * 0.05
            and abs(other.lines[0].rect[3] - foot) <= _LEVEL  # type: ignore[attr-defined]
            and 0 <= other.rect[0] - x1 <= size * _NUMBER_GAP
            and other.text.lstrip()[:1].isalpha()
            for other in blocks
        ):
            out[i] = 0
    return out


def beside_folios(
    blocks: Sequence[Block],
    flags: list[bool],
    edges: Sequence[int],
    folio: Callable[[str], bool],
    *,
    heads: bool = False,
) -> None:
    """Set aside (in ``flags``) each short block in the page's top or bottom band (``edges``
    2) that stands level with a page number (``folio`` says which text is one) in that band;
    in the wider band (``edges`` 1, a page with a printer's margin round it), level with a lone
    number, not one of a manuscript's line numbers. With ``heads``, ``folio`` tells a running
    head instead: a section's name set on its line ("Softwarequalitätsmanagment ... PDCA-Kreis",
    the name changing with the section) is furniture with it."""
    numbers = [
        b.rect
        for b, e in zip(blocks, edges, strict=True)
        if e
        and folio(b.text.strip())
        and _outermost(b.rect, blocks)
        and (heads or e == 2 or not _numbered_lines(b, blocks, folio))
    ]
    if not numbers:
        return
    for i, block in enumerate(blocks):
        if flags[i] or not edges[i] or len(block.lines) > _MAX_LINES:
            continue
        y0, y1 = block.rect[1], block.rect[3]
        middle = (y0 + y1) / 2
        if any(n[1] <= middle <= n[3] or y0 <= (n[1] + n[3]) / 2 <= y1 for n in numbers):
            flags[i] = True


def _numbered_lines(number: Block, blocks: Sequence[Block], folio: Callable[[str], bool]) -> bool:
    """Whether another number stands over or under ``number`` (a manuscript's line numbers down
    its margin): outside the page's narrow band, a lone number is a folio, one of these is not."""
    x0, x1 = number.rect[0], number.rect[2]
    return any(
        b is not number and b.rect[0] < x1 and b.rect[2] > x0 and folio(b.text.strip())
        for b in blocks
    )


def _outermost(rect: tuple[float, float, float, float], blocks: Sequence[Block]) -> bool:
    """Whether nothing stands wholly beyond the block, towards the page's nearer edge: a page
    number does, and a formula's digit in the band (an exponent under a line) does not."""
    top = min(b.rect[1] for b in blocks)
    bottom = max(b.rect[3] for b in blocks)
    if rect[1] - top < bottom - rect[3]:  # in the top band: nothing above it
        return not any(b.rect[3] <= rect[1] for b in blocks)
    return not any(b.rect[1] >= rect[3] for b in blocks)


def under_heads(blocks: Sequence[Block], flags: list[bool], edges: Sequence[int]) -> None:
    """Set aside (in ``flags``) a running head's second line: a short block standing right
    under a head set aside in the page's top band (within a line's height), flush with its left
    or right edge and at most half as wide, as a long head wraps ("... de las mujeres" over
    "campesinas"). The body starts further down, and its lines are long."""
    heads = [
        b.rect
        for b, e, f in zip(blocks, edges, flags, strict=True)
        if e == 2 and f and b.lines and (b.rect[1] + b.rect[3]) / 2 < _middle(blocks)
    ]
    for i, block in enumerate(blocks):
        if flags[i] or len(block.lines) > _MAX_LINES:
            continue
        x0, y0, x1, y1 = block.rect
        line = (y1 - y0) / len(block.lines)
        if any(
            0 <= y0 - h[3] <= line * _UNDER
            and (abs(x0 - h[0]) <= _ALIGNED or abs(x1 - h[2]) <= _ALIGNED)
            and x1 - x0 <= (h[2] - h[0]) * _SHORTER
            for h in heads
        ):
            flags[i] = True


def _middle(blocks: Sequence[Block]) -> float:
    return (min(b.rect[1] for b in blocks) + max(b.rect[3] for b in blocks)) / 2
