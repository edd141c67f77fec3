"""A document whose footnotes outweigh its body (a law review) keeps its body's size: a sentence
runs on across the page past the notes at its foot."""

from __future__ import annotations

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers import pdf_layout
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_notes import carry_notes

WORDS = [
    "alpha",
    "bravo",
    "charlie",
    "delta",
    "echo",
    "foxtrot",
    "golf",
    "hotel",
    "india",
    "juliet",
    "kilo",
    "lima",
]


def _filler(page: int, line: int) -> str:
    word = WORDS[(page * 7 + line) % len(WORDS)]
    return f"The {word} clause of page {page} line {line} reads on as it should here"


def _law_review(pages: int = 4, body_lines: int = 6, note_lines: int = 34) -> bytes:
    """Pages of 12 pt body over many more 9 pt notes; the body's last line on each page breaks
    a sentence off that the next page's first line ends."""
    doc = pymupdf.open()
    for number in range(1, pages + 1):
        page = doc.new_page(width=612, height=792)
        page.insert_text((250, 40), "LAW REVIEW", fontsize=10)  # a running head
        y = 90.0
        if number > 1:
            page.insert_text((72, y), "across the page break, past the notes.", fontsize=12)
            y += 16
        for k in range(body_lines):
            page.insert_text((72, y), _filler(number, k), fontsize=12)
            y += 16
        if number < pages:
            page.insert_text((72, y), "The body's sentence in the larger type runs on", fontsize=12)
            y += 16
        page.draw_line((72, y + 6), (200, y + 6))  # the note rule
        y += 20
        for k in range(note_lines):
            mark = f"{number * 10 + k}. " if k % 6 == 0 else ""
            text = f"{mark}See the note's authority {number}-{k}, cited at length in small type"
            page.insert_text((72, y), text, fontsize=9)
            y += 11
    return doc.tobytes()


def test_the_notes_outweigh_the_body_yet_a_sentence_runs_on_across_the_page() -> None:
    pdf = extract_pdf(_law_review())
    prepared = PreparedText(pdf.text, page_starts=pdf.page_starts, line_boxes=pdf.line_boxes)
    quote = "The body's sentence in the larger type runs on across the page break, past the notes."
    result = check_text(prepared, quote)
    assert result.status in (Status.EXACT, Status.NORMALIZED)
    match = result.matches[0]
    assert (match.page_start, match.page_end) == (1, 2)


def _pages(data: bytes) -> list[pdf_layout.PageBlocks]:
    doc = pymupdf.open(stream=data)
    return [pdf_layout.page_blocks(p.get_text("dict"), p.rect.height) for p in doc]


def test_the_body_size_is_the_pages_opening_type_not_the_notes() -> None:
    pages = _pages(_law_review())
    assert sum(n for s, n in pages[0].sizes if s == 9.0) > sum(
        n for s, n in pages[0].sizes if s == 12.0
    )  # the notes do outweigh the body
    assert pdf_layout.body_size(pages) == 12.0


def test_one_page_opening_larger_than_its_notes_is_not_enough() -> None:
    # two pages at least must open in the larger type over notes at their feet
    assert pdf_layout.body_size(_pages(_law_review(pages=1))) == 9.0


def _letter_with_methods() -> bytes:
    """Two pages of 12 pt body with a short 9 pt caption at the foot, then four pages of 9 pt
    Methods on their own: the small type is read as body."""
    doc = pymupdf.open()
    for number in range(1, 7):
        page = doc.new_page(width=612, height=792)
        size, lines = (12, 30) if number <= 2 else (9, 55)
        for k in range(lines):
            page.insert_text((72, 90 + (size + 4) * k), _filler(number, k), fontsize=size)
        if number <= 2:
            page.insert_text((72, 700), "Figure 1: a caption set small.", fontsize=9)
            page.insert_text((72, 711), "Its second line, set small too.", fontsize=9)
    return doc.tobytes()


def test_small_type_on_pages_of_its_own_stays_the_body() -> None:
    assert pdf_layout.body_size(_pages(_letter_with_methods())) == 9.0


def _note_over_the_break() -> bytes:
    """Page 1's last note breaks off after "234 N.W. 9, 10"; page 2's short body stands over
    its rest, "(Minn. 1930) ...", high on the page, then the page's own notes."""
    doc = pymupdf.open()
    for number in (1, 2):
        page = doc.new_page(width=612, height=792)
        page.insert_text((250, 40), "LAW REVIEW", fontsize=10)
        y = 90.0
        for k in range(3 if number == 2 else 6):
            page.insert_text((72, y), _filler(number, k), fontsize=12)
            y += 16
        page.draw_line((72, y + 6), (200, y + 6))
        y += 20
        if number == 2:
            page.insert_text(
                (72, y), "(Minn. 1930) (county attorney suspended for six months).", fontsize=9
            )
            y += 11
        for k in range(34):
            mark = f"{number * 10 + k}. " if k % 6 == 0 else ""
            text = f"{mark}See the note's authority {number}-{k}, cited at length in small type"
            page.insert_text((72, y), text, fontsize=9)
            y += 11
        if number == 1:
            page.insert_text((72, y), "6. In re Joyce, 234 N.W. 9, 10", fontsize=9)
    return doc.tobytes()


def test_a_note_runs_on_under_the_next_pages_body_high_on_the_page() -> None:
    pdf = extract_pdf(_note_over_the_break())
    prepared = PreparedText(pdf.text, page_starts=pdf.page_starts, line_boxes=pdf.line_boxes)
    result = check_text(prepared, "In re Joyce, 234 N.W. 9, 10 (Minn. 1930) (county attorney")
    assert result.status in (Status.EXACT, Status.NORMALIZED)
    match = result.matches[0]
    assert (match.page_start, match.page_end) == (1, 2)


def _aside(text: str, top: float) -> pdf_layout.Block:
    rect = (72.0, top, 540.0, top + 10)
    return pdf_layout.Block(rect, (pdf_layout.Line(text, rect),), 9.0, True)


def test_a_bracket_takes_a_notes_rest_only_when_an_abbreviation_opens_it() -> None:
    first = [_aside("6. In re Joyce, 234 N.W. 9, 10", 700.0)]
    cited = _aside("(Minn. 1930) (county attorney suspended for six months).", 600.0)
    table = _aside("(Additional file 1: Appendix 1, Section 2.1) and more", 600.0)
    moved = carry_notes([first, [cited]], [792.0, 792.0])
    assert [b.text for b, _ in moved[0]] == [first[0].text, cited.text]
    kept = carry_notes([first, [table]], [792.0, 792.0])
    assert [b.text for b, _ in kept[1]] == [table.text]


def test_a_notes_rest_high_on_the_page_is_taken_only_under_the_body() -> None:
    first = [_aside("6. In re Joyce, 234 N.W. 9, 10", 700.0)]
    rest = _aside("and the county attorney was suspended for six months.", 200.0)
    assert carry_notes([first, [rest]], [792.0, 792.0])[1]  # the lower half only, by default
    moved = carry_notes([first, [rest]], [792.0, 792.0], [792.0, 180.0])
    assert not moved[1]
