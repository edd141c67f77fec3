"""A scan without a text layer read by the tesseract program: its page analysis (columns,
paragraphs, lines) kept, not MuPDF's regrouping of its words."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers import pdf_ocr
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_layout import page_blocks
from quote_tui.sources.readers.pdf_ocr_tesseract import (
    Row,
    Word,
    noise_aside,
    program,
    read_hocr,
    tesseract_dict,
)

_HOCR = """<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml"><body>
<div class='ocr_page' id='page_1' title='bbox 0 0 1000 1400'>
 <div class='ocr_carea' id='block_1_1' title="bbox 100 100 480 160">
  <p class='ocr_par' id='par_1_1' lang='eng' title="bbox 100 100 480 160">
   <span class='ocr_line' id='line_1_1' title="bbox 100 100 480 128; baseline 0 -6; x_size 28">
    <span class='ocrx_word' id='word_1_1' title='bbox 100 100 180 128'>Easa&#8217;s</span>
    <span class='ocrx_word' id='word_1_2' title='bbox 190 100 300 128; x_wconf 95'>paper</span>
   </span>
   <span class='ocr_line' id='line_1_2' title="bbox 100 136 400 154; baseline 0 0; x_size 28">
    <span class='ocrx_word' id='word_1_3' title='bbox 100 136 200 154; x_wconf 96'>discussion</span>
    <span class='ocrx_word' id='word_1_4' title='bbox 210 136 260 154; x_wconf 96'>led</span>
   </span>
  </p>
 </div>
 <div class='ocr_photo' id='block_1_2' title="bbox 520 100 900 500"></div>
 <div class='ocr_carea' id='block_1_3' title="bbox 20 600 48 800">
  <p class='ocr_par' id='par_1_2' lang='eng' title="bbox 20 600 48 800">
   <span class='ocr_line' id='line_1_3' title="bbox 20 600 48 800; textangle 90; x_size 26">
    <span class='ocrx_word' id='word_1_5' title='bbox 20 700 48 800; x_wconf 90'>FLOW,</span>
    <span class='ocrx_word' id='word_1_6' title='bbox 20 600 48 690; x_wconf 90'>q(vph)</span>
   </span>
  </p>
 </div>
</div></body></html>
"""


def test_hocr_paragraphs_become_blocks_of_lines_in_tesseracts_sizes() -> None:
    paragraphs = read_hocr(_HOCR)
    assert [[[w.text for w in row.words] for row in rows] for rows in paragraphs] == [
        [["Easa\u2019s", "paper"], ["discussion", "led"]],
        [["FLOW,", "q(vph)"]],
    ]
    raw = tesseract_dict(paragraphs, 0.5, 500.0, 700.0)
    first, axis = raw["blocks"]
    # a line with no descender (18 px of ink) keeps the size of the line above (28 px)
    assert [ln["spans"][0]["size"] for ln in first["lines"]] == [14.0, 14.0]
    assert first["lines"][0]["spans"][0]["text"] == "Easa\u2019s "
    assert first["lines"][0]["spans"][0]["bbox"] == (50.0, 50.0, 90.0, 64.0)
    assert all(s["alpha"] == 0 for ln in first["lines"] for s in ln["spans"])
    assert axis["lines"][0]["dir"] == (0.0, -1.0)
    read = page_blocks(raw, 700.0)
    assert [b.upright for b in read.blocks] == [True, False]
    assert read.blocks[0].lines[0].text == "Easa\u2019s paper"
    assert read.blocks[0].size == 14.0


def test_a_paragraph_is_parted_where_its_rows_stand_far_apart() -> None:
    # Tesseract took a running head and the chart's axis under it for one paragraph
    def row(y: float, text: str) -> Row:
        return Row((60.0, y, 300.0, y + 20.0), 24.0, 0, (Word((60.0, y, 300.0, y + 20.0), text),))

    head, axis, tick = row(20, "198 F. L. Hall et al."), row(120, "2500"), row(146, "2000")
    raw = tesseract_dict([[head, axis, tick]], 0.24, 500.0, 700.0)
    assert [[ln["spans"][0]["text"] for ln in b["lines"]] for b in raw["blocks"]] == [
        ["198 F. L. Hall et al."],
        ["2500", "2000"],
    ]


def test_a_picture_tesseract_read_as_words_is_set_aside() -> None:
    # a chart's plotted points read as "eset ee Oey. Lane}.": Tesseract is unsure of each word
    def row(y: float, words: list[tuple[str, float]]) -> Row:
        read = tuple(
            Word((60.0 + 50 * i, y, 100.0 + 50 * i, y + 20), t, c) for i, (t, c) in enumerate(words)
        )
        return Row((60.0, y, 60.0 + 50 * len(words), y + 20), 24.0, 0, read)

    prose = [
        row(20 + 26 * i, [("Interestingly,", 96), ("Greenberg's", 93), ("paper", 95)])
        for i in range(3)
    ]
    chart = [row(200, [("\u201ceset", 28), ("ee", 44), ("Oey.", 0), ("Lane}.", 5)])]
    raw = tesseract_dict([prose, chart], 0.24, 500.0, 700.0)
    assert raw["blocks"][1]["lines"][0]["noise"] is True
    assert "noise" not in raw["blocks"][0]["lines"][0]
    page = noise_aside(page_blocks(raw, 700.0), raw)
    assert page.figures == frozenset({1})
    assert page.blocks[1].lines[0].text.startswith("\u201ceset")


def test_broken_hocr_gives_what_it_holds() -> None:
    assert read_hocr("") == []
    assert read_hocr("<p class='ocr_par'><span class='ocr_line' title='bbox 1 2'>") == []
    cut = _HOCR[: _HOCR.index("<div class='ocr_photo'")]  # a reply cut off mid-page
    assert len(read_hocr(cut)) == 1


needs_program = pytest.mark.skipif(
    program() is None or pdf_ocr.tessdata() is None,
    reason="the tesseract program is not installed (apt-get install tesseract-ocr)",
)

_COLUMN_BREAK = (
    "you need to repeat the whole process: specify articles and adjust its patterns, "
    "either manually or semi-automatically."
)
"""Shinyama & Sekine's p. 1: from the foot of its left column to the head of its right."""


