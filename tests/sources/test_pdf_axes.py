"""A chart set a point under the body's size, its numbers each a block of its own, between the
halves of a sentence that runs on to the next page: its axes, legend and title are set aside,
and a caption MuPDF parted at a formula's sign reads as one aside."""

from __future__ import annotations

import pymupdf
import pytest

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers import pdf
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_aside_runs import grow_asides
from quote_tui.sources.readers.pdf_layout import Block, Line

_LINE = "The error rates of the estimator are shown to be"


def _chart_page(ticks: list[str]) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k in range(52):
        page.insert_text((55, 80 + 12 * k), _LINE, fontsize=10)
    page.insert_text((55, 80 + 12 * 52), "and a sparse matrix can be recovered", fontsize=10)
    page = doc.new_page(width=612, height=792)
    page.insert_text((125, 76), "Inverse squared error versus d", fontsize=9)
    for k, tick in enumerate(ticks):  # the y-axis, right-aligned at x = 107
        width = pymupdf.get_text_length(tick, fontsize=9)
        page.insert_text((107 - width, 230 - 20 * k), tick, fontsize=9)
    for k, tick in enumerate(["100", "200", "300", "400", "500"]):  # the x-axis
        page.insert_text((100 + 40 * k, 250), tick, fontsize=9)
    page.insert_text((230, 220), "r = 10", fontsize=9)
    page.insert_text((70, 280), "Figure 4. Plot of the inverse squared error.", fontsize=9)
    page.insert_text(
        (55, 320), "from the noisy sum. The results apply to broad classes", fontsize=10
    )
    for k in range(30):
        page.insert_text((55, 332 + 12 * k), _LINE, fontsize=10)
    return doc.tobytes()  # fmt: skip


def test_a_charts_axes_legend_and_title_are_set_aside() -> None:
    ticks = ["0.04", "0.05", "0.06", "0.07", "0.08", "0.09", "0.10", "0.11"]
    read = extract_pdf(_chart_page(ticks))
    assert "can be recovered\n\nfrom the noisy sum" in read.text
    quote = "a sparse matrix can be recovered from the noisy sum"
    assert check_text(PreparedText(read.text), quote).status is Status.NORMALIZED
    assert "0.07" in read.text and "r = 10" in read.text  # among the asides


def test_three_numbers_make_no_axis(monkeypatch: pytest.MonkeyPatch) -> None:
    # the sentence alone reads past the chart (``pdf_flow_holes``): left out, the axes' own
    # rule is what is tested
    monkeypatch.setattr(pdf, "lift_holes", lambda split, shaded=None: split)
    read = extract_pdf(_chart_page(["0.04", "0.05", "0.06"]))
    assert "can be recovered\n\nfrom the noisy sum" not in read.text


def test_a_sentence_reads_past_a_chart_whose_axes_are_too_short_to_tell() -> None:
    read = extract_pdf(_chart_page(["0.04", "0.05", "0.06"]))
    assert "can be recovered\n\nfrom the noisy sum" in read.text


def test_a_caption_parted_at_a_formulas_sign_runs_on() -> None:
    def block(y0: float, y1: float, x0: float = 70.0) -> Block:
        return Block((x0, y0, 274.0, y1), (Line("words", (x0, y0, 274.0, y1)),), 9.0, True)

    caption, sign, rest = block(261, 291), block(274, 289, 124.0), block(282, 319)
    flags = [True, True, False]
    grow_asides([caption, sign, rest], flags, 9.6)
    assert flags == [True, True, True]
    # a block level with the aside's top, beside it, does not run on from it
    beside = block(262, 300)
    flags = [True, False]
    grow_asides([caption, beside], flags, 9.6)
    assert flags == [True, False]
