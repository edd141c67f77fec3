"""A PDF page's blocks as a reader reads them: the body's flow, and what stands beside it.

A page holds two kinds of text. The *body* is read in order, column by column; a quotation may
run from the foot of one column to the head of the next, or onto the next page. *Asides* stand
beside it: running heads, page numbers and footers (page furniture), footnotes, figure and table
captions, text inside figures and tables, and text set sideways in the margin. A reader skips
them while reading a sentence, so the checked text keeps them out of the body's flow (they
follow the whole body, page by page) and a quotation that crosses a column, a page or a table
reads as its reader read it.

What makes a block an aside, from the page alone and from the document:

- it stands in the top or bottom band of the page and its text (digits masked) repeats in that
  band on other pages, or is a page number, or is set smaller than the body;
- its type is clearly smaller than the body's (the body size is the document's most used one);
- it starts as a caption does ("Figure 3:", "Table 2.", "Fig. 1 |"), or is set small and
  touches an aside just above it (a caption's second block);
- its lines are not horizontal.

Columns are found from the page's gutters: the x-ranges inside the text area that (almost) no
line covers. A block that crosses a gutter (a title, a centred affiliation, a wide figure) ends
the columns above it; blocks between two such are read column by column, top to bottom.

Superscripts (span flag bit 0, set smaller than the line) are kept apart from the word they are
glued to by a zero-width space: "structure16–18" still reads so, but a quotation that stops
before the citation mark is exact.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from quote_tui.sources.readers import pdf_regions as regions
from quote_tui.sources.readers.pdf_aside_runs import grow_asides
from quote_tui.sources.readers.pdf_body_size import body_size as noted_body_size
from quote_tui.sources.readers.pdf_caption_tails import join_caption_tails
from quote_tui.sources.readers.pdf_drop_caps import cap_word
from quote_tui.sources.readers.pdf_folios import beside_folios, numbered_heads, under_heads
from quote_tui.sources.readers.pdf_glued_words import glue_pieces
from quote_tui.sources.readers.pdf_gutters import NARROW as _NARROW
from quote_tui.sources.readers.pdf_gutters import SIDE_GUTTER, beside
from quote_tui.sources.readers.pdf_gutters import gutters as _gutters
from quote_tui.sources.readers.pdf_head_lines import mask, placed_heads, split_head_lines
from quote_tui.sources.readers.pdf_heads import HEAD_LINES, titled_heads
from quote_tui.sources.readers.pdf_lines import (
    Line,
    glue_marks,
    is_mark_line,
    rejoin,
    spans_text,
)
from quote_tui.sources.readers.pdf_note_blocks import split_notes
from quote_tui.sources.readers.pdf_ocr_columns import ocr_columns
from quote_tui.sources.readers.pdf_order import column_order, middle_column, narrower
from quote_tui.sources.readers.pdf_page_notes import publisher_notes
from quote_tui.sources.readers.pdf_panels import panel_titles, set_off_above
from quote_tui.sources.readers.pdf_row_blocks import join_cut_rows, join_spaced_words
from quote_tui.sources.readers.pdf_tables import table_asides
from quote_tui.sources.readers.pdf_word_rows import join_stretched_rows, join_word_rows

__all__ = [
    "Block",
    "Line",
    "PageBlocks",
    "body_size",
    "page_asides",
    "page_blocks",
    "page_edges",
    "reading_order",
    "repeated_edges",
    "split_page",
]

Rect = tuple[float, float, float, float]

_BAND = 0.09
"""Share of the page's height at its top and bottom where running heads and footers stand."""
_OUTER_BAND = 0.15
"""A wider share where a page's outermost block (nothing above it, or nothing below it) is a
running head or footer when its text repeats or is a page number: pages with wide margins set
them lower than ``_BAND`` ("Page 3 of 21" at 88% of an A4 page)."""
_OUTER_SHARE = 0.4
"""Share of the pages an outermost block's text must stand on, in the wider band, to be a
running head (a book's alternate heads each stand on half)."""
_WORD = re.compile(r"[^\W\d_]{3}")
"""A word of three letters: what a head told by its place names."""
_PLACED = 3
"""Pages on which a text without a number standing at one place in the wider band is a head."""
_SMALL = 0.87
"""A block set at or below this share of the body's size is a note, a table or a caption."""
_SMALLER = 0.96
"""A block this much smaller than the body that touches an aside below it goes with it."""
_LABEL = 3
"""A block whose every line holds at most this many characters is a label, not prose."""
_DROP_CAP = 1.8
"""A drop cap stands at least this many times as tall as the line it opens."""
_INITIAL = 1.4  # a capital letter set alone this much larger than the body may be a drop cap
_NUMBER = re.compile(
    r"^(?:page\s+|p\.\s*|[-–—|·•]\s*)?(?:\d{1,6}|[ivxlcdm]{1,8})"
    r"(?:\s*(?:of|/)\s*\d+)?(?:\s*[-–—|·•])?$",
    re.I,
)
_CAPTION = re.compile(
    r"^(?:fig(?:ure|ura)?\.?|table|tab\.|scheme|chart|plate|exhibit|listing|algorithm"
    r"|abb(?:ildung)?\.?|tabelle|tabla|tableau|schema|cuadro|(?:equation\s+)?box)"
    # its text after a stop, a colon or a dash, or an en or em space (a label alone on its
    # line is told in ``pdf_tables``, with the title beside it)
    r"\s*[A-Z]?(?:\d+[a-z]?(?:\s*[.:|–—](?!\d)|[\u2002\u2003])"
    # a number of a chapter's figures ("Figure 2.1:") read whole, and a caption by what
    # follows it: a stop, its end (the label alone, "Figure 1.5.1") or a capital; "Figure 2.1
    # is an idealization" opens a paragraph, which "Figure 2." made a caption
    r"|\d+(?:\.\d+)+[a-z]?(?:\s*[.:|–—](?!\d)|[\u2002\u2003]|\s*$|\s+(?-i:[A-Z])))",
    re.I,
)
_CAPTION_FIRST = frozenset("fFtTsScCpPeElLaAbB\u017f")
"""The letters a caption's label starts with (``_CAPTION`` ignores case: the long s too)."""
_NOTE_MARK = re.compile(r"^\s*(?:\d{1,3}|[*†‡§¶#]+)\u200b?\s*\S")
"""A footnote starts with its number or dagger; "(1)" starts a numbered list item instead."""
_RAISED_NOTE = re.compile(r"^\s*(?:\d{1,3}|[*†‡§¶#]+)\u200b\S")
"""A footnote whose number is raised (set apart by the reader) is one in the body's own size."""
_NOTE = 0.93
"""A footnote is set at most this share of the body's size (a list in a smaller type is not)."""


