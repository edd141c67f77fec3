"""Building PDF pages whose text layer a font without a Unicode map leaves unreadable."""

from __future__ import annotations

import pymupdf


def unmapped_font(doc: pymupdf.Document) -> int:
    """A simple font with no Unicode map (its codes below 32 extract as control characters)."""
    font = doc.get_new_xref()
    doc.update_object(font, "<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>")
    return font


def draw_unmapped(
    doc: pymupdf.Document, page: pymupdf.Page, font: int, glyphs: bytes, *, lines: int, top: int
) -> None:
    """Draw ``lines`` lines of ``glyphs`` through ``font`` on ``page``, 14 points apart from
    ``top`` down (the page needs some text of its own first, so that it has a font resource)."""
    kind, resources = doc.xref_get_key(page.xref, "Resources")
    assert kind == "xref"
    doc.xref_set_key(int(resources.split()[0]), "Font/F9", f"{font} 0 R")
    stream = page.get_contents()[0]
    shown = glyphs.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")
    drawn = b"".join(
        b"BT /F9 11 Tf 72 %d Td (" % (top - 14 * i) + shown + b") Tj ET\n" for i in range(lines)
    )
    doc.update_stream(stream, doc.xref_stream(stream) + b"\n" + drawn)


def mismapped_font(doc: pymupdf.Document) -> int:
    """Times-Roman whose Unicode map sends every printable code to a private-use character: the
    page draws its words, and its text layer gives none of them (as a font embedded with a
    broken map, or without one, does)."""
    cmap = doc.get_new_xref()
    doc.update_object(cmap, "<<>>")
    doc.update_stream(
        cmap,
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Mismapped def"
        b" 1 begincodespacerange <00> <FF> endcodespacerange"
        b" 1 beginbfrange <20> <7E> <E020> endbfrange"
        b" endcmap CMapName currentdict /CMap defineresource pop end end",
    )
    font = doc.get_new_xref()
    doc.update_object(
        font,
        "<</Type/Font/Subtype/Type1/BaseFont/Times-Roman/Encoding/WinAnsiEncoding"
        f"/ToUnicode {cmap} 0 R>>",
    )
    return font


def draw_lines(
    doc: pymupdf.Document, page: pymupdf.Page, font: int, lines: list[str], *, top: int
) -> None:
    """Draw ``lines`` (ASCII) through ``font`` at 12 points, 16 points apart from ``top`` down
    (the page needs some text of its own first, so that it has a font resource)."""
    kind, resources = doc.xref_get_key(page.xref, "Resources")
    assert kind == "xref"
    doc.xref_set_key(int(resources.split()[0]), "Font/F8", f"{font} 0 R")
    stream = page.get_contents()[0]
    shown = [line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") for line in lines]
    drawn = b"".join(
        b"BT /F8 12 Tf 72 %d Td (%s) Tj ET\n" % (top - 16 * i, line.encode("ascii"))
        for i, line in enumerate(shown)
    )
    doc.update_stream(stream, doc.xref_stream(stream) + b"\n" + drawn)
