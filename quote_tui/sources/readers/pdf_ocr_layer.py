"""A scan's OCR layer of isolated words, set back into the lines the page shows.

Some OCR producers write each word as a text object of its own, placed at its box on the page
image. MuPDF then reads each word as a line (or a few words as a block), and a page's words
come out in whatever order the producer wrote them: "We / introduce / stochastic / Abstract."
A reader sees lines: words side by side on one baseline, read left to right, and lines under
one another in columns. So where most of a page's text is invisible (an OCR layer laid over
its image) and its lines hold barely more than a word each, the words are set into rows by
their boxes' vertical overlap, each row read by x and cut where a gap is wider than any
word space (a column's gutter), and the rows stacked into blocks where one stands just under
another. The page's layout (columns, asides, captions) is then worked out as for any page.
A layer whose lines already hold a line's words is left as MuPDF reads it.
"""

from __future__ import annotations

from typing import Any

import pymupdf

from quote_tui.sources.readers.pdf_layout import PageBlocks, page_blocks
from quote_tui.sources.readers.pdf_ocr_marks import set_layer_marks_apart

__all__ = ["isolated_words", "join_pieces", "ocr_layer", "relaid", "set_in_lines"]

_HIDDEN = 0.5
"""Share of a page's characters that, set invisible, make its text an OCR layer."""
_WORDS_PER_LINE = 1.6
"""A layer whose lines hold fewer words than this on average is one of isolated words (a
typeset page's lines hold eight or more, a table's or a chart's two or three)."""
_MIN_WORDS = 20
"""Fewer words than this on a page are a stamp or a label, not a page of text to rebuild."""
_SAME_ROW = 0.5
"""Share of the shorter of two boxes' heights they must overlap in to stand on one row."""
_GAP = 4.0
"""A gap between two words on a row wider than this many times the row's height is a
gutter between columns (or a table's cells), not a word space: OCR's word boxes are loose; a
justified line's spaces measure up to two and a half heights, a run-in heading's three and a
half."""
_GUTTER_GAP = 1.0
"""A narrower gap, down to this many heights, cuts a row where it crosses a gutter."""
_GUTTER_SHARE = 0.12
"""A gutter is a run of x that at most this share of the busiest x's words cover."""
_LEADING = 0.9
"""A row stands in the block above it when the gap between them is at most this many times
its height (a paragraph's leading; a heading or a new paragraph set off further is not)."""
_SHARED_ROWS = 2
"""Other rows of a block parted at the same x that make a gap a column's edge, not a word space:
a block of two columns is parted so on every row, where a reference list's two entries may
have a wide word space at one x by chance (FLP 1985's "PEASE, M.  The Byzantine" and "GALTIERI,
C., GRAY")."""
_SIZE_RATIO = 1.35
"""Rows whose heights differ by more than this ratio are set in different types."""

_LEADING_RATIO = 1.2
"""A word's height over its type's size, as MuPDF boxes a word of a common font."""

Box = tuple[float, float, float, float]


def _words(text: str) -> int:
    return len(text.split())


def isolated_words(page: PageBlocks) -> bool:
    """Whether a page's text, as first read, is an OCR layer of isolated words."""
    chars = sum(n for _, n in page.sizes)
    if not page.hidden or page.hidden <= _HIDDEN * chars:
        return False
    lines = words = 0
    for block in page.blocks:
        for line in block.lines:
            lines += 1
            words += _words(line.text)
    return words >= _MIN_WORDS and words < _WORDS_PER_LINE * lines