@dataclass(frozen=True, slots=True)
class Block:
    """Lines PyMuPDF grouped, split where they stood in separate columns.

    Attributes:
        rect: the union of the lines' rectangles.
        lines: the lines in content-stream order.
        size: the font size most of its characters are set in.
        upright: whether every line runs left to right.
    """

    rect: Rect
    lines: tuple[Line, ...]
    size: float
    upright: bool

    @property
    def text(self) -> str:
        return " ".join([line.text for line in self.lines])  # a list joins faster


@dataclass(frozen=True, slots=True)
class PageBlocks:
    """A page's blocks before the document's sizes are known."""

    blocks: tuple[Block, ...]
    height: float
    sizes: tuple[tuple[float, int], ...]
    """Characters per rounded font size on the page."""
    hidden: int = 0
    """Characters of lines set invisible (an OCR layer laid over the page's scan)."""
    figures: frozenset[int] = frozenset()
    """Blocks (by index) that stand in a figure of a scan (``pdf_scan_figures``)."""


def page_blocks(raw: dict[str, Any], height: float) -> PageBlocks:
    """A page's text blocks from ``page.get_text("dict")``, columns PyMuPDF merged split apart.

    Args:
        raw: PyMuPDF's dict of the page.
        height: the page's height in points.

    Returns:
        The blocks and the page's count of characters per font size.
    """
    sizes: dict[float, int] = {}
    out: list[Block] = []
    read: list[list[Any]] = []  # per block: [lines, total, x0s, x1s, upright_all]
    marks = False
    hidden = 0
    last_size, rounded, new_line = -1.0, -1.0, tuple.__new__  # a size runs on; Line is a tuple
    for block in join_spaced_words(join_cut_rows(ocr_columns(raw["blocks"]))):
        if block["type"] != 0:
            continue
        lines: list[tuple[Line, dict[float, int], bool]] = []
        # kept while the lines are read, for the usual block of one column (no second pass)
        total: dict[float, int] = {}
        x0s, x1s = float("-inf"), float("inf")  # the largest left edge, the smallest right
        upright_all = True
        append = lines.append
        # the loop runs once per line of the document: what it does is kept to the least
        for line in block["lines"]:
            spans = line["spans"]
            if len(spans) == 1:  # most lines: one font, one size, no mark to keep apart
                span = spans[0]
                text = span["text"]
                if not text or text.isspace():
                    continue
                if span["size"] != last_size:
                    last_size, rounded = span["size"], round(span["size"] * 2) / 2
                size = rounded
                n = len(text) - text.count(" ")
                counts = {size: n}
                total[size] = total.get(size, 0) + n
                if "\n" in text:
                    text = text.replace("\n", " ")
                if span.get("alpha") == 0:  # invisible: an OCR layer sets whole lines so
                    hidden += len(text) - text.count(" ")
            else:
                text, counts = spans_text(spans)
                if not counts:
                    continue
                for size, n in counts.items():
                    total[size] = total.get(size, 0) + n
                if spans[0].get("alpha") == 0:
                    hidden += len(text) - text.count(" ")
            rect = line["bbox"]
            if rect[0] > x0s:
                x0s = rect[0]
            if rect[2] < x1s:
                x1s = rect[2]
            if line["dir"][0] > 0.95:  # a unit vector: within 0.05 of (1, 0)
                append((new_line(Line, (text, rect)), counts, True))
            else:
                upright_all = False
                append((new_line(Line, (text, rect)), counts, False))
            if not marks and len(text) <= 3:
                marks = is_mark_line(text)
        if lines:
            read.append([lines, total, x0s, x1s, upright_all])
    if marks:
        glue_marks(read)
    for lines, total, x0s, x1s, upright_all in read:
        if not lines:
            continue
        if x0s < x1s + 1:  # every line overlaps every other across x: one column
            groups = [(lines, total, upright_all)]
        else:
            groups = [(g, _sum_counts(g), all(u for _, _, u in g)) for g in _split_columns(lines)]
        if len(total) > 1:  # a block in more than one size: a paragraph over the notes?
            groups = [part for group in groups for part in split_notes(group, _opens_caption)]
        for group, counted, upright in groups:
            for size, n in counted.items():
                sizes[size] = sizes.get(size, 0) + n
            members = tuple([item[0] for item in group])
            if len(counted) == 1:  # most blocks: one size
                main = next(iter(counted))
            else:
                main = max(counted.items(), key=lambda it: it[1])[0] if counted else 0.0
            out.append(Block(_union(members), members, main, upright))
    out = join_word_rows(out, lambda rect, lines, size: Block(rect, lines, size, True))
    out = join_stretched_rows(out, lambda rect, lines, size: Block(rect, lines, size, True))
    out = glue_pieces(out, lambda rect, lines, size: Block(rect, lines, size, True))
    return PageBlocks(tuple(out), height, tuple(sorted(sizes.items())), hidden)


