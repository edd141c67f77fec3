"""Lines read again glyph by glyph: accents drawn as glyphs of their own, spaces inside ligatures.

Both are told only by where each glyph stands (``extractRAWDICT``), which costs about three times
a page's ``extractDICT``. So only the lines that need it are read again: a text page clipped to
those lines (MuPDF interprets the page again, but builds a glyph's record only for what lies in
the clip), and each line's text replaces the one read first. A line the clipped read does not
give back as it was (a mark joined to it, two pieces of a printed line joined) has the whole
page read glyph by glyph instead.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pymupdf

from quote_tui.sources.readers.pdf_accents import compose_accents
from quote_tui.sources.readers.pdf_layout import PageBlocks, page_blocks
from quote_tui.sources.readers.pdf_lines import Line, close_ligature_gaps, spans_text

__all__ = ["glyph_read_lines", "glyph_read_page"]

Rect = tuple[float, float, float, float]
_MARGIN = 1.0
"""Points the clip reaches past the lines, so a glyph at a line's edge is read whole."""
_MUPDF_ERRORS = (RuntimeError, ValueError, pymupdf.mupdf.FzErrorBase)


def glyph_read_page(page: pymupdf.Page, flags: int) -> PageBlocks | None:
    """A whole page read glyph by glyph, or None when MuPDF cannot read it."""
    try:
        raw = page.get_textpage(flags=flags).extractRAWDICT()
    except _MUPDF_ERRORS:
        return None
    return page_blocks(close_ligature_gaps(compose_accents(raw)), raw["height"])


def _line_text(line: dict[str, Any]) -> str:
    spans = line["spans"]
    if len(spans) == 1:
        return str(spans[0]["text"]).replace("\n", " ")
    return spans_text(spans)[0]


def glyph_read_lines(
    page: pymupdf.Page, first: PageBlocks, rects: set[Rect], flags: int
) -> PageBlocks | None:
    """A page's blocks with the lines at ``rects`` read again glyph by glyph.

    Args:
        page: the page.
        first: its blocks as first read.
        rects: the rectangles of the lines to read again, as first read.
        flags: the text page's flags.

    Returns:
        The blocks with those lines' texts replaced, or None when a line was not given back as
        it was first read (the caller reads the whole page so) or MuPDF cannot read it.
    """
    x0 = min(r[0] for r in rects) - _MARGIN
    y0 = min(r[1] for r in rects) - _MARGIN
    x1 = max(r[2] for r in rects) + _MARGIN
    y1 = max(r[3] for r in rects) + _MARGIN
    try:
        clip = pymupdf.Rect(x0, y0, x1, y1)
        raw = page.get_textpage(clip=clip, flags=flags).extractRAWDICT()
    except _MUPDF_ERRORS:
        return None
    first_texts = {ln.rect: ln.text for block in first.blocks for ln in block.lines}
    plain: dict[Rect, str] = {}  # each wanted line's text as the first read gave it
    for block in raw.get("blocks", ()):
        for line in block.get("lines", ()):
            rect = tuple(line["bbox"])
            if rect in rects:
                spans = [{**s, "text": "".join(c["c"] for c in s["chars"])} for s in line["spans"]]
                plain[rect] = _line_text({"spans": spans})  # type: ignore[index]
    if len(plain) < len(rects) or any(plain[r] != first_texts.get(r) for r in rects):
        return None
    close_ligature_gaps(compose_accents(raw))
    texts: dict[Rect, str] = {}
    for block in raw.get("blocks", ()):
        for line in block.get("lines", ()):
            rect = tuple(line["bbox"])
            if rect in rects:
                texts[rect] = _line_text(line)  # type: ignore[index]
    blocks = tuple(
        replace(
            block, lines=tuple(Line(texts.get(ln.rect, ln.text), ln.rect) for ln in block.lines)
        )
        if any(ln.rect in texts for ln in block.lines)
        else block
        for block in first.blocks
    )
    return replace(first, blocks=blocks)
