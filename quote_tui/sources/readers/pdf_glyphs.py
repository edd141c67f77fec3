"""Lines read again glyph by glyph: accents drawn as glyphs of their own, spaces inside ligatures.

Both are told only by where each glyph stands (``extractRAWDICT``), which costs about three times
a page's ``extractDICT``. So only the lines that need it are read again: a text page clipped to
those lines (MuPDF interprets the page again, but builds a glyph's record only for what lies in
the clip), and each line's text replaces the one read first. A line the clipped read does not
give back as it was (a mark joined to it, two pieces of a printed line joined) has the whole
page read glyph by glyph instead.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pymupdf

from quote_tui.sources.readers.pdf_accents import compose_accents
from quote_tui.sources.readers.pdf_errors import MUPDF_ERRORS as _MUPDF_ERRORS
from quote_tui.sources.readers.pdf_glyph_quotes import lower_quotes
from quote_tui.sources.readers.pdf_layout import PageBlocks, page_blocks
from quote_tui.sources.readers.pdf_lines import Line, close_ligature_gaps, spans_text

__all__ = [
    "UNTRUSTED_GAPS",
    "glyph_read_lines",
    "glyph_read_page",
    "open_word_gaps",
    "page_gaps",
    "run_pages",
    "run_together",
    "word_gaps",
    "gaps_untrusted",
]

Rect = tuple[float, float, float, float]
_MARGIN = 1.0
"""Points the clip reaches past the lines, so a glyph at a line's edge is read whole."""
_WORD_GAP = 0.8
"""Share of a line's own word space (the median width of its space glyphs) that a gap between
two letters must reach to be a word space MuPDF left out. Kerning and tracking stay far below
it; a gap MuPDF missed as a space is nearly a space wide (0.9-1.0)."""
_BARE_GAP = 0.1
"""Ems past a line's usual gap between two glyphs that a word gap stands, in a line MuPDF read
with no space at all: its letters touch, and its words stand 0.14 em apart in the tightest
justified line (1.4 points at 10 points)."""
_BARE_CHARS = 20
"""Fewest glyphs of a line with no space whose gaps are looked at (a URL or a number is
shorter or has no gap)."""
_OPENING = "([\u201c\u2018\"'"
_RUN = re.compile(r"(?<![^\W\d_])[^\W\d_A-Z]{18,}(?![^\W\d_])")
"""A run of 18 lowercase letters or more: a long word, or words the text layer ran together."""
_JOIN = re.compile(r"[a-z]{3}[A-Z][a-z]{3}")
_JOINED = re.compile(r"[A-Z]?[a-z]{3,}[A-Z][a-z]{3,}")
_LETTERS = re.compile(r"[A-Za-z]*")
"""A lowercase word glued to a capitalised one ("AmericanCollege", beside "demonstratedtoimprove
IDA.The" in a tight line of a BMJ paper, where runs of 18 letters are too rare to tell). A name
or an identifier in camel case ("JavaScript", "getValue") reads so too: the page's gaps decide.
Found by plain ASCII classes without look-around (a whole text is searched: a third of the
run's cost), then its word asked whole: two words, no more ("MixMatch", not "PyMuPDF")."""
_RUNS = 3
"""Runs of a document's first pages that make it worth a look at its gaps."""
_PAGES = 10
"""Pages whose body text is looked at for runs."""
_LOOKS = 3
"""Pages looked at, at most: the runs a tight page's words make may stand on a page with few
gaps (BMJ's first page: "AmericanCollege", three gaps; its third: ten)."""
UNTRUSTED_GAPS = 4
"""Word gaps without a space on the pages looked at that make the document's spaces
untrusted."""


def glyph_read_page(
    page: pymupdf.Page,
    flags: int,
    *,
    gaps: bool = False,
    textpage: pymupdf.TextPage | None = None,
) -> PageBlocks | None:
    """A whole page read glyph by glyph (with ``gaps``, each word gap MuPDF left without a space
    given one: ``open_word_gaps``), or None when MuPDF cannot read it. ``textpage``: the page's
    text page as first read with ``flags``, when it was kept (MuPDF need not interpret the
    page again)."""
    try:
        tp = textpage if textpage is not None else page.get_textpage(flags=flags)
        raw = tp.extractRAWDICT()
    except _MUPDF_ERRORS:
        return None
    if gaps:
        open_word_gaps(raw)
    lower_quotes(raw)
    return page_blocks(close_ligature_gaps(compose_accents(raw)), raw["height"])


Gap = tuple[dict[str, Any], int, dict[str, Any]]
"""A word gap without a space: the span and index of the glyph after it, and the glyph before
it (the last of the span before, where a word in another font opens after the gap)."""


def _pairs(line: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any], int]]:
    """Each two glyphs side by side in a line: the glyph before, and the span and index of the
    glyph after, across span boundaries too (a bold word after a regular one)."""
    chars = [(span, i) for span in line["spans"] for i in range(len(span["chars"]))]
    return [(sa["chars"][ia], sb, ib) for (sa, ia), (sb, ib) in zip(chars, chars[1:], strict=False)]


