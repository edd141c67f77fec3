"""Raised lists of citation numbers printed with spaces ("RCTs²⁶ ²⁷ ³²"), a sentence set flush
after a mark ("billion.⁴Many"), a symbol font's en dash read as "e" ("2e76 years") and TeX's
double quotes read as two single ones ("‘‘lineage’’"): each reads as the page prints it."""

from __future__ import annotations

from typing import Any

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_lines import spans_text
from quote_tui.sources.readers.pdf_quote_pairs import paired_quotes

RULE = "note_marks"
H = "helv"


def _pieces(page: pymupdf.Page, y: float, pieces: list[tuple[str, float, str, float]]) -> None:
    """One printed line of pieces (text, size, base-14 font, rise above the baseline)."""
    x = 60.0
    for text, size, font, rise in pieces:
        page.insert_text((x, y - rise), text, fontsize=size, fontname=font)
        x += pymupdf.get_text_length(text, fontsize=size, fontname=font)


def _page_of(lines: list[list[tuple[str, float, str, float]]]) -> str:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for k, pieces in enumerate(lines):
        _pieces(page, 100 + 14 * k, pieces)
    page.insert_text((60, 100 + 14 * len(lines)), "A last line of running text.", fontsize=10)
    return extract_pdf(doc.tobytes()).text


def test_a_raised_list_printed_with_spaces_is_one_mark() -> None:
    text = _page_of(
        [
            [("Three RCTs", 10, "helv", 0), ("26 27 32", 6.5, "helv", 4)],
            [(" involved patients who had mild anaemia.", 10, "helv", 0)],
        ]
    )
    assert "RCTs\u200b26\u200b27\u200b32" in text
    result = check_text(PreparedText(text), "Three RCTs involved patients who had mild anaemia.")
    assert result.status is Status.NORMALIZED
    assert RULE in {rule.value for rule in result.matches[0].rules}


def _span(text: str, size: float, y: float, font: str = "F1", flags: int = 0) -> dict[str, Any]:
    return {"text": text, "size": size, "origin": (0.0, y), "font": font, "flags": flags}


def test_raised_numbers_with_spaces_of_their_own_between_them_are_one_mark() -> None:
    # MuPDF may give each raised number and each small space between them a span of its own
    spans = [
        _span("Three RCTs", 9.0, 100.0),
        _span("26", 6.3, 96.0, flags=1),
        _span(" ", 6.3, 96.0, flags=1),
        _span("27", 6.3, 96.0, flags=1),
        _span(" ", 9.0, 96.0, flags=1),
        _span("involved", 9.0, 100.0),
    ]
    assert spans_text(spans)[0] == "Three RCTs\u200b26\u200b27 involved"


def test_a_sentence_set_flush_after_a_mark_starts_after_a_space() -> None:
    text = _page_of(
        [
            [
                ("to be a staggering one billion.", 10, "helv", 0),
                ("4", 6.5, "helv", 4),
                ("Many risk factors are known.", 10, "helv", 0),
            ]
        ]
    )
    assert "billion.\u200b4 Many" in text
    result = check_text(PreparedText(text), "a staggering one billion. Many risk factors")
    assert result.status is Status.NORMALIZED
    # a raised number inside a word stays inside it
    spans = [_span("m", 9.0, 100.0), _span("6", 6.3, 96.0, flags=1), _span("A is", 9.0, 100.0)]
    assert spans_text(spans)[0] == "m\u200b6\u200bA is"


def test_a_symbol_fonts_dash_read_as_e_between_digits_is_an_en_dash() -> None:
    text = _page_of(
        [
            [("in age from 2", 10, H, 0), ("e", 10, "tiro", 0), ("76 years old.", 10, H, 0)],
            [("An exponent 2e5, a sum 2", 10, H, 0), ("e", 10, "tiit", 0), ("5 stay.", 10, H, 0)],
        ]
    )
    assert "from 2\u201376 years old." in text
    assert "exponent 2e5, a" in text  # one font: a number's own "e"
    assert "sum 2e5 stay." in text  # italic: a variable
    result = check_text(PreparedText(text), "in age from 2-76 years old")
    assert result.status is Status.NORMALIZED


def test_two_single_quotes_read_as_a_double_quote() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    writer = pymupdf.TextWriter(page.rect)  # a Unicode font: the quotes as printed
    font = pymupdf.Font("helv")
    writer.append(
        (60, 100), "In this way the \u2018\u2018foreground lineage\u2019\u2019 is", font, 10
    )
    writer.append((60, 114), "compared to all other lineages.", font, 10)
    writer.write_text(page)
    doc.new_page(width=595, height=842).insert_text((60, 100), "The next page.", fontsize=10)
    read = extract_pdf(doc.tobytes())
    assert "the \u201cforeground lineage\u201d is" in read.text
    second = read.page_starts[1]
    assert read.text[second : second + len("The next page.")] == "The next page."
    for start, end, *_ in read.line_boxes:
        assert "\n" not in read.text[start:end]
    quote = 'In this way the "foreground lineage" is compared to all other lineages.'
    result = check_text(PreparedText(read.text), quote)
    assert result.status is Status.NORMALIZED
    assert result.matches[0].text.endswith(
        "\u201cforeground lineage\u201d is\ncompared to all other lineages."
    )


def test_paired_quotes_move_every_offset_after_a_pair() -> None:
    text = "a \u2018\u2018b\u2019\u2019\nc"
    boxes = ((0, 7, 1, 0.0, 0.0, 1.0, 1.0), (8, 9, 1, 0.0, 2.0, 1.0, 3.0))
    new, starts, moved = paired_quotes(text, (0, 8), boxes)
    assert new == "a \u201cb\u201d\nc"
    assert starts == (0, 6)
    assert [new[s:e] for s, e, *_ in moved] == ["a \u201cb\u201d", "c"]
    unchanged = ("a \u2018b\u2019 c", (0,), ((0, 7, 1, 0.0, 0.0, 1.0, 1.0),))
    assert paired_quotes(*unchanged) == unchanged


def test_the_signs_of_a_mathematical_pi_font_read_as_printed() -> None:
    pi = "ABCDEF+MathematicalPi-One"
    spans = [
        _span("intercellular Ca", 9.5, 100.0, font="Schlbk"),
        _span("2", 6.5, 97.0, font="Schlbk", flags=1),
        _span("1", 6.5, 97.0, font=pi, flags=1),
        _span(" waves with I", 9.5, 100.0, font="Schlbk"),
        _span("5", 9.5, 100.0, font=pi),
        _span("2", 9.5, 100.0, font="Schlbk"),
        _span("2", 9.5, 100.0, font=pi),
        _span("1 and 1", 9.5, 100.0, font="Schlbk"),
    ]
    assert spans_text(spans)[0] == "intercellular Ca\u200b2+ waves with I=2\u22121 and 1"


def test_the_multiplication_sign_of_elseviers_advent_symbol_font() -> None:
    spans = [
        _span("100 mm", 9.0, 100.0, font="AdvGulliv-R"),
        _span(" \x01", 9.0, 100.0, font="AdvP4C4E74"),
        _span(" 40 mm is used", 9.0, 100.0, font="AdvGulliv-R"),
        _span("\x01", 9.0, 100.0, font="OtherFont"),
    ]
    assert spans_text(spans)[0] == "100 mm \u00d7 40 mm is used\x01"
