"""Low opening quotation marks built by lowering a closing one (``pdf_glyph_quotes``): LaTeX's OT1
fonts set babel's German "„Wort“" as a "”" lowered by its height, which the text layer gives as
"”Wort“". The PDFs are built here as pdfLaTeX writes such a line: the mark lowered by a text
rise inside the line's text (MuPDF keeps it in its word's span), or moved down on its own (a
span, and a line, of its own)."""

from __future__ import annotations

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf


def _pdf(line: bytes) -> bytes:
    """A page of running text and ``line``'s text operators in WinAnsi Helvetica (\\224 is
    "”", \\222 "’", \\223 "“", \\221 "‘")."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k in range(6):
        page.insert_text((72, 100 + 14 * k), f"line {k} of the running text around it", fontsize=10)
    contents = page.get_contents()[-1]
    doc.update_stream(
        contents, page.read_contents() + b"\nBT /helv 10 Tf 72 492 Td " + line + b" ET"
    )
    return doc.tobytes()


def test_a_lowered_closing_mark_inside_a_span_reads_as_the_low_mark() -> None:
    pdf = _pdf(
        rb"(Massnahmen wie eine ) Tj -6 Ts (\224) Tj 0 Ts (Job Rotation\223 genutzt, ein ) Tj"
        rb" -6 Ts (\222) Tj 0 Ts (Wort\221 und Doyle\222s) Tj"
    )
    text = extract_pdf(pdf).text
    assert "eine \u201eJob Rotation\u201c genutzt, ein \u201aWort\u2018 und Doyle\u2019s" in text
    quote = "Massnahmen wie eine \u201eJob Rotation\u201c genutzt"
    assert check_text(PreparedText(text), quote).status is Status.EXACT


def test_a_lowered_closing_mark_moved_on_its_own_reads_as_the_low_mark() -> None:
    # pdfLaTeX's move down and back up: MuPDF gives the mark a span and a line of its own
    pdf = _pdf(rb"(wenn alle Weisheit ) Tj 0 -6 Td (\224) Tj 0 6 Td (von oben\223 herab) Tj")
    text = extract_pdf(pdf).text
    assert "\u201evon oben\u201c" in text
    assert "\u201d" not in text


def test_a_closing_mark_on_the_baseline_stays_a_closing_mark() -> None:
    # Swedish and Finnish open a quotation with "”": on the line, it is what the page shows
    pdf = _pdf(rb"(han sa \224ja\224 och \222nej\222 igen) Tj")
    assert "han sa \u201dja\u201d och \u2019nej\u2019 igen" in extract_pdf(pdf).text


def test_an_apostrophe_lowered_with_its_word_stays_an_apostrophe() -> None:
    # a line whose second half MuPDF read a little lower (a footnote beside a running line):
    # the mark stands on the same baseline as the word after it
    pdf = _pdf(rb"(We might here conclude with Arthur Conan Doyle) Tj -6 Ts (\222s Sherlock) Tj")
    assert "Doyle\u2019s Sherlock" in extract_pdf(pdf).text
