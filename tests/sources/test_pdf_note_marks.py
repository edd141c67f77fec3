"""Note marks set small and raised after a sentence's end, a closing quote or a space: kept
apart from the text, so a quotation that leaves them out is ``normalized`` (``note_marks``)."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from quote_tui.api import check_text
from quote_tui.engine.records import Rule, Status
from quote_tui.engine.text import PreparedText
from quote_tui.sources.readers.pdf import extract_pdf


def _line_pdf(*pieces: tuple[str, bool]) -> bytes:
    """One line of (text, raised) pieces: raised ones set small above the baseline, as a
    footnote mark is, then a second line so the page is a text page."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    writer = pymupdf.TextWriter(page.rect)
    font = pymupdf.Font("helv")
    x = 60.0
    for text, raised in pieces:
        size = 6.5 if raised else 10.0
        writer.append((x, 96 if raised else 100), text, font=font, fontsize=size)
        x += font.text_length(text, size)
    writer.append((60, 114), "This second line keeps the page a text page.", font=font)
    writer.write_text(page)
    return doc.tobytes()


def _check(pdf: bytes, quote: str) -> tuple[str, Status, tuple[Rule, ...]]:
    text = extract_pdf(pdf).text
    result = check_text(PreparedText(text), quote)
    return text, result.status, result.matches[0].rules if result.matches else ()


def test_a_mark_after_a_full_stop_is_left_out_by_the_rule() -> None:
    pdf = _line_pdf(("his production of Coriolanus.", False), ("11", True), (" The Boss", False))
    text, status, rules = _check(pdf, "his production of Coriolanus. The Boss")
    assert "Coriolanus.\u200b11 The" in text
    assert status is Status.NORMALIZED and Rule.NOTE_MARKS in rules


def test_a_mark_after_a_closing_quote_is_left_out_by_the_rule() -> None:
    pdf = _line_pdf(("is \u2018Site Intercept\u2019", False), ("12", True), (", supporting", False))
    text, status, rules = _check(pdf, "is \u2018Site Intercept\u2019, supporting")
    assert "Intercept\u2019\u200b12, supporting" in text
    assert status is Status.NORMALIZED and Rule.NOTE_MARKS in rules


def test_a_mark_set_a_space_after_its_word_is_left_out_by_the_rule() -> None:
    pdf = _line_pdf(("Apache AirFlow ", False), ("1", True), (" supports this feature", False))
    text, status, rules = _check(pdf, "Apache AirFlow supports this feature")
    assert "AirFlow \u200b1 supports" in text
    assert status is Status.NORMALIZED and Rule.NOTE_MARKS in rules


def test_a_thin_space_set_in_the_marks_size_goes_with_the_mark() -> None:
    # the space between "Carroll" and its mark is the mark's own (set small): a quotation
    # that leaves the mark out reads "Carroll, enfant", with no space before the comma
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    writer = pymupdf.TextWriter(page.rect)
    font = pymupdf.Font("helv")
    x = 60.0
    # the thin space on the baseline and small, the mark small and raised, as LaTeX sets them
    for text, size, y in (("de Lewis Carroll", 10, 100), (" ", 6.5, 100), ("12", 6.5, 96)):
        writer.append((x, y), text, font=font, fontsize=size)
        x += font.text_length(text, size)
    writer.append((x, 100), ", enfant", font=font, fontsize=10)
    writer.append((60, 114), "This second line keeps the page a text page.", font=font)
    writer.write_text(page)
    for pdf in (
        doc.tobytes(),
        _line_pdf(("de Lewis Carroll", False), (" 12", True), (", enfant", False)),
    ):
        text, status, rules = _check(pdf, "de Lewis Carroll, enfant")
        assert "Carroll\u200b12, enfant" in text
        assert status is Status.NORMALIZED and Rule.NOTE_MARKS in rules


def test_a_centurys_raised_ending_stays_on_its_roman_numeral() -> None:
    # "XIXe siècle" is typed on the line; a footnote's letter after a capital word is a mark
    pdf = _line_pdf(
        ("des enfants du XIX", False), ("e", True), (" siecle et du XX", False), ("e", True)
    )
    text, status, _ = _check(pdf, "des enfants du XIXe siecle et du XXe")
    assert "du XIXe siecle et du XXe" in text
    assert status is Status.EXACT
    lettered = _line_pdf(("as said in the CV", False), ("a", True), (" of the author", False))
    assert "CV\u200ba of" in extract_pdf(lettered).text