def ocr_layer(page: pymupdf.Page, raw: dict[str, Any], first: PageBlocks, flags: int) -> PageBlocks:
    """A page whose text is mostly an OCR layer (``first``, read from ``raw`` with ``flags``)
    read as the page image shows it: each line's words whole, in the size its line stands in,
    and set into lines where the layer holds isolated words. Other pages as ``set_in_lines``.

    An OCR layer's words are fitted to the image's by their width: a producer that stretches
    them (JSTOR's ``Tz 140``) sends a line's last words past the page's edge, where MuPDF's read
    of the page stops ("we American radicals draw n" for "draw no sustenance"); and the size a
    line is set in is what fits its width, not its height on the image (a JSTOR page's body
    lines at 8.6 pt below, 10.4 pt above, its notes at 7.1; the body's lines all 10.4 to 11.9
    pt tall, the notes' 8.2 to 9). So such a page is read again without the page's bounds, and
    each word's size is its height over ``_LEADING_RATIO``: the body, the notes and the heads
    come out in sizes that tell them apart as they do on the page (a layer whose sizes were
    right keeps their order: its heights are its sizes times one ratio). ``raw``'s sizes are
    set anew where it stands.
    """
    chars = sum(n for _, n in first.sizes)
    if not first.hidden or first.hidden <= _HIDDEN * chars:
        return set_in_lines(raw, first)
    whole = raw  # sized again where it stands, unless its lines run past the page
    width = raw["width"]
    if any(
        line["bbox"][2] > width or line["bbox"][0] < 0
        for b in raw["blocks"]
        for line in b.get("lines", ())
    ):
        whole = page.get_text(
            "dict",
            flags=flags & ~pymupdf.TEXT_MEDIABOX_CLIP,
            clip=pymupdf.INFINITE_RECT(),
            sort=False,
        )
    if not isolated_words(first):
        join_pieces(whole)
    set_layer_marks_apart(whole)  # told by the layer's own sizes, before they are set anew
    for block in whole["blocks"]:
        for line in block.get("lines", ()):
            for span in line["spans"]:
                if span.get("alpha") == 0:  # the layer's words, not a visible stamp's
                    box = span["bbox"]
                    span["size"] = round((box[3] - box[1]) / _LEADING_RATIO, 2)
    return set_in_lines(whole, page_blocks(whole, first.height))


def _on_row(last: dict[str, Any], line: dict[str, Any]) -> bool:
    """Whether ``line`` stands on ``last``'s row after it, a justified line's word space on
    (up to ``_GAP`` heights)."""
    a, b = last["bbox"], line["bbox"]
    height = min(_height(a), _height(b))
    gap = b[0] - a[2]
    return (
        height > 0
        and last["dir"][0] > 0.95
        and line["dir"][0] > 0.95
        and _overlap(a, b) >= _SAME_ROW * height
        and -0.5 * height <= gap <= _GAP * height
    )


def join_pieces(raw: dict[str, Any]) -> None:
    """The pieces of a line MuPDF read as lines of their own joined again, in ``raw``.

    An OCR layer fits each line's words to the image's, so a justified line's word spaces can
    be wide (two or three heights), and MuPDF then parts the line there: Proc. IEEE 1978's
    "The aircraft control function" / "places two types of" / "timing", one block's lines on
    one row. Its last piece, a word at the column's edge, was read as an aside and moved to the
    document's end. Lines of one block standing on one row, a justified line's word space
    apart, are one line, unless the gap between them is a column's edge: a gutter of the page
    (x few of its lines cover), or a gap another row of the block has too (a block MuPDF made of
    two columns' lines, Elsevier's Paper Capture layer: each row parted at the same x, a gutter
    narrower than the widest word spaces)."""
    units = [
        line
        for block in raw["blocks"]
        if block.get("type") == 0
        for line in block["lines"]
        if line["spans"] and line["dir"][0] > 0.95
    ]
    if not units:
        return
    cover = _cover(units)
    for block in raw["blocks"]:
        if block.get("type") != 0:
            continue
        read = [line for line in block["lines"] if line["spans"]]
        pairs = [i for i in range(len(read) - 1) if _on_row(read[i], read[i + 1])]
        gaps = {i: (read[i]["bbox"][2], read[i + 1]["bbox"][0]) for i in pairs}
        rows = _row_of(read, pairs)
        joined = {
            i
            for i in pairs
            if not _gutter(cover, *gaps[i])
            and len(
                {
                    rows[k]
                    for k in pairs
                    if rows[k] != rows[i]
                    and max(gaps[i][0], gaps[k][0]) < min(gaps[i][1], gaps[k][1])
                }
            )
            < _SHARED_ROWS
        }
        if not joined:
            continue
        lines: list[dict[str, Any]] = []
        for i, line in enumerate(read):
            if i - 1 not in joined:
                lines.append(line)
                continue
            last = lines[-1]
            spans = list(last["spans"])
            if not spans[-1]["text"].endswith(" "):
                spans[-1] = {**spans[-1], "text": spans[-1]["text"] + " "}
            a, b = last["bbox"], line["bbox"]
            box = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
            lines[-1] = {**last, "bbox": box, "spans": spans + list(line["spans"])}
        block["lines"] = lines


