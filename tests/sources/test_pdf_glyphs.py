"""Only the lines that need it are read again glyph by glyph, and they read as the whole page's
glyph-by-glyph read reads them."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from quote_tui.sources.readers import pdf
from quote_tui.sources.readers.pdf_glyphs import glyph_read_lines
from quote_tui.sources.readers.pdf_layout import page_blocks


def _page_with_an_accent(third: str = "The third line stays too.") -> pymupdf.Document:
    """Three lines; the second draws "¨" over the "u" of "Prüfung" as pdfTeX does."""
    doc = pymupdf.open()
    page = doc.new_page()
    writer = pymupdf.TextWriter(page.rect)
    font = pymupdf.Font("helv")
    size = 11.0
    writer.append((72, 100), "The first line stays as it is.", font=font, fontsize=size)
    x = 72 + font.text_length("Die Pr", size)
    writer.append((72, 120), "Die Pr", font=font, fontsize=size)
    over = x + (font.text_length("u", size) - font.text_length("\u00a8", size)) / 2
    writer.append((over, 120), "\u00a8", font=font, fontsize=size)
    writer.append((x, 120), "ufung beginnt.", font=font, fontsize=size)
    writer.append((72, 140), third, font=font, fontsize=size)
    writer.write_text(page)
    return pymupdf.open(stream=doc.tobytes())


def _first_read(page: pymupdf.Page) -> tuple[object, set[tuple[float, float, float, float]]]:
    raw = page.get_textpage(flags=pdf._FLAGS).extractDICT()
    first = page_blocks(raw, raw["height"])
    rects = {ln.rect for b in first.blocks for ln in b.lines if "\u00a8" in ln.text}
    return first, rects


def test_only_the_accents_line_is_read_again() -> None:
    page = _page_with_an_accent().load_page(0)
    first, rects = _first_read(page)
    assert len(rects) == 1
    read = glyph_read_lines(page, first, rects, pdf._FLAGS)  # type: ignore[arg-type]
    assert read is not None
    texts = [ln.text for b in read.blocks for ln in b.lines]
    assert texts == [
        "The first line stays as it is.",
        "Die Prüfung beginnt.",
        "The third line stays too.",
    ]


def test_a_line_not_given_back_as_first_read_asks_for_the_whole_page() -> None:
    page = _page_with_an_accent().load_page(0)
    first, rects = _first_read(page)
    moved = {(r[0] + 5, r[1], r[2], r[3]) for r in rects}  # no line stands there
    assert glyph_read_lines(page, first, moved, pdf._FLAGS) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["s2orc-acl2020.pdf", "federal-register-2020-17221.pdf"])
def test_reading_lines_again_gives_what_reading_pages_again_gives(
    corpus_dir: Path, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = (corpus_dir / "pdf" / name).read_bytes()
    by_lines = pdf.extract_pdf(data)
    monkeypatch.setattr(pdf, "glyph_read_lines", lambda *args: None)
    by_pages = pdf.extract_pdf(data)
    assert by_lines.text == by_pages.text
    assert by_lines.page_starts == by_pages.page_starts
    assert by_lines.line_boxes == by_pages.line_boxes
