"""A justified line in a narrow column beside an illustration, its spaces stretched past an em
(a seminar paper's text wrapped beside a picture), is read as one line: MuPDF reads its words
as pieces side by side, and a short one ("and") was set aside as a figure's label."""

from __future__ import annotations

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_layout import Block, Line
from quote_tui.sources.readers.pdf_word_rows import join_stretched_rows

_LEFT, _RIGHT = 99.0, 253.0
_ROWS = [
    ["According to Rush’s Moral and"],
    ["Physical", "Thermometer,", "beer"],
    ["and", "wine had a positive and"],
    ["healthy effects. Ardent spirits"],
    ["and", "intemperance,", "however,"],
    ["would lead to various vices and"],
]


def _page() -> bytes:
    """A narrow column, justified, beside a drawn picture; full-width lines above and below."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    font = pymupdf.Font("tiro")
    writer = pymupdf.TextWriter(page.rect)
    for i in range(6):
        writer.append(
            (_LEFT, 100 + 22 * i),
            "One of the first to advocate moderation in drinking was a doctor.",
            font=font,
            fontsize=12,
        )
    y = 100 + 22 * 6
    for k, pieces in enumerate(_ROWS):
        widths = [font.text_length(p, fontsize=12) for p in pieces]
        gap = (_RIGHT - _LEFT - sum(widths)) / max(len(pieces) - 1, 1)
        x = _LEFT
        for piece, width in zip(pieces, widths, strict=True):
            if len(pieces) == 1:  # a line read whole: its spaces stretched to the column
                words = piece.split()
                space = _RIGHT - _LEFT - sum(font.text_length(w, fontsize=12) for w in words)
                space /= len(words) - 1
                for word in words:
                    writer.append((x, y + 22 * k), word, font=font, fontsize=12)
                    x += font.text_length(word, fontsize=12) + space
                continue
            writer.append((x, y + 22 * k), piece, font=font, fontsize=12)
            x += width + gap
    writer.write_text(page)
    page.draw_rect(
        pymupdf.Rect(290, y - 12, 524, y + 22 * 6), color=(0, 0, 0), fill=(0.5, 0.5, 0.5)
    )
    return doc.tobytes()


def test_a_stretched_justified_line_beside_a_picture_is_read_whole() -> None:
    text = extract_pdf(_page()).text
    assert "Physical Thermometer, beer\n\nand wine had a positive and" in text
    quote = "Moral and Physical Thermometer, beer and wine had a positive and healthy effects."
    assert check_text(PreparedText(text), quote).status in {Status.EXACT, Status.NORMALIZED}


def _piece(text: str, x0: float, x1: float, y: float) -> Block:
    rect = (x0, y, x1, y + 12.0)
    return Block(rect, (Line(text, rect),), 12.0, True)


def test_a_tables_cells_with_no_line_as_wide_beside_them_stay_apart() -> None:
    rows = [
        [_piece("Water", 99, 130, 100 + 14 * k), _piece("Health", 150, 190, 100 + 14 * k)]
        for k in range(4)
    ]
    blocks = [b for row in rows for b in row]
    out = join_stretched_rows(blocks, lambda rect, lines, size: Block(rect, lines, size, True))
    assert len(out) == len(blocks)


def test_a_row_as_wide_as_the_line_under_it_is_one_line() -> None:
    row = [_piece("and", 99, 116.5, 100), _piece("wine had positive and", 127, 252.3, 100)]
    under = _piece("healthy effects. Ardent spirits", 99.2, 253, 122)
    out = join_stretched_rows(
        [*row, under], lambda rect, lines, size: Block(rect, lines, size, True)
    )
    assert [b.text for b in out] == ["and wine had positive and", under.text]
