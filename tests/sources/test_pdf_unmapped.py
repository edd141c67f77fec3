"""PDF pages whose text layer a font without a Unicode map has left unreadable."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from quote_tui.api import check_batch, parse_batch, run
from quote_tui.sources.readers.local import read_bytes
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_layout import Block, Line, PageBlocks
from quote_tui.sources.readers.pdf_unmapped import unmapped_count, unmapped_pages
from quote_tui.sources.store.snapshots import retrieval_from_json, retrieval_to_json
from tests.unmapped_pdf import draw_unmapped, unmapped_font

READABLE = "The editors thank every reader who wrote to us about the climate this year."
ELSEWHERE = "A sentence that stands on no page of this document at all, readable or not."


def _garbled_pdf(glyphs: bytes, *, pages_of_garbage: int = 1) -> bytes:
    """A readable first page, then pages whose text is drawn through a simple font with
    codes below 32: the text layer gives control characters where the page shows words, as
    a font without a Unicode map does."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 100), READABLE, fontname="helv", fontsize=10)
    font = unmapped_font(doc)
    for _ in range(pages_of_garbage):
        page = doc.new_page()
        page.insert_text((72, 100), "Box", fontname="helv", fontsize=10)
        draw_unmapped(doc, page, font, glyphs, lines=4, top=300)
    return doc.tobytes()


def test_unreadable_characters_are_counted_apart_from_spaces() -> None:
    assert unmapped_count("plain words") == (0, 10)
    assert unmapped_count("\x00\x01 a\ue000\ufffd\t") == (4, 5)
    assert unmapped_count("\U000f0001") == (1, 1)


def test_a_page_drawn_in_an_unmapped_font_is_flagged() -> None:
    pdf = extract_pdf(_garbled_pdf(bytes(range(1, 9)) + b"\x0e\x0f\x10\x11\x12\x13" * 3))
    assert pdf.unmapped_pages == (2,)
    loaded = read_bytes(_garbled_pdf(bytes(range(1, 9)) * 3), name="garbled.pdf")
    assert loaded.retrieval.unmapped_pages == (2,)
    assert "unmapped_font" in (loaded.retrieval.note or "")
    assert "page(s) 2 " in (loaded.retrieval.note or "")
    # a stored snapshot keeps the flag: the text read from it is as unreadable
    assert retrieval_from_json(retrieval_to_json(loaded.retrieval)) == loaded.retrieval


def _page(*blocks: str) -> PageBlocks:
    return PageBlocks(
        blocks=tuple(
            Block((72, 0, 500, 12), (Line(text, (72, 0, 500, 12)),), 10.0, True) for text in blocks
        ),
        height=800,
        sizes=(),
    )


def test_a_few_symbol_glyphs_do_not_flag_a_readable_page() -> None:
    # bullets from a symbol font in the private-use area, among ordinary words: readable
    bullets = _page(*(f"\ue000 {READABLE}" for _ in range(12)))
    # a box of private-use glyphs beside readable body text: that region is unreadable
    box = _page(READABLE, READABLE, "\ue001\ue002\ue003 \ue004\ue005\ue006 \ue007\ue008")
    assert unmapped_pages([bullets, None, box]) == (3,)


def test_the_limits_of_an_unreadable_region() -> None:
    # eight unreadable characters flag a region, seven do not
    assert unmapped_pages([_page("\x01" * 8)]) == (1,)
    assert unmapped_pages([_page("\x01" * 7)]) == ()
    # ...when they make at least 30% of its non-space characters (read without OCR, which
    # reads a page of such words from its image: pdf_ocr_unmapped)
    assert extract_pdf(_garbled_pdf(b"\x01\x02abcd"), ocr=False).unmapped_pages == (2,)  # 2 of 6
    assert extract_pdf(_garbled_pdf(b"\x01\x02abcde"), ocr=False).unmapped_pages == ()  # 2 of 7
    # spread over a page's small blocks, they flag it too
    assert unmapped_pages([_page(*("\x01 ab" for _ in range(8)))]) == (1,)


