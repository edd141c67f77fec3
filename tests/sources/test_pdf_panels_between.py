"""A tinted panel of two columns at a page's head ("Research in context", The Lancet) between
a sentence's halves: the sentence broken at the page before's foot goes on under the panel,
with a number ("154 countries and was"), and the panel's own sentence goes on from its first
column into its second, in lowercase, which the body's broken sentence under it does not."""

from __future__ import annotations

import pymupdf

from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_flow_holes import lift_holes

_BODY = (
    "The study followed patients in every region over the period and recorded the outcomes "
    "of their care in hospital and in the community for each of the variants. "
) * 4
_PANEL = (
    "We searched the literature for studies of the severity of each variant and found that "
    "only one reported the risk of admission to hospital. "
) * 5


def _pages() -> bytes:
    doc = pymupdf.open()
    first = doc.new_page(width=595, height=800)
    first.insert_textbox(pymupdf.Rect(42, 60, 282, 700), _BODY * 3, fontsize=9)
    first.insert_textbox(pymupdf.Rect(310, 60, 550, 700), _BODY * 3, fontsize=9)
    first.insert_text((310, 712), "The variant was first reported last year in", fontsize=9)
    first.insert_text((310, 723), "the spring. This variant has been identified in", fontsize=9)
    page = doc.new_page(width=595, height=800)
    page.draw_rect(pymupdf.Rect(42, 60, 550, 330), color=None, fill=(0.85, 0.9, 0.95))
    page.insert_text((48, 76), "Research in context", fontsize=8.5, fontname="hebo")
    page.insert_textbox(
        pymupdf.Rect(48, 84, 282, 310),
        _PANEL + "This study included data on patients, confirmed",
        fontsize=8.5,
    )
    page.insert_textbox(
        pymupdf.Rect(316, 84, 546, 310), "by whole-genome sequencing. " + _PANEL, fontsize=8.5
    )
    page.insert_textbox(
        pymupdf.Rect(42, 345, 282, 760),
        "154 countries and was until recently the most prevalent lineage. "
        + _BODY * 2
        + "We assessed the risk following infection using",
        fontsize=9,
    )
    page.insert_textbox(
        pymupdf.Rect(310, 345, 550, 760),
        "a stratified analysis of the cases. " + _BODY * 2,
        fontsize=9,
    )
    return doc.tobytes()


def test_a_tinted_panel_between_a_sentences_halves_is_read_apart() -> None:
    text = " ".join(extract_pdf(_pages()).text.split())
    assert "identified in 154 countries and was" in text  # the body's sentence under the panel
    assert "infection using a stratified analysis" in text  # and past its second column
    assert "patients, confirmed by whole-genome sequencing" in text  # the panel's own, whole


def test_a_panels_second_column_in_lowercase_is_no_rest_of_the_bodys_sentence() -> None:
    from tests.sources.test_pdf_flow_holes import _Block, _Line

    def block(x: float, top: float, size: float, *texts: str) -> _Block:
        lines = tuple(
            _Line(t, (x, top + 12 * k, x + 200, top + 12 * k + 10)) for k, t in enumerate(texts)
        )
        return _Block((x, top, x + 200, top + 12 * len(texts) - 2), lines, size)

    # the body's left column broken at its foot; next in the flow, the panel's second column
    # (its own sentence going on, in lowercase, in the panel's smaller type); then the body's
    # right column going on with the broken sentence
    broken = block(
        40,
        500,
        9.0,
        "we assessed the risk of admission to hospital",
        "following the infection using",
    )
    panel = block(
        320, 80, 8.5, "by whole-genome sequencing, the largest study", "to date of the risk"
    )
    rest = block(
        320, 500, 9.0, "a stratified analysis of the cases in each", "region over the period"
    )
    tinted = [(310.0, 70.0, 540.0, 300.0)]
    [(kept, side)] = lift_holes([([broken, panel, rest], [])], lambda page: tinted)
    assert kept == [broken, rest] and side == [panel]
    # outside a tinted box, the same lowercase block goes on with the sentence, as before
    [(kept, side)] = lift_holes([([broken, panel, rest], [])], lambda page: [])
    assert kept == [broken, panel, rest] and side == []
