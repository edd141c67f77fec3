"""A scanned page read by the Tesseract program, in the blocks, lines and words it finds.

PyMuPDF's own OCR hands Tesseract's words to MuPDF, which then groups them into lines and
blocks by its own rules, made for typeset text: on a two-column scan it joins a line of each
column into one ("density and speed-density data. It has been suggested on Also, iis
entirely possible"), and a column's justified line into several, and the words it is handed
are read worse than the program reads them alone ("A good example of this observation a
recented in" where ``tesseract`` reads "is presented in"). Tesseract's page analysis finds
the columns, paragraphs and lines itself; its TSV output gives each word with its box and the
block, paragraph and line it stands in. Here those are set into the dict PyMuPDF's
``get_text("dict")`` gives (a block per paragraph, a line per line, a span per word, each
invisible as an OCR layer's text is), so the page's layout is worked out as for any other.
Where the program is not installed (only its language data), MuPDF's OCR reads the page.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from typing import Any

import pymupdf

__all__ = ["PAGE_TIMEOUT", "Word", "program", "read_tsv", "run_tesseract", "tesseract_dict"]

PAGE_TIMEOUT = 300.0
"""Seconds one page may take Tesseract (a few on a loaded machine; the read's own deadline
stops the workers sooner): a hung program costs one page, not the read."""
_SEGMENTATION = "3"
"""Tesseract's automatic page segmentation: columns, paragraphs and lines found on the page."""
_SIZE = 0.85
"""A line's font size as a share of its words' inked height (ascender to descender)."""


@dataclass(frozen=True, slots=True)
class Word:
    """A word of Tesseract's TSV: where it stands in the page's structure, its box in pixels."""

    block: int
    paragraph: int
    line: int
    box: tuple[int, int, int, int]
    text: str


def program() -> str | None:
    """The ``tesseract`` program, or None when only its language data is installed."""
    return shutil.which("tesseract")


def read_tsv(tsv: str) -> list[Word]:
    """The words of Tesseract's TSV output (level 5 rows with text), in its reading order."""
    words: list[Word] = []
    for row in tsv.splitlines()[1:]:
        cells = row.split("\t")
        if len(cells) < 12 or cells[0] != "5":
            continue
        text = cells[11].strip()
        if not text:
            continue
        try:
            block, paragraph, line = int(cells[2]), int(cells[3]), int(cells[4])
            left, top, width, height = (int(c) for c in cells[6:10])
        except ValueError:
            continue
        words.append(Word(block, paragraph, line, (left, top, left + width, top + height), text))
    return words


def _span(word: Word, scale: float, size: float, last: bool) -> dict[str, Any]:
    x0, y0, x1, y1 = (v * scale for v in word.box)
    return {
        "text": word.text if last else word.text + " ",
        "size": size,
        "flags": 0,
        "font": "GlyphLessFont",
        "alpha": 0,  # invisible, as every OCR layer's text: the page's OCR rules apply
        "bbox": (x0, y0, x1, y1),
        "origin": (x0, y1),
    }


def _line(words: list[Word], scale: float) -> dict[str, Any]:
    x0 = min(w.box[0] for w in words) * scale
    y0 = min(w.box[1] for w in words) * scale
    x1 = max(w.box[2] for w in words) * scale
    y1 = max(w.box[3] for w in words) * scale
    # a line's size is read off its height: OCR gives no font, and the layout's rules (the
    # body's size, notes set smaller) compare sizes, not their absolute values
    size = round((y1 - y0) * _SIZE, 1)
    spans = [_span(w, scale, size, i == len(words) - 1) for i, w in enumerate(words)]
    # the line's own box reaches its words' lowest and highest ink; each word keeps its own
    for span in spans:
        span["bbox"] = (span["bbox"][0], y0, span["bbox"][2], y1)
        span["origin"] = (span["bbox"][0], y1)
    return {"bbox": (x0, y0, x1, y1), "dir": (1.0, 0.0), "wmode": 0, "spans": spans}


def _block(lines: list[dict[str, Any]]) -> dict[str, Any]:
    boxes = [ln["bbox"] for ln in lines]
    box = (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )
    return {"type": 0, "bbox": box, "lines": lines}


def tesseract_dict(words: list[Word], scale: float, width: float, height: float) -> dict[str, Any]:
    """Tesseract's words as PyMuPDF's ``get_text("dict")`` of the page: a block per paragraph,
    a line per line, a span per word, in Tesseract's order; ``scale`` turns pixels to points."""
    blocks: list[dict[str, Any]] = []
    lines: list[dict[str, Any]] = []
    here: list[Word] = []
    for word in words:
        if here and (word.block, word.paragraph, word.line) != (
            here[0].block,
            here[0].paragraph,
            here[0].line,
        ):
            lines.append(_line(here, scale))
            if (word.block, word.paragraph) != (here[0].block, here[0].paragraph):
                blocks.append(_block(lines))
                lines = []
            here = []
        here.append(word)
    if here:
        lines.append(_line(here, scale))
    if lines:
        blocks.append(_block(lines))
    return {"width": width, "height": height, "blocks": blocks}


def run_tesseract(
    page: pymupdf.Page, dpi: int, folder: str, language: str, tesseract: str
) -> dict[str, Any] | None:
    """The page rendered at ``dpi`` and read by the ``tesseract`` program: its dict, or None
    when the program failed on it."""
    pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    image = pix.tobytes("png")
    env = dict(os.environ)
    env.setdefault("OMP_THREAD_LIMIT", "1")  # one process per core already: threads contend
    try:
        done = subprocess.run(
            [tesseract, "stdin", "stdout", "--tessdata-dir", folder, "-l", language]
            + ["--dpi", str(dpi), "--psm", _SEGMENTATION, "tsv"],
            input=image,
            capture_output=True,
            timeout=PAGE_TIMEOUT,
            env=env,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    words = read_tsv(done.stdout.decode("utf-8", "replace"))
    rect = page.rect
    return tesseract_dict(words, rect.width / pix.width, rect.width, rect.height)