def test_an_exponent_after_a_bracket_or_a_comma_stays_in_the_running_text() -> None:
    # "(n+1)²" is an exponent; after a comma, a raised number is not cut off either
    pdf = _line_pdf(("grows as (n+1)", False), ("2", True), (" and as a,", False), ("3", True))
    text, status, _ = _check(pdf, "grows as (n+1) and as a,")
    assert "(n+1)2 and as a,3" in text
    assert status is not Status.NORMALIZED
    # a year in brackets is an author-year citation's: a raised number after it is a mark
    cited = _line_pdf(("De acuerdo con Chomsky (2003)", False), ("2", True), (", en un", False))
    text, status, rules = _check(cited, "De acuerdo con Chomsky (2003), en un")
    assert "(2003)\u200b2, en" in text
    assert status is Status.NORMALIZED and Rule.NOTE_MARKS in rules
    # in a list of marks the comma is the mark's own: one mark, set apart once
    listed = _line_pdf(("a 3D structure", False), ("16,17", True), (" and more", False))
    assert "structure\u200b16,17 and" in extract_pdf(listed).text


def test_corpus_marks_after_a_sentence_end(corpus_dir: Path) -> None:
    s2orc = extract_pdf((corpus_dir / "pdf" / "s2orc-acl2020.pdf").read_bytes()).text
    assert "each PDF.\u200b11 We" in s2orc
    nist = extract_pdf((corpus_dir / "pdf" / "nist-sp800-223.pdf").read_bytes()).text
    assert "disallowed system calls.\u200b1" in nist


def test_an_unresolved_citations_question_marks_are_marks_even_after_a_comma() -> None:
    # a superscript citation LaTeX could not resolve prints a raised "?": no quotation types it
    pdf = _line_pdf(
        ("Mutagenesis experiments,", False),
        ("?", True),
        (" reinforced by studies,", False),
        ("??", True),
        (" have shown it", False),
    )
    text, status, rules = _check(pdf, "Mutagenesis experiments, reinforced by studies, have shown")
    assert "experiments,\u200b? reinforced by studies,\u200b?? have" in text
    assert status is Status.NORMALIZED and Rule.NOTE_MARKS in rules
    # a question mark of the running text is no mark
    plain = _line_pdf(("Is it so? It is", False), ("1", True), (" said", False))
    assert "Is it so? It is\u200b1 said" in extract_pdf(plain).text


def test_a_roman_numeral_note_mark_is_left_out_by_the_rule() -> None:
    pdf = _line_pdf(("contribuer jusqu'a 0,2 kg", False), ("ii", True), (" au poids", False))
    text, status, rules = _check(pdf, "contribuer jusqu'a 0,2 kg au poids")
    assert "kg\u200bii au" in text
    assert status is Status.NORMALIZED and Rule.NOTE_MARKS in rules


def test_a_mark_after_a_words_comma_is_left_out_by_the_rule() -> None:
    """Vancouver style sets a citation after a comma ("per year,⁴ indicating"); it reads as
    printed, so a quotation that types it is exact, and one that leaves it out is normalized."""
    pdf = _line_pdf(
        ("were $475 million per year,", False),
        ("4", True),
        (" indicating a diet (Figure 1),", False),
        ("12", True),
        (" based on", False),
    )
    text, status, rules = _check(pdf, "were $475 million per year, indicating a diet")
    assert "year,4 indicating" in text
    assert status is Status.NORMALIZED and Rule.NOTE_MARKS in rules
    _, status, rules = _check(pdf, "indicating a diet (Figure 1), based on")
    assert status is Status.NORMALIZED and Rule.NOTE_MARKS in rules
    assert _check(pdf, "million per year,4 indicating")[1] is Status.EXACT
    # the wording of a passage found without the mark is the quotation's, as a reader reads it
    found = check_text(PreparedText(text), "were $475 million per year, indicating a diet")
    assert found.matches[0].text == "were $475 million per year, indicating a diet"


def test_a_number_after_a_comma_in_running_text_is_no_mark() -> None:
    # "a,3" is a variable's exponent, "3,4" a decimal: a quotation leaving the digit out differs
    pdf = _line_pdf(("as a,3 and 3,4 units, 5 more", False))
    assert _check(pdf, "as a, and 3, units")[1] is Status.NEAR


def test_a_trademark_sign_is_left_out_by_the_rule() -> None:
    pdf = _line_pdf(("assessed using Invitrogen Quant-iT\u2122 PicoGreen\u00ae (Thermo)", False))
    _, status, rules = _check(pdf, "assessed using Invitrogen Quant-iT PicoGreen (Thermo)")
    assert status is Status.NORMALIZED and Rule.NOTE_MARKS in rules
    assert _check(pdf, "Invitrogen Quant-iT\u2122 PicoGreen\u00ae")[1] is Status.EXACT