def _sum_counts(group: Iterable[tuple[Line, dict[float, int], bool]]) -> dict[float, int]:
    total: dict[float, int] = {}
    for _, counts, _ in group:
        for size, n in counts.items():
            total[size] = total.get(size, 0) + n
    return total


def _split_columns(
    lines: list[tuple[Line, dict[float, int], bool]],
) -> list[list[tuple[Line, dict[float, int], bool]]]:
    """Split a block whose lines fall into side-by-side x-ranges (columns PyMuPDF merged)."""
    if len(lines) < 2:
        return [lines] if lines else []
    if max(it[0].rect[0] for it in lines) < min(it[0].rect[2] for it in lines) + 1:
        return [lines]  # every line overlaps every other across x: one column, no sort needed
    lines = rejoin(lines)
    groups: list[list[Any]] = []  # [x0, x1, members]
    for item in sorted(lines, key=lambda it: it[0].rect[0]):
        rect = item[0].rect
        if groups and rect[0] < groups[-1][1] + 1:
            groups[-1][1] = max(groups[-1][1], rect[2])
            groups[-1][2].append(item)
        else:
            groups.append([rect[0], rect[2], [item]])
    if len(groups) == 1:
        return [lines]
    out = []
    for _, _, members in groups:
        # PyMuPDF's line order inside each column follows the content stream: keep it
        ids = {id(m) for m in members}
        out.append([it for it in lines if id(it) in ids])
    return out


