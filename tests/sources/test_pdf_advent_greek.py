"""Advent 3B2's Greek and sign fonts, which draw Greek letters and signs at Latin letters'
codes under a standard encoding (``pdf_symbol_fonts``): an AIP paper's "1.5 μm" read "1.5 lm".
The PDFs are built here with the fonts' names and encoding, as AIP's, Elsevier's and Sage's
PDFs embed them (a Type 1 font, ``/WinAnsiEncoding``, no Unicode map)."""

from __future__ import annotations

import pymupdf

from quote_tui.sources.readers.pdf import extract_pdf


def _page(basefont: str, text: bytes, first: int, last: int) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 60), "light with a wavelength of 1.5", fontname="helv", fontsize=10)
    font = doc.get_new_xref()
    widths = " ".join(["500"] * (last - first + 1))
    doc.update_object(
        font,
        f"<</Type/Font/Subtype/Type1/BaseFont/{basefont}/Encoding/WinAnsiEncoding"
        f"/FirstChar {first}/LastChar {last}/Widths[{widths}]>>",
    )
    kind, resources = doc.xref_get_key(page.xref, "Resources")
    assert kind == "xref"
    doc.xref_set_key(int(resources.split()[0]), "Font/F9", f"{font} 0 R")
    stream = page.get_contents()[0]
    line = b"BT /F9 10 Tf 72 80 Td (" + text + b") Tj ET\n"
    doc.update_stream(stream, doc.xref_stream(stream) + b"\n" + line)
    return doc.tobytes()


def test_an_advent_greek_font_reads_as_the_letters_it_draws() -> None:
    text = extract_pdf(_page("JIKHJB+AdvPSMP10", b"k l p d", 100, 112)).text
    assert "\u03bb \u03bc \u03c0 \u03b4" in text  # λ μ π δ, as the AIP paper's page shows


def test_advent_greek_in_alphabetical_order() -> None:
    # Cognition's "η²p" and AJP's "Δλ": AdvPSMP13 sets the Greek alphabet in order on a-x, A-X
    text = extract_pdf(_page("HIBGMI+AdvPSMP13", b"a g D", 65, 103)).text
    assert "\u03b1 \u03b7 \u0394" in text


def test_each_advent_font_has_its_own_layout() -> None:
    # AdvPi2 (Physica A) draws λ at "l", where AdvPSMP10 draws μ
    text = extract_pdf(_page("FJILCD+AdvPi2", b"l m s", 108, 115)).text
    assert "\u03bb \u03bc \u03c3" in text
    # a code no page has shown stays as MuPDF reads it
    assert "q" in extract_pdf(_page("FJILCD+AdvPi2", b"q", 113, 113)).text


def test_the_same_letters_in_another_font_are_left_alone() -> None:
    text = extract_pdf(_page("JIKHJB+AdvP6975", b"k l p d", 100, 112)).text
    assert "k l p d" in text


def test_advent_math_symbols_under_a_hashed_name_read_as_drawn() -> None:
    # Scientific Reports' and AJP's copy of AdvMathSymb: "g ¼ A2/A1", "E(t)" read "EðtÞ"
    doc = pymupdf.open()
    page = doc.new_page()
    cmap = doc.get_new_xref()
    doc.update_object(cmap, "<<>>")
    doc.update_stream(
        cmap,
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /A1 def"
        b" 1 begincodespacerange <00><ff> endcodespacerange 4 beginbfchar"
        b" <BC> <00BC> <BD> <00BD> <DE> <00DE> <F0> <00F0> endbfchar"
        b" endcmap CMapName currentdict /CMap defineresource pop end end",
    )
    font = doc.get_new_xref()
    doc.update_object(
        font,
        "<</Type/Font/Subtype/Type1/BaseFont/JIKHLD+AdvP4C4E74/Encoding<</Type/Encoding"
        "/Differences[188/onequarter/onehalf 222/Thorn 240/eth]>>"
        f"/ToUnicode {cmap} 0 R/FirstChar 188/LastChar 240>>",
    )
    page.insert_text((72, 60), "a factor", fontname="helv", fontsize=10)
    kind, resources = doc.xref_get_key(page.xref, "Resources")
    assert kind == "xref"
    doc.xref_set_key(int(resources.split()[0]), "Font/F8", f"{font} 0 R")
    stream = page.get_contents()[0]
    line = b"BT /F8 10 Tf 72 80 Td (\xbc \xbd \xf0t\xde) Tj ET\n"
    doc.update_stream(stream, doc.xref_stream(stream) + b"\n" + line)
    text = extract_pdf(doc.tobytes()).text
    assert "= [ (t)" in text
