"""A soft hyphen after a printed hyphen at a line's end is taken out; the printed one stays."""

from __future__ import annotations

import pymupdf

from quote_tui.api import check_text
from quote_tui.engine.records import Status
from quote_tui.engine.text import PreparedText
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_soft_hyphens import drop_doubled_hyphens


def _pdf(lines: list[str]) -> bytes:
    # Tiro's map gives U+00AD back as itself (Helvetica's gives "-"), as the producers do
    doc = pymupdf.open()
    page = doc.new_page(width=420, height=400)
    writer = pymupdf.TextWriter(page.rect)
    font = pymupdf.Font("tiro")
    for i, line in enumerate(lines):
        writer.append((40, 60 + 14 * i), line, font=font, fontsize=10)
    writer.write_text(page)
    return doc.tobytes()


def test_a_compound_broken_at_its_hyphen_reads_as_printed() -> None:
    read = extract_pdf(
        _pdf(
            [
                "The campaign was anti-\u00ad",
                "vaccine from the start, and essen\u00ad",
                "tielles were its words.",
            ]
        ),
        ocr=False,
    )
    assert "anti-\nvaccine" in read.text
    # a soft hyphen alone at a line's end is the word's own break, and stays as read
    assert "essen\u00ad\ntielles" in read.text
    result = check_text(PreparedText(read.text), "The campaign was anti-vaccine from the start")
    assert result.status is Status.NORMALIZED
    # the lines' offsets follow the shorter text: each box holds its line's words
    for start, end, *_ in read.line_boxes:
        assert "\n" not in read.text[start:end]
    assert [read.text[s:e] for s, e, *_ in read.line_boxes][1].startswith("vaccine")


def test_which_soft_hyphens_go() -> None:
    def dropped(text: str) -> str:
        return drop_doubled_hyphens(text, (0,), ())[0]

    assert dropped("anti-\u00ad\nvax") == "anti-\nvax"
    assert dropped("anti\u2010\u00ad \nvax") == "anti\u2010 \nvax"
    assert dropped("anti\u2011\u00ad\nvax") == "anti\u2011\nvax"
    # a figure dash is no hyphen; a soft hyphen mid-line, or alone, is not doubled
    assert dropped("12\u2012\u00ad\n34") == "12\u2012\u00ad\n34"
    assert dropped("anti-\u00advax") == "anti-\u00advax"
    assert dropped("essen\u00ad\ntielles") == "essen\u00ad\ntielles"
    assert dropped("anti-\u00ad words\nvax") == "anti-\u00ad words\nvax"


def test_offsets_after_each_cut_move_back() -> None:
    text = "ab-\u00ad\ncd-\u00ad\nef"
    boxes = ((0, 4, 1, 0.0, 0.0, 1.0, 1.0), (5, 9, 1, 0.0, 1.0, 1.0, 2.0), (10, 12, 2, 0, 0, 1, 1))
    out, starts, moved = drop_doubled_hyphens(text, (0, 10), boxes)
    assert out == "ab-\ncd-\nef"
    assert starts == (0, 8)
    assert [out[s:e] for s, e, *_ in moved] == ["ab-", "cd-", "ef"]
    unchanged = ("no soft hyphen-\nhere", (0,), ())
    assert drop_doubled_hyphens(*unchanged) == unchanged
