"""A table's or a chart's own text told from running text, where its size does not tell it.

A table set a point smaller than the body (8 pt under 9, 9 pt under 10) is not small enough for
the layout's size rule, which must keep a smaller-set paragraph (an abstract, a quotation set
off) in the text. Its cells are told by where they stand instead: a short block level with a
cell already set aside (the table's numbers, too short to be prose) is a cell of the same row,
and a short block right above or under such a cell is one of the same column. Set aside, they
no longer stand between the halves of a sentence that runs past the table to the next column
or page; they stay checkable, among the page's asides.

Two more pieces stand with a table or a chart and are read as the body's otherwise:

- its title, a line or two right above its cells or its labels with no sentence's ending
  (a chart's title "The high protein: energy diet (35%) prevented damage ...", a table's
  "Beförderte Güter und Beförderungsleistung 2011");
- its caption where the label is set off by space and type rather than punctuation
  ("Table 1  Initial and final numbers of CpGs", BMC and Springer), set smaller than the body.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from typing import Protocol

from quote_tui.sources.readers.pdf_axes import axis_labels
from quote_tui.sources.readers.pdf_block import Block

__all__ = ["table_asides"]

_SMALLER = 0.96
"""A block set below this share of the body's size may be a table's cell."""
_CELL_CHARS = 30
"""Longest line of a table's cell: a line of running text in a column is longer."""
_CELL_LINES = 3
"""Most lines of a table's cell (a header wrapped over three lines)."""
_CELL_GAP = 1.25
"""Ems between two cells of a row at least: a justified line's words, each a block of its own
in some producers' text layers, stand closer (an em or less in the loosest line)."""
_ALIGN = 2.0
"""Points within which two cells of a column share their left or right edge or their middle."""
_LEVEL = 0.5
"""Share of a line's height two cells' first lines overlap by to stand in one row."""
_TITLE_LINES = 2
_TITLE_GAP = 2.0
"""Lines' heights a title stands above the cells or labels under it at most."""
_TITLE_SIZE = 1.05
"""A title in the body's size is set no larger than this share of it."""
_LARGER = 1.25
"""A title larger than the body, over a chart's labels, is set no larger than this share of it
(a section's heading over a figure at a page's top goes too: no sentence runs through it)."""
_ENDS = ".!?:;,"
_LABELS = (
    r"(?:fig(?:ure|ura)?\.?|table|tab\.|scheme|chart|exhibit"
    r"|abb(?:ildung)?\.?|tabelle|tabla|tableau|schema|cuadro)"
)
"""The words a float's label opens with, in English, German, French and Spanish."""
_CAPTION = re.compile(
    r"^\s*" + _LABELS + r"\s*[A-Z]?\d+[a-z]?\s+\(?[A-Z]",
    re.I,
)
"""A caption's label followed by a capitalised word, with no punctuation between."""
_ANY_CAPTION = re.compile(
    r"^\s*" + _LABELS + r"\s*[A-Z]?\d+(?:\.\d+)*[a-z]?"
    r"(?:\s*[.:|\u2013\u2014](?!\d)|\s+\(?[A-Z]|(?<=\.\d)\s*$)",
    re.I,
)
"""A caption's label, set off by punctuation ("Table 3.") or by space ("Table 3  Initial")."""
_LABEL_LINE = re.compile(r"^\s*" + _LABELS + r"\s*[A-Z]?\d+[a-z]?[.:]?\s*$", re.I)
"""A caption's label alone on its line ("Figure 1" over "Flow chart depicting ...", BMJ)."""
_ROWS = 3
_COLUMN_GAP = 0.5
"""Ems between two column blocks of a body-size table at least."""
_CAPTION_REACH = 3.0
"""Lines' heights between a table of words and its caption at most."""
_TABLE_LABEL = re.compile(r"^\s*(?:table|tab\.|tabelle|tabla|cuadro)", re.I)
_LABEL_REACH = 10.0
"""Ems between a table's rows' labels and its nearest column at most."""
"""Fewest rows level with one another of a body-size table's two column blocks."""
_FIGURE = re.compile(r"^\s*[-+\u2212\u2013(]?[\d.,]+%?\)?(?:\s*[(±][\d.,%\s)]*)?\s*$")
"""A cell's figure: a number, signed, with a percent or a bracketed or ± figure after it."""
_LABEL_GAP = 2.0
"""Ems between a label alone on its line and the caption's title level with it, at most."""


