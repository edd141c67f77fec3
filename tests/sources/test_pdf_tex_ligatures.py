"""TeX's ligatures given as control characters (``pdf_tex_ligatures``): a font that names its
"fi" glyph by its code ("a12", as pdfTeX's bitmap fonts do) has MuPDF read "de\\x0cned" where
the page prints "defined"; the font's widths say the glyph is "fi", and the text reads so. The
same code in a font where it is no ligature (too narrow for "fi", or a monospaced font's) stays
as it was read, and a document without such a code is not read again."""

from __future__ import annotations

import pymupdf
import pytest

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers import pdf
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_tex_ligatures import ligature_table, tex_ligature_in_word

_TIMES = pymupdf.Font("tiro")


def _pdf(shown: bytes, codes: dict[int, int], *, mono: bool = False, t1: bool = False) -> bytes:
    """A page whose one line shows ``shown`` in a font that names its glyphs by their codes
    ("a12") and whose widths are Times's (Courier's with ``mono``), ``codes`` giving the
    width of each code below 32; the rest of the page in Helvetica."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k in range(12):
        page.insert_text((72, 100 + 14 * k), f"line {k} of the running text around it", fontsize=10)
    page.insert_text((72, 300), "x", fontsize=10, fontname="Cour")  # a second font's resource
    xref = next(f[0] for f in page.get_fonts() if f[3] == "Courier")
    widths = [
        codes.get(c, 600 if mono else round(_TIMES.glyph_advance(c) * 1000)) for c in range(256)
    ]
    names = " ".join(f"/a{c}" for c in range(11, 32))
    doc.xref_set_key(xref, "BaseFont", "/Courier" if mono else "/Times-Roman")
    differences = f"11 {names} 255 /a255"  # T1's "ß" at 255, named by its code too
    doc.xref_set_key(xref, "Encoding", f"<< /Type /Encoding /Differences [ {differences} ] >>")
    doc.xref_set_key(xref, "FirstChar", "0")
    doc.xref_set_key(xref, "LastChar", "255")
    doc.xref_set_key(xref, "Widths", "[" + " ".join(map(str, widths)) + "]")
    if t1:  # T1's codes: 27-31 in place of 11-15
        shown = shown.replace(b"\\014", b"\\034").replace(b"\\016", b"\\036")
    contents = page.get_contents()[-1]
    doc.update_stream(contents, b"BT /Cour 10 Tf 72 300 Td (" + shown + b") Tj ET")
    return doc.tobytes()


_SHOWN = b"the \\014rst rule de\\014ned is e\\016cient for fluids"
_OT1 = {12: 556, 14: 834}  # Times's own "fi" and "ffi"
_T1 = {28: 556, 30: 834}


@pytest.mark.parametrize(("codes", "t1"), [(_OT1, False), (_T1, True)])
def test_a_ligature_named_by_its_code_reads_as_its_letters(codes: dict[int, int], t1: bool) -> None:
    text = extract_pdf(_pdf(_SHOWN, codes, t1=t1)).text
    assert "the first rule defined is efficient for fluids" in text
    quote = "the first rule defined is efficient"
    assert check_text(PreparedText(text), quote).status is Status.EXACT


def test_a_code_narrower_than_its_letters_is_no_ligature() -> None:
    # a math italic's "β" at code 12 measures 0.68 of "fi": left as read
    text = extract_pdf(_pdf(_SHOWN, {12: 415, 14: 834})).text
    assert "de\x0cned" in text
    assert "defined" not in text and "efficient" not in text  # the font is refused whole


def test_a_monospaced_fonts_codes_stay() -> None:
    text = extract_pdf(_pdf(_SHOWN, {}, mono=True)).text
    assert "de\x0cned" in text


def test_a_font_with_no_letter_to_measure_by_stays() -> None:
    assert ligature_table({("F", "\x0c"): [0.55]}, [("F", "\x0c")]) == {}


def test_a_code_alone_is_not_looked_at() -> None:
    assert tex_ligature_in_word("de\x0cned")
    assert tex_ligature_in_word("\x0crst")
    assert not tex_ligature_in_word("a \x0c b")
    assert not tex_ligature_in_word("no code here")


def test_a_document_without_the_codes_is_not_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(pdf, "read_tex_ligatures", lambda *a: calls.append(1) or False)
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 100), "the first rule defined is efficient", fontsize=10)
    assert "defined" in extract_pdf(doc.tobytes()).text
    assert calls == []


def test_t1s_sharp_s_reads_as_itself_in_a_font_confirmed_at_t1s_codes() -> None:
    # T1 sets "ß" at 255, which MuPDF gives as Latin-1's "ÿ" ("genieÿen"): in a font whose
    # ligatures the widths confirm at T1's codes (27-31) it is "ß"; elsewhere it stays
    shown = _SHOWN + b" and genie\\377en gro\\377e Dinge"
    text = extract_pdf(_pdf(shown, _T1, t1=True)).text
    assert "defined is efficient for fluids and genießen große Dinge" in text
    assert "genie\xffen" in extract_pdf(_pdf(shown, _OT1)).text  # OT1's 255 is no "ß"