def _union(lines: Iterable[Line]) -> Rect:
    x0 = y0 = float("inf")
    x1 = y1 = float("-inf")
    for line in lines:  # one pass, no generators: this runs for every block of every page
        a, b, c, d = line.rect
        if a < x0:
            x0 = a
        if b < y0:
            y0 = b
        if c > x1:
            x1 = c
        if d > y1:
            y1 = d
    return (x0, y0, x1, y1)


def body_size(pages: Sequence[PageBlocks], edges: Sequence[list[int]] | None = None) -> float:
    """The body's font size (``pdf_body_size``; ``edges``: each page's ``page_edges``, when
    they are already known)."""
    every = edges if edges is not None else [page_edges(p) for p in pages]
    return noted_body_size(pages, every)


def repeated_edges(
    pages: Sequence[PageBlocks], edges: Sequence[list[int]] | None = None
) -> set[str]:
    """Masked texts of top- and bottom-band blocks that stand on two pages or more (``edges``:
    each page's ``page_edges``, when they are already known)."""
    banded: Counter[str] = Counter()
    outer: Counter[str] = Counter()
    placed: Counter[tuple[str, int, int]] = Counter()
    for index, page in enumerate(pages):
        edges_of = edges[index] if edges is not None else page_edges(page)
        here = [(mask(b.text), e, b.rect) for b, e in zip(page.blocks, edges_of, strict=True) if e]
        banded.update({text for text, e, _ in here if e == 2})
        outer.update({text for text, _, _ in here})  # each masked once
        placed.update({(text, round(r[1]), round(r[3])) for text, _, r in here if "#" not in text})
    # inside the wider band a running head stands on most pages; a chapter's heading at the
    # top of the pages that open a chapter ("Chapter 7") stands on fewer, and is body text.
    # A text without a number standing at one place on three pages is a head too: a seminar
    # paper's head stands on its last three pages of nine, past its title and contents pages
    often = max(2, len(pages) * _OUTER_SHARE)
    out = {t for t, n in banded.items() if n >= 2} | {t for t, n in outer.items() if n >= often}
    out |= {t for (t, _, _), n in placed.items() if n >= _PLACED and _WORD.search(t)}
    every = edges if edges is not None else [page_edges(p) for p in pages]
    return out | _titled_heads(pages, edges) | placed_heads(pages, every)


