"""Page furniture on pages with wide margins: running heads and page numbers a little inside the
page, which the top and bottom bands alone miss; and a read leaves the garbage collector as it
found it."""

from __future__ import annotations

import gc

import pymupdf
import pytest

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.errors import SourceError
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import PdfText, extract_pdf

FIRST = "the last sentence of this page goes from its foot"
SECOND = "on to the head of the next page without a break."


def _prepared(pdf: PdfText) -> PreparedText:
    return PreparedText(pdf.text, page_starts=pdf.page_starts, line_boxes=pdf.line_boxes)


def _wide_margins() -> bytes:
    """Two A4 pages whose running head and "Page N of 2" stand inside 9-15% of the height."""
    doc = pymupdf.open()
    for number in (1, 2):
        page = doc.new_page(width=595, height=842)
        page.insert_text((90, 105), "Junior Seminar", fontsize=11)  # 12% from the top
        page.insert_text((430, 105), "St. John's College", fontsize=11)
        page.insert_text((260, 750), f"Page {number} of 2", fontsize=11)  # 89%
    first, second = doc[0], doc[1]
    first.insert_text((90, 140), "An opening line of body text on the first page.", fontsize=11)
    first.insert_text((90, 700), FIRST, fontsize=11)
    second.insert_text((90, 140), SECOND, fontsize=11)
    second.insert_text((90, 154), "And the body goes on below it as before.", fontsize=11)
    return doc.tobytes()


def test_heads_and_page_numbers_inside_wide_margins_stay_out_of_the_body() -> None:
    pdf = extract_pdf(_wide_margins())
    result = check_text(_prepared(pdf), f"{FIRST} {SECOND}")
    assert result.status is Status.NORMALIZED, pdf.text
    match = result.matches[0]
    assert match.text.startswith(FIRST) and match.text.endswith(SECOND)
    assert (match.page_start, match.page_end) == (1, 2)
    body_end = pdf.text.index("as before.")
    for words in ("Junior Seminar", "Page 1 of 2", "St. John's College"):
        assert pdf.text.index(words) > body_end, words


def test_an_outermost_block_that_does_not_repeat_stays_in_the_body() -> None:
    # the first body line stands inside the wider band with nothing above it, on one page only
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((90, 105), "A line that opens the page and is body text.", fontsize=11)
    page.insert_text((90, 119), "Its second line follows it closely.", fontsize=11)
    page.insert_text((90, 400), "More body text further down the page.", fontsize=11)
    text = extract_pdf(doc.tobytes()).text
    assert text.index("A line that opens") < text.index("More body text"), text


def test_a_chapter_heading_at_the_top_of_some_pages_stays_in_the_body() -> None:
    # "Chapter N" opens two of six pages, outermost inside the wider band: a heading, not a
    # running head, so it stays where it is read
    doc = pymupdf.open()
    for number in range(1, 7):
        page = doc.new_page(width=595, height=842)
        top = 140
        if number in (1, 4):
            page.insert_text((250, 105), f"Chapter {1 if number == 1 else 2}", fontsize=14)
        page.insert_text(
            (90, top), f"The body of page {number} begins here and runs on.", fontsize=11
        )
        page.insert_text((90, top + 14), "It has a second line as well.", fontsize=11)
    text = extract_pdf(doc.tobytes()).text
    assert text.index("page 3 begins") < text.index("Chapter 2") < text.index("page 4 begins")


def test_the_collector_is_back_on_after_a_read_and_after_a_failed_one() -> None:
    assert gc.isenabled()
    extract_pdf(_wide_margins())
    assert gc.isenabled()
    with pytest.raises(SourceError):
        extract_pdf(b"not a pdf at all")
    assert gc.isenabled()
    gc.disable()
    try:
        extract_pdf(_wide_margins())
        assert not gc.isenabled()  # a caller that had it off keeps it off
    finally:
        gc.enable()


