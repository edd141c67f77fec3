"""Raised marks the reader keeps apart from their word: a footnote number a word processor sets
nearly in the text's size ("Wiki-pedia¹" at 9 points in a 10-point line), and citation numbers
in a list glued to a comma ("suggested,¹˒⁶ and")."""

from __future__ import annotations

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf

_FOUND = {Status.EXACT, Status.NORMALIZED}


def _line(pieces: list[tuple[str, float, float]]) -> bytes:
    """A page with filler lines and one line of (text, size, rise) pieces."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    font = pymupdf.Font("tiro")
    writer = pymupdf.TextWriter(page.rect)
    for k in range(10):
        writer.append(
            (72, 100 + 13 * k), f"filler line {k} of the paragraph", font=font, fontsize=10
        )
    x = 72.0
    for text, size, rise in pieces:
        writer.append((x, 300 - rise), text, font=font, fontsize=size)
        x = writer.last_point.x
    writer.write_text(page)
    return doc.tobytes()


def _status(pdf: bytes, quote: str) -> Status:
    return check_text(PreparedText(extract_pdf(pdf).text), quote).status


def test_a_footnote_number_raised_nearly_in_the_texts_size_is_kept_apart() -> None:
    pdf = _line(
        [("to search for answers in Wikipedia", 10, 0), ("1", 9, 3), (" as a corpus", 10, 0)]
    )
    assert "Wikipedia\u200b1" in extract_pdf(pdf).text
    assert _status(pdf, "to search for answers in Wikipedia as a corpus") in _FOUND


def test_a_number_in_the_texts_own_size_stays_a_word() -> None:
    pdf = _line([("the value rose to 4", 10, 0), ("1", 10, 0), (" units", 10, 0)])
    assert "to 41 units" in extract_pdf(pdf).text


def test_a_raised_list_of_citation_numbers_glued_to_a_comma_is_kept_apart() -> None:
    pdf = _line(
        [("as previously suggested,", 10, 0), ("1,6", 7, 3), (" and that the Cr is grown", 10, 0)]
    )
    assert "suggested,\u200b1,6 and" in extract_pdf(pdf).text
    assert _status(pdf, "as previously suggested, and that the Cr is grown") in _FOUND


def test_one_raised_number_after_a_comma_stays_as_printed() -> None:
    pdf = _line([("we release S2ORC,", 10, 0), ("1", 7, 3), (" a large corpus", 10, 0)])
    assert "S2ORC,1 a large corpus" in extract_pdf(pdf).text


def test_a_mark_after_a_german_closing_quote_is_kept_apart() -> None:
    # „…“ closes with the mark English opens with: a note's number after it is a mark
    pdf = _line(
        [("die Komponente \u201eP1\u201c", 10, 0), ("7", 6.5, 3.5), (" sowie der Effekt", 10, 0)]
    )
    assert "\u201eP1\u201c\u200b7 sowie" in extract_pdf(pdf).text
    assert _status(pdf, "die Komponente \u201eP1\u201c sowie der Effekt") in _FOUND
    single = _line([("ein \u201aWort\u2018", 10, 0), ("3", 6.5, 3.5), (" hier", 10, 0)])
    assert "\u201aWort\u2018\u200b3 hier" in extract_pdf(single).text
    guillemets = _line([("ein \u00bbWort\u00ab", 10, 0), ("4", 6.5, 3.5), (" hier", 10, 0)])
    assert "\u00bbWort\u00ab\u200b4 hier" in extract_pdf(guillemets).text


def test_raised_numbers_after_an_opening_quote_are_quoted() -> None:
    # nothing opened the quotation mark: it opens one, and what is raised after it is quoted
    pdf = _line([("markers (e.g., \u201c", 10, 0), ("1,2", 6.5, 3.5), ("\u201d), both of", 10, 0)])
    assert "\u201c1,2\u201d" in extract_pdf(pdf).text
