"""Columns OCR ran together: a line read across a gutter is cut at it.

Tesseract reads a speck or a rule in a gutter as a mark ("_", "__") and then joins the words on
either side into one line across the columns ("Incommen- __ will, in fact, be the best ...
however, the effects"). One such line ties the columns' lines into one x-range, so the block is
not split into its columns and their lines are read interleaved, one from each column in turn.
In an OCR block (its text invisible over the scan) the gutters are found from its words: runs of
x that (almost) no line's words cover, between runs that many cover. Each line is cut there, and
what stands inside a gutter alone (the speck read as a mark) is dropped.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

__all__ = ["ocr_columns"]

_MIN_LINES = 4
"""Fewest lines in a block for its words to show a gutter."""
_COLUMN_LINES = 3
"""Fewest lines wholly inside each column for the gutters between them to be columns'."""
_SHARE = 0.12
"""A gutter is covered by the words of at most this share of the busiest x's lines."""
_MIN_GUTTER = 6.0
"""Narrowest gutter, in points: a word space is narrower, and never lines up down a block."""


def _gutters(lines: list[dict[str, Any]]) -> list[tuple[float, float]]:
    deltas: dict[int, int] = {}
    for line in lines:
        for span in line["spans"]:
            if span["text"].strip():
                x0, _, x1, _ = span["bbox"]
                a, b = int(x0), int(x1) + 1
                deltas[a] = deltas.get(a, 0) + 1
                deltas[b] = deltas.get(b, 0) - 1
    if not deltas:
        return []
    runs: list[tuple[int, int]] = []  # (first x, cover) up to the next run
    cover = 0
    for x in sorted(deltas):
        cover += deltas[x]
        runs.append((x, cover))
    limit = max(c for _, c in runs) * _SHARE
    out: list[tuple[float, float]] = []
    start: int | None = None
    seen = False  # a covered run stands left of the gap
    for x, c in runs:
        if c <= limit:
            if start is None and seen:
                start = x
        else:
            if start is not None and x - start >= _MIN_GUTTER:
                out.append((float(start), float(x)))
            start = None
            seen = True
    return out


def _trimmed(span: dict[str, Any], gutters: list[tuple[float, float]]) -> dict[str, Any]:
    """A span that starts or ends inside a gutter without its mark there: the speck OCR read
    ("__ this", in one size with the word after it) is no word of either column."""
    x0, y0, x1, y1 = span["bbox"]
    text = span["text"]
    for g0, g1 in gutters:
        if g0 - 1 <= x0 < g1 < x1:
            head, _, rest = text.lstrip().partition(" ")
            if rest and not any(c.isalnum() for c in head):
                text, x0 = rest, g1
        if x0 < g0 < x1 <= g1 + 1:
            rest, _, tail = text.rstrip().rpartition(" ")
            if rest and not any(c.isalnum() for c in tail):
                text, x1 = rest, g0
    if text == span["text"]:
        return span
    return {**span, "text": text, "bbox": (x0, y0, x1, y1)}


def _union(spans: list[dict[str, Any]]) -> tuple[float, float, float, float]:
    return (
        min(s["bbox"][0] for s in spans),
        min(s["bbox"][1] for s in spans),
        max(s["bbox"][2] for s in spans),
        max(s["bbox"][3] for s in spans),
    )


def ocr_columns(blocks: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """A page's blocks (``extractDICT``'s), each OCR block that runs across a gutter cut into
    one block per column; a text layer's blocks as they are."""
    for block in blocks:
        lines = block.get("lines")
        spans = lines[0]["spans"] if lines else ()
        if spans and spans[0].get("alpha") == 0 and len(lines) >= _MIN_LINES:
            yield from _cut(block)
        else:
            yield block


def _cut(block: dict[str, Any]) -> list[dict[str, Any]]:
    """An OCR block cut at its gutters: a block per column, each line that reaches into a
    gutter cut there, without what stands in the gutter alone."""
    lines = block["lines"]
    gutters = _gutters(lines)
    if not gutters:
        return [block]
    columns: dict[int, list[dict[str, Any]]] = {}

    def column(x0: float, x1: float) -> int:
        middle = (x0 + x1) / 2
        return sum(1 for g0, g1 in gutters if (g0 + g1) / 2 < middle)

    within = [0] * (len(gutters) + 1)
    for line in lines:
        x0, x1 = line["bbox"][0], line["bbox"][2]
        if not any(x0 < g1 and x1 > g0 for g0, g1 in gutters):
            within[column(x0, x1)] += 1
    if min(within) < _COLUMN_LINES:
        return [block]  # word gaps that line up in a few lines (a heading's): no columns

    for line in lines:
        x0, x1 = line["bbox"][0], line["bbox"][2]
        if not any(x0 < g1 and x1 > g0 for g0, g1 in gutters):
            columns.setdefault(column(x0, x1), []).append(line)
            continue
        pieces: dict[int, list[dict[str, Any]]] = {}
        for span in line["spans"]:
            s0, s1 = span["bbox"][0], span["bbox"][2]
            if any(g0 - 1 <= s0 and s1 <= g1 + 1 for g0, g1 in gutters):
                continue  # a speck in the gutter read as a mark, or the space beside it
            span = _trimmed(span, gutters)
            pieces.setdefault(column(*span["bbox"][::2]), []).append(span)
        for at, kept in pieces.items():
            while kept and not kept[-1]["text"].strip():
                kept.pop()
            while kept and not kept[0]["text"].strip():
                kept.pop(0)
            if kept:
                columns.setdefault(at, []).append({**line, "spans": kept, "bbox": _union(kept)})
    return [
        {**block, "lines": members, "bbox": _union([ln for ln in members])}
        for _, members in sorted(columns.items())
    ]
