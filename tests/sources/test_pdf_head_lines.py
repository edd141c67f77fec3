"""Running heads in a scan's OCR layer: their folios read with I for 1 and spaced digits ("III4
JOURNAL OF POLITICAL ECONOMY", "I I I 6 JOURNAL ...") still repeat, and a head OCR set in one
block with the lines under it is split off: a sentence over the page break reads past it."""

from __future__ import annotations

import textwrap

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_head_lines import mask

_TEXT = " ".join(
    f"In the year {1800 + i} the herdsmen of the valley counted {7 * i + 3} cattle on the "
    f"common land, and the grass of field number {i} grew back."
    for i in range(80)
)
_LINES = textwrap.wrap(_TEXT, 80)
_HEADS = [
    "III4 JOURNAL OF POLITICAL ECONOMY",
    "I I I 6 JOURNAL OF POLITICAL ECONOMY",
    "ii i8 JOURNAL OF POLITICAL ECONOMY",
    "I I20 JOURNAL OF POLITICAL ECONOMY",
]
_MERGED = 2
"""The page whose head OCR read into the block under it; the others stand apart."""
_PER_PAGE = 40


def _scan() -> bytes:
    doc = pymupdf.open()
    pix = pymupdf.Pixmap(pymupdf.csGRAY, pymupdf.IRect(0, 0, 850, 1100), False)
    pix.clear_with(255)
    for number, head in enumerate(_HEADS):
        page = doc.new_page(width=612, height=792)
        page.insert_image(page.rect, pixmap=pix)
        # one head stands a line above the text, close enough to be read into its block
        page.insert_text((72, 50 if number == _MERGED else 30), head, fontsize=10, render_mode=3)
        for i, line in enumerate(_LINES[number * _PER_PAGE : (number + 1) * _PER_PAGE]):
            page.insert_text((72, 63 + 13 * i), line, fontsize=10, render_mode=3)
    return doc.tobytes()


def test_an_ocr_read_folio_is_masked_as_a_number() -> None:
    assert {mask(head) for head in _HEADS} == {"# journal of political economy"}
    assert mask("1114 JOURNAL OF POLITICAL ECONOMY") == "# journal of political economy"
    assert mask("Chapter III") == "chapter iii"  # no digit: a word, not a folio
    # other digits OCR reads as letters: "291" as "2gi", "301" as "3OI" (Gentzen 1964, JSTOR)
    heads = (
        "INVESTIGATIONS INTO LOGICAL DEDUCTION 2gi",
        "INVESTIGATIONS INTO LOGICAL DEDUCTION 3OI",
    )
    assert {mask(head) for head in heads} == {"investigations into logical deduction #"}
    assert mask("WHAT A GOOD HEAD IS") == "what a good head is"  # a word stays a word


def test_a_head_read_into_the_block_under_it_stays_out_of_the_sentence() -> None:
    read = extract_pdf(_scan())
    assert read.ocr
    start = read.page_starts[_MERGED]
    assert not read.text[start:].lstrip().startswith(_HEADS[_MERGED])
    assert _HEADS[_MERGED] in read.text  # among the asides
    quote = f"{_LINES[_MERGED * _PER_PAGE - 1]} {_LINES[_MERGED * _PER_PAGE]}"
    result = check_text(PreparedText(read.text), quote)
    assert result.status in (Status.EXACT, Status.NORMALIZED)
    assert any(m.start < start < m.end for m in result.matches)


def test_heads_that_change_by_section_are_told_by_their_place() -> None:
    """A brochure's head names each section ("Freight", "Passengers", ...), so no text repeats
    on many pages; standing at one height and in one size on every page, it is still a head."""
    sections = ["Freight", "Passengers", "Roads and rails", "Emissions", "Accidents"]
    doc = pymupdf.open()
    for number, section in enumerate(sections):
        page = doc.new_page(width=595, height=420)
        width = pymupdf.get_text_length(section, fontsize=13.5)
        page.insert_text((575 - width, 42), section, fontsize=13.5)
        for i, line in enumerate(_LINES[number * 20 : (number + 1) * 20]):
            page.insert_text((40, 80 + 13 * i), line, fontsize=9)
    read = extract_pdf(doc.tobytes())
    start = read.page_starts[3]
    assert read.text[start:].lstrip().startswith(_LINES[60])
    quote = f"{_LINES[59]} {_LINES[60]}"
    result = check_text(PreparedText(read.text), quote)
    assert any(m.start < start < m.end for m in result.matches)


def _two_columns(feet: dict[int, str], opening: str) -> bytes:
    """Four pages of two columns, each column's last line at one height; ``feet``: per page,
    an equation's number set alone at the right column's foot; page 1's right column ends
    with ``opening``, the first line of a paragraph that goes on at page 2's top."""
    words = iter(_TEXT.split() * 4)
    doc = pymupdf.open()
    for number in range(4):
        page = doc.new_page(width=612, height=792)
        page.insert_text((49, 30), "IEEE TRANSACTIONS ON THINGS, VOL. 1, 2018", fontsize=7)
        page.insert_text((560, 30), str(number + 1), fontsize=7)
        lines = (48, 44) if number in feet or number == 0 else (48, 48)
        if number == 0:  # the title across both columns
            page.insert_text((49, 60), "A Fast Solution for Things and Attitudes", fontsize=24)
        for column, x in enumerate((49, 312)):
            for i in range(lines[column]):
                line = " ".join(next(words) for _ in range(8))
                page.insert_text((x, 80 + 13.9 * i), line, fontsize=10)
        if number in feet:
            page.insert_text((540, 80 + 13.9 * 47), feet[number], fontsize=10)
        elif number == 0:
            page.insert_text((322, 80 + 13.9 * 47), opening, fontsize=10)
    return doc.tobytes()


def test_equation_numbers_at_a_column_foot_make_no_head_of_a_line_there() -> None:
    """A two-column paper sets an equation's number ("(13)") at the foot of a column on
    several pages, each at the height of the column's last line; a paragraph's first line
    standing alone at that height on page 1 ("This paper is organized as follows: Section II
    states the", IEEE) is no running head, and the sentence reads on onto page 2."""
    opening = "This paper is organized as follows: Section two states the"
    pdf = _two_columns({1: "(13)", 2: "(26)", 3: "(31)"}, opening)
    read = extract_pdf(pdf)
    assert opening in read.text[: read.page_starts[1]]
    quote = f"{opening} {' '.join(read.text[read.page_starts[1] :].split()[:6])}"
    result = check_text(PreparedText(read.text), quote)
    assert result.status in (Status.EXACT, Status.NORMALIZED)
