"""Columns OCR ran together: a line read across a gutter is cut at it.

Tesseract reads a speck or a rule in a gutter as a mark ("_", "__") and then joins the words on
either side into one line across the columns ("Incommen- __ will, in fact, be the best ...
however, the effects"). One such line ties the columns' lines into one x-range, so the block is
not split into its columns and their lines are read interleaved, one from each column in turn.
On a page of OCR text (invisible over the scan) the gutters are found from the words of all its
lines: runs of x that (almost) no line's words cover, between runs that many cover. A line with
words on both sides of a gutter and none over it is cut there, and what stands inside the
gutter alone (the speck read as a mark) is dropped; a line a word crosses the gutter in (a
title over the columns) stays whole. A block whose lines then each stand in one column is one
block per column, each split where a line's height or more of space stands between two lines
(OCR's blocks hold a byline and the text under it as one).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

__all__ = ["ocr_columns"]

_SHARE = 0.12
"""A gutter is covered by the words of at most this share of the busiest x's lines."""
_MIN_GUTTER = 6.0
"""Narrowest gutter, in points: a word space is narrower, and never lines up down a page."""
_SPECKS = "_|"
"""What OCR reads a speck or a rule in a gutter as."""
_WIDER = 1.5
"""How much wider than a line's usual word space the gap it is cut at must be."""
_GAP = 1.0
"""Lines' heights of space between two lines of a column where an OCR block is split."""

Span = dict[str, Any]
Gutters = list[tuple[float, float]]


def _gutters(lines: list[dict[str, Any]]) -> Gutters:
    deltas: dict[int, int] = {}
    for line in lines:
        for span in line["spans"]:
            if span["text"].strip(" " + _SPECKS):
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
    out: Gutters = []
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


def _union(items: list[dict[str, Any]]) -> tuple[float, float, float, float]:
    return (
        min(s["bbox"][0] for s in items),
        min(s["bbox"][1] for s in items),
        max(s["bbox"][2] for s in items),
        max(s["bbox"][3] for s in items),
    )


def _trimmed(span: Span, gutters: Gutters) -> Span | None:
    """A span without the specks it holds in a gutter: None when it is nothing else (a mark
    standing alone in the gutter, or the space beside it), the rest when a speck is glued to a
    word ("and__", "__ this"). A word in the gutter ("a") is a line's over the columns."""
    x0, y0, x1, y1 = span["bbox"]
    text = span["text"]
    for g0, g1 in gutters:
        if g0 - 1 <= x0 and x1 <= g1 + 1 and not any(c.isalnum() for c in text):
            return None
        if g0 - 1 <= x0 < g1 < x1:  # starts inside the gutter
            stripped = text.lstrip(" " + _SPECKS)
            if stripped != text.lstrip(" "):
                text, x0 = stripped, g1
        if x0 < g0 < x1 <= g1 + 1:  # ends inside it
            stripped = text.rstrip(" " + _SPECKS)
            if stripped != text.rstrip(" "):
                text, x1 = stripped, g0
    if text == span["text"]:
        return span
    return {**span, "text": text, "bbox": (x0, y0, x1, y1)} if text.strip() else None


def _column(x0: float, x1: float, gutters: Gutters) -> int:
    middle = (x0 + x1) / 2
    return sum(1 for g0, g1 in gutters if (g0 + g1) / 2 < middle)


def _pieces(line: dict[str, Any], gutters: Gutters) -> list[dict[str, Any]] | None:
    """The line cut at each gutter it crosses with no word over it; None when a word stands
    over a gutter it crosses (the line spans the columns)."""
    x0, x1 = line["bbox"][0], line["bbox"][2]
    if not any(x0 < g1 and x1 > g0 for g0, g1 in gutters):
        return [line]
    spans = [s for s in (_trimmed(s, gutters) for s in line["spans"]) if s is not None]
    words = sorted((s["bbox"][0], s["bbox"][2]) for s in spans if s["text"].strip())
    gaps = [(a[1], b[0]) for a, b in zip(words, words[1:], strict=False)]
    if not words:
        return []
    for g0, g1 in gutters:
        if not words[0][0] < (g0 + g1) / 2 < words[-1][1]:
            continue  # the line's words (its specks aside) stand on one side
        # the gap the gutter stands in: wider than the line's word spaces, or it is one of
        # them (a caption over the columns whose space falls in the gutter)
        inside = [(a, b) for a, b in gaps if a <= (g0 + g1) / 2 <= b]
        if not inside:
            return None  # a word over the gutter: the line spans the columns
        others = sorted(b - a for a, b in gaps if (a, b) not in inside)
        usual = others[len(others) // 2] if others else 0.0
        if inside[0][1] - inside[0][0] < max(_MIN_GUTTER, usual * _WIDER):
            return None
    by_column: dict[int, list[Span]] = {}
    for span in spans:
        by_column.setdefault(_column(span["bbox"][0], span["bbox"][2], gutters), []).append(span)
    out = []
    for _, kept in sorted(by_column.items()):
        while kept and not kept[-1]["text"].strip():
            kept.pop()
        while kept and not kept[0]["text"].strip():
            kept.pop(0)
        if kept:
            out.append({**line, "spans": kept, "bbox": _union(kept)})
    return out


def _split_at_gaps(block: dict[str, Any], lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[list[dict[str, Any]]] = [[lines[0]]]
    for line in lines[1:]:
        last = out[-1][-1]["bbox"]
        height = last[3] - last[1]
        if line["bbox"][1] - last[3] > height * _GAP:
            out.append([line])
        else:
            out[-1].append(line)
    return [{**block, "lines": part, "bbox": _union(part)} for part in out]


def _cut(block: dict[str, Any], gutters: Gutters) -> list[dict[str, Any]]:
    columns: dict[int, list[dict[str, Any]]] = {}
    for line in block["lines"]:
        pieces = _pieces(line, gutters)
        if pieces is None:
            return [block]  # a line over the columns: the block is left to the layout
        for piece in pieces:
            bbox = piece["bbox"]
            columns.setdefault(_column(bbox[0], bbox[2], gutters), []).append(piece)
    return [part for _, lines in sorted(columns.items()) for part in _split_at_gaps(block, lines)]


def _hidden(block: dict[str, Any]) -> bool:
    lines = block.get("lines")
    spans = lines[0]["spans"] if lines else ()
    return bool(spans) and spans[0].get("alpha") == 0


def ocr_columns(blocks: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """A page's blocks (``extractDICT``'s), each OCR block cut at the page's gutters into one
    block per column; a text layer's blocks as they are."""
    blocks = list(blocks)
    ocr = [b for b in blocks if b.get("type") == 0 and _hidden(b)]
    gutters = _gutters([ln for b in ocr for ln in b["lines"]]) if ocr else []
    if not gutters:
        yield from blocks
        return
    for block in blocks:
        if block.get("type") == 0 and _hidden(block):
            yield from _cut(block, gutters)
        else:
            yield block
