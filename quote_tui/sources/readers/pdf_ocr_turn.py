"""A scan set sideways or upside down on its page, told and turned before it is read.

A book photographed or scanned across its spread often comes out turned a quarter: its lines
run up the page. Tesseract's automatic page segmentation reads such a page line by line upside
down ("uapusuusIg" for "brennenden"), at a mean word confidence near 30 where a page of print
reads at 75 to 95, or turned the other way, line by line sideways and out of order. So a page
read that unsure, or mostly sideways, is shown to Tesseract's orientation detection
(``--psm 0``, its ``osd`` data), and where it names a turn with some confidence the page is
rendered turned upright and read again; the reading Tesseract is surer of is kept.

Such a page's layout is worked out in the turned frame, where its lines run across it as the
reader reads them (``TurnedPage``); once the text is put together, each line's box is mapped
back onto the page as it stands in the file (``unturned``), where a highlight must fall.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pymupdf

from quote_tui.engine.text import LineBox
from quote_tui.sources.readers.pdf_layout import PageBlocks
from quote_tui.sources.readers.pdf_ocr_tesseract import render, tesseract_run

__all__ = ["SIDEWAYS", "UNSURE", "TurnedPage", "page_turn", "turned_page", "unturn", "unturned"]

UNSURE = 50.0
"""A reading whose words Tesseract is on average less sure of than this (0-100) may be of a
page set sideways: print read upright scores 75 and more (a poor typewritten memo 74), a
sideways book page 32."""
SIDEWAYS = 0.5
"""A reading more than this share of whose words stand on rows Tesseract read up or down the
page (a page turned a quarter the other way: each line read sideways, surely, out of order) is
of a page set sideways too."""
_LEAST_CONFIDENCE = 2.0
"""Lowest orientation confidence believed: Tesseract's own documentation treats values under 2
as a guess; a sideways book spread scores 27."""
_ROTATE = re.compile(rb"^Rotate: (\d+)", re.MULTILINE)
_CONFIDENCE = re.compile(rb"^Orientation confidence: ([\d.]+)", re.MULTILINE)
_TURNS = frozenset({90, 180, 270})


def page_turn(page: pymupdf.Page, dpi: int, folder: str, tesseract: str) -> int:
    """Degrees clockwise to turn the page by for its lines to read across it; 0 when it reads
    upright, or when Tesseract cannot tell (its ``osd`` data not installed, too few letters)."""
    if not (Path(folder) / "osd.traineddata").is_file():
        return 0
    done = tesseract_run(tesseract, render(page, dpi).tobytes("png"), folder, ["--psm", "0"])
    if done is None or done.returncode != 0:
        return 0
    rotate = _ROTATE.search(done.stdout)
    confidence = _CONFIDENCE.search(done.stdout)
    if rotate is None or confidence is None or float(confidence.group(1)) < _LEAST_CONFIDENCE:
        return 0
    turn = int(rotate.group(1))
    return turn if turn in _TURNS else 0


@dataclass(frozen=True, slots=True)
class TurnedPage(PageBlocks):
    """A page read turned ``turn`` degrees clockwise: its blocks and ``height`` are of the
    turned frame; ``page_width`` and ``page_height`` are of the page as the file sets it,
    which its line boxes are mapped back onto."""

    turn: int = 0
    page_width: float = 0.0
    page_height: float = 0.0


def turned_page(read: PageBlocks, turn: int, page: pymupdf.Page) -> PageBlocks:
    """The page's blocks, read turned ``turn`` degrees, marked with the turn (as they were
    when ``turn`` is 0). A page the file itself turns (``/Rotate``) is rendered as shown, and
    its turn adds to the read's: the boxes go back onto the page as the file sets it, where a
    text layer's stand."""
    turn = (turn + page.rotation) % 360
    if turn not in _TURNS:
        return read
    rect = page.rect * page.derotation_matrix if page.rotation else page.rect
    return TurnedPage(
        read.blocks,
        read.height,
        read.sizes,
        read.hidden,
        read.figures,
        turn=turn,
        page_width=rect.width,
        page_height=rect.height,
    )


def unturn(
    box: tuple[float, float, float, float], turn: int, width: float, height: float
) -> tuple[float, float, float, float]:
    """A box of a page rendered turned ``turn`` degrees clockwise, on the page itself
    (``width`` by ``height`` points): the inverse of the render's turn (``render``)."""
    x0, y0, x1, y1 = box
    if turn == 90:  # the page's left edge became the top: x = y', y = height - x'
        return (y0, height - x1, y1, height - x0)
    if turn == 180:
        return (width - x1, height - y1, width - x0, height - y0)
    if turn == 270:  # its right edge became the top: x = width - y', y = x'
        return (width - y1, x0, width - y0, x1)
    return box


def unturned(boxes: tuple[LineBox, ...], pages: Sequence[PageBlocks | None]) -> tuple[LineBox, ...]:
    """The line boxes (page 1-based) with those of a turned page mapped back onto the page:
    a highlight drawn from them falls on the words where the page image shows them."""
    turned = {i + 1: p for i, p in enumerate(pages) if isinstance(p, TurnedPage)}
    if not turned:
        return boxes
    out = []
    for box in boxes:
        page = turned.get(box[2])
        if page is None:
            out.append(box)
            continue
        rect = unturn(box[3:], page.turn, page.page_width, page.page_height)
        out.append((box[0], box[1], box[2], *rect))
    return tuple(out)