def _row_of(read: list[dict[str, Any]], pairs: list[int]) -> dict[int, int]:
    """Per pair of pieces on one row (by its first piece's index), the row's first piece."""
    rows: dict[int, int] = {}
    for i in pairs:
        rows[i] = rows.get(i - 1, i)
    return rows


def set_in_lines(raw: dict[str, Any], first: PageBlocks) -> PageBlocks:
    """A page read again with its words set into lines when its text, as first read
    (``first``, from ``raw``), is an OCR layer of isolated words; else ``first``."""
    if not isolated_words(first):
        return first
    return page_blocks(relaid(raw), first.height)


def _height(box: Box) -> float:
    return box[3] - box[1]


def _overlap(a: Box, b: Box) -> float:
    return min(a[3], b[3]) - max(a[1], b[1])


def _rows(units: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The words set into rows: a word joins the row one of whose words, the nearest to it
    across the page, it overlaps enough in height (a scan's slight skew moves a long row's
    ends apart, not neighbours)."""
    rows: list[list[dict[str, Any]]] = []
    bands: list[list[float]] = []  # per row: the lowest top and the highest bottom of its words
    for unit in sorted(units, key=lambda u: (u["bbox"][1] + u["bbox"][3]) / 2):
        box = unit["bbox"]
        best, best_overlap = -1, 0.0
        # rows far above have been passed (words come by their middles); a row whose band
        # the word does not reach holds no word it could stand beside
        for index in range(max(0, len(rows) - 12), len(rows)):
            band = bands[index]
            if band[1] <= box[1] or band[0] >= box[3]:
                continue
            near = min(rows[index], key=lambda u: abs(u["bbox"][0] - box[0]))["bbox"]
            shared = _overlap(box, near)
            if shared >= _SAME_ROW * min(_height(box), _height(near)) and shared > best_overlap:
                best, best_overlap = index, shared
        if best < 0:
            rows.append([unit])
            bands.append([box[1], box[3]])
        else:
            rows[best].append(unit)
            band = bands[best]
            band[0], band[1] = min(band[0], box[1]), max(band[1], box[3])
    return rows


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def _cover(units: list[dict[str, Any]]) -> list[int]:
    """How many words cover each point of x across the page."""
    width = int(max(u["bbox"][2] for u in units)) + 2
    starts = [0] * (width + 1)
    for unit in units:
        x0, x1 = max(0, int(unit["bbox"][0])), max(0, int(unit["bbox"][2]))
        starts[x0] += 1
        starts[x1 + 1] -= 1
    cover, running = [], 0
    for step in starts:
        running += step
        cover.append(running)
    return cover


def _gutter(cover: list[int], x0: float, x1: float) -> bool:
    """Whether a gap from x0 to x1 crosses a gutter: x that few of the page's words cover."""
    inside = cover[max(0, int(x0) + 1) : max(0, int(x1))]
    return bool(inside) and min(inside) <= _GUTTER_SHARE * max(cover)


def _cut(row: list[dict[str, Any]], cover: list[int]) -> list[list[dict[str, Any]]]:
    """A row read left to right, cut at the gaps wider than a word space."""
    row = sorted(row, key=lambda u: u["bbox"][0])
    height = _median([_height(u["bbox"]) for u in row])
    parts = [[row[0]]]
    for unit in row[1:]:
        x0, x1 = parts[-1][-1]["bbox"][2], unit["bbox"][0]
        if x1 - x0 > _GAP * height or (x1 - x0 > _GUTTER_GAP * height and _gutter(cover, x0, x1)):
            parts.append([unit])
        else:
            parts[-1].append(unit)
    return parts


def _line(units: list[dict[str, Any]]) -> dict[str, Any]:
    """One line of MuPDF's dict from the words on it, a space between each two, every word in
    the line's own size (OCR sizes a word by its box: "a" comes out smaller than "traffic")."""
    sizes: list[float] = []
    for unit in units:
        for span in unit["spans"]:
            sizes.extend([span["size"]] * max(1, len(span["text"].strip())))
    size = _median(sizes)
    spans: list[dict[str, Any]] = []
    for i, unit in enumerate(units):
        for j, span in enumerate(unit["spans"]):
            text = span["text"]
            if i and not j and not text[:1].isspace() and not spans[-1]["text"][-1:].isspace():
                text = " " + text
            spans.append({**span, "text": text, "size": size})
    x0 = min(u["bbox"][0] for u in units)
    y0 = min(u["bbox"][1] for u in units)
    x1 = max(u["bbox"][2] for u in units)
    y1 = max(u["bbox"][3] for u in units)
    return {"spans": spans, "wmode": 0, "dir": (1.0, 0.0), "bbox": (x0, y0, x1, y1)}


def _blocks(lines: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Lines stacked into blocks: a line joins the block whose last line stands just above it,
    across the same x, in a like height."""
    blocks: list[list[dict[str, Any]]] = []
    for line in sorted(lines, key=lambda ln: (ln["bbox"][1], ln["bbox"][0])):
        box = line["bbox"]
        height = _height(box)
        home = None
        for block in reversed(blocks):
            last = block[-1]["bbox"]
            shorter, taller = sorted((height, _height(last)))
            if (
                last[3] <= box[1] + _SAME_ROW * height
                and box[1] - last[3] <= _LEADING * taller
                and min(box[2], last[2]) > max(box[0], last[0])
                and taller <= _SIZE_RATIO * shorter
            ):
                home = block
                break
        if home is None:
            blocks.append([line])
        else:
            home.append(line)
    return blocks


def relaid(raw: dict[str, Any]) -> dict[str, Any]:
    """A page's ``extractDICT`` with its words set into the lines and blocks the page shows."""
    units: list[dict[str, Any]] = []
    kept: list[dict[str, Any]] = []  # images, and lines not set left to right, as read
    for block in raw["blocks"]:
        if block.get("type") != 0:
            kept.append(block)
            continue
        sideways = []
        for line in block["lines"]:
            if not "".join(span["text"] for span in line["spans"]).strip():
                continue
            if line["dir"][0] > 0.95 and _height(line["bbox"]) > 0:
                units.append(line)
            else:
                sideways.append(line)
        if sideways:
            kept.append({**block, "lines": sideways})
    if not units:
        return raw
    cover = _cover(units)
    lines = [_line(part) for row in _rows(units) for part in _cut(row, cover)]
    blocks = [
        {
            "type": 0,
            "bbox": (
                min(ln["bbox"][0] for ln in group),
                min(ln["bbox"][1] for ln in group),
                max(ln["bbox"][2] for ln in group),
                max(ln["bbox"][3] for ln in group),
            ),
            "lines": group,
        }
        for group in _blocks(lines)
    ]
    return {**raw, "blocks": kept + blocks}