class Page(Protocol):
    """What is read of a page (``pdf_layout.PageBlocks``)."""

    @property
    def blocks(self) -> Sequence[Block]: ...
    @property
    def hidden(self) -> int: ...
    @property
    def sizes(self) -> Sequence[tuple[float, int]]: ...


def table_asides(page: Page, flags: list[bool], edges: Sequence[int], body: float) -> None:
    """Set aside (in ``flags``) a table's cells, titles and captions the size rule kept.

    Args:
        page: the page and its blocks.
        flags: per block, whether it is an aside; updated in place.
        edges: the page's ``page_edges`` (a running head is no table's cell).
        body: the document's body size.
    """
    # OCR sizes each word by its box: a line of prose comes out a point smaller or larger
    # than its neighbours, and sizes tell no table from the text (``pdf_scan_asides``)
    if body <= 0 or 2 * page.hidden > sum(n for _, n in page.sizes):
        return
    blocks = page.blocks
    _labelled_captions(blocks, flags, body)
    _body_size_columns(blocks, flags, edges)
    _captioned_columns(blocks, flags, edges)
    limit = body * _SMALLER
    small = [not flags[i] and b.size < limit for i, b in enumerate(blocks)]
    if not any(small) and not any(  # most pages of a book: every block kept is in the body's
        not flags[i] and body * _TITLE_SIZE < b.size <= body * _LARGER  # size, none a title's
        for i, b in enumerate(blocks)
    ):
        return
    for i, block in enumerate(blocks):
        if small[i] and block.lines and (_CAPTION.match(_first(block)) or _row_over_caption(block)):
            flags[i] = True
    axis_labels(blocks, flags, edges, limit)  # a chart's numbers: the seeds of its labels
    cells = [
        edges[i] == 0 and 0 < len(b.lines) <= _CELL_LINES and _short(b)
        for i, b in enumerate(blocks)
    ]
    # a cell joins the table through a row or a column of cells set aside already: the grid
    # is walked until no block joins (a header row reaches the numbers through its column)
    tops = sorted((b.rect[1], j) for j, b in enumerate(blocks))
    joined = _join_cells(blocks, flags, [s and c for s, c in zip(small, cells, strict=True)], cells)
    for i, block in enumerate(blocks):
        if flags[i] or not 0 < len(block.lines) <= _TITLE_LINES or block.size > body * _LARGER:
            continue
        if block.text.rstrip()[-1:] in _ENDS:
            continue
        below = _nearest_below(blocks, tops, i, _line_height(block) * _TITLE_GAP)
        if below is None or not flags[below] or not cells[below]:
            continue
        # a chart's labels go on down to its axis; a heading set aside by its small capitals
        # ("I. INTRODUCTION") has running text under it
        under = _nearest_below(blocks, tops, below, float("inf"))
        if under is not None and not flags[under]:
            continue
        # a chart's labels are set aside by their size: a title over them is set small too,
        # or larger than the body (a figure's own title, "Architecture of CN1 and CN2"); a
        # title in the body's size stands over a table whose cells were joined here
        larger = block.size > body * _TITLE_SIZE
        if small[i] or larger or (below in joined and len(block.lines) == 1):
            flags[i] = True


def _labelled_captions(blocks: Sequence[Block], flags: list[bool], body: float) -> None:
    """A block whose first line is a caption's label alone is a caption in any size up to the
    body's, and a one-line block level with a label alone, right beside it, is its title
    ("Table 1" beside "Summary characteristics of studies and participants")."""
    for i, block in enumerate(blocks):
        if flags[i] or not block.lines or block.size > body * _TITLE_SIZE:
            continue
        if not _LABEL_LINE.match(_first(block)):
            continue
        flags[i] = True
        if len(block.lines) > 1:
            continue
        for j, other in enumerate(blocks):
            gap = other.rect[0] - block.rect[2]
            beside = 0 <= gap <= _LABEL_GAP * block.size and _level(block, other)
            if beside and not flags[j] and len(other.lines) == 1:
                flags[j] = True


