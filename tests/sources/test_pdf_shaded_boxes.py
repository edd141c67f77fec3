"""Tinted boxes between a sentence's halves: a journal sets "Main messages" at the first
column's foot and "Current research questions" at the second column's head, and a sentence
broken at the first column's foot goes on under the second box (``pdf_shaded_boxes``)."""

from __future__ import annotations

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf

_PARAGRAPH = (
    "All the trials took two weeks to eradicate the infection, but the time for iron "
    "supplementation varied from study to study, so we divided the studies into groups. "
) * 3
_BROKEN = "It turned out that the eight week group had a much better response than"
_REST = "the four week group. We suggest that further studies should be undertaken to"
_BULLETS = [
    "Eradication therapy with iron is more effective than iron alone for the treatment of",
    "anaemia in adults and in children of every age group seen in the trials.",
    "Refractory anaemia patients should be considered for assessment and treatment of",
    "the infection before any other therapy is begun, as the trials suggest.",
    "A strategy of population based screening and treatment for the infection is not",
    "currently recommended by any of the guidelines we have read for this review.",
]


def _box(page: pymupdf.Page, x: float, y: float, title: str) -> float:
    """A tinted box of a title and bullets at (x, y), 240 points wide; its foot's y."""
    height = 30 + 12 * len(_BULLETS)
    page.draw_rect(pymupdf.Rect(x, y, x + 240, y + height), color=None, fill=(0.9, 0.9, 0.9))
    page.insert_text((x + 6, y + 16), title, fontsize=10, fontname="hebo")
    for i, line in enumerate(_BULLETS):
        page.insert_text((x + 6, y + 32 + 12 * i), line[:54], fontsize=8.5, fontname="helv")
    return y + height


def _page() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    text = pymupdf.Rect(42, 60, 282, 560)
    page.insert_textbox(text, _PARAGRAPH * 3, fontsize=9, fontname="tiro")
    page.insert_text((42, 572), _BROKEN[:34], fontsize=9, fontname="tiro")
    page.insert_text((42, 583), _BROKEN[34:], fontsize=9, fontname="tiro")
    _box(page, 42, 600, "Main messages")
    foot = _box(page, 310, 60, "Current research questions")
    page.insert_textbox(
        pymupdf.Rect(310, foot + 14, 550, 800),
        _REST + " " + _PARAGRAPH * 2,
        fontsize=9,
        fontname="tiro",
    )
    return doc.tobytes()


def test_a_sentence_reads_on_past_tinted_boxes_between_its_halves() -> None:
    text = extract_pdf(_page()).text
    quote = f"{_BROKEN} {_REST}"
    assert check_text(PreparedText(text), quote).status in {Status.EXACT, Status.NORMALIZED}
    # the boxes are still read, among the page's asides
    assert check_text(PreparedText(text), _BULLETS[0][:54]).status is Status.EXACT