def _titled_heads(pages: Sequence[PageBlocks], edges: Sequence[list[int]] | None) -> set[str]:
    outer: list[tuple[str, float]] = []
    inner: list[tuple[str, float]] = []
    for index, page in enumerate(pages):
        edges_of = edges[index] if edges is not None else page_edges(page)
        for block, edge in zip(page.blocks, edges_of, strict=True):
            if len(block.lines) == 1 or (len(block.lines) <= HEAD_LINES and not edge):
                (outer if edge else inner).append((block.text, block.size))
    return {mask(text) for text in titled_heads(outer, inner)}


def _named_head(text: str, repeated: set[str]) -> bool:
    """Whether a block is a running head that names something (a word of three letters): a
    questionnaire's "*" repeats at one place on every page, and the question beside it is no
    furniture."""
    return _WORD.search(text) is not None and mask(text) in repeated


def _edge(block: Block, height: float) -> bool:
    return block.rect[3] <= height * _BAND or block.rect[1] >= height * (1 - _BAND)


def page_edges(page: PageBlocks) -> list[int]:
    """Per block: 2 in the top or bottom band, 1 outermost within the wider band, else 0."""
    height = page.height
    tops = sorted(b.rect[1] for b in page.blocks)
    bottoms = sorted(b.rect[3] for b in page.blocks)
    out = []
    for b in page.blocks:
        if _edge(b, height):
            out.append(2)
            continue
        # nothing wholly above it (the highest bottom under its top), or nothing wholly below
        above = bisect_right(bottoms, b.rect[1])
        below = len(tops) - bisect_left(tops, b.rect[3])
        top = b.rect[3] <= height * _OUTER_BAND and above == 0
        bottom = b.rect[1] >= height * (1 - _OUTER_BAND) and below == 0
        out.append(1 if top or bottom else 0)
    return out


def _aside(block: Block, edge: int, body: float, repeated: set[str], small: float) -> bool:
    if not block.upright:
        return True
    if edge:
        text = block.text.strip()
        if mask(text) in repeated or _NUMBER.match(text):
            return True
    if edge == 2 and len(block.lines) <= 3 and body > 0 and block.size < body * _SMALLER:
        return True
    short = len(block.lines[0].text.strip()) <= _LABEL  # most blocks: a long first line
    labels = short and all(len(ln.text.strip()) <= _LABEL for ln in block.lines)
    if labels and not _not_a_label(block, body):
        return True  # a figure's labels ("x0", "w1"), a formula's pieces, a table's cells
    if body > 0 and block.size <= small * _SMALL:
        return True
    # a caption's label stands at its start: its first two lines say (not a long paragraph)
    first = block.lines[0].text.lstrip()[:1]
    if first and first not in _CAPTION_FIRST:
        return False  # most blocks: no caption's first letter, no join
    return bool(_CAPTION.match(" ".join(ln.text for ln in block.lines[:2]).strip()))


def _opens_caption(text: str) -> bool:
    """Whether a line (with the one after it) opens as a caption does ("Table 1. LC50 ...")."""
    text = text.strip()
    return text[:1] in _CAPTION_FIRST and bool(_CAPTION.match(text))


def _is_caption(block: Block) -> bool:
    first = block.lines[0].text.lstrip()[:1] if block.lines else ""
    return first in _CAPTION_FIRST and bool(
        _CAPTION.match(" ".join(ln.text for ln in block.lines[:2]).strip())
    )


def _joined(caption: Block, rest: Block) -> Block:
    lines = (*caption.lines, *rest.lines)
    return Block(_union(lines), lines, caption.size, caption.upright and rest.upright)


def _not_a_label(block: Block, body: float) -> bool:
    """A block that is one capital letter set as large as a drop cap (joined to its word later;
    one nearly in the body's size is a figure's label: "Θ", a panel's "A"), or a short word
    that ends a sentence (a paragraph's last line a producer set as a block of its own)."""
    text = block.text.strip()
    if len(block.lines) == 1 and len(text) == 1 and text.isupper():
        return body <= 0 or block.size >= body * _INITIAL
    return text[-1:] in ".!?" and any(c.isalpha() for c in text)


