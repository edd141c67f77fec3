"""Regions of a page read one after the other (``pdf_regions``): a boxed feature in three
columns over the chapter's two, an abstract in two columns over the paper's two, a photo's
caption set across a gutter inside the columns' flow, a box's heading and paragraphs over the
last two of three columns, and a running head among a small-type section's two columns."""

from __future__ import annotations

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_regions import bands

_FOUND = {Status.EXACT, Status.NORMALIZED}
_WORDS = [
    "river",
    "stone",
    "harbour",
    "lantern",
    "meadow",
    "copper",
    "violet",
    "orchard",
    "signal",
    "timber",
    "falcon",
    "quarry",
    "ember",
    "tide",
    "willow",
    "canvas",
    "marble",
    "thicket",
    "saddle",
    "beacon",
    "granite",
    "hollow",
    "pepper",
    "linen",
    "compass",
    "juniper",
    "ledger",
    "walnut",
    "fossil",
    "prairie",
    "anchor",
    "thistle",
    "cobalt",
    "basin",
    "ribbon",
    "summit",
]


def _line(seed: int, n: int) -> str:
    """A line of ``n`` words no other line repeats in the same order."""
    return " ".join(_WORDS[(seed * 7 + k * (seed % 5 + 1)) % len(_WORDS)] for k in range(n))


def _column(page: pymupdf.Page, x: float, top: float, lines: list[str], size: float = 10) -> None:
    for k, text in enumerate(lines):
        page.insert_text((x, top + size * 1.3 * k), text, fontsize=size)


def _found(pdf: bytes, quote: str) -> bool:
    return check_text(PreparedText(extract_pdf(pdf).text), quote).status in _FOUND


def test_a_three_column_region_over_a_two_column_one_reads_each_in_its_columns() -> None:
    # each region's gutters are covered by the other's lines: the page shows none
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for c, x in enumerate((54, 226, 398)):
        lines = [_line(10 * c + k, 4) for k in range(9)]
        if c == 0:
            lines[-1] = "whose measles victims had not been"
        if c == 1:
            lines[0] = "vaccinated even though they were old"
        # paragraphs parted at other heights in each column: blocks read top to bottom across
        # the page would interleave the columns
        _column(page, x, 80, lines[: 3 + c])
        _column(page, x, 80 + 13 * (3 + c) + 8, lines[3 + c :])
    for c, x in enumerate((54, 312)):
        lines = [_line(50 + 10 * c + k, 6) for k in range(12)]
        if c == 0:
            lines[-1] = "this text is about human biology and"
        if c == 1:
            lines[0] = "the molecules that make up our bodies"
        _column(page, x, 300, lines[: 4 + 3 * c])
        _column(page, x, 300 + 13 * (4 + 3 * c) + 8, lines[4 + 3 * c :])
    pdf = doc.tobytes()
    assert _found(pdf, "whose measles victims had not been vaccinated even though they were old")
    assert _found(pdf, "this text is about human biology and the molecules that make up our bodies")


def test_an_abstract_in_two_columns_over_the_papers_two_columns_reads_across_its_break() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for c, x in enumerate((54, 312)):
        lines = [_line(20 * c + k, 6) for k in range(4)]
        if c == 0:
            lines[-1] = "its crystal structure analysis"
        if c == 1:
            lines[0] = "reveals dimeric bicarbonate anions"
        _column(page, x, 80, lines)
        _column(page, x, 180, [_line(100 + 20 * c + k, 6) for k in range(30)])
    pdf = doc.tobytes()
    assert _found(pdf, "its crystal structure analysis reveals dimeric bicarbonate anions")


def test_an_abstract_two_lines_over_the_papers_columns_ending_and_starting_level() -> None:
    # J. Neurosci.: the abstract's columns end level, the paper's start level under them,
    # two lines' heights apart (less than the gap that parts regions otherwise)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for c, x in enumerate((54, 312)):
        _column(page, x, 80, [_line(20 * c + k, 6) for k in range(10)])
        lines = [_line(100 + 20 * c + k, 6) for k in range(30)]
        if c == 0:
            lines[-1] = "assumed implicitly that the posture of the hand"
        if c == 1:
            lines[0] = "would be correlated with this criterion"
        _column(page, x, 80 + 13 * 9 + 13 + 26, lines)
    pdf = doc.tobytes()
    quote = (
        "assumed implicitly that the posture of the hand would be correlated with this criterion"
    )
    assert _found(pdf, quote)


def test_a_caption_set_across_the_gutter_inside_the_columns_flow_is_read_after_them() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for c, x in enumerate((54, 312)):
        for k in range(30):
            y = 80 + 13 * k
            beside = 250 <= y <= 330  # the lines wrap round a photo across the gutter
            text = _line(30 * c + k, 3 if beside else 6)
            if c == 0 and k == 29:
                text = "nearly all of the victims had not"
            if c == 1 and k == 0:
                text = "been vaccinated in the first months"
            if c == 0 and k >= 20:  # the left column's last paragraph starts under the caption
                y += 8
            page.insert_text((x + (140 if beside and c == 1 else 0), y), text, fontsize=10)
    page.insert_text((230, 292), "A child receiving a vaccination.", fontsize=9.5)
    pdf = doc.tobytes()
    assert _found(pdf, "nearly all of the victims had not been vaccinated in the first months")


