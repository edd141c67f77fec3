"""A scanned page read by the Tesseract program, in the blocks, lines and words it finds.

PyMuPDF's own OCR hands Tesseract's words to MuPDF, which then groups them into lines and
blocks by its own rules, made for typeset text: on a two-column scan it joins a line of each
column into one ("density and speed-density data. It has been suggested on Also, iis
entirely possible"), and a column's justified line into several, and the words it is handed
are read worse than the program reads them alone ("A good example of this observation a
recented in" where ``tesseract`` reads "is presented in"). Tesseract's page analysis finds
the columns, paragraphs and lines itself; its hOCR output gives each paragraph's lines, each
line's size and angle, and each word with its box. Here those are set into the dict PyMuPDF's
``get_text("dict")`` gives (a block per paragraph, a line per line, a span per word, each
invisible as an OCR layer's text is), so the page's layout is worked out as for any other.
Where the program is not installed (only its language data), MuPDF's OCR reads the page.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass, replace
from html.parser import HTMLParser
from typing import Any

import pymupdf

from quote_tui.sources.readers.pdf_layout import PageBlocks
from quote_tui.sources.readers.pdf_ocr_split import rejoined

__all__ = [
    "PAGE_TIMEOUT",
    "Row",
    "Word",
    "noise_aside",
    "program",
    "read_hocr",
    "render",
    "run_tesseract",
    "tesseract_run",
    "tesseract_dict",
]

PAGE_TIMEOUT = 300.0
"""Seconds one page may take Tesseract (a few on a loaded machine; the read's own deadline
stops the workers sooner): a hung program costs one page, not the read."""
_SEGMENTATION = "3"
"""Tesseract's automatic page segmentation: columns, paragraphs and lines found on the page."""


@dataclass(frozen=True, slots=True)
class Word:
    """A word of Tesseract's hOCR: its box in pixels and its text."""

    box: tuple[float, float, float, float]
    text: str
    confidence: float = 100.0


@dataclass(frozen=True, slots=True)
class Row:
    """A line of Tesseract's hOCR (a line, a caption's or a heading's line): its box, its
    ``x_size`` (the row's height from descender to ascender as Tesseract estimates it, the
    same for a line with no descender: its font size, where the box's height is not), its
    angle (0 upright; 90 read bottom to top) and its words."""

    box: tuple[float, float, float, float]
    size: float
    angle: int
    words: tuple[Word, ...]


def program() -> str | None:
    """The ``tesseract`` program, or None when only its language data is installed."""
    return shutil.which("tesseract")


_LINES = frozenset({"ocr_line", "ocr_caption", "ocr_header", "ocr_textfloat"})
_BOX = re.compile(r"\bbbox (-?\d+) (-?\d+) (-?\d+) (-?\d+)")
_XSIZE = re.compile(r"\bx_size ([\d.]+)")
_CONFIDENCE = re.compile(r"\bx_wconf (\d+)")
_ANGLE = re.compile(r"\btextangle (\d+)")


