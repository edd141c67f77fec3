"""Symbol fonts whose text layer gives another character (``pdf_symbol_fonts``): a Pi font's
numbered glyph names ("H11005" is "=") read from the font program's own encoding or from the
PDF's, and Advent 3B2's math symbol font's Latin-1 names ("onequarter" is "="), give the signs
the page shows; the same names in other fonts are left alone. The PDFs are built here with
those fonts' encodings (a compact font program written byte by byte, as Adobe's Technical Note
5176 lays it out)."""

from __future__ import annotations

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_font_encoding import builtin_encoding
from quote_tui.sources.readers.pdf_symbol_fonts import mend_symbol_maps

_SANTELLO = (
    b"of imagined objects (n 5 57; Table 1) could account for .80% of the variance, "
    b"a resolution of ,0.1 degree"
)
"""A J Neurosci line as MuPDF reads it without the font's names: its Pi font puts "=", ">"
and "<" at the codes of "5", "." and ","."""


def _index(items: list[bytes]) -> bytes:
    """A CFF INDEX with one-byte offsets."""
    if not items:
        return b"\x00\x00"
    offsets = [1]
    for item in items:
        offsets.append(offsets[-1] + len(item))
    return len(items).to_bytes(2, "big") + b"\x01" + bytes(offsets) + b"".join(items)


def _int(value: int) -> bytes:
    return b"\x1d" + value.to_bytes(4, "big")


def _cff(codes: dict[int, str]) -> bytes:
    """A compact font program whose built-in encoding puts at each code a glyph of that name
    (every glyph empty: the text layer, not the drawing, is what is read)."""
    names = list(codes.values())
    head = b"\x01\x00\x04\x01" + _index([b"TestPi"])
    strings = _index([name.encode() for name in names])
    top_size = len(_index([b"\x00" * 29]))
    start = len(head) + top_size + len(strings) + 2  # + the empty global subroutines
    charset = b"\x00" + b"".join((391 + k).to_bytes(2, "big") for k in range(len(names)))
    encoding = b"\x00" + bytes([len(codes)]) + bytes(codes)
    charstrings = _index([b"\x0e"] * (len(names) + 1))
    private = start + len(charset) + len(encoding) + len(charstrings)
    top = (
        _int(start)
        + b"\x0f"
        + _int(start + len(charset))
        + b"\x10"
        + _int(start + len(charset) + len(encoding))
        + b"\x11"
        + _int(0)
        + _int(private)
        + b"\x12"
    )
    return head + _index([top]) + strings + b"\x00\x00" + charset + encoding + charstrings


def _page(doc: pymupdf.Document) -> tuple[pymupdf.Page, int]:
    """A page of running text in Helvetica and one line in a second font, whose xref is
    given, to be made the symbol font."""
    page = doc.new_page(width=612, height=792)
    for k in range(12):
        page.insert_text((72, 100 + 14 * k), f"line {k} of the running text around it", fontsize=10)
    page.insert_text((72, 300), "x", fontsize=10, fontname="Cour")
    return page, next(f[0] for f in page.get_fonts() if f[3] == "Courier")


def _show(doc: pymupdf.Document, page: pymupdf.Page, shown: bytes) -> bytes:
    """The line: ``shown``'s parts in braces set in the symbol font, the rest in Helvetica."""
    parts = shown.replace(b"}", b"{").split(b"{")
    runs = b"".join(
        (b"/Cour" if k % 2 else b"/helv") + b" 10 Tf (" + part + b") Tj "
        for k, part in enumerate(parts)
        if part
    )
    contents = page.get_contents()[-1]
    doc.update_stream(contents, b"BT 72 300 Td " + runs + b"ET")
    return doc.tobytes()


def _builtin_pi_pdf(basefont: str, codes: dict[int, str], shown: bytes) -> bytes:
    """The line set in a Pi font with no encoding in the PDF and no Unicode map: its glyphs'
    names are only in its program's own encoding."""
    doc = pymupdf.open()
    page, xref = _page(doc)
    program = doc.get_new_xref()
    doc.update_object(program, "<< /Subtype /Type1C >>")
    doc.update_stream(program, _cff(codes))
    descriptor = doc.get_new_xref()
    doc.update_object(
        descriptor,
        f"<< /Type /FontDescriptor /FontName /{basefont} /Flags 4 /FontBBox [0 0 1000 1000]"
        f" /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80"
        f" /FontFile3 {program} 0 R >>",
    )
    doc.update_object(
        xref,
        f"<< /Type /Font /Subtype /Type1 /BaseFont /{basefont} /FirstChar 32 /LastChar 126"
        f" /Widths [{' '.join(['500'] * 95)}] /FontDescriptor {descriptor} 0 R >>",
    )
    return _show(doc, page, shown)


def _encoded_pdf(basefont: str, differences: str, shown: bytes, cmap: str = "") -> bytes:
    """The line set in a font named ``basefont`` encoded by ``differences``, with ``cmap``'s
    entries as its Unicode map where given."""
    doc = pymupdf.open()
    page, xref = _page(doc)
    doc.xref_set_key(xref, "BaseFont", f"/{basefont}")
    doc.xref_set_key(xref, "Encoding", f"<< /Type /Encoding /Differences [ {differences} ] >>")
    if cmap:
        stream = doc.get_new_xref()
        doc.update_object(stream, "<<>>")
        doc.update_stream(
            stream,
            b"begincmap\n1 begincodespacerange\n<00> <FF>\nendcodespacerange\n"
            + cmap.encode()
            + b"\nendcmap\n",
        )
        doc.xref_set_key(xref, "ToUnicode", f"{stream} 0 R")
    return _show(doc, page, shown)