def _gaps(line: dict[str, Any]) -> list[Gap]:
    """Where in a line of ``extractRAWDICT`` two letters stand a word space apart with no space
    between them: (span, index of the letter after the gap, the letter before)."""
    spaces = [
        c["bbox"][2] - c["bbox"][0] for s in line["spans"] for c in s["chars"] if c["c"] == " "
    ]
    if not spaces:
        return _bare_gaps(line)
    space = statistics.median(spaces)
    if space <= 0:
        return []
    out = []
    for a, span, i in _pairs(line):
        b = span["chars"][i]
        if (
            a["c"].isalpha()
            and b["c"].isalpha()
            and b["bbox"][0] - a["bbox"][2] >= space * _WORD_GAP
        ):
            out.append((span, i, a))
    return out


def _bare_gaps(line: dict[str, Any]) -> list[Gap]:
    """``_gaps`` of a line with no space glyph at all ("playedsofar.Forexample,theNBA", a tight
    justified line of a Springer journal): its letters stand as close as its font sets them
    (or as its tracking spreads them), and a word gap stands ``_BARE_GAP`` of an em wider than
    the line's usual gap, after a letter or a punctuation mark and before a word. The gap
    before a word set in another font ("sogenanntenHacker-" where a bold word follows) counts
    as one inside a span does."""
    pairs = _pairs(line)
    if len(pairs) + 1 < _BARE_CHARS:
        return []
    # a script written with word spaces: a line of Chinese or Japanese has none to lose
    lower = sum(1 for span in line["spans"] for c in span["chars"] if c["c"].islower())
    if 2 * lower < len(pairs) + 1:
        return []
    gaps = [span["chars"][i]["bbox"][0] - a["bbox"][2] for a, span, i in pairs]
    size = max(span.get("size", 0.0) for span in line["spans"])
    reach = statistics.median(gaps) + _BARE_GAP * size
    out = []
    for gap, (a, span, i) in zip(gaps, pairs, strict=True):
        after = span["chars"][i]["c"]
        if gap >= reach and (after.isalnum() or after in _OPENING):
            out.append((span, i, a))
    return out


def word_gaps(raw: dict[str, Any]) -> int:
    """How many word gaps without a space a page's ``extractRAWDICT`` holds."""
    return sum(
        len(_gaps(line)) for block in raw.get("blocks", ()) for line in block.get("lines", ())
    )


def open_word_gaps(raw: dict[str, Any]) -> dict[str, Any]:
    """A page's ``extractRAWDICT`` with a space glyph set in each word gap MuPDF read without
    one ("canbe seen" where "can be" is printed, the gap just under its threshold of 0.15 em
    in a tightly set letter): a gap between two letters at least ``_WORD_GAP`` of the line's
    own spaces wide."""
    for block in raw.get("blocks", ()):
        for line in block.get("lines", ()):
            for span, i, a in reversed(_gaps(line)):
                b = span["chars"][i]
                y0, y1 = a["bbox"][1], a["bbox"][3]
                box = (a["bbox"][2], y0, b["bbox"][0], y1)
                span["chars"].insert(i, {"c": " ", "bbox": box, "origin": (box[0], a["origin"][1])})
    return raw


def run_together(
    text: str, page_starts: Sequence[int], boxes: Sequence[tuple[int, int, int]]
) -> int | None:
    """The page most worth a look for word gaps without a space (``run_pages``' first)."""
    pages = run_pages(text, page_starts, boxes)
    return pages[0] if pages else None


def run_pages(
    text: str, page_starts: Sequence[int], boxes: Sequence[tuple[int, int, int]]
) -> list[int]:
    """The pages most worth a look for word gaps without a space: of the first ``_PAGES``
    pages, up to ``_LOOKS`` with the most runs of lowercase letters too long for most words
    (most first), when they hold a few; else none. A producer's spacing is the same on every
    page, so the first pages tell, and a long book costs no more than a paper."""
    end = page_starts[_PAGES] if len(page_starts) > _PAGES else len(text)
    if len(_RUN.findall(text, 0, end)) + _joins(text, 0, end) < _RUNS:
        return []
    runs: dict[int, int] = {}
    for box in boxes:
        if box[0] >= end:
            break
        n = len(_RUN.findall(text, box[0], box[1])) + _joins(text, box[0], box[1])
        if n:
            runs[box[2]] = runs.get(box[2], 0) + n
    return sorted(runs, key=lambda page: -runs[page])[:_LOOKS]


def _joins(text: str, start: int, end: int) -> int:
    """How many words of ``text[start:end]`` are a lowercase word glued to a capitalised one."""
    n = 0
    for m in _JOIN.finditer(text, start, end):
        left = m.start()
        while left > start and text[left - 1].isascii() and text[left - 1].isalpha():
            left -= 1
        word = _LETTERS.match(text, left, end)
        n += bool(word and _JOINED.fullmatch(word.group()))
    return n