def split_page(
    page: PageBlocks, *, body: float, repeated: set[str], edges: list[int] | None = None
) -> tuple[list[Block], list[Block]]:
    """A page's body blocks and its asides, each in reading order.

    Args:
        page: the page's blocks.
        body: the document's body font size.
        repeated: masked edge texts that repeat across pages (``repeated_edges``).
        edges: the page's ``page_edges``, when they are already known.

    Returns:
        (body blocks, aside blocks), both in reading order.
    """
    if split := split_head_lines(page.blocks, page.height * _BAND, repeated):
        blocks, origin = split  # a running head OCR read into the block under it: its own
        figures = frozenset(j for j, i in enumerate(origin) if i in page.figures)
        page = replace(page, blocks=tuple(blocks), figures=figures)
        edges = page_edges(page)
    if tails := join_caption_tails(page.blocks, _is_caption, _joined):
        blocks, origin = tails  # a caption's last line MuPDF set apart: read with it
        figures = frozenset(j for j, i in enumerate(origin) if i in page.figures)
        page = replace(page, blocks=tuple(blocks), figures=figures)
        edges = page_edges(page)
    if edges is None:
        edges = page_edges(page)
    edges = numbered_heads(page.blocks, edges, lambda text: bool(_NUMBER.match(text)), body)
    # a figure's labels are small beside the page's own text even where the document's most
    # common size is smaller still (a letter whose Methods, set small, outweigh its body)
    own = max(page.sizes, key=lambda sn: sn[1])[0] if page.sizes else 0.0
    small = max(body, own)
    flags = [_aside(b, e, body, repeated, small) for b, e in zip(page.blocks, edges, strict=True)]
    for i in page.figures:
        flags[i] = True
    beside_folios(page.blocks, flags, edges, lambda text: bool(_NUMBER.match(text)))
    beside_folios(page.blocks, flags, edges, lambda text: _named_head(text, repeated), heads=True)
    under_heads(page.blocks, flags, edges)
    _footnotes(page.blocks, flags, body)
    publisher_notes(page.blocks, flags, body)
    grow_asides(page.blocks, flags, body * _SMALLER)
    panel_titles(page.blocks, flags, body)
    table_asides(page, flags, edges, body)
    regions.set_inset(page.blocks, flags, _gutters)  # captions in the flow, listings
    main = [b for b, f in zip(page.blocks, flags, strict=True) if not f]
    side = regions.asides(page.blocks, flags, edges, page.height, reading_order)
    chars = sum(n for _, n in page.sizes)
    stream = {id(b): i for i, b in enumerate(page.blocks)} if page.hidden * 2 > chars else None
    return _drop_caps(reading_order(main, body=True, others=side, stream=stream)), side


def _drop_caps(blocks: list[Block]) -> list[Block]:
    """A drop cap ("S", set large beside "calable quantum computation") joined to its word,
    in the next block or the one beside it (``pdf_drop_caps``)."""
    out = list(blocks)
    for i, head in enumerate(out):
        letter = head.lines[-1].text.strip() if head.lines else ""
        if len(letter) != 1 or not letter.isupper():
            continue
        j = cap_word(out, i, _DROP_CAP)
        if j is None:
            continue
        cap, tail = head.lines[-1], out[j]
        lines = (Line(letter + tail.lines[0].text, _union((cap, tail.lines[0]))), *tail.lines[1:])
        out[j] = Block(_union(lines), lines, tail.size, tail.upright)
        rest = head.lines[:-1]
        out[i] = Block(_union(rest) if rest else head.rect, rest, head.size, head.upright)
    return [b for b in out if b.lines]


