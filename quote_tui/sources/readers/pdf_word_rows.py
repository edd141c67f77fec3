"""A justified line whose words a producer set as blocks of their own, read as one line.

A word processor's PDF of a thesis justifies its lines by moving each word (Word's "distributed"
lines): MuPDF reads a widely spaced line as one block per word ("Il" | "testo" | "dovrà" | ...,
each 0.75 em from the next). Read so, each word is a block of the page: the short ones ("Il",
"di") are set aside as a figure's labels, and the rest are read as a column of one word each.
Words standing on one baseline, in one size, closer than an em, over a stretch of a line's
width, are the line they print. A table's cells of one row stand further apart (pdf_tables:
1.25 em at least), and a chart's labels are no row of words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from quote_tui.sources.readers.pdf_block import Block
from quote_tui.sources.readers.pdf_lines import Line

__all__ = ["join_word_rows"]

_GAP = 1.0
"""Ems between two words of one line at most."""
_WORDS = 3
"""Fewest blocks in a row that make a line."""
_WIDTH = 15.0
"""Ems a row of words spans at least (a justified line across a page's text)."""
_LEVEL = 0.2
"""Share of a line's height within which the words' tops and feet stand level."""


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
    singles.sort(key=lambda i: (round(blocks[i].rect[3]), blocks[i].rect[0]))
    rows: list[list[int]] = []
    row = [singles[0]]
    for i in singles[1:]:
        if _next_word(blocks[row[-1]], blocks[i]):
            row.append(i)
            continue
        rows.append(row)
        row = [i]
    rows.append(row)
    joined: dict[int, B] = {}
    gone: set[int] = set()
    for row in rows:
        first, last = blocks[row[0]], blocks[row[-1]]
        if len(row) < _WORDS or last.rect[2] - first.rect[0] < _WIDTH * first.size:
            continue
        text = " ".join(str(getattr(blocks[i].lines[0], "text", "")).strip() for i in row) + " "
        rect = (
            first.rect[0],
            min(blocks[i].rect[1] for i in row),
            last.rect[2],
            max(blocks[i].rect[3] for i in row),
        )
        joined[row[0]] = build(rect, (Line(text, rect),), first.size)
        gone.update(row[1:])
    if not joined:
        return blocks
    return [joined.get(i, b) for i, b in enumerate(blocks) if i not in gone]


def _wordy(block: Block) -> bool:
    """Whether a one-line block is a word or two (a line of a column holds many)."""
    text = str(getattr(block.lines[0], "text", "")).strip()
    return text.count(" ") <= 1 and any(c.isalpha() for c in text)


def _next_word(a: Block, b: Block) -> bool:
    """Whether ``b`` is the word after ``a`` on its line."""
    height = a.rect[3] - a.rect[1]
    gap = b.rect[0] - a.rect[2]
    return (
        a.size == b.size
        and 0 <= gap <= _GAP * a.size
        and abs(a.rect[3] - b.rect[3]) <= _LEVEL * height
        and abs(a.rect[1] - b.rect[1]) <= _LEVEL * height
    )
