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

In the same PDFs a justified line's words stand apart by its stretched spaces, and MuPDF gives
each word as a line and each space as a line of its own, of no width, where the word before it
ends ("Many", " ", "recent", " ", ...). Read so, each word is a line of the text, and a
quotation of one printed line crosses a line break at every word (``normalized`` where it is
``exact``). A word, the space MuPDF set right after it and the word level with it after the
space (closer than ``_SPACED`` of its height) are one line (``join_spaced_words``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["join_cut_rows", "join_spaced_words"]

_LEVEL = 0.2
"""Share of a line's height within which two pieces' tops and feet stand level."""
_TOUCH = 0.3
"""Share of a line's height of a gap between two pieces of one printed line at most (a word
space, or none where the space is the second piece's first character)."""


_SPACED = 2.0
"""Line heights a word stands after the space MuPDF set after the word before at most."""
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
        and _sized(a)
        and _sized(b)
        and max(_chars(a), _chars(b)) >= 2
        and abs(ay1 - by1) <= _LEVEL * height
        and -1.0 <= bx0 - ax1 <= _TOUCH * height
        and a.get("dir", (1.0, 0.0))[0] > 0.95
        and b.get("dir", (1.0, 0.0))[0] > 0.95
    )


def _sized(line: dict[str, Any]) -> bool:
    """Whether a line's box is as tall as its type: a formula's glyphs give a line a box far
    taller, and lines near it no place."""
    size = max((span.get("size", 0.0) for span in line.get("spans", ())), default=0.0)
    return line["bbox"][3] - line["bbox"][1] <= _TALL * size


def _chars(line: dict[str, Any]) -> int:
    """A line's characters but spaces: of two pieces, one holds a word's (a badge's letters set
    round a circle stand a block each, each level with the next)."""
    return sum(len(span.get("text", "").strip()) for span in line.get("spans", ()))


def _union(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float, float]:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def join_spaced_words(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``blocks`` with each run of words MuPDF gave a line each, a space line between each two,
    made one line (the blocks so changed are copies)."""
    out = blocks
    for k, block in enumerate(blocks):
        lines = block.get("lines") if block.get("type", 0) == 0 else None
        if not lines or len(lines) < 3 or not any(_space(line) for line in lines):
            continue
        joined = _spaced(lines)
        if joined is not None:
            if out is blocks:
                out = list(blocks)
            out[k] = {**block, "lines": joined}
    return out


def _space(line: dict[str, Any]) -> bool:
    """Whether a line is a space of no width (MuPDF's for a word space it read apart)."""
    spans = line.get("spans", ())
    box = line["bbox"]
    return len(spans) == 1 and box[2] - box[0] < 0.1 and spans[0].get("text", "x").isspace()


def _spaced(lines: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    out: list[dict[str, Any]] = []
    i, changed = 0, False
    while i < len(lines):
        line = lines[i]
        if (
            out
            and i + 1 < len(lines)
            and _space(line)
            and not _space(lines[i + 1])
            and _after(out[-1], line, lines[i + 1])
        ):
            a, b = out[-1], lines[i + 1]
            out[-1] = {
                **a,
                "bbox": _union(a["bbox"], b["bbox"]),
                "spans": [*a["spans"], *line["spans"], *b["spans"]],
            }
            i += 2
            changed = True
            continue
        out.append(line)
        i += 1
    return out if changed else None


def _after(a: dict[str, Any], space: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether word ``b`` goes on ``a``'s printed line after the space MuPDF set where ``a``
    ends."""
    ax0, ay0, ax1, ay1 = a["bbox"]
    bx0, by0, _, by1 = b["bbox"]
    height = ay1 - ay0
    return (
        height > 0
        and abs(space["bbox"][0] - ax1) <= 1.0
        and abs(ay0 - by0) <= _LEVEL * height
        and abs(ay1 - by1) <= _LEVEL * height
        and 0 <= bx0 - ax1 <= _SPACED * height
        and a.get("dir", (1.0, 0.0))[0] > 0.95
        and b.get("dir", (1.0, 0.0))[0] > 0.95
    )
