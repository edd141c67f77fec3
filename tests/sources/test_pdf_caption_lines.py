"""A table's caption MuPDF read as the last lines of the paragraph over it (set close under
the paragraph, in a smaller type) is split off and set aside with the table, so a sentence
running on under the table reads past it (a Word journal's page: Dhaka Univ. J. Pharm. Sci.)."""

from __future__ import annotations

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf

_ABOVE = [
    "In the antimicrobial screening, the extractives of",
    "the plant were found insensitive to microbial",
    "growth (data not shown). However, in case of brine",
    "shrimp lethality bioassay, the lethality of the",
    "fractions was determined on A. salina. Table 1 shows",
    "the results of the brine shrimp lethality testing after",
]
_BELOW = [
    "24 hours of exposure to the samples and the positive",
    "control, vincristine sulphate (VS). The LC50 obtained",
    "from the best-fit line slope were found to be 2.17.",
]
_CAPTION = ["Table 1. LC50 data of the plant's extractives and vincristine", "sulfate"]


def _page() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 60.0
    for line in _ABOVE * 5:
        page.insert_text((81, y), line, fontsize=10, fontname="tiro")
        y += 14
    y -= 3  # the caption set close under the paragraph
    for line in _CAPTION:
        page.insert_text((81, y), line, fontsize=8, fontname="tibo")
        y += 9.5
    for cells in (("Samples", "LC50 (ug/ml)"), ("VS", "0.28 ± 1.25"), ("HF", "2.17 ± 1.30")):
        page.insert_text((124, y + 4), cells[0], fontsize=8, fontname="tiro")
        page.insert_text((200, y + 4), cells[1], fontsize=8, fontname="tiro")
        y += 13
    y += 14
    for line in _BELOW:
        page.insert_text((81, y), line, fontsize=10, fontname="tiro")
        y += 14
    return doc.tobytes()


def test_a_caption_read_into_the_paragraph_over_it_is_set_aside() -> None:
    read = extract_pdf(_page())
    quote = f"{_ABOVE[-1]} {_BELOW[0]}"
    assert check_text(PreparedText(read.text), quote).status in {
        Status.EXACT,
        Status.NORMALIZED,
    }
    caption = " ".join(_CAPTION)
    assert check_text(PreparedText(read.text), caption).status in {
        Status.EXACT,
        Status.NORMALIZED,
    }
