"""A justified line whose words a producer set as blocks of their own, read as one line.

A word processor's PDF of a thesis justifies its lines by moving each word (Word's "distributed"
lines): MuPDF reads a widely spaced line as one block per word ("Il" | "testo" | "dovrà" | ...,
each 0.75 em from the next). Read so, each word is a block of the page: the short ones ("Il",
"di") are set aside as a figure's labels, and the rest are read as a column of one word each.
Words standing on one baseline, in one size, closer than an em, over a stretch of a line's
width, are the line they print. A table's cells of one row stand further apart (pdf_tables:
1.25 em at least), and a chart's labels are no row of words.

A justified line in a narrow column (a student's text wrapped beside an illustration) stretches
its spaces further: "Physical  Thermometer,  beer" with gaps of one and a half em, which MuPDF
reads as pieces side by side, each a block (``join_stretched_rows``). Read so, a short piece
("and") is set aside as a figure's label and the rest stand a word a block. Pieces level on one
row, closer than ``_STRETCHED`` ems, whose row starts and ends where a line of the column right
above or below it does (a line read whole, as wide as the row), are the line they print; a
table's cells have no such line beside them, and two columns' lines no line across both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from quote_tui.sources.readers.pdf_block import Block
from quote_tui.sources.readers.pdf_lines import Line

__all__ = ["join_stretched_rows", "join_word_rows"]

_GAP = 1.0
"""Ems between two words of one line at most."""
_WORDS = 3
"""Fewest blocks in a row that make a line."""
_WIDTH = 15.0
"""Ems a row of words spans at least (a justified line across a page's text)."""
_LEVEL = 0.2
"""Share of a line's height within which the words' tops and feet stand level."""
_STRETCHED = 2.5
"""Ems between two pieces of a justified line in a narrow column at most."""
_EDGE = 1.5
"""Points within which a row's ends meet those of a line of its column."""
_NEAR = 2.5
"""Line heights within which the column's line stands above or below the row."""


B = TypeVar("B", bound=Block)
Rect = tuple[float, float, float, float]


def join_word_rows(blocks: list[B], build: Callable[[Rect, tuple[Line, ...], float], B]) -> list[B]:
    """``blocks`` with each row of one-word blocks that prints one line made one block (by
    ``build``, from its rectangle, lines and size)."""
    singles = [
        i
        for i, b in enumerate(blocks)
        if len(b.lines) == 1 and getattr(b, "upright", True) and _wordy(b)
    ]
    if len(singles) < _WORDS:  # most pages: blocks of many lines
        return blocks
    joined: dict[int, B] = {}
    gone: set[int] = set()
    for row in _rows(blocks, singles, _GAP):
        first, last = blocks[row[0]], blocks[row[-1]]
        if len(row) < _WORDS or last.rect[2] - first.rect[0] < _WIDTH * first.size:
            continue
        rect = _row_rect(blocks, row)
        joined[row[0]] = build(rect, (Line(_row_text(blocks, row) + " ", rect),), first.size)
        gone.update(row[1:])
    if not joined:
        return blocks
    return [joined.get(i, b) for i, b in enumerate(blocks) if i not in gone]


def _wordy(block: Block) -> bool:
    """Whether a one-line block is a word or two (a line of a column holds many)."""
    text = str(getattr(block.lines[0], "text", "")).strip()
    return text.count(" ") <= 1 and any(c.isalpha() for c in text)


def _rows(blocks: list[B], singles: list[int], ems: float) -> list[list[int]]:
    """The one-line blocks ``singles`` (their indexes) in rows, each piece the one after the
    last on its line, at most ``ems`` apart, read from the top and from the left."""
    singles = sorted(singles, key=lambda i: (round(blocks[i].rect[3]), blocks[i].rect[0]))
    rows: list[list[int]] = []
    row = [singles[0]]
    for i in singles[1:]:
        if _next_on_line(blocks[row[-1]], blocks[i], ems):
            row.append(i)
            continue
        rows.append(row)
        row = [i]
    rows.append(row)
    return rows


def _next_on_line(a: Block, b: Block, ems: float) -> bool:
    """Whether ``b`` is the piece after ``a`` on its line, at most ``ems`` apart."""
    height = a.rect[3] - a.rect[1]
    gap = b.rect[0] - a.rect[2]
    return (
        a.size == b.size
        and 0 <= gap <= ems * a.size
        and abs(a.rect[3] - b.rect[3]) <= _LEVEL * height
        and abs(a.rect[1] - b.rect[1]) <= _LEVEL * height
    )


def _row_rect(blocks: list[B], row: list[int]) -> Rect:
    """The rectangle a row of pieces covers."""
    return (
        blocks[row[0]].rect[0],
        min(blocks[i].rect[1] for i in row),
        blocks[row[-1]].rect[2],
        max(blocks[i].rect[3] for i in row),
    )


def _row_text(blocks: list[B], row: list[int]) -> str:
    """A row's pieces read as one line."""
    return " ".join(str(getattr(blocks[i].lines[0], "text", "")).strip() for i in row)


def join_stretched_rows(
    blocks: list[B], build: Callable[[Rect, tuple[Line, ...], float], B]
) -> list[B]:
    """``blocks`` with each row of one-line pieces of a justified line, stretched past a word
    space, made one block (by ``build``), where a line of its column as wide stands by it."""
    singles = [i for i, b in enumerate(blocks) if len(b.lines) == 1 and getattr(b, "upright", 1)]
    if len(singles) < 2:
        return blocks
    joined: dict[int, B] = {}
    gone: set[int] = set()
    for row in _rows(blocks, singles, _STRETCHED):
        if len(row) < 2:
            continue
        rect = _row_rect(blocks, row)
        if not _column_line(blocks, set(row), rect):
            continue
        head = min(row)  # the row stands where its first piece in the content stream did
        joined[head] = build(rect, (Line(_row_text(blocks, row), rect),), blocks[row[0]].size)
        gone.update(i for i in row if i != head)
    if not joined:
        return blocks
    return [joined.get(i, b) for i, b in enumerate(blocks) if i not in gone]


def _column_line(blocks: list[B], row: set[int], rect: Rect) -> bool:
    """Whether a line read whole, as wide as the row (its ends within ``_EDGE``), stands right
    above or below it."""
    x0, y0, x1, y1 = rect
    reach = _NEAR * (y1 - y0)
    for j, block in enumerate(blocks):
        if j in row or block.rect[1] > y1 + reach or block.rect[3] < y0 - reach:
            continue
        for line in block.lines:
            r = getattr(line, "rect", None)
            if (
                r is not None
                and abs(r[0] - x0) <= _EDGE
                and abs(r[2] - x1) <= _EDGE
                and (r[1] >= y1 - 1 or r[3] <= y0 + 1)
                and (r[1] <= y1 + reach and r[3] >= y0 - reach)
            ):
                return True
    return False