def _status(pdf: bytes, quote: str) -> Status:
    return check_text(PreparedText(extract_pdf(pdf).text), quote).status


_PI = {44: "H11021", 46: "H11022", 53: "H11005", 49: "H11001"}
"""Where Universal Greek with Math Pi puts "<", ">", "=" and "+" (codes of ",", ".", "5", "1")."""


def test_a_pi_fonts_own_encoding_gives_its_signs() -> None:
    pdf = _builtin_pi_pdf("OILICP+Universal-GreekwithMathPi", _PI, b"n {5} 57 {.}80% {,}0.1")
    text = extract_pdf(pdf).text
    assert "n = 57 >80% <0.1" in text
    assert _status(pdf, "n = 57") in (Status.EXACT, Status.NORMALIZED)
    assert _status(pdf, "for >80% of") is not Status.NEAR


def test_the_numbers_a_pi_font_does_not_draw_stay_numbers() -> None:
    # "5" set in the text font beside the Pi font's "=" stays "5": only the Pi font is read anew
    pdf = _builtin_pi_pdf("OILICP+Universal-GreekwithMathPi", _PI, b"n {5} 5.5")
    assert "n = 5.5" in extract_pdf(pdf).text


def test_a_pi_font_encoded_from_code_one_keeps_its_spaces() -> None:
    # once the font has a Unicode map, MuPDF reads no code by its glyph's name: the map gives
    # "space" too, or the line would lose its word spaces
    pdf = _encoded_pdf(
        "OMFBIF+MathematicalPi-One",
        "1 /H11002 /H9280 /H11349 32 /space",
        b"{(1 \\001 \\002) \\003 1}",
    )
    text = extract_pdf(pdf).text
    assert "(1 \u2212 \u03b5) \u2264 1" in text


def test_advent_math_symbol_fonts_latin1_names_read_as_the_signs_they_draw() -> None:
    pdf = _encoded_pdf(
        "KOIIOM+AdvMathSymb",
        "188 /onequarter 222 /Thorn 240 /eth 254 /thorn",
        b"p{\\360}T{\\336 \\274} x {\\376} 1",
        "4 beginbfchar\n<BC> <00BC>\n<DE> <00DE>\n<F0> <00F0>\n<FE> <00FE>\nendbfchar",
    )
    assert "p(T) = x + 1" in extract_pdf(pdf).text


def test_the_same_latin1_names_in_a_text_font_stay_letters() -> None:
    # "ð" and "þ" are letters of Icelandic: only the math symbol font draws signs with them
    pdf = _encoded_pdf(
        "KOIIOM+AdvTimes", "222 /Thorn 240 /eth 254 /thorn", b"{\\336\\360r \\376ar}", ""
    )
    assert "Þðr þar" in extract_pdf(pdf).text


def test_a_pi_glyph_no_page_has_shown_reads_unread_not_as_its_codes_digit() -> None:
    # "H11999" is no name read off a page: its code ("8") made "15°" the number 158, and a
    # quotation of "158" was found exactly where the page prints no such number
    pdf = _builtin_pi_pdf("X+MathematicalPi-One", {56: "H11999"}, b"tiling the 15{8} diameter")
    doc = pymupdf.open(stream=pdf, filetype="pdf")
    assert mend_symbol_maps(doc) == 1
    assert "tiling the 15\ue000 diameter" in extract_pdf(pdf).text
    assert _status(pdf, "tiling the 158 diameter") not in (Status.EXACT, Status.NORMALIZED)


def test_a_compact_fonts_built_in_encoding_is_read() -> None:
    assert builtin_encoding(_cff({53: "H11005", 46: "H11022"}), compact=True) == {
        53: "H11005",
        46: "H11022",
    }
    assert builtin_encoding(b"\x01\x00\x04", compact=True) == {}  # cut short: nothing


def test_a_type1_fonts_built_in_encoding_is_read() -> None:
    program = (
        b"/Encoding 256 array\ndup 53 /H11005 put\ndup 46 /period put\nreadonly def\neexec\x8f"
    )
    assert builtin_encoding(program, compact=False) == {53: "H11005", 46: "period"}


def test_advents_copy_of_a_pi_font_reads_its_signs_by_their_codes() -> None:
    # the glyphs are named after their codes' digits, and the Unicode map follows the names:
    # the Nature letter's "15° diameter" read "158 diameter", "deg−1" read "deg21"
    pdf = _encoded_pdf(
        "KOIIHM+AdvPS7DA6",
        "50 /two 56 /eight",
        b"the 15{8} display, 6 cycles deg{2}1",
        "2 beginbfchar\n<32> <0032>\n<38> <0038>\nendbfchar",
    )
    text = extract_pdf(pdf).text
    assert "the 15° display" in text
    assert "deg\u22121" in text or "deg\u2212\u200b1" in text
    assert _status(pdf, "the 15° display") in (Status.EXACT, Status.NORMALIZED)


def test_digits_of_an_advent_text_font_stay_digits() -> None:
    pdf = _encoded_pdf("KOIIHM+AdvPS81DB", "50 /two 56 /eight", b"{the 158 display}")
    assert "the 158 display" in extract_pdf(pdf).text