def _chapter_with_running_heads() -> bytes:
    """A thesis's chapter: its heading on page 1, then running heads a little inside the page
    that name the chapter ("1. INTRODUCTION") and the section ("1.1 SCOPE"), each once."""
    doc = pymupdf.open()
    for _ in range(3):
        doc.new_page(width=595, height=842)
    one, two, three = doc[0], doc[1], doc[2]
    one.insert_text((90, 200), "Introduction", fontsize=25)
    one.insert_text((90, 260), "The chapter opens on this page and says little.", fontsize=11)
    two.insert_text((60, 108), "1. INTRODUCTION", fontsize=11)  # 13% from the top
    two.insert_text((90, 160), "1.1 Scope", fontsize=14.5)
    two.insert_text((90, 190), "A paragraph of the section stands here.", fontsize=11)
    two.insert_text((90, 700), FIRST, fontsize=11)
    three.insert_text((420, 108), "1.1 SCOPE", fontsize=11)
    three.insert_text((90, 160), SECOND, fontsize=11)
    for page, number in ((one, 1), (two, 2), (three, 3)):
        page.insert_text((290, 800), str(number), fontsize=11)
    return doc.tobytes()


def test_a_running_head_naming_a_heading_stays_out_of_a_sentence_across_pages() -> None:
    pdf = extract_pdf(_chapter_with_running_heads())
    result = check_text(_prepared(pdf), f"{FIRST} {SECOND}")
    assert result.status is Status.NORMALIZED
    assert result.matches[0].text == f"{FIRST}\n\n{SECOND}"
    # the heads are still in the text, after the body; the section's heading stays in it
    body_end = pdf.text.index(SECOND) + len(SECOND)
    assert pdf.text.index("1. INTRODUCTION") > body_end
    assert pdf.text.index("1.1 SCOPE") > body_end
    assert pdf.text.index("1.1 Scope") < body_end


def test_a_running_head_naming_a_heading_set_over_two_lines_stays_out_of_the_body() -> None:
    # a Facharbeit's chapter title, too long for a line, is set over two in its heading and
    # on one in the running head of the chapter's pages
    doc = pymupdf.open()
    for _ in range(3):
        doc.new_page(width=595, height=842)
    one, two, three = doc[0], doc[1], doc[2]
    one.insert_text((85, 150), "4. Augmented Reality - Zukunft von", fontsize=17)
    one.insert_text((85, 170), "Visualisationssystemen?", fontsize=17)
    one.insert_text((85, 210), "The chapter opens on this page and says little.", fontsize=12)
    head = "4. Augmented Reality - Zukunft von Visualisationssystemen?"
    for page in (two, three):
        page.insert_text((153, 75), head, fontsize=12)  # 9% from the top
    two.insert_text((85, 120), "A paragraph of the chapter stands here.", fontsize=12)
    two.insert_text((85, 700), FIRST, fontsize=12)
    three.insert_text((85, 120), SECOND, fontsize=12)
    for _ in range(5):  # the chapters after it, their heads their own: this one's stands twice
        doc.new_page(width=595, height=842).insert_text((85, 120), SECOND, fontsize=12)
    for number, page in enumerate(doc, start=1):
        page.insert_text((290, 800), str(number), fontsize=11)
    pdf = extract_pdf(doc.tobytes())
    result = check_text(_prepared(pdf), f"{FIRST} {SECOND}")
    assert result.status is Status.NORMALIZED
    assert result.matches[0].text == f"{FIRST}\n\n{SECOND}"
    assert pdf.text.index(head) > pdf.text.index(SECOND)  # after the body, with the asides


def test_a_title_once_over_a_heading_set_over_two_lines_is_no_running_head() -> None:
    from quote_tui.sources.readers.pdf_heads import titled_heads

    heading = ("Can We Be Justified in Believing\nthat Humans Are Irrational?", 17.0)
    title = ("Can We Be Justified in Believing that Humans Are Irrational?", 12.0)
    assert titled_heads([title], [heading]) == []  # a JSTOR cover's title, once
    assert titled_heads([title, title], [heading]) == [title[0]] * 2  # a chapter's running head
    assert titled_heads([title], [(title[0], 17.0)]) == [title[0]]  # a heading on one line
