"""Asides a scan's OCR text hides from the rules that find them in a text layer.

A text layer says which type each line is set in; an OCR layer does not: its sizes are read
off the word boxes, so a chart's axis labels, a table's cells or a running head come out in the
body's size, and OCR misreads a running head differently from page to page ("F. L. HALL et
al." on most pages, "E L. HALL et al." on one). Left in the body, such text stands inside a
sentence that runs on across a figure, a table or a page. So, in OCR text only, these blocks
of the body are set aside too:

- a block at the top or bottom of a page that reads, but for a few characters, as a running
  head or footer repeated on other pages;
- a block of no prose: no line holds three words of letters, and it does not end a sentence
  (a chart's numbers and axis titles, "TABLE II", a formula's pieces);
- a table's column: a block of two lines or more, each far narrower than the page's lines of
  prose, with another such block beside it at the same height;
- a footnote at a column's foot that starts with a dagger, an asterisk or a number and a
  parenthesis ("* Department of Computer Science", "1) H. B. G. Casimir"), with no text of
  the body below it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from difflib import SequenceMatcher

from quote_tui.sources.readers.pdf_layout import Block, PageBlocks, reading_order

__all__ = ["scan_asides", "scan_split"]

_NEAR_HEAD = 0.8
"""Similarity of a page-edge block's text to a repeated one that makes it the same head misread
(one or two characters of a line of twenty)."""
_MIN_HEAD = 6
"""Shorter repeated texts (a folio's digits, "Vol.") are left to the page-number rule."""
_HEAD_LINES = 2
_WORD = re.compile(r"[^\W\d_]{2,}")
"""A word of letters: two or more of them ("k", "x", "A1" are a formula's or a chart's)."""
_PROSE_WORDS = 3
_NARROW = 0.6
"""A table's column is narrower than this share of the page's usual line of prose."""
_NOTE = re.compile(r"^\s*(?:[*†‡§¶]+|\d{1,2}\))\s*[^\W\d_]")
"""A note's mark: a bare number is a list's or a heading's, and left alone."""
_NOTE_LINES = 4
_PROSE_LINE = 6
"""Words on a line that make it a line of prose, whose width measures the page's."""


def _mask(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"\d+", "#", text)).strip().lower()


def _misread_head(block: Block, heads: Sequence[str]) -> bool:
    if len(block.lines) > _HEAD_LINES:
        return False
    text = _mask(block.text)
    return any(
        SequenceMatcher(None, text, head).ratio() >= _NEAR_HEAD
        for head in heads
        if head != text and abs(len(head) - len(text)) <= len(head) * (1 - _NEAR_HEAD)
    )


def _no_prose(block: Block) -> bool:
    text = block.text.strip()
    if text[-1:] in ".!?" and _WORD.search(text):
        return False  # a sentence's end, or a paragraph's last words set as a block
    return all(len(_WORD.findall(line.text)) < _PROSE_WORDS for line in block.lines)


def _foot_note(block: Block, main: Sequence[Block]) -> bool:
    """A short block that opens with a note's mark and has no body text below it."""
    if len(block.lines) > _NOTE_LINES or not _NOTE.match(block.text):
        return False
    x0, _, x1, y1 = block.rect
    return not any(
        other.rect[1] >= y1 - 1 and min(x1, other.rect[2]) > max(x0, other.rect[0])
        for other in main
        if other is not block
    )


def _width(rect: tuple[float, float, float, float]) -> float:
    return rect[2] - rect[0]


def _prose_width(blocks: Sequence[Block]) -> float:
    widths = sorted(
        _width(line.rect)
        for block in blocks
        for line in block.lines
        if len(line.text.split()) >= _PROSE_LINE
    )
    return widths[len(widths) // 2] if widths else 0.0


def _table_columns(blocks: Sequence[Block], prose: float) -> set[int]:
    """Ids of the blocks that are a table's columns: narrow, of two lines or more, and side by
    side with another such block (the page's asides among them: a column of the table may
    already be one)."""
    if prose <= 0:
        return set()
    narrow = [
        block
        for block in blocks
        if len(block.lines) >= 2 and all(_width(ln.rect) < _NARROW * prose for ln in block.lines)
    ]
    out: set[int] = set()
    for one in narrow:
        a = one.rect
        for other in narrow:
            b = other.rect
            beside = b[0] >= a[2] or a[0] >= b[2]
            if beside and min(a[3], b[3]) > max(a[1], b[1]):
                out.add(id(one))
                break
    return out


def scan_asides(
    main: list[Block], side: list[Block], edges: dict[int, int], repeated: set[str]
) -> tuple[list[Block], list[Block]]:
    """A scan's page split again: the body's blocks OCR text hides asides in moved to them.

    Args:
        main: the page's body blocks, in reading order.
        side: its asides, in reading order.
        edges: ``page_edges`` per block, keyed by the block's ``id``.
        repeated: masked edge texts that repeat across pages (``repeated_edges``).

    Returns:
        (body blocks, aside blocks), both in reading order.
    """
    heads = [head for head in repeated if len(head) >= _MIN_HEAD]
    tables = _table_columns([*main, *side], _prose_width(main))
    moved = [
        id(block) in tables
        or _no_prose(block)
        or _foot_note(block, main)
        or (edges.get(id(block), 0) > 0 and _misread_head(block, heads))
        for block in main
    ]
    if not any(moved):
        return main, side
    kept = [block for block, out in zip(main, moved, strict=True) if not out]
    aside = [block for block, out in zip(main, moved, strict=True) if out]
    return kept, reading_order([*side, *aside])


def scan_split(
    pages: list[PageBlocks | None],
    split: list[tuple[list[Block], list[Block]]],
    edges: list[list[int]],
    repeated: set[str],
    only: frozenset[int] | None = None,
) -> list[tuple[list[Block], list[Block]]]:
    """Each scanned page's body and asides (``only`` these 1-based pages where given) with
    the asides OCR text hides moved aside."""
    by_page = iter(edges)
    out = []
    for index, (page, (main, side)) in enumerate(zip(pages, split, strict=True)):
        if page is None:
            out.append((main, side))
            continue
        at = {id(b): e for b, e in zip(page.blocks, next(by_page), strict=True)}
        if only is not None and index + 1 not in only:
            out.append((main, side))
            continue
        out.append(scan_asides(main, side, at, repeated))
    return out
