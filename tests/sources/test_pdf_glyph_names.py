"""Glyphs a font names in a typesetter's own way (``pdf_glyph_names``): a font without a
Unicode map whose encoding names its brackets "H20849" and "H20850" (Mathematical Pi), or its
signs by their code in the Symbol encoding ("C176", the degree sign), reads as the page shows
it, not as control characters."""

from __future__ import annotations

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_glyph_names import rename_glyphs


def _pdf(basefont: str, differences: str, shown: bytes) -> bytes:
    """A page whose one line is set in a font named ``basefont``, encoded by ``differences``,
    showing the string ``shown``; the rest of the page in Helvetica."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k in range(12):
        page.insert_text((72, 100 + 14 * k), f"line {k} of the running text around it", fontsize=10)
    page.insert_text((72, 300), "x", fontsize=10, fontname="Cour")  # a second font's resource
    xref = next(f[0] for f in page.get_fonts() if f[3] == "Courier")
    doc.xref_set_key(xref, "BaseFont", f"/{basefont}")
    doc.xref_set_key(xref, "Encoding", f"<< /Type /Encoding /Differences [ {differences} ] >>")
    contents = page.get_contents()[-1]
    doc.update_stream(contents, b"BT /Cour 10 Tf 72 300 Td (" + shown + b") Tj ET")
    return doc.tobytes()


def _status(pdf: bytes, quote: str) -> Status:
    return check_text(PreparedText(extract_pdf(pdf).text), quote).status


def test_mathematical_pi_brackets_read_as_brackets() -> None:
    pdf = _pdf(
        "JBNONH+MathematicalPi-Three",
        "2 /H20849 /H20850 /H20851 /H20852",
        b"a model Cr\\002001\\003 surface along \\004110\\005",
    )
    text = extract_pdf(pdf).text
    assert "a model Cr(001) surface along [110]" in text
    assert "\x02" not in text
    assert _status(pdf, "a model Cr(001) surface along [110]") is Status.EXACT


def test_a_symbol_fonts_coded_names_read_in_the_symbol_encoding() -> None:
    pdf = _pdf("FMLKNO+AdvPSSym", "2 /C211 /C176", b"at 640 \\003C for 2 h \\002")
    assert "at 640 °C for 2 h ©" in extract_pdf(pdf).text


def test_coded_names_in_a_font_not_named_a_symbol_font_stay_unread() -> None:
    # "C176" says nothing outside a symbol font: the code is left as it was read
    pdf = _pdf("FMLKNO+AdvGulliv-R", "2 /C211 /C176", b"at 640 \\003C")
    assert "°" not in extract_pdf(pdf).text


def test_a_long_font_name_mupdf_cut_short_is_still_found() -> None:
    raw = {
        "blocks": [
            {"lines": [{"spans": [{"font": "Universal-GreekwithMathP", "text": "\x02a\x03"}]}]}
        ]
    }
    renames = {"Universal-GreekwithMathPi": {"\x02": ")", "\x03": "("}}
    assert rename_glyphs(raw, renames)
    assert raw["blocks"][0]["lines"][0]["spans"][0]["text"] == ")a("
