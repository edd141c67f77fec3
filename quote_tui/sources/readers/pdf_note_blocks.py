"""A block MuPDF merged from a paragraph and the notes or the caption set under it, split.

A Word document's indented quotation at a page's foot and the notes under it can come out of
MuPDF as one block; the notes' small size then makes the whole block an aside, and the
quotation's sentence stops reading on to the next page. A table's caption set close under the
paragraph over it, in a smaller type ("Table 1. LC50 data of ..." under "Table 1 shows the
results of the ... testing after", the sentence going on under the table), comes out so too,
and stood in the sentence's middle.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from quote_tui.sources.readers.pdf_lines import Line

__all__ = ["split_notes"]

_NOTE = 0.93
"""A note is set at most this share of the size of the lines above it."""
_NOTE_MARK = re.compile(r"^\s*(?:\d{1,3}|[*†‡§¶#]+)\u200b?\s*(?:[^\W\d_]|[“‘(\[\"'])")
"""A footnote starts with its number or dagger, then its words ("6  “Google sets up"); an
address's "510 – 700 West Pender St." is no note."""

Item = tuple[Line, dict[float, int], bool]
Group = tuple[list[Item], dict[float, int], bool]


def _sum_counts(lines: list[Item]) -> dict[float, int]:
    total: dict[float, int] = {}
    for _, counts, _ in lines:
        for size, n in counts.items():
            total[size] = total.get(size, 0) + n
    return total


def _line_size(counts: dict[float, int]) -> float:
    return max(counts.items(), key=lambda it: it[1])[0] if counts else 0.0


def split_notes(group: Group, caption: Callable[[str], bool] = lambda text: False) -> list[Group]:
    """A block split above its first footnote, when MuPDF merged the notes at a page's foot
    with the paragraph over them (a Word document's indented quotation): every line from a
    note's number on is set in a note's smaller size, every line above it larger. A caption
    under the paragraph (its first line's text ``caption`` tells, with the line after it) is
    split off so too."""
    lines = group[0]
    sizes = [_line_size(counts) for _, counts, _ in lines]
    for k in range(1, len(lines)):
        above = min(sizes[:k])
        if (
            sizes[k] <= above * _NOTE
            and max(sizes[k:]) <= sizes[k]
            and (
                _NOTE_MARK.match(text := lines[k][0].text)
                or caption(" ".join([text, *(ln.text for ln, _, _ in lines[k + 1 : k + 2])]))
            )
        ):
            head, notes = lines[:k], lines[k:]
            return [
                (head, _sum_counts(head), all(u for _, _, u in head)),
                (notes, _sum_counts(notes), all(u for _, _, u in notes)),
            ]
    return [group]
