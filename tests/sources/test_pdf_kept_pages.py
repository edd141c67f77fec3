"""The reader's shortcuts read what the long way reads.

A page whose text holds an accent or a ligature keeps its text page, and the lines read again
glyph by glyph are read from it (a clip per line) instead of having MuPDF interpret the page
again; those lines are found by one search of the document's text, not one per line. Each test
checks that the shortcut is taken where its trigger stands and gives the long way's result.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.sources.readers import pdf, pdf_glyphs
from quote_tui.sources.readers.pdf_accents import accent_pending, accents_pending
from quote_tui.sources.readers.pdf_glyphs import glyph_read_lines
from quote_tui.sources.readers.pdf_layout import Block, Line, PageBlocks, page_blocks
from quote_tui.sources.readers.pdf_lines import ligature_gap, ligature_gaps
from tests.sources.test_pdf_glyphs import _page_with_an_accent

Rect = tuple[float, float, float, float]


def _accent_page() -> pymupdf.Page:
    """Three lines; the second draws "¨" over the "u" of "Prüfung" as pdfTeX does, the third
    holds a ligature."""
    return _page_with_an_accent("The third line \ufb01 stays too.").load_page(0)


def _first_read(page: pymupdf.Page) -> tuple[pymupdf.TextPage, PageBlocks, set[Rect]]:
    textpage = page.get_textpage(flags=pdf._FLAGS)
    raw = textpage.extractDICT()
    first = page_blocks(raw, raw["height"])
    rects = {ln.rect for b in first.blocks for ln in b.lines if "\u00a8" in ln.text}
    return textpage, first, rects


def _texts(blocks: PageBlocks) -> list[str]:
    return [ln.text for b in blocks.blocks for ln in b.lines]


def test_lines_read_from_the_kept_text_page_read_as_a_fresh_clip_reads_them() -> None:
    page = _accent_page()
    textpage, first, rects = _first_read(page)
    kept = glyph_read_lines(page, first, rects, pdf._FLAGS, textpage)
    fresh = glyph_read_lines(page, first, rects, pdf._FLAGS)
    assert kept is not None and fresh is not None
    assert _texts(kept) == _texts(fresh)
    assert _texts(kept)[1] == "Die Prüfung beginnt."
    # the text page's rectangle, narrowed for the read, is the page's again after it
    assert textpage.rect == page.rect


def test_a_line_the_kept_text_page_does_not_hold_asks_for_the_whole_page() -> None:
    page = _accent_page()
    textpage, first, rects = _first_read(page)
    moved = {(r[0] + 5, r[1], r[2], r[3]) for r in rects}  # no line stands there
    assert glyph_read_lines(page, first, moved, pdf._FLAGS, textpage) is None
    assert textpage.rect == page.rect


def test_a_text_page_without_a_rectangle_to_narrow_is_read_by_a_fresh_clip() -> None:
    # a PyMuPDF whose text page gives no hold on its rectangle: the clip is read anew
    page = _accent_page()
    _, first, rects = _first_read(page)
    opaque: Any = object()
    read = glyph_read_lines(page, first, rects, pdf._FLAGS, opaque)
    assert read is not None
    assert _texts(read)[1] == "Die Prüfung beginnt."


def test_only_a_page_with_an_accent_or_a_ligature_gap_keeps_its_text_page() -> None:
    def page(*texts: str) -> PageBlocks:
        lines = tuple(Line(t, (0.0, 10.0 * i, 100.0, 10.0 * i + 9)) for i, t in enumerate(texts))
        return PageBlocks((Block((0.0, 0.0, 100.0, 100.0), lines, 10.0, True),), 800.0, ())

    assert pdf._may_read_again(page("plain", "Pr\u00a8ufung"))
    assert pdf._may_read_again(page("plain", "In\ufb02 uenza"))
    assert not pdf._may_read_again(page("plain", "an e\ufb00ect", "caf\u00e9"))


def test_every_page_read_again_is_read_from_its_kept_text_page(
    corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # s2orc-acl2020.pdf: 8 of its 15 pages hold accents TeX drew as glyphs of their own
    data = (corpus_dir / "pdf" / "s2orc-acl2020.pdf").read_bytes()
    given: list[bool] = []
    clipped = pdf_glyphs._clipped

    def spy(textpage: pymupdf.TextPage, clips: list[Rect]) -> dict[str, Any] | None:
        given.append(True)
        return clipped(textpage, clips)

    monkeypatch.setattr(pdf_glyphs, "_clipped", spy)
    kept = pdf.extract_pdf(data)
    assert len(given) == 8
    # a PDF of more pages than the limit keeps none: each page is interpreted again
    monkeypatch.setattr(pdf, "_KEPT_PAGES", 14)
    anew = pdf.extract_pdf(data)
    assert len(given) == 8
    assert kept == anew
    assert "Färber" in kept.text and "Mitrović" in kept.text


_LINE_CHARS = st.sampled_from(
    ["a", "Z", " ", "1", "\u00a8", "\u00b4", "`", "\ufb01", "\ufb02 ", "-"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(_LINE_CHARS, max_size=6).map("".join), min_size=1, max_size=6))
def test_one_search_of_the_text_finds_the_lines_a_search_per_line_finds(lines: list[str]) -> None:
    # the text as ``pdf._compose`` joins lines: separators between them, a box per line
    boxes: list[tuple[int, int, int, float, float, float, float]] = []
    parts: list[str] = []
    pos = 0
    for i, line in enumerate(lines):
        if i:
            sep = "\n\n" if i % 3 == 0 else "\n"
            parts.append(sep)
            pos += len(sep)
        parts.append(line)
        boxes.append((pos, pos + len(line), 1, 0.0, float(i), 1.0, i + 0.5))
        pos += len(line)
    text = "".join(parts)
    found = tuple(boxes)
    per_line = [b for b in found if accent_pending(text[b[0] : b[1]])]
    assert pdf._lines_at(found, accents_pending(text)) == per_line
    per_line = [b for b in found if ligature_gap(text[b[0] : b[1]])]
    assert pdf._lines_at(found, ligature_gaps(text)) == per_line


def _run_together() -> pymupdf.Page:
    """Lines set condensed with words moved apart instead of spaced ("canbe seen"), as
    ``test_pdf_word_gaps`` builds them: a page whose spaces are not to be trusted."""
    line = "[(This is a line as can) -260 (be seen, with) ( quantum) -260 (interference)] TJ"
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_font(fontname="helv")
    content = "\n".join(f"BT /helv 10 Tf 30 Tz 72 {700 - 14 * i} Td {line} ET" for i in range(3))
    xref = doc.get_new_xref()
    doc.update_object(xref, "<<>>")
    doc.update_stream(xref, content.encode())
    doc.xref_set_key(page.xref, "Contents", f"{xref} 0 R")
    return pymupdf.open(stream=doc.tobytes()).load_page(0)


def test_word_gaps_read_from_the_kept_text_page_read_as_a_fresh_read() -> None:
    page = _run_together()
    textpage = page.get_textpage(flags=pdf._FLAGS)
    assert pdf_glyphs.gaps_untrusted(page, pdf._FLAGS, textpage)
    assert pdf_glyphs.gaps_untrusted(page, pdf._FLAGS)
    kept = pdf_glyphs.glyph_read_page(page, pdf._FLAGS, gaps=True, textpage=textpage)
    fresh = pdf_glyphs.glyph_read_page(page, pdf._FLAGS, gaps=True)
    assert kept is not None and fresh is not None
    assert _texts(kept) == _texts(fresh)
    assert _texts(kept)[0].startswith("This is a line as can be seen")