def _scanned_first_page(corpus_dir: Path) -> bytes:
    source = pymupdf.open(corpus_dir / "pdf/shinyama-naacl2006.pdf")
    page = source[0]
    doc = pymupdf.open()
    scan = doc.new_page(width=page.rect.width, height=page.rect.height)
    scan.insert_image(scan.rect, pixmap=page.get_pixmap(dpi=200, colorspace=pymupdf.csGRAY))
    return doc.tobytes()


@needs_program
def test_a_two_column_scan_is_read_column_by_column(corpus_dir: Path) -> None:
    pdf = extract_pdf(_scanned_first_page(corpus_dir))
    assert pdf.ocr
    prepared = PreparedText(pdf.text, page_starts=pdf.page_starts, line_boxes=pdf.line_boxes)
    result = check_text(prepared, _COLUMN_BREAK)
    # MuPDF's grouping of the same words read the right column's lines into the left's
    assert result.status is Status.NORMALIZED, pdf.text[:3000]
    assert result.matches[0].page_start == 1
    assert pdf.line_boxes and all(box[2] == 1 for box in pdf.line_boxes)


@needs_program
def test_without_the_program_mupdfs_ocr_reads_the_page(
    corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # only the language data installed (TESSDATA_PREFIX): PyMuPDF's own OCR still reads
    monkeypatch.setattr(pdf_ocr, "program", lambda: None)
    pdf = extract_pdf(_scanned_first_page(corpus_dir))
    assert pdf.ocr
    quote = "Preemptive Information Extraction is an attempt to automatically create all"
    assert check_text(PreparedText(pdf.text), quote).status is Status.NORMALIZED


def test_a_double_spaced_paragraph_stays_whole() -> None:
    # a typescript's rows stand two rows' size apart: its short last row stays in the paragraph
    def row(y: float, text: str, x1: float = 300.0) -> Row:
        return Row((60.0, y, x1, y + 20.0), 24.0, 0, (Word((60.0, y, x1, y + 20.0), text),))

    rows = [row(20, "Desiring to keep you posted"), row(66, "you will be interested to know")]
    rows.append(row(112, "the followings", 120.0))
    raw = tesseract_dict([rows], 0.24, 500.0, 700.0)
    assert len(raw["blocks"]) == 1
