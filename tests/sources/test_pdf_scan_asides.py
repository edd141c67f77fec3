"""In a scan's OCR layer (sizes read off word boxes, a running head misread on one page), a
misread head, a chart's labels and a table's columns stand aside from a sentence that runs on
across them; in a text layer the same page is read as before."""

from __future__ import annotations

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_layout import Block, Line
from quote_tui.sources.readers.pdf_scan_asides import scan_asides

_PROSE = [
    "Many researchers have reported on the occurrence of gaps in freeway speed data",
    "and have suggested that discontinuous functions are necessary to describe the",
    "observed traffic behavior on the roads that were studied in the past years. They",
    "further assert that the two regions of flow form not a single downward",
]
_AFTER = [
    "concave curve but a shape like a mirror image of the Greek letter lambda, and",
    "both of the assertions are indeed consistent with the data they present here.",
]
_CROSSING = (
    "They further assert that the two regions of flow form not a single downward concave curve"
)


def _page(doc: pymupdf.Document, mode: int) -> pymupdf.Page:
    page = doc.new_page(width=595, height=842)
    pix = pymupdf.Pixmap(pymupdf.csGRAY, pymupdf.IRect(0, 0, 595, 842), False)
    pix.clear_with(255)
    page.insert_image(page.rect, pixmap=pix)
    return page


def _put(page: pymupdf.Page, lines: list[str], x: float, y: float, mode: int) -> float:
    for line in lines:
        page.insert_text((x, y), line, fontsize=10, render_mode=mode)
        y += 12
    return y


def _across_a_chart(mode: int) -> bytes:
    """Three pages under a running head, which the second page's OCR misread; a sentence runs
    from the foot of the first page over the second page's chart (its axis numbers and title)
    and the chart's caption."""
    doc = pymupdf.open()
    for number, head in enumerate(("F. L. HALL et al.", "E L. HALL et al.", "F. L. HALL et al.")):
        page = _page(doc, mode)
        page.insert_text((250, 40), head, fontsize=10, render_mode=mode)
        page.insert_text((60, 40), str(198 + number), fontsize=10, render_mode=mode)
        if number == 1:
            for y, label in ((120, "2400"), (200, "1800"), (280, "1200")):
                page.insert_text((100, y), label, fontsize=11, render_mode=mode)
            page.insert_text((250, 320), "DENSITY, k (veh/h)", fontsize=11, render_mode=mode)
            _put(page, ["Fig. 1. Typical flow-density data with gap."], 90, 350, mode)
            _put(page, _AFTER + _PROSE[:2], 60, 400, mode)
        else:
            _put(page, (_PROSE * 12)[: 40 if number == 0 else 20], 60, 300, mode)
    return doc.tobytes()


def _across_a_table(mode: int) -> bytes:
    """A sentence that runs on below a table of two columns set between its halves."""
    doc = pymupdf.open()
    page = _page(doc, mode)
    y = _put(page, _PROSE * 3, 60, 100, mode)
    y = _put(
        page,
        ["it is possible to use it in deducing the properties of programs; however,"],
        60,
        y,
        mode,
    )
    y += 20
    _put(page, ["A1 x+y=y+x", "A2 x*y=y*x", "A3 (x+y)+z=x+(y+z)"], 80, y, mode)
    y = _put(page, ["addition is commutative", "multiplication is commut-", "ative"], 260, y, mode)
    y += 20
    _put(
        page,
        [
            "these properties will not necessarily obtain, unless the program is",
            "executed on an implementation which satisfies the chosen axiom.",
        ]
        + _PROSE,
        60,
        y,
        mode,
    )
    return doc.tobytes()


_OVER_TABLE = "the properties of programs; however, these properties will not necessarily obtain"


def test_a_sentence_runs_on_over_a_misread_head_and_a_chart_in_a_scan() -> None:
    read = extract_pdf(_across_a_chart(mode=3))
    assert read.ocr
    result = check_text(PreparedText(read.text), _CROSSING)
    assert result.status in {Status.EXACT, Status.NORMALIZED}
    # the head and the chart stay in the checked text, beside the body
    assert "E L. HALL et al." in read.text and "DENSITY, k (veh/h)" in read.text


def test_a_sentence_runs_on_over_a_table_in_a_scan() -> None:
    read = extract_pdf(_across_a_table(mode=3))
    assert read.ocr
    assert check_text(PreparedText(read.text), _OVER_TABLE).status in {
        Status.EXACT,
        Status.NORMALIZED,
    }
    assert "addition is commutative" in read.text


def test_a_text_layer_keeps_them_in_the_body() -> None:
    # a text layer says which type each line is set in: the rules for OCR text stay out of it
    read = extract_pdf(_across_a_table(mode=0))
    assert not read.ocr
    assert check_text(PreparedText(read.text), _OVER_TABLE).status is Status.NOT_FOUND


def _across_a_note(mode: int) -> bytes:
    """Two columns; the left one ends mid-sentence above its footnote, set (as OCR sizes it)
    in the body's size, and the sentence goes on at the head of the right column."""
    doc = pymupdf.open()
    page = _page(doc, mode)
    left = ["The first requirement in valid reasoning", "about a program is to know the"] * 12
    y = _put(
        page,
        [*left, "properties of the elementary operations. From this incomplete set"],
        40,
        100,
        mode,
    )
    _put(page, ["* Department of Computer Science"], 40, y + 4, mode)
    right = ["of axioms it is possible to deduce such", "simple theorems as the ones below and"]
    _put(page, right * 13, 320, 100, mode)
    return doc.tobytes()


def test_a_sentence_runs_on_over_a_column_foot_note_in_a_scan() -> None:
    quote = "From this incomplete set of axioms it is possible to deduce such simple theorems"
    read = extract_pdf(_across_a_note(mode=3))
    assert read.ocr and "* Department of Computer Science" in read.text
    assert check_text(PreparedText(read.text), quote).status in {
        Status.EXACT,
        Status.NORMALIZED,
    }


def _block(text: str, rect: tuple[float, float, float, float]) -> Block:
    return Block(rect, (Line(text, rect),), 10.0, True)


def test_the_limits_of_a_misread_head_and_of_prose() -> None:
    heads = {"f. l. hall et al."}
    top = (240.0, 20.0, 310.0, 32.0)
    one_off = _block("E L. HALL ct al.", top)  # three characters of seventeen
    three_off = _block("E L. HELL ot al.", top)  # four: another head, or a title
    prose = _block("Density of flow", (200.0, 300.0, 300.0, 312.0))  # three words
    label = _block("Density (veh/h)", (200.0, 400.0, 300.0, 412.0))  # two
    main = [one_off, three_off, prose, label]
    edges = {id(one_off): 2, id(three_off): 2}
    kept, aside = scan_asides(main, [], edges, heads)
    assert [b.text for b in kept] == ["E L. HELL ot al.", "Density of flow"]
    assert {b.text for b in aside} == {"E L. HALL ct al.", "Density (veh/h)"}
