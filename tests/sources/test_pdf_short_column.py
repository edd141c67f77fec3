"""A column of a few lines beside a full one (a paper's last page, its other column the
reference list) is read as a column: the share of the full column's cover hid its gutter, and
the two columns' lines were read in one run, top to bottom."""

from __future__ import annotations

import pymupdf

from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_gutters import beside
from quote_tui.sources.readers.pdf_layout import page_blocks

_LEFT = (
    "the social curiosity methods show overall robust performance.",
    "Let us analyze the impact of degree on the recommendation results in each group. " * 6,
    "This paper takes a psychologically inspired view to recommend interesting items. " * 12,
)
_RIGHT = (
    "precision, coverage and diversity in comparison with other state-of-the-art methods "
    "as the tables show.",
    "This research is supported by the National Research Foundation under its initiative.",
)


def _last_page(right: tuple[str, ...]) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for text, (top, foot) in zip(_LEFT, [(66, 99), (101, 300), (310, 700)], strict=True):
        page.insert_textbox(pymupdf.Rect(60, top, 296, foot), text, fontsize=10)
    for text, (top, foot) in zip(right, [(70, 110), (140, 180)], strict=False):
        page.insert_textbox(pymupdf.Rect(314, top, 551, foot), text, fontsize=10)
    return doc.tobytes()


def test_a_column_of_a_few_lines_beside_a_full_one_is_read_as_a_column() -> None:
    text = " ".join(extract_pdf(_last_page(_RIGHT)).text.split())
    # the full column whole, its paragraphs not parted by the short column's, then that one
    column = " ".join(" ".join(_LEFT).split())
    assert text == f"{column} {' '.join(_RIGHT)}"
    # a line or two beside the column is no column (a label, a page number), and lines above
    # or below the column's, not level with them, stand in no column beside it
    doc = pymupdf.open(stream=_last_page(_RIGHT))
    page = page_blocks(doc[0].get_text("dict"), doc[0].rect.height)
    blocks = list(page.blocks)
    assert beside(blocks, [(297.0, 313.0)]) == [(297.0, 313.0)]
    assert beside(blocks[:-1], [(297.0, 313.0)]) == []  # the right column's first block alone
    below = [b for b in blocks if b.rect[0] < 297 and b.rect[1] > 200]
    assert beside([*below, *blocks[-2:]], [(297.0, 313.0)]) == []
