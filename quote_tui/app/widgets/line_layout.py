"""Screen rows of a checked text: its lines, soft-wrapped at word boundaries to a width.

The viewer draws rows, the engine speaks in code-point offsets, and ``PreparedText.line_starts`` is
the only line index; this module only splits long lines further. The rows are three flat
``array('l')`` columns (start, end, 1-based line) because a 1,000-page PDF gives ~100,000 rows and a
list of tuples would cost ten times the memory. Lines that fit take the fast path (no scanning), so
building the layout of a 5 MB text is one pass over its line starts.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from dataclasses import dataclass

from quote_tui.api import PreparedText

__all__ = ["RowLayout", "layout_rows"]


@dataclass(frozen=True, slots=True)
class RowLayout:
    """Where each screen row starts and ends in the text, and which line it belongs to.

    Attributes:
        width: the wrap width in cells (characters; wide characters may overflow and are cropped).
        starts: offset of each row's first character.
        ends: offset just past each row's last character (line breaks excluded).
        lines: the 1-based line of each row.
    """

    width: int
    starts: array
    ends: array
    lines: array

    def __len__(self) -> int:
        return len(self.starts)

    def row_of(self, offset: int) -> int:
        """The 0-based row holding ``offset`` (a line break belongs to its line's last row)."""
        return max(bisect_right(self.starts, offset) - 1, 0)

    def first_row_of_line(self, line: int) -> int:
        """The 0-based row where a 1-based line begins."""
        return max(bisect_right(self.lines, line - 1), 0)


def layout_rows(prepared: PreparedText, width: int) -> RowLayout:
    """Split the text into rows of at most ``width`` characters, breaking after spaces.

    Args:
        prepared: the checked text and its line index.
        width: cells available for text (at least 8 is used).

    Returns:
        The row layout.
    """
    width = max(width, 8)
    text = prepared.text
    line_starts = prepared.line_starts
    n = len(line_starts)
    size = len(text)
    starts = array("l")
    ends = array("l")
    lines = array("l")
    for i in range(n):
        s = line_starts[i]
        e = line_starts[i + 1] if i + 1 < n else size
        # Drop the line break (\n, \r\n or \r) from the row's end.
        if e > s and text[e - 1] == "\n":
            e -= 1
        if e > s and text[e - 1] == "\r":
            e -= 1
        if e - s <= width:
            starts.append(s)
            ends.append(e)
            lines.append(i + 1)
            continue
        pos = s
        while e - pos > width:
            cut = text.rfind(" ", pos + 1, pos + width)
            cut = pos + width if cut == -1 else cut + 1
            starts.append(pos)
            ends.append(cut)
            lines.append(i + 1)
            pos = cut
        starts.append(pos)
        ends.append(e)
        lines.append(i + 1)
    return RowLayout(width, starts, ends, lines)