def test_a_box_heading_and_its_paragraphs_over_two_of_three_columns_follow_them() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _column(page, 54, 80, [_line(k, 4) for k in range(24)])
    middle = [_line(40 + k, 4) for k in range(8)]
    middle[-1] = "misinformation and fear allowed"
    _column(page, 226, 80, middle)
    right = [_line(60 + k, 4) for k in range(8)]
    right[0] = "preventable diseases to return"
    _column(page, 398, 80, right)
    page.insert_text((226, 200), "SUMMARY", fontsize=14)
    for k in range(3):  # bullets across the middle and right columns, their last line short
        _column(page, 226, 220 + 40 * k, [_line(80 + 3 * k, 9), _line(81 + 3 * k, 5)])
    pdf = doc.tobytes()
    assert _found(pdf, "misinformation and fear allowed preventable diseases to return")


def _small_type_section(head: str) -> bytes:
    doc = pymupdf.open()
    for p in range(3):
        page = doc.new_page(width=595, height=785)
        page.insert_text((402, 52), head, fontsize=8.5)
        if p < 2:
            for c, x in enumerate((47, 308)):
                _column(page, x, 80, [_line(200 + 40 * c + k, 7) for k in range(40)])
            continue
        for c, x in enumerate((47, 308)):  # Methods in small type, both columns
            lines = [_line(300 + 40 * c + k, 7) for k in range(40)]
            if c == 0:
                lines[-1] = "diluted in solvent from 60 umol/ml"
            if c == 1:
                lines[0] = "emulsions given by gastric gavage"
            _column(page, x, 72, lines, size=8.5)
    return doc.tobytes()


def test_a_running_head_stands_before_a_small_type_sections_columns() -> None:
    pdf = _small_type_section("M. Walley et al.    Inflammopharmacology")
    assert _found(pdf, "diluted in solvent from 60 umol/ml emulsions given by gastric gavage")


def test_a_one_column_page_is_one_band_between_its_paragraphs() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _column(page, 54, 80, [_line(k, 10) for k in range(10)])
    _column(page, 54, 260, [_line(20 + k, 10) for k in range(10)])
    read = extract_pdf(doc.tobytes()).text
    assert read.index(_line(9, 10)) < read.index(_line(20, 10))
    assert bands([]) == [[]]


def test_a_numbered_program_listing_atop_the_next_column_is_read_after_the_body() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    left = [_line(k, 6) for k in range(40)]
    left[-1] = "we evaluate our dynamic compiler based on"
    _column(page, 54, 80, left)
    code = ["for (var i = 2; i < 100; ++i) {", "if (!primes[i])", "continue;", "k += i;", "}"]
    for k, line in enumerate(code):
        page.insert_text((312, 80 + 12 * k), f"{k + 1} {line}", fontsize=9)
    right = [_line(60 + k, 6) for k in range(30)]
    right[0] = "a set of industry benchmarks and ends"
    _column(page, 312, 160, right)
    pdf = doc.tobytes()
    assert _found(pdf, "we evaluate our dynamic compiler based on a set of industry benchmarks")
    assert "for (var i = 2" in extract_pdf(pdf).text  # still read, after the body


def test_columns_that_end_apart_above_a_figure_in_each_run_on_under_them() -> None:
    # no text across the figures' height, but the columns end apart over them: each column
    # runs on under its own figure, as a reader reads it
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _column(page, 54, 80, [_line(k, 6) for k in range(8)])
    right = [_line(20 + k, 6) for k in range(14)]
    right[0] = "partition of the data for a feature"
    _column(page, 312, 80, right)
    left = [_line(40 + k, 6) for k in range(12)]
    left[-1] = "the average predictions across some"
    _column(page, 54, 420, left)
    _column(page, 312, 420, [_line(60 + k, 6) for k in range(12)])
    pdf = doc.tobytes()
    assert _found(pdf, "the average predictions across some partition of the data for a feature")


def test_a_line_level_with_a_manuscripts_last_line_number_stays_in_the_text() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    lines = [_line(k, 9) for k in range(30)]
    lines[-1] = "a recent assembly of the maize genotype"
    for k, text in enumerate(lines):
        page.insert_text((72, 120 + 21 * k), text, fontsize=12)
        page.insert_text((47, 120 + 21 * k), str(57 + k), fontsize=11)  # the line numbers
    text = extract_pdf(doc.tobytes()).text
    assert text.index("a recent assembly") < text.index(lines[0]) + 2000
    assert text.index(lines[-2]) < text.index("a recent assembly") < text.index("57")


def test_a_running_head_beside_its_folio_below_a_printers_margin_is_furniture() -> None:
    # a page with a printer's margin round it: the head and its folio stand under the top band
    # measured from the page's edge, level with each other
    doc = pymupdf.open()
    for p in range(2):
        page = doc.new_page(width=726, height=861)
        page.insert_text((49, 856), f"M01_BOOK_C01.indd   {32 + p}", fontsize=6)
        if p == 1:
            page.insert_text((414, 83), "CHAPTER 1 Human Biology, Science, and Society", fontsize=9)
            page.insert_text((646, 83), "33", fontsize=10)
        lines = [_line(30 * p + k, 8) for k in range(40)]
        if p == 0:
            lines[-1] = "today's parents were born after the"
        else:
            lines[0] = "scourge of polio for example and so"
        _column(page, 99, 118, lines)
    pdf = doc.tobytes()
    assert _found(pdf, "today's parents were born after the scourge of polio for example")