def _footnotes(blocks: Sequence[Block], flags: list[bool], body: float) -> None:
    """A note at a column's foot: set a little smaller than the body (or in its size, when its
    mark is raised), it starts with its mark (a number or a dagger) and no body text stands
    below it."""
    if body <= 0:
        return
    for i, block in enumerate(blocks):
        first = block.lines[0].text.lstrip()[:1]  # not a mark: no paragraph is joined
        if flags[i] or (first and not first.isdecimal() and first not in "*†‡§¶#"):
            continue
        if not _NOTE_MARK.match(start := block.text):
            continue
        # a note set nearly in the body's size is told by the space above it
        near_body = block.size >= body * _SMALLER or not set_off_above(blocks, i)
        if block.size > body * _NOTE and not _RAISED_NOTE.match(start) and near_body:
            continue
        below = any(
            not flags[j]
            and other.size >= body * _SMALLER
            and other.rect[1] >= block.rect[3] - 1
            and min(block.rect[2], other.rect[2]) > max(block.rect[0], other.rect[0])
            for j, other in enumerate(blocks)
        )
        flags[i] = not below


def reading_order(
    blocks: Sequence[Block],
    *,
    body: bool = False,
    others: Sequence[Block] = (),
    stream: dict[int, int] | None = None,
) -> list[Block]:
    """Blocks top to bottom; between blocks that cross a gutter, column by column.

    Args:
        blocks: a page's blocks of one kind (body or asides).
        body: the blocks are the body's, whose columns go on past a block spanning only
            some of them (``pdf_order``).
        others: the page's asides, which part the body's bands where they stand.

    Returns:
        The blocks in the order a reader reads them.
    """
    if len(blocks) < 2:
        return list(blocks)
    if body and len(parts := regions.bands(blocks, others)) > 1:  # regions, each in columns
        return [
            b
            for part in parts
            for b in reading_order(part, body=True, others=others, stream=stream)
        ]
    gutters = _gutters(blocks) or _gutters(narrower(blocks))
    if body and (middle := middle_column(blocks, gutters)):  # a column centred on the page
        gutters = _gutters(blocks, middle)
    if not gutters:  # a column of a few lines beside many (the body's: of prose, level)
        gutters = regions.bare_gutters(blocks, _NARROW, *([SIDE_GUTTER] if body else []))
        gutters = beside(blocks, gutters) if body else gutters
    if not gutters and not body:
        # a gap no aside crosses: a margin's labels ("Edited by", "Received") beside an
        # abstract set small are a column, not read level by level with the abstract's blocks
        gutters = regions.margin_gutter(blocks)
    if not gutters and stream is not None:
        return sorted(blocks, key=lambda b: stream[id(b)])
    if not gutters:  # one column: every block is in it, top to bottom
        return sorted(blocks, key=lambda b: (b.rect[1], b.rect[0]))

    return column_order(blocks, gutters, body=body)


def page_asides(
    page_starts: Sequence[int], line_boxes: Iterable[tuple[int, int, int, *tuple[float, ...]]]
) -> tuple[tuple[int, int, int], ...]:
    """Where each page's asides stand in a PDF's checked text: (page, start, end), 1-based.

    The checked text holds every page's body, then every page's asides in page order (see
    ``pdf._compose``), so the asides begin at the first line past the last page's start that
    belongs to an earlier page. When only the last page has asides they cannot be told from its
    body by position, and they stay in it: they are that page's in either case.
    """
    if not page_starts:
        return ()
    last, boxes = len(page_starts), sorted(line_boxes)
    tail = [box for box in boxes if box[0] >= page_starts[-1]]
    first = next((i for i, box in enumerate(tail) if box[2] < last), None)
    if first is None:
        return ()
    out: dict[int, tuple[int, int]] = {}
    for start, end, page, *_ in tail[first:]:
        a, _b = out.get(page, (start, end))
        out[page] = (a, max(_b, end))
    ranges: list[tuple[int, int, int]] = []
    for page, (a, b) in sorted(out.items()):
        # a note's second half stands among the page before's asides (``pdf_notes``): it is
        # shown there, and its own page's range starts after them
        a = max(a, ranges[-1][2]) if ranges else a
        ranges.append((page, a, max(a, b)))
    return tuple(ranges)
