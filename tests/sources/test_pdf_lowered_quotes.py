"""A German opening quote that LaTeX's OT1 fonts build from a closing one set lower (babel's
\\glqq) reads as the „ it prints: "„von oben“", not "”von oben“"; a closing quote on the
baseline stays one."""

from __future__ import annotations

import pymupdf

from quote_tui.sources.readers.pdf import extract_pdf


def _page(drop: float, quote: str = "\u201d", closing: str = "\u201c") -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    font = pymupdf.Font("tiro")
    writer = pymupdf.TextWriter(page.rect)
    for k in range(8):
        writer.append((72, 100 + 14 * k), f"Ein Absatz des Handouts, Zeile {k}.", font=font)
    y = 100 + 14 * 8
    writer.append((72, y), "alle Weisheit ", font=font, fontsize=11)
    # set a hair larger, as babel's built quote is: a span of its own
    writer.append((writer.last_point.x, y + drop), quote, font=font, fontsize=11.1)
    writer.append(
        (writer.last_point.x, y), f"von oben{closing} herab f\u00e4llt?", font=font, fontsize=11
    )
    writer.write_text(page)
    return doc.tobytes()


def test_a_lowered_closing_quote_before_a_word_is_a_german_opening_quote() -> None:
    assert "Weisheit \u201evon oben\u201c herab" in extract_pdf(_page(drop=6.3)).text


def test_a_closing_quote_on_the_baseline_stays() -> None:
    assert "Weisheit \u201dvon oben\u201c herab" in extract_pdf(_page(drop=0.0)).text


def test_a_lowered_single_closing_quote_is_a_german_single_opening_quote() -> None:
    text = extract_pdf(_page(drop=6.3, quote="\u2019", closing="\u2018")).text
    assert "Weisheit \u201avon oben\u2018 herab" in text
