"""Three short columns side by side under a page-wide paragraph (a brochure's three figures,
each with its label and a caption of a few centred lines): the middle one stands centred on the
page, as an affiliation under a title does, and is read as a column of its own, its caption
whole, not half with the left column and half with the right."""

from __future__ import annotations

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf

_CAPTIONS = (
    ("2.5", ["carbon intensity from", "our operations in the", "region in 2022"]),
    (
        "1st",
        ["offshore platform engineer", "in the region was employed", "by our operations in 2020"],
    ),
    ("70%", ["of the region's power is", "produced by the two fields", "we run there as of 2022"]),
)


def _brochure() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((220, 80), "eastern region", fontsize=20)
    wide = "We are investing to grow in the region, offshore and on land, where production helps"
    for k in range(3):
        page.insert_text((54, 110 + 13 * k), wide, fontsize=10)
    for column, (figure, lines) in enumerate(_CAPTIONS):
        middle = 134 + 172 * column
        width = pymupdf.get_text_length(figure, fontsize=24)
        page.insert_text((middle - width / 2, 200), figure, fontsize=24)
        for k, line in enumerate(lines):
            width = pymupdf.get_text_length(line, fontsize=9)
            # the caption's lines set a little apart, as a brochure's blocks are
            page.insert_text((middle - width / 2, 230 + 16 * k), line, fontsize=9)
    for k in range(20):
        page.insert_text((54, 320 + 13 * k), wide, fontsize=10)
    return doc.tobytes()


def test_the_middle_column_of_three_centred_ones_reads_whole() -> None:
    text = extract_pdf(_brochure()).text
    quote = "offshore platform engineer in the region was employed by our operations in 2020"
    assert check_text(PreparedText(text), quote).status in {Status.EXACT, Status.NORMALIZED}
    left = "carbon intensity from our operations in the region in 2022"
    assert check_text(PreparedText(text), left).status in {Status.EXACT, Status.NORMALIZED}