def _row_over_caption(block: Block) -> bool:
    """Whether a block is a table's last row of cells and the caption right under it, read as
    one block ("Info lost / 43 / 59 = 73% / Table 3. Qualitative analysis ...")."""
    texts = [str(getattr(ln, "text", "")) for ln in block.lines]
    at = next((k for k, t in enumerate(texts) if k and _ANY_CAPTION.match(t)), 0)
    return at > 0 and all(len(t.strip()) <= _CELL_CHARS for t in texts[:at])


def _body_size_columns(blocks: Sequence[Block], flags: list[bool], edges: Sequence[int]) -> None:
    """Set aside a table in (or near) the body's size whose columns MuPDF read as a block each: two
    blocks or more side by side, a cell's gap apart, of short lines standing row by row level
    with each other, one of them mostly numbers ("Type / Conquered / Founded" beside "HMM-T /
    0.917 / 0.827", ACL). Columns of prose are longer in the line and hold words."""
    tall = [
        i
        for i, b in enumerate(blocks)
        if not flags[i] and edges[i] < 2 and len(b.lines) >= _ROWS and _short(b)
    ]
    if len(tall) < 2:  # most pages: every block of three lines or more holds prose
        return
    numeric = {i for i in tall if _numeric(blocks[i])}
    if not numeric:
        return
    found: set[int] = set()
    for k, i in enumerate(tall):
        for j in tall[k + 1 :]:
            if (i in numeric or j in numeric) and _rows_level(blocks[i], blocks[j]):
                found.update((i, j))
    for i in found:
        flags[i] = True
    for i, block in enumerate(blocks):  # the rows' labels, a column of a line or two
        if not flags[i] and edges[i] < 2 and 0 < len(block.lines) < _ROWS and _short(block):
            flags[i] = any(_labels_of(block, blocks[j]) for j in found)


def _captioned_columns(blocks: Sequence[Block], flags: list[bool], edges: Sequence[int]) -> None:
    """Set aside a table of words in the body's size by its caption: a block of short lines
    (the names) and the block beside it (what each stands for), three rows or more level with
    each other, right above or under a caption labelled as a table's ("class / dat / kin"
    beside "represents / single dataset ...", over "Table 1: Classes ...", JSS)."""
    captions = [
        i
        for i, b in enumerate(blocks)
        if flags[i] and b.lines and _TABLE_LABEL.match(_first(b)) and _ANY_CAPTION.match(_first(b))
    ]
    if not captions:  # most pages: no table's caption
        return
    names = [
        i
        for i, b in enumerate(blocks)
        if not flags[i] and edges[i] < 2 and len(b.lines) >= _ROWS and _short(b)
    ]
    for i in names:
        for j, other in enumerate(blocks):
            if j == i or flags[j] or len(other.lines) < _ROWS:
                continue
            if not _rows_level(blocks[i], other):
                continue
            top = min(blocks[i].rect[1], other.rect[1])
            foot = max(blocks[i].rect[3], other.rect[3])
            reach = _CAPTION_REACH * _line_height(other)
            if any(
                (-1 <= blocks[c].rect[1] - foot <= reach or -1 <= top - blocks[c].rect[3] <= reach)
                # the caption stands over both: no list in one column beside prose in the other
                and _across(blocks[c], blocks[i])
                and _across(blocks[c], other)
                for c in captions
            ):
                flags[i] = flags[j] = True


def _across(a: Block, b: Block) -> bool:
    """Whether two blocks share some of their width."""
    return min(a.rect[2], b.rect[2]) > max(a.rect[0], b.rect[0])


def _labels_of(block: Block, column: Block) -> bool:
    """Whether each of a block's lines stands level with a row of a table's ``column``, a few
    ems beside it (a row's label)."""
    gap = max(column.rect[0] - block.rect[2], block.rect[0] - column.rect[2])
    if not _COLUMN_GAP * block.size <= gap <= _LABEL_REACH * block.size:
        return False
    tops = [ln.rect[1] for ln in column.lines]
    return all(any(abs(ln.rect[1] - t) <= _ALIGN for t in tops) for ln in block.lines)


