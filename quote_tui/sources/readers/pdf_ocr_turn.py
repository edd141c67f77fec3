"""A scan set sideways or upside down on its page, told and turned before it is read.

A book photographed or scanned across its spread often comes out turned a quarter: its lines
run up the page. Tesseract's automatic page segmentation reads such a page line by line upside
down ("uapusuusIg" for "brennenden"), at a mean word confidence near 30 where a page of print
reads at 75 to 95, or turned the other way, line by line sideways and out of order. So a page
read that unsure, or mostly sideways, is shown to Tesseract's orientation detection
(``--psm 0``, its ``osd`` data), and where it names a turn with some confidence the page is
rendered turned upright and read again; the reading Tesseract is surer of is kept.
"""

from __future__ import annotations

import re
from pathlib import Path

import pymupdf

from quote_tui.sources.readers.pdf_ocr_tesseract import render, tesseract_run

__all__ = ["SIDEWAYS", "UNSURE", "page_turn"]

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