class _Hocr(HTMLParser):
    """Paragraphs of rows of words, from Tesseract's hOCR, in its reading order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.paragraphs: list[list[Row]] = []
        self.open: list[str] = []  # the class of each element open, innermost last
        self.rows: list[Row] = []
        self.row: tuple[tuple[float, float, float, float], float, int] | None = None
        self.words: list[Word] = []
        self.word: tuple[float, float, float, float] | None = None
        self.confidence = 100.0
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        kind = names.get("class") or ""
        self.open.append(kind)
        title = names.get("title") or ""
        box = _BOX.search(title)
        if kind == "ocr_par":
            self.rows = []
        elif kind in _LINES and box is not None:
            size = _XSIZE.search(title)
            angle = _ANGLE.search(title)
            bbox = _box(box)
            self.row = (
                bbox,
                float(size.group(1)) if size else bbox[3] - bbox[1],
                int(angle.group(1)) if angle else 0,
            )
            self.words = []
        elif kind == "ocrx_word" and box is not None:
            self.word, self.text = _box(box), []
            confidence = _CONFIDENCE.search(title)
            self.confidence = float(confidence.group(1)) if confidence else 100.0

    def handle_data(self, data: str) -> None:
        if self.word is not None:
            self.text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if not self.open:
            return
        kind = self.open.pop()
        if kind == "ocrx_word" and self.word is not None:
            text = "".join(self.text).strip()
            if text:
                self.words.append(Word(self.word, text, self.confidence))
            self.word = None
        elif kind in _LINES and self.row is not None:
            if self.words:
                self.rows.append(Row(*self.row, tuple(self.words)))
            self.row = None
        elif kind == "ocr_par" and self.rows:
            self.paragraphs.append(self.rows)
            self.rows = []


def _box(found: re.Match[str]) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(found.group(i)) for i in range(1, 5))
    return (x0, y0, x1, y1)


def read_hocr(hocr: str) -> list[list[Row]]:
    """The paragraphs of Tesseract's hOCR output, each a list of its rows."""
    parser = _Hocr()
    parser.feed(hocr)
    parser.close()
    return parser.paragraphs


_DIRECTIONS = {0: (1.0, 0.0), 90: (0.0, -1.0), 180: (-1.0, 0.0), 270: (0.0, 1.0)}
"""A row's reading direction by Tesseract's ``textangle`` (90: an axis title read upwards)."""


def _scaled(box: tuple[float, float, float, float], scale: float) -> tuple[float, ...]:
    return tuple(v * scale for v in box)


def _line(row: Row, scale: float) -> dict[str, Any]:
    # OCR gives no font: a row's size is Tesseract's estimate of its height, so a line with
    # no descender ("Easa's reference to the Gazis et al. discussion led us") is in the size
    # of its paragraph, not a note's
    size = round(row.size * scale, 2)
    box = _scaled(row.box, scale)
    spans = []
    for i, word in enumerate(row.words):
        x0, _, x1, _ = _scaled(word.box, scale)
        last = i == len(row.words) - 1
        spans.append(
            {
                "text": word.text if last else word.text + " ",
                "size": size,
                "flags": 0,
                "font": "GlyphLessFont",
                "alpha": 0,  # invisible, as every OCR layer's text: the OCR rules apply
                "bbox": (x0, box[1], x1, box[3]),
                "origin": (x0, box[3]),
            }
        )
    direction = _DIRECTIONS.get(row.angle, (0.0, -1.0))
    line = {"bbox": box, "dir": direction, "wmode": 0, "spans": spans}
    if sum(w.confidence for w in row.words) < _NOISE * len(row.words):
        line["noise"] = True
    return line


_NOISE = 40.0
"""A row whose words Tesseract is on average less sure of than this (0-100) is what it made of
a picture ("eset ee Oey. Lane}." from a chart's plotted points): words of print score 90 and
more, a misread word of print 50 or more."""


def noise_aside(page: PageBlocks, raw: dict[str, Any]) -> PageBlocks:
    """The page with each block of nothing but rows of ``noise`` (a picture read as words) set
    aside as a figure's text is: kept in the checked text, out of the body's sentences."""
    boxes = {tuple(line["bbox"]) for b in raw["blocks"] for line in b["lines"] if line.get("noise")}
    if not boxes:
        return page
    noise = frozenset(
        i
        for i, block in enumerate(page.blocks)
        if all(tuple(line.rect) in boxes for line in block.lines)
    )
    return replace(page, figures=page.figures | noise) if noise else page


_APART = 1.0
"""A gap between two rows of one paragraph wider than this many times the larger row's size
parts it: a paragraph's rows stand a leading apart, and Tesseract may take a running head and
the chart under it ("198 F. L. Hall et al." over "2500") for one paragraph."""


_LEADING = 1.5
"""In a paragraph of three rows or more, only a gap wider than this many times its middle gap
parts it: a double-spaced typescript's rows all stand two rows' size apart, and a paragraph's
short last row ("the followings"), parted from it, was read as an aside after the page."""