def gaps_untrusted(
    page: pymupdf.Page, flags: int, textpage: pymupdf.TextPage | None = None
) -> bool:
    """Whether a page (one ``run_pages`` names) holds enough word gaps without a space that
    the document's spaces are not to be trusted (``textpage``: as ``glyph_read_page``)."""
    return page_gaps(page, flags, textpage) >= UNTRUSTED_GAPS


def page_gaps(page: pymupdf.Page, flags: int, textpage: pymupdf.TextPage | None = None) -> int:
    """How many word gaps without a space a page holds (``word_gaps``; 0 where MuPDF cannot
    read it)."""
    try:
        tp = textpage if textpage is not None else page.get_textpage(flags=flags)
        raw = tp.extractRAWDICT()
    except _MUPDF_ERRORS:
        return 0
    return word_gaps(raw)


def _line_text(line: dict[str, Any]) -> str:
    spans = line["spans"]
    if len(spans) == 1:
        return str(spans[0]["text"]).replace("\n", " ")
    return spans_text(spans)[0]


def _clipped(textpage: pymupdf.TextPage, clips: Sequence[Rect]) -> dict[str, Any] | None:
    """A kept text page's ``extractRAWDICT`` for what lies in each clip only (the blocks of
    every clip's read in one list), or None where this PyMuPDF gives no hold on the text page's
    rectangle. PyMuPDF builds glyph records only for what overlaps that rectangle, so it is set
    to each clip in turn and then restored: a clip per line, as the lines to read again may
    stand far apart (a page's references in two columns)."""
    try:
        box = textpage.this.m_internal.mediabox
        kept = (box.x0, box.y0, box.x1, box.y1)
    except AttributeError:
        return None
    blocks: list[Any] = []
    try:
        for clip in clips:
            box.x0, box.y0, box.x1, box.y1 = clip
            blocks.extend(textpage.extractRAWDICT()["blocks"])
    finally:
        box.x0, box.y0, box.x1, box.y1 = kept
    return {"blocks": blocks}


def glyph_read_lines(
    page: pymupdf.Page,
    first: PageBlocks,
    rects: set[Rect],
    flags: int,
    textpage: pymupdf.TextPage | None = None,
) -> PageBlocks | None:
    """A page's blocks with the lines at ``rects`` read again glyph by glyph.

    Args:
        page: the page.
        first: its blocks as first read.
        rects: the rectangles of the lines to read again, as first read.
        flags: the text page's flags.
        textpage: the page's text page as first read, when it was kept: its lines are read
            again from it, where reading the clip would have MuPDF interpret the page again.

    Returns:
        The blocks with those lines' texts replaced, or None when a line was not given back as
        it was first read (the caller reads the whole page so) or MuPDF cannot read it.
    """
    x0 = min(r[0] for r in rects) - _MARGIN
    y0 = min(r[1] for r in rects) - _MARGIN
    x1 = max(r[2] for r in rects) + _MARGIN
    y1 = max(r[3] for r in rects) + _MARGIN
    try:
        around = [(r[0] - _MARGIN, r[1] - _MARGIN, r[2] + _MARGIN, r[3] + _MARGIN) for r in rects]
        raw = _clipped(textpage, around) if textpage is not None else None
        if raw is None:
            clip = pymupdf.Rect(x0, y0, x1, y1)
            raw = page.get_textpage(clip=clip, flags=flags).extractRAWDICT()
    except _MUPDF_ERRORS:
        return None
    first_texts = {ln.rect: ln.text for block in first.blocks for ln in block.lines}
    # only the wanted lines are worked on (accents and ligature gaps are a line's own): a clip
    # also holds pieces of the lines beside them
    wanted = [
        line
        for block in raw.get("blocks", ())
        for line in block.get("lines", ())
        if tuple(line["bbox"]) in rects
    ]
    lower_quotes({"blocks": [{"lines": wanted}]})  # as the first read has them
    plain: dict[Rect, str] = {}  # each wanted line's text as the first read gave it
    for line in wanted:
        spans = [{**s, "text": "".join(c["c"] for c in s["chars"])} for s in line["spans"]]
        plain[tuple(line["bbox"])] = _line_text({"spans": spans})  # type: ignore[index]
    if len(plain) < len(rects) or any(plain[r] != first_texts.get(r) for r in rects):
        return None
    close_ligature_gaps(compose_accents({"blocks": [{"lines": wanted}]}))
    texts: dict[Rect, str] = {tuple(line["bbox"]): _line_text(line) for line in wanted}  # type: ignore[misc]
    blocks = tuple(
        replace(
            block, lines=tuple(Line(texts.get(ln.rect, ln.text), ln.rect) for ln in block.lines)
        )
        if any(ln.rect in texts for ln in block.lines)
        else block
        for block in first.blocks
    )
    return replace(first, blocks=blocks)
