"""A ligature a font's Unicode map spells as its letters reads as the ligature printed."""

from __future__ import annotations

import pymupdf

from quote_tui.api import check_text
from quote_tui.engine.records import Rule, Status
from quote_tui.engine.text import PreparedText
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_ligature_letters import drop_fillers

_CMAP = b"""/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<00> <FF>
endcodespacerange
1 beginbfchar
<01> <00660069>
endbfchar
2 beginbfrange
<02> <02> [<0066006C>]
<20> <7E> <0020>
endbfrange
endcmap
CMapName currentdict /CMap defineresource pop
end
end"""


def _pdf(lines: list[bytes], *, spelled: bool = True) -> bytes:
    """A page in Helvetica whose codes 1 and 2 draw its "fi" and "fl" glyphs, its map giving
    their letters (``spelled``) or no map at all; words set apart by a kern, as TeX sets them,
    with no space character."""
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=300)
    font = doc.get_new_xref()
    encoding = "<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [1 /fi /fl] >>"
    widths = " ".join(["556", "500"] + ["278"] * 29 + ["556"] * 95)
    cmap = ""
    if spelled:
        stream = doc.get_new_xref()
        doc.update_object(stream, "<< >>")
        doc.update_stream(stream, _CMAP)
        cmap = f" /ToUnicode {stream} 0 R"
    doc.update_object(
        font,
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 1 /LastChar 126 "
        f"/Widths [{widths}] /Encoding {encoding}{cmap} >>",
    )
    body = b"BT /F1 12 Tf 14 TL 40 250 Td " + b" T* ".join(lines) + b" ET"
    page.set_contents(_contents(doc, body))
    doc.xref_set_key(page.xref, "Resources", f"<< /Font << /F1 {font} 0 R >> >>")
    return doc.tobytes()


def _contents(doc: pymupdf.Document, body: bytes) -> int:
    xref = doc.get_new_xref()
    doc.update_object(xref, "<< >>")
    doc.update_stream(xref, body)
    return xref


def test_a_ligature_the_map_spells_as_letters_reads_as_the_ligature() -> None:
    # "<01> <00660069>": pdfTeX's glyphtounicode gives Computer Modern's "fi" so
    data = _pdf([b"[(In\x01nite) -333 (game) -333 (results)] TJ", b"[(the) -333 (\x02ow)] TJ"])
    text = extract_pdf(data, ocr=False).text
    assert "In\ufb01nite game results" in text
    assert "the \ufb02ow" in text  # a range's array spells it too (Nature's maps)
    assert "\u2060" not in text
    result = check_text(PreparedText(text), "Infinite game results")
    assert result.status is Status.NORMALIZED
    assert Rule.LIGATURES in result.matches[0].rules


def test_the_gap_after_a_ligature_that_ends_a_word_stays_a_space() -> None:
    # "staﬀ can": no space character, only the kern; MuPDF measures a lone ligature by its
    # letters and found no gap after it ("staﬀcan")
    data = _pdf([b"[(the) -333 (sel\x01) -333 (can) -333 (see)] TJ"])
    assert "the sel\ufb01 can see" in extract_pdf(data, ocr=False).text


def test_a_font_without_a_map_reads_as_before() -> None:
    data = _pdf([b"[(In\x01nite) -333 (game)] TJ"], spelled=False)
    assert "In\ufb01nite game" in extract_pdf(data, ocr=False).text  # the glyph's name says it


def test_the_fillers_leave_and_the_line_boxes_follow() -> None:
    text = "sta\ufb00\u2060 can\nthe \ufb01\u2060rst"
    boxes = ((0, 9, 1, 0.0, 0.0, 1.0, 1.0), (10, 20, 1, 0.0, 2.0, 1.0, 3.0))
    out, starts, moved = drop_fillers(text, (0,), boxes)
    assert out == "sta\ufb00 can\nthe \ufb01rst"
    assert starts == (0,)
    assert [out[a:b] for a, b, *_ in moved] == ["sta\ufb00 can", "the \ufb01rst"]
