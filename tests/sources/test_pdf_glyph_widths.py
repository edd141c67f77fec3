"""Copies of Mathematical Pi under a typesetter's own name (``pdf_glyph_widths``): told by their
833-wide operators, read as the signs they draw ("N 5 127" is "N = 127", "44.17616.67" is
"44.17±16.67"); text fonts whose "#" or a digit happens to be as wide stay as they read. One
test reads a corpus PDF (Scientific Reports 2015, set by Advent 3B2); the others build PDFs
whose one font carries the widths and encodings seen in PLOS ONE 2012, the American Economic
Review 2008 and Computer Modern."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf


def _pdf(widths: dict[int, int], shown: bytes, *, basefont: str = "ABCDEF+AdvP3D3256") -> bytes:
    """A page of running text in Helvetica and one line whose parts in braces are set in a
    WinAnsi font named ``basefont`` whose glyphs have ``widths`` (the rest zero), with no
    Unicode map (PLOS ONE's "AdvP3D3256" draws "±" at the code of "6", 833 wide)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k in range(12):
        page.insert_text((72, 100 + 14 * k), f"line {k} of the running text around it", fontsize=10)
    page.insert_text((72, 300), "x", fontsize=10, fontname="Cour")
    xref = next(f[0] for f in page.get_fonts() if f[3] == "Courier")
    first, last = min(widths), max(widths)
    row = " ".join(str(widths.get(code, 0)) for code in range(first, last + 1))
    doc.update_object(
        xref,
        f"<< /Type /Font /Subtype /Type1 /BaseFont /{basefont} /Encoding /WinAnsiEncoding"
        f" /FirstChar {first} /LastChar {last} /Widths [{row}] >>",
    )
    parts = shown.replace(b"}", b"{").split(b"{")
    runs = b"".join(
        (b"/Cour" if k % 2 else b"/helv") + b" 10 Tf (" + part + b") Tj "
        for k, part in enumerate(parts)
        if part
    )
    doc.update_stream(page.get_contents()[-1], b"BT 72 300 Td " + runs + b"ET")
    return doc.tobytes()


def _status(pdf: bytes, quote: str) -> Status:
    return check_text(PreparedText(extract_pdf(pdf).text), quote).status


def test_a_corpus_papers_pi_copy_reads_its_signs(corpus_dir: Path) -> None:
    # Scientific Reports sets "=", "−", "+", "×" in "AdvP414BFB" and "<", ">", "≤" in
    # "AdvP7DA6": the text layer read "N 5 127", "U0 , 0", "vz/vx,y . 10"
    text = extract_pdf((corpus_dir / "pdf" / "wang-ion-crystal-scirep.pdf").read_bytes()).text
    assert "we start with N = 127 ions" in text
    assert "We let U0 < 0 such that" in text
    assert "vz/vx,y > 10 ensures" in text
    assert "N 5 127" not in text


def test_a_plus_minus_drawn_at_the_code_of_six_reads_plus_minus() -> None:
    pdf = _pdf({32: 250, 54: 833}, b"a mean age of 44.17{6}16.67 years, 65.81{6}3.8 inches")
    text = extract_pdf(pdf).text
    assert "44.17\u00b116.67 years" in text
    assert _status(pdf, "a mean age of 44.17\u00b116.67 years") in (
        Status.EXACT,
        Status.NORMALIZED,
    )


def test_relations_and_the_prime_of_a_pi_one_copy_read_as_drawn() -> None:
    # the AER's "WWDOC01": "x # 0 # y" is "x ≤ 0 ≤ y", "p 1 q 5 1" is "p + q = 1", "g9" "g′"
    widths = {32: 250, 35: 833, 36: 833, 49: 833, 53: 833, 57: 333}
    pdf = _pdf(widths, b"where x {#} 0 {#} y, p {1} q {5} 1, and g{9}(x) for x {$} 0")
    text = extract_pdf(pdf).text
    assert "where x \u2264 0 \u2264 y, p + q = 1, and g\u2032(x) for x \u2265 0" in text


def test_a_text_fonts_digits_stay_digits_beside_a_wide_one() -> None:
    # a digit 833 wide in a font whose other digits are a text font's half em
    widths = {32: 250, 48: 500, 49: 500, 54: 833}
    pdf = _pdf(widths, b"in {1906} and {10}", basefont="ABCDEF+SomeText")
    assert "in 1906 and 10" in extract_pdf(pdf).text


def test_computer_moderns_number_sign_stays_a_number_sign() -> None:
    # "#" is 833 wide in Computer Modern too: alone it proves nothing
    pdf = _pdf({32: 333, 35: 833, 67: 722}, b"in {C#} and", basefont="ABCDEF+CMR10")
    assert "in C# and" in extract_pdf(pdf).text


def test_a_pi_three_copys_punctuation_is_not_read_as_pi_ones() -> None:
    # the AER's "WWDOC03" (Mathematical Pi Three) draws "∼" at "," and "≡" at ";", 833 wide
    # like Pi One's "<": with no operator at a digit's code the font's encoding is unknown
    pdf = _pdf({32: 250, 44: 833, 59: 833}, b"R {,} N and U {;} V", basefont="ABCDEF+WWDOC03")
    assert "R , N and U ; V" in extract_pdf(pdf).text


def test_advents_pi_one_copy_is_known_by_its_name_where_only_punctuation_is_used() -> None:
    # PLOS ONE's "AdvP7DA6" draws "<" and ">" at "," and ".": "p,0.05" read for "p<0.05"
    pdf = _pdf({32: 250, 44: 833, 46: 833}, b"n = 100; p{,}0.05, p{.}0.5", basefont="AB+AdvP7DA6")
    assert "n = 100; p<0.05, p>0.5" in extract_pdf(pdf).text