def _numeric(block: Block) -> bool:
    """Whether half a block's lines or more are numbers (a table's column of figures under a
    header of two lines)."""
    lines = [str(getattr(ln, "text", "")) for ln in block.lines]
    return 2 * sum(1 for t in lines if _FIGURE.match(t)) >= len(lines)


def _rows_level(a: Block, b: Block) -> bool:
    """Whether two blocks stand a cell's gap apart with ``_ROWS`` of their lines or more level
    with one another, as a table's columns stand."""
    # a gap of half an em: blocks of three lines or more are no justified line's words
    if max(b.rect[0] - a.rect[2], a.rect[0] - b.rect[2]) < _COLUMN_GAP * min(a.size, b.size):
        return False
    tops = [ln.rect[1] for ln in b.lines]
    level = sum(1 for ln in a.lines if any(abs(ln.rect[1] - t) <= _ALIGN for t in tops))
    return level >= _ROWS


def _join_cells(
    blocks: Sequence[Block], flags: list[bool], open_: list[bool], cells: list[bool]
) -> set[int]:
    """Set aside each open cell (``open_``) in a row or a column with a cell set aside, and
    so on from each one set aside (a header row reaches the numbers through its column).

    Returns:
        The blocks set aside here.
    """
    waiting = [i for i, o in enumerate(open_) if o and not flags[i]]
    if not waiting:  # most pages: no open cell at all
        return set()
    queue = [j for j, c in enumerate(cells) if c and flags[j]]
    joined: set[int] = set()
    while queue and waiting:
        other = blocks[queue.pop()]
        still = []
        for i in waiting:
            if _row(blocks[i], other) or _column(blocks[i], other):
                flags[i] = True
                joined.add(i)
                queue.append(i)
            else:
                still.append(i)
        waiting = still
    return joined


def _first(block: Block) -> str:
    return str(getattr(block.lines[0], "text", ""))


def _short(block: Block) -> bool:
    return all(len(str(getattr(ln, "text", "")).strip()) <= _CELL_CHARS for ln in block.lines)


def _line_height(block: Block) -> float:
    return (block.rect[3] - block.rect[1]) / max(len(block.lines), 1)


def _row(a: Block, b: Block) -> bool:
    """Whether two blocks side by side, a column's space apart, open on one row."""
    if max(b.rect[0] - a.rect[2], a.rect[0] - b.rect[2]) < _CELL_GAP * min(a.size, b.size):
        return False
    return _level(a, b)


def _level(a: Block, b: Block) -> bool:
    """Whether two blocks' first lines overlap by half a line's height or more."""
    ha, hb = _line_height(a), _line_height(b)
    overlap = min(a.rect[1] + ha, b.rect[1] + hb) - max(a.rect[1], b.rect[1])
    return overlap >= _LEVEL * min(ha, hb)


def _column(a: Block, b: Block) -> bool:
    """Whether ``a`` stands right above or under ``b``, a line's height apart, aligned with it
    (left, right or centred) as a table's column is."""
    (a0, _, a1, _), (b0, _, b1, _) = a.rect, b.rect
    if min(abs(a0 - b0), abs(a1 - b1), abs(a0 + a1 - b0 - b1) / 2) > _ALIGN:
        return False
    gap = max(b.rect[1] - a.rect[3], a.rect[1] - b.rect[3])
    return -1 <= gap <= _line_height(a)


def _nearest_below(
    blocks: Sequence[Block], tops: list[tuple[float, int]], i: int, reach: float
) -> int | None:
    """The block closest under block ``i`` in its width, at most ``reach`` points under it
    (``tops``: every block's top and index, sorted, so a page of many cells is not walked
    once per block)."""
    x0, _, x1, y1 = blocks[i].rect
    for top, j in tops[bisect_left(tops, (y1 - 1, -1)) :]:
        if top - y1 > reach:
            return None
        other = blocks[j].rect
        if j != i and min(x1, other[2]) > max(x0, other[0]):
            return j  # the nearest: the tops are walked downwards
    return None
