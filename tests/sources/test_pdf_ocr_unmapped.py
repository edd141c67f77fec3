"""Pages whose text layer a font left unreadable throughout are read from their images by OCR,
as a scan's are (pdf_ocr_unmapped)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from quote_tui.api import check_batch, parse_batch, run
from quote_tui.sources.readers.local import read_bytes
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_layout import Block, Line, PageBlocks
from quote_tui.sources.readers.pdf_ocr import tessdata
from quote_tui.sources.readers.pdf_ocr_unmapped import unreadable_throughout
from tests.unmapped_pdf import draw_lines, mismapped_font

needs_tesseract = pytest.mark.skipif(
    tessdata() is None, reason="Tesseract is not installed (apt-get install tesseract-ocr)"
)

COVER = "Working Papers on Information Systems, a cover sheet whose font reads well."
BODY = [
    "In 1985, Fred Davis proposed the Technology Acceptance Model",
    "in his doctoral thesis at the Sloan School of Management. He",
    "proposed that system use is a response that can be explained",
    "or predicted by user motivation, which, in turn, is directly",
    "influenced by an external stimulus consisting of the actual",
    "system's features and capabilities, as shown in the figure.",
]
QUOTED = (
    "He proposed that system use is a response that can be explained or predicted by user "
    "motivation"
)


def _working_paper() -> bytes:
    """A readable cover page, then a body page whose words are drawn in a font whose Unicode
    map gives private-use characters for every letter and space."""
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 100), COVER, fontname="helv", fontsize=10)
    page = doc.new_page()
    page.insert_text((72, 60), "2", fontname="helv", fontsize=10)
    draw_lines(doc, page, mismapped_font(doc), BODY * 2, top=720)
    return doc.tobytes()


def _page(*lines: str) -> PageBlocks:
    block = Block((72, 0, 500, 12), tuple(Line(t, (72, 0, 500, 12)) for t in lines), 10.0, True)
    return PageBlocks(blocks=(block,), height=800, sizes=())


def test_only_pages_of_unreadable_words_are_read_by_ocr() -> None:
    garbled = "\ue049\ue06e\ue020\ue031\ue039 \x02\x03\x04\x05\x03 \x06\x04\x07\x08\t\n"
    readable = "The editors thank every reader who wrote to us about the climate this year."
    # a page of such words; a readable page with an unreadable box beside its prose; a figure
    # drawn in a font's glyphs (lone unmapped characters) above a readable caption
    pages = [
        _page(*([garbled] * 12)),
        _page(*([readable] * 12), "\ue001\ue002\ue003 \ue004\ue005\ue006 \ue007\ue008"),
        _page(*(["\x01 \x01 \x03 \x03 s s C C"] * 8), "Figure 6.2: Three trees of rank 3"),
        None,
    ]
    assert unreadable_throughout(pages) == [0]
    # a scan's own OCR layer is judged by its words alone (pdf_ocr_poor)
    hidden = PageBlocks(blocks=pages[0].blocks, height=800, sizes=(), hidden=200)
    assert unreadable_throughout([hidden]) == []


@needs_tesseract
def test_a_page_in_a_font_without_a_usable_unicode_map_is_read_by_ocr() -> None:
    data = _working_paper()
    layer = extract_pdf(data, ocr=False)
    assert "Fred Davis" not in layer.text and layer.unmapped_pages == (2,)
    pdf = extract_pdf(data)
    assert pdf.ocr and pdf.font_ocr_pages == (2,) and pdf.unmapped_pages == ()
    assert "Fred Davis proposed" in pdf.text
    assert COVER in pdf.text  # the readable page keeps its text layer
    # its words are highlighted on their own page
    at = pdf.text.index("Fred Davis")
    assert any(box[0] <= at < box[1] and box[2] == 2 for box in pdf.line_boxes)
    loaded = read_bytes(data, name="paper.pdf")
    assert loaded.retrieval.ocr
    assert "page(s) 2 is unreadable" in (loaded.retrieval.note or "")


@needs_tesseract
def test_a_quotation_on_such_a_page_is_found(tmp_path: Path) -> None:
    path = tmp_path / "paper.pdf"
    path.write_bytes(_working_paper())
    batch = {
        "sources": [{"id": "p", "ref": str(path)}],
        "citations": [
            {"id": "body", "source": "p", "quote": QUOTED},
            {"id": "absent", "source": "p", "quote": "Davis later dropped ease of use."},
        ],
    }
    report = run(lambda: check_batch(parse_batch(batch)))
    body, absent = report["citations"]
    assert body["status"] in ("exact", "normalized"), body
    assert body["matches"][0]["page_start"] == 2
    # a quotation not found in a document read partly by OCR is inconclusive, as in a scan
    assert absent["status"] == "inconclusive" and absent["reason"] == "ocr"


def test_such_pages_are_read_below_a_scans_priority(monkeypatch: pytest.MonkeyPatch) -> None:
    # a scan read beside the document in a batch keeps the cores its budget was set for
    from quote_tui.sources.readers import pdf_ocr, pdf_ocr_unmapped

    asked: list[int] = []

    def spy(doc, data, password, deadline, progress, only, niceness):  # type: ignore[no-untyped-def]
        asked.append(niceness)
        return [None] * doc.page_count, ()

    monkeypatch.setattr(pdf_ocr_unmapped, "tessdata", lambda: "tessdata")
    monkeypatch.setattr(pdf_ocr_unmapped, "ocr_pages", spy)
    data = _working_paper()
    pdf = extract_pdf(data)
    assert asked and asked[0] > pdf_ocr.WORKER_NICENESS
    assert pdf.unmapped_pages == (2,) and not pdf.ocr  # OCR read nothing: the layer stands
