"""Ligatures a font's encoding names by their letters ("T_h", "t_t") and its Unicode map leaves
out, read as their letters (``pdf_ligature_names``)."""

from __future__ import annotations

import pymupdf

from quote_tui.sources.readers.pdf import extract_pdf


def _libertine_like(differences: str, mapped: bytes = b"<20> <7E> <0020>") -> bytes:
    """A page set in a font whose encoding names "T_h" at 128 and "t_t" at 129 (and a small
    capital's "q.sc_u.sc" at 130), with a Unicode map of the printable codes alone, as a
    reprint set in Linux Libertine has."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 60), "Reprinted with corrections", fontname="helv", fontsize=10)
    cmap = doc.get_new_xref()
    doc.update_object(cmap, "<<>>")
    doc.update_stream(
        cmap,
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /R1 def"
        b" 1 begincodespacerange <00><ff> endcodespacerange 1 beginbfrange "
        + mapped
        + b" endbfrange endcmap CMapName currentdict /CMap defineresource pop end end",
    )
    font = doc.get_new_xref()
    doc.update_object(
        font,
        "<</Type/Font/Subtype/Type1/BaseFont/Times-Roman/Encoding<</Type/Encoding"
        f"/BaseEncoding/WinAnsiEncoding/Differences[{differences}]>>/ToUnicode {cmap} 0 R>>",
    )
    kind, resources = doc.xref_get_key(page.xref, "Resources")
    assert kind == "xref"
    doc.xref_set_key(int(resources.split()[0]), "Font/F7", f"{font} 0 R")
    stream = page.get_contents()[0]
    line = b"BT /F7 11 Tf 72 100 Td (\x80e channel from transmi\x81er to \x82ebec) Tj ET\n"
    doc.update_stream(stream, doc.xref_stream(stream) + b"\n" + line)
    return doc.tobytes()


def test_ligatures_named_by_their_letters_read_as_them() -> None:
    text = extract_pdf(_libertine_like("128/T_h/t_t/q.sc_u.sc")).text
    assert "The channel from transmitter to quebec" in text


def test_a_map_that_lists_the_ligature_is_kept() -> None:
    # the font's own map says what the glyph is: it is not overruled
    mapped = b"<20> <7E> <0020> <80> <80> <0054>"
    text = extract_pdf(_libertine_like("128/T_h/t_t/q.sc_u.sc", mapped)).text
    assert "Te channel from transmitter" in text
    # a name that joins no letters is no ligature ("uni2013", "a_b_1")
    assert "channel" in extract_pdf(_libertine_like("128/uni0054/a_1")).text


def test_a_ligature_the_map_gives_no_character_reads_as_its_letters() -> None:
    # a Mac's Quartz maps each ligature it cannot spell to U+FFFF, as ranges of one code
    mapped = b"<20> <7E> <0020> <80> <80> <FFFF> <81> <81> <ffff> <82> <82> <FFFD>"
    text = extract_pdf(_libertine_like("128/T_h/t_t/q.sc_u.sc", mapped)).text
    assert "The channel from transmitter to quebec" in text
    assert "\uffff" not in text
    # the same as single codes
    chars = b"<20> <7E> <0020> endbfrange 3 beginbfchar <80> <FFFF> <81> <0000> <82> <FFFF>"
    text = extract_pdf(_libertine_like("128/T_h/t_t/q.sc_u.sc", chars + b" endbfchar")).text
    assert "The channel from transmitter to quebec" in text
    # a range of several codes that gives no character: the names are added after it
    wide = b"<20> <7E> <0020> <80> <82> <FFFF>"
    text = extract_pdf(_libertine_like("128/T_h/t_t/q.sc_u.sc", wide)).text
    assert "The channel from transmitter to quebec" in text
