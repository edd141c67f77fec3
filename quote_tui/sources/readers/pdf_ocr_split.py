"""A paragraph Tesseract's page analysis cut down its middle, set whole again.

On a book scanned open, the lines bend towards the spine, and Tesseract's page analysis may
take a line of word gaps standing roughly one above another for a column's edge: it then
hands over one paragraph as two side by side, the left halves of its lines and the right
halves ("60. In der Regel sind die Haupt-" / "zu erkennen. Es ist aber schwer," ... then "und
Nebensätze leicht" / "ihr Wesen in einer Defini-": Heemstra's 1947 grammar, read at the
scan's own 256 dpi), at times through a word ("zusam" | "men.", "bestim" | "mten"). Read one
after the other, every sentence of the paragraph is broken. Two columns are told from such a
cut by the gap between them: a gutter is wider than a line's height, where this cut is a word
gap (under 0.6 of the line's height) or none.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol, TypeVar


class _Row(Protocol):
    """A row of Tesseract's hOCR as ``pdf_ocr_tesseract.Row`` holds it (named here by its
    shape: that module calls this one)."""

    @property
    def box(self) -> tuple[float, float, float, float]: ...
    @property
    def size(self) -> float: ...
    @property
    def angle(self) -> int: ...
    @property
    def words(self) -> tuple[Any, ...]: ...


Row = TypeVar("Row", bound=_Row)

__all__ = ["rejoined"]

_GAP = 0.8
"""A gap between a row's left and right halves narrower than this many times the row's size
is within a line (a word gap: 0.1 to 0.55 of the size, measured); a gutter between two
columns is wider (a column's rows stand an em or more apart, and columns' rows often stand
level: the gap is what tells them)."""

_GLUED = 0.2
"""A gap narrower than this many times the row's size is inside a word (letters stand 0.05 to
0.1 apart, words 0.4 and more): the two pieces are one word."""

_LEVEL = 0.5
"""Two rows stand level when the words where they meet overlap over at least this share of the
smaller one's height."""


def _level(left: Row, right: Row) -> float:
    """How level ``right`` stands with ``left``: the overlap of the two words that meet, as a
    share of the smaller one's height (a book's lines bend and slant: their rows' boxes are
    tall, and overlap the rows above and below them; the meeting words stand level)."""
    a, b = left.words[-1].box, right.words[0].box
    shared = min(a[3], b[3]) - max(a[1], b[1])
    return shared / max(1.0, min(a[3] - a[1], b[3] - b[1]))


def _partner(row: Row, left: list[Row]) -> int | None:
    """The row of ``left`` standing level with ``row`` and ending a word gap before it."""
    best, found = _LEVEL, None
    for i, other in enumerate(left):
        size = max(row.size, other.size)
        gap = row.box[0] - other.box[2]
        level = _level(other, row)
        if -_GLUED * size <= gap < _GAP * size and level >= best:
            best, found = level, i
    return found


def _pairs(left: list[Row], right: list[Row]) -> list[int] | None:
    """For each row of ``right``, the index of its left half in ``left``, top to bottom; None
    unless every row of ``right`` has one (two or more rows, none upright text or shared)."""
    if len(right) < 2 or any(r.angle for r in left + right):
        return None
    found = [_partner(row, left) for row in right]
    if any(i is None for i in found):
        return None
    indexes = [i for i in found if i is not None]
    if any(b <= a for a, b in zip(indexes, indexes[1:], strict=False)):
        return None
    return indexes


def _joined(left: Row, right: Row) -> Row:
    size = max(left.size, right.size)
    words = list(left.words)
    first, rest = right.words[0], right.words[1:]
    if first.box[0] - words[-1].box[2] < _GLUED * size:
        last = words.pop()
        first = replace(
            first,
            box=(
                last.box[0],
                min(last.box[1], first.box[1]),
                first.box[2],
                max(last.box[3], first.box[3]),
            ),
            text=last.text + first.text,
            confidence=min(last.confidence, first.confidence),
        )
    box = (
        min(left.box[0], right.box[0]),
        min(left.box[1], right.box[1]),
        max(left.box[2], right.box[2]),
        max(left.box[3], right.box[3]),
    )
    return replace(left, box=box, size=size, words=(*words, first, *rest))


def _merged(left: list[Row], right: list[Row], pairs: list[int]) -> list[Row]:
    halves = dict(zip(pairs, right, strict=True))
    return [_joined(row, halves[i]) if i in halves else row for i, row in enumerate(left)]


def rejoined(paragraphs: list[list[Row]]) -> list[list[Row]]:
    """``paragraphs`` with each one cut down its middle set whole again, in the place of its
    left half; the others as they were."""
    out = list(paragraphs)
    joined = True
    while joined:
        joined = False
        for i, left in enumerate(out):
            for j, right in enumerate(out):
                if i == j or right[0].box[0] <= left[0].box[0]:
                    continue
                pairs = _pairs(left, right)
                if pairs is not None:
                    out[i] = _merged(left, right, pairs)
                    del out[j]
                    joined = True
                    break
            if joined:
                break
    return out
