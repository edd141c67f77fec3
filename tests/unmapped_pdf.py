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