def test_a_quotation_missing_from_a_document_with_unreadable_pages_is_inconclusive(
    tmp_path: Path,
) -> None:
    path = tmp_path / "garbled.pdf"
    path.write_bytes(_garbled_pdf(bytes(range(1, 9)) * 3, pages_of_garbage=2))
    clean = tmp_path / "clean.pdf"
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 100), READABLE, fontname="helv", fontsize=10)
    doc.save(clean)
    batch = {
        "sources": [{"id": "g", "ref": str(path)}, {"id": "c", "ref": str(clean)}],
        "citations": [
            {"id": "there", "source": "g", "quote": READABLE},
            {"id": "missing", "source": "g", "quote": ELSEWHERE},
            {"id": "clean", "source": "c", "quote": ELSEWHERE},
        ],
    }
    report = run(lambda: check_batch(parse_batch(batch)))
    there, missing, clean_miss = report["citations"]
    assert there["status"] == "exact"
    # the words may stand on pages 2-3, where the text layer cannot show them
    assert missing["status"] == "inconclusive", missing
    assert missing["reason"] == "unmapped_font"
    assert report["sources"][0]["retrieval"]["unmapped_pages"] == [2, 3]
    # a readable document still says not_found
    assert clean_miss["status"] == "not_found"
    assert "reason" not in clean_miss


def test_the_spektrum_ad_box_of_shifted_letters_stays_below_the_share(corpus_dir: Path) -> None:
    # its box reads "$IE\x002EDAKTION": control characters for spaces among wrong letters.
    # Letters a shifted encoding gives are not told from words here, so the page is not
    # flagged and an absent quotation stays not_found (as the corpus's case expects).
    data = (corpus_dir / "pdf" / "spektrum-editorial-de.pdf").read_bytes()
    pdf = extract_pdf(data)
    assert "$IE\x002EDAKTION" in pdf.text
    assert pdf.unmapped_pages == ()


def test_pieces_of_big_brackets_in_formulas_are_not_unreadable_text() -> None:
    # a Beamer slide's formula as MuPDF reads it: cmex's big parentheses as lone control
    # characters, Adobe Symbol's pieces of a big bracket (U+F8EB-U+F8F8) as blocks of their own
    # beside the prose; the pieces are named glyphs, not text a font failed to map
    left = "\uf8eb" + "\uf8ec" * 6 + "\uf8ed"
    right = "\uf8f6" + "\uf8f7" * 6 + "\uf8f8u1"
    formula = _page(READABLE, "\x10", "1 x\u200bn \u2212u\u22a4 1 \u00b5 \x112 = 1", left, right)
    assert unmapped_pages([formula]) == ()
    assert unmapped_count(left) == (0, 8)
    # the private-use characters just below them are still what an unmapped font gives
    assert unmapped_pages([_page(READABLE, "\uf8e4" * 8)]) == (1,)


def test_a_formulas_unmapped_symbols_are_no_unreadable_region() -> None:
    # a mémoire's algorithm as MuPDF reads it: a math font's italic subscripts unmapped
    # (private-use characters) among operators; no words could stand there
    formula = "\ue000=1 \ue001\ue002\u200b\ue003\ue004\u2260\ue005(\ue006\ue007) \u2112\u2208\u2205"
    assert unmapped_pages([_page(READABLE, formula, formula)]) == ()
    # the same glyphs without a formula's signs, or beside words, are still unreadable text
    unsigned = "".join(c for c in formula if c not in "\u2260\u2208\u2205")
    assert unmapped_pages([_page(READABLE, unsigned)]) == (1,)
    worded = "\ue000\ue001\ue002\ue003\ue004\ue005\ue006\ue007 \u2260 the"
    assert unmapped_pages([_page(READABLE, worded)]) == (1,)