def _parted(paragraphs: list[list[Row]]) -> list[list[Row]]:
    out: list[list[Row]] = []
    for rows in paragraphs:
        gaps = [row.box[1] - above.box[3] for above, row in zip(rows, rows[1:], strict=False)]
        usual = sorted(gaps)[(len(gaps) - 1) // 2] if len(gaps) > 1 else 0.0
        out.append([rows[0]])
        for above, row, gap in zip(rows, rows[1:], gaps, strict=False):
            if gap > _APART * max(above.size, row.size) and gap > _LEADING * usual:
                out.append([])
            out[-1].append(row)
    return out


def tesseract_dict(
    paragraphs: list[list[Row]], scale: float, width: float, height: float
) -> dict[str, Any]:
    """Tesseract's paragraphs as PyMuPDF's ``get_text("dict")`` of the page: a block per
    paragraph, a line per row, a span per word, in Tesseract's order; ``scale`` turns pixels
    to points."""
    blocks = []
    for rows in _parted(rejoined(paragraphs)):
        lines = [_line(row, scale) for row in rows]
        boxes = [ln["bbox"] for ln in lines]
        box = (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )
        blocks.append({"type": 0, "bbox": box, "lines": lines})
    return {"width": width, "height": height, "blocks": blocks}


def render(page: pymupdf.Page, dpi: int, turn: int = 0) -> pymupdf.Pixmap:
    """The page in grey at ``dpi``, turned ``turn`` degrees clockwise (0, 90, 180, 270)."""
    zoom = dpi / 72
    return page.get_pixmap(
        matrix=pymupdf.Matrix(zoom, zoom).prerotate(turn), colorspace=pymupdf.csGRAY
    )


def tesseract_run(
    tesseract: str, image: bytes, folder: str, arguments: list[str]
) -> subprocess.CompletedProcess[bytes] | None:
    """The program run on a PNG image with one thread; None when it could not be run."""
    env = dict(os.environ)
    env.setdefault("OMP_THREAD_LIMIT", "1")  # one process per core already: threads contend
    try:
        return subprocess.run(
            [tesseract, "stdin", "stdout", "--tessdata-dir", folder, *arguments],
            input=image,
            capture_output=True,
            timeout=PAGE_TIMEOUT,
            env=env,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None


def _sideways(row: Row) -> bool:
    """Whether a row runs up or down the image: said so, or a row of words taller than wide
    (the program turns a page of upright lines itself, and says nothing of it)."""
    x0, y0, x1, y1 = row.box
    return bool(row.angle) or (len(row.words) > 1 and y1 - y0 > x1 - x0)


def run_tesseract(
    page: pymupdf.Page, dpi: int, folder: str, language: str, tesseract: str, turn: int = 0
) -> dict[str, Any] | None:
    """The page rendered at ``dpi`` (turned ``turn`` degrees clockwise: a scan set sideways)
    and read by the ``tesseract`` program: its dict, with the mean confidence of its words
    (``confidence``, 0-100) and the share of them on rows not read across the page
    (``sideways``), or None when the program failed on it. A turned page's dict is
    of the page as turned: its lines read across it, as the reader reads them."""
    pix = render(page, dpi, turn)
    done = tesseract_run(
        tesseract,
        pix.tobytes("png"),
        folder,
        ["-l", language, "--dpi", str(dpi), "--psm", _SEGMENTATION, "hocr"],
    )
    if done is None or done.returncode != 0:
        return None
    paragraphs = read_hocr(done.stdout.decode("utf-8", "replace"))
    rect = page.rect
    width, height = (rect.height, rect.width) if turn % 180 else (rect.width, rect.height)
    read = tesseract_dict(paragraphs, width / pix.width, width, height)
    rows = [row for paragraph in paragraphs for row in paragraph]
    words = [w.confidence for row in rows for w in row.words]
    read["confidence"] = sum(words) / len(words) if words else 0.0
    read["sideways"] = sum(len(row.words) for row in rows if _sideways(row)) / max(1, len(words))
    return read
