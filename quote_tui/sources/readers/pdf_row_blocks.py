"""Blocks MuPDF cut inside a printed line, joined again.

Some publishers' PDFs (Elsevier's, set word by word) give MuPDF each word as a line of its own,
and MuPDF then cuts its blocks inside a printed line: each block holds the end of one line and
the start of the next ("... has demonstrated that" | "college", then " students tend to ..."
in the next block). Read so, a block's last piece ("college", "viduals") stands left of the
rest of its lines, which splits it as a column of its own, and the abstract's lines came out
one piece here and the rest among the asides ("college" ... "students tend to employ study
strategies"). Where a block's last line and the next block's first line stand level on one row,
the second starting where the first ends, the two blocks are one: they are joined before the
page's blocks are read.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["join_cut_rows"]

_LEVEL = 0.2
"""Share of a line's height within which two pieces' tops and feet stand level."""
_TOUCH = 0.3
"""Share of a line's height of a gap between two pieces of one printed line at most (a word
space, or none where the space is the second piece's first character)."""


_TALL = 2.0
"""Times its type's size past which a line's box tells nothing of the line it stands on."""


def join_cut_rows(blocks: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """``blocks`` (a page dict's) with each run of text blocks cut inside a printed line made
    one block; the page's own block records are not changed."""
    out: list[dict[str, Any]] = []
    copies: set[int] = set()  # the joined blocks, copies of the page's
    for block in blocks:
        lines = block.get("lines") if block.get("type", 0) == 0 else None
        prev = out[-1] if out else None
        if (
            lines
            and prev is not None
            and prev.get("type", 0) == 0
            and prev.get("lines")
            and _cut(prev["lines"][-1], lines[0])
        ):
            if id(prev) not in copies:
                prev = out[-1] = {**prev, "lines": list(prev["lines"])}
                copies.add(id(prev))
            prev["lines"].extend(lines)
            prev["bbox"] = _union(prev["bbox"], block["bbox"])
            continue
        out.append(block)
    return out


def _cut(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether line ``b`` goes on line ``a``'s printed line, right where ``a`` ends."""
    ax0, ay0, ax1, ay1 = a["bbox"]
    bx0, by0, _, by1 = b["bbox"]
    height = ay1 - ay0
    return (
        height > 0
        and abs(ay0 - by0) <= _LEVEL * height
        and _wordy(a)
        and _wordy(b)
        and abs(ay1 - by1) <= _LEVEL * height
        and -1.0 <= bx0 - ax1 <= _TOUCH * height
        and a.get("dir", (1.0, 0.0))[0] > 0.95
        and b.get("dir", (1.0, 0.0))[0] > 0.95
    )


def _wordy(line: dict[str, Any]) -> bool:
    """Whether a line holds two characters or more (a word's, not a letter set alone: a
    badge's letters set round a circle, one block each) in a box as tall as its type (a
    formula's glyphs give a line a box far taller, and lines near it no place)."""
    spans = line.get("spans", ())
    size = max((span.get("size", 0.0) for span in spans), default=0.0)
    box = line["bbox"]
    return (
        box[3] - box[1] <= _TALL * size
        and sum(len(span.get("text", "").strip()) for span in spans) >= 2
    )


def _union(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float, float]:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
