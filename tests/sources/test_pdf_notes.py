"""A footnote broken at a page's foot reads on into its second half at the next page's foot,
past the page's folio and the next page's body, as body text runs on across a page."""

from __future__ import annotations

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_layout import Block, Line
from quote_tui.sources.readers.pdf_notes import carry_notes

BODY = "A line of the body text runs across the page here, as it does in a thesis."


def _thesis(second_half: str) -> bytes:
    """Two pages of 12 pt body; a 9 pt note at page 1's foot breaks off, and ``second_half``
    stands at page 2's foot; a folio under each."""
    doc = pymupdf.open()
    for number in (1, 2):
        page = doc.new_page(width=595, height=842)
        for k in range(30):
            page.insert_text((70, 90 + 18 * k), f"{BODY} ({number}.{k})", fontsize=12)
        page.insert_text((290, 800), str(number + 3), fontsize=12)
    first, second = doc[0], doc[1]
    first.insert_text(
        (70, 700), "12. Lewis Carroll. Alice in Wonderland. New York, 2012.", fontsize=9
    )
    first.insert_text(
        (70, 712),
        "13. Philippe Hamon. Paris : Seuil, 1977 ; Philippe Hamon. Le personnel du",
        fontsize=9,
    )
    second.insert_text((70, 700), second_half, fontsize=9)
    return doc.tobytes()


def test_a_note_runs_on_to_its_second_half_on_the_next_page() -> None:
    pdf = extract_pdf(_thesis("roman : le système des personnages dans les Rougon-Macquart."))
    prepared = PreparedText(pdf.text, page_starts=pdf.page_starts, line_boxes=pdf.line_boxes)
    result = check_text(prepared, "Le personnel du roman : le système des personnages dans")
    assert result.status in (Status.EXACT, Status.NORMALIZED)
    match = result.matches[0]
    assert (match.page_start, match.page_end) == (1, 2)  # each half keeps its own page


def test_a_new_note_at_the_next_pages_foot_stays_on_its_page() -> None:
    pdf = extract_pdf(_thesis("14. Roman Jakobson. Essais de linguistique générale, 1963."))
    # the note broken off stays as it is, its page's folio after it
    assert "Le personnel du\n\n4\n" in pdf.text
    assert "\n\n14. Roman Jakobson" in pdf.text


def _quotation_over_the_notes() -> bytes:
    """A Word note's indented 10 pt quotation runs from page 1's foot to page 2's head; on
    page 1 MuPDF reads its lines and the 9 pt notes under them as one block."""
    doc = pymupdf.open()
    font = pymupdf.Font("helv")
    for _ in (1, 2):
        page = doc.new_page(width=595, height=842)
        for k in range(4):
            page.insert_text((71, 120 + 14 * k), f"{BODY} ({k})", fontsize=11, fontname="helv")
    writer = pymupdf.TextWriter(doc[0].rect)
    for x, y, size, text in (
        (105, 640, 10, "In operating their search service, the company is processing"),
        (105, 652, 10, "personal data and is acting as a data controller."),
        (71, 664, 9, "6  A footnote set small, as the notes of the page are."),
        (71, 675, 9, "7  Another footnote under it, set as small."),
    ):
        writer.append((x, y), text, font=font, fontsize=size)
    writer.write_text(doc[0])
    doc[1].insert_text((105, 80), "It is established in Spain.", fontsize=10, fontname="helv")
    return doc.tobytes()


def test_a_paragraph_merged_with_the_notes_under_it_stays_in_the_body() -> None:
    pdf = extract_pdf(_quotation_over_the_notes())
    quote = "and is acting as a data controller. It is established in Spain."
    result = check_text(PreparedText(pdf.text), quote)
    assert result.status is Status.NORMALIZED
    assert (
        result.matches[0].text
        == "and is acting as a data controller.\n\nIt is established in Spain."
    )
    # the notes are still read, after the body
    assert pdf.text.index("6  A footnote set small") > pdf.text.index("established in Spain")


def _note_in_the_body_size() -> bytes:
    """Two columns of 9 pt text; at the left column's foot a note in the same 9 pt, known only
    by its raised number, stands between a sentence's halves."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    font = pymupdf.Font("helv")
    writer = pymupdf.TextWriter(page.rect)
    line = "The columns of this paper are set in nine points."
    for k in range(30):
        writer.append((54, 80 + 11 * k), line, font=font, fontsize=9)
        writer.append((317, 80 + 11 * k + 330), line, font=font, fontsize=9)
    writer.append(
        (54, 420), "The ability to revoke data has consequences. First,", font=font, fontsize=9
    )
    writer.append((54, 431), "any notion of", font=font, fontsize=9)
    writer.append((54, 446), "1", font=font, fontsize=6)
    writer.append(
        (57.5, 449), "Technically, one can also need forgiveness for", font=font, fontsize=9
    )
    writer.append((54, 460), "thoughts; we focus on actions.", font=font, fontsize=9)
    writer.append((317, 80), "data provenance will be compromised.", font=font, fontsize=9)
    writer.write_text(page)
    return doc.tobytes()


def test_a_note_in_the_body_size_with_a_raised_number_leaves_the_column_break() -> None:
    pdf = extract_pdf(_note_in_the_body_size())
    result = check_text(PreparedText(pdf.text), "First, any notion of data provenance will be")
    assert result.status is Status.NORMALIZED
    assert result.matches[0].text == "First,\nany notion of\n\ndata provenance will be"


def test_a_captions_right_half_level_with_its_left_half_is_no_notes_second_half() -> None:
    # a journal's figure caption set in two columns at page 2's foot, under a page 1 whose
    # last aside (its footer) ends in a number: the caption's right half opens in lowercase,
    # level with its left half, and goes on the caption's sentence, not page 1's footer
    def block(text: str, rect: tuple[float, float, float, float]) -> Block:
        return Block(rect, (Line(text, rect),), 7.0, True)

    footer = block("June 2012 | Volume 6 | Article 80 | 1", (440, 744, 550, 751))
    left = block("FIGURE 1 | Example trials. If the balloon explodes", (52, 677.1, 292, 712))
    right = block("before the participant cashes out then nothing is won", (303, 677.0, 543, 712))
    sides = carry_notes([[footer], [left, right]], [792.0, 792.0])
    assert [b.text for b, _ in sides[1]] == [left.text, right.text]
