"""Misquotations in partly unreadable PDFs are told as a reader tells them: a PDF with a region a
font left unreadable, and a scan read by OCR, checked through the whole service."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from quote_tui.sources.readers.local import read_bytes
from quote_tui.sources.readers.pdf_layout import Block, Line, PageBlocks
from quote_tui.sources.readers.pdf_ocr import tessdata
from quote_tui.sources.readers.pdf_unmapped import unmapped_regions
from quote_tui.sources.store.snapshots import retrieval_from_json, retrieval_to_json
from tests.batch.one_source import check_one_source
from tests.scanned_pdf import nist_scan
from tests.unmapped_pdf import draw_unmapped, unmapped_font

PRINTED = (
    "There is no case on this side of the Atlantic saying that the right to be forgotten can "
    "be used as a sword, to remove publicly available information from the Internet."
)
DROPPED = PRINTED.replace("There is no case", "There is a case")
LONG_ABSENT = (
    "The Supreme Court of Canada expressly recognized a right to be forgotten in a decision of "
    "the year before, and every province has followed it since then without any exception."
)
SHORT_ABSENT = "Courts agree."
RUNS_ON = "Contact us. Call the editors at any hour."
"""Its first words are the page's, beside the box; the rest could be the box's, unseen."""
GLYPHS = bytes(range(1, 9)) * 2
"""A line drawn in a font without a Unicode map: control characters where the page shows words."""


def _pdf_with_a_box(folder: Path) -> Path:
    """Page 1 readable, with the passage a quotation misquotes; page 2 readable but for a box
    of two lines in a font without a Unicode map (an ad's phone numbers, a logo's words)."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_textbox(pymupdf.Rect(72, 72, 520, 300), PRINTED, fontname="helv", fontsize=10)
    font = unmapped_font(doc)
    page = doc.new_page()
    page.insert_text((72, 100), "Contact us.", fontname="helv", fontsize=10)
    draw_unmapped(doc, page, font, GLYPHS, lines=2, top=400)
    path = folder / "box.pdf"
    doc.save(path)
    return path


def test_an_unreadable_box_leaves_misquotations_on_readable_pages_near(tmp_path: Path) -> None:
    path = _pdf_with_a_box(tmp_path)
    loaded = read_bytes(path.read_bytes(), name="box.pdf")
    assert loaded.retrieval.unmapped_pages == (2,)
    assert loaded.retrieval.unmapped_chars == (len(GLYPHS) * 2,)
    # a stored snapshot keeps the count
    assert retrieval_from_json(retrieval_to_json(loaded.retrieval)) == loaded.retrieval
    got = check_one_source(
        path,
        {
            "exact": PRINTED,
            "dropped": DROPPED,
            "long": LONG_ABSENT,
            "short": SHORT_ABSENT,
            "runs_on": RUNS_ON,
        },
    )
    assert got["_source"]["retrieval"]["unmapped_chars"] == [len(GLYPHS) * 2]
    assert got["exact"]["status"] in ("exact", "normalized")  # wrapped lines
    # "no case" made "a case" on page 1, which reads cleanly: a misquotation, not a doubt
    dropped = got["dropped"]
    assert dropped["status"] == "near", dropped
    assert "reason" not in dropped
    assert "page 1" in dropped["note"] and "page 2" in dropped["note"]
    assert any(d["critical"] for d in dropped["matches"][0]["differences"])
    # the outcome says what settled it, where every report shows its notices
    notice = {"kind": "partly_unreadable", "text": dropped["note"]}
    assert notice in dropped["outcome"]["notices"]
    # the box holds 32 characters: a quotation of 150 cannot stand there
    assert got["long"]["status"] == "not_found", got["long"]
    assert "32 characters" in got["long"]["note"]
    assert got["long"]["outcome"]["notices"][-1]["kind"] == "partly_unreadable"
    assert got["_outcomes"]["partly_unreadable"] == 2
    # one of 12 could
    assert got["short"]["status"] == "inconclusive", got["short"]
    assert got["short"]["reason"] == "unmapped_font"
    # longer than the box, but its readable first words stand right before it
    assert got["runs_on"]["status"] == "inconclusive", got["runs_on"]
    assert "first or last words" in got["runs_on"]["note"]


needs_tesseract = pytest.mark.skipif(
    tessdata() is None, reason="Tesseract is not installed (apt-get install tesseract-ocr)"
)


@needs_tesseract
def test_in_ocr_text_a_word_no_ocr_makes_is_near_and_a_possible_misreading_is_not(
    corpus_dir: Path, tmp_path: Path
) -> None:
    got = check_one_source(
        nist_scan(corpus_dir, tmp_path),
        {
            # "cannot" made "can": no OCR drops "not" from inside a word
            "negation": "In general, storage systems within this zone can be effectively "
            "separated from the HPC resources that they support",
            # "inside" made "outside"
            "word": "Several different classes of storage systems may be present outside of "
            "the data storage zone.",
            # "loss" for "toss": OCR may have read a printed "toss" as "loss"
            "letter": "archival file systems that support campaign storage and protect "
            "against data toss.",
            "absent": "Every storage system in the data zone must be kept on magnetic tape.",
        },
    )
    assert got["_source"]["ocr"] is True
    for key, printed, quoted in (("negation", "cannot", "can"), ("word", "inside", "outside")):
        citation = got[key]
        assert citation["status"] == "near", citation
        assert "reason" not in citation
        assert f"{printed!r}" in citation["note"] and f"{quoted!r}" in citation["note"]
        assert citation["outcome"]["notices"][-1]["text"] == citation["note"]
    for key in ("letter", "absent"):
        assert got[key]["status"] == "inconclusive", got[key]
        assert got[key]["reason"] == "ocr"
    assert "'toss'" in got["letter"]["note"] and "'loss'" in got["letter"]["note"]


def _blocks(*texts: str) -> PageBlocks:
    return PageBlocks(
        blocks=tuple(
            Block((72, 0, 500, 12), (Line(text, (72, 0, 500, 12)),), 10.0, True) for text in texts
        ),
        height=800,
        sizes=(),
    )


def test_the_characters_of_the_unreadable_regions_are_counted() -> None:
    readable = "The editors thank every reader who wrote to us."
    # a box of 8 unreadable characters among 12 non-space ones: the box's 12 count
    box = _blocks(readable, "\x01\x02\x03\x04 ab \x05\x06\x07\x08 cd")
    # no one block unreadable, the page's blocks together are: those holding any count
    spread = _blocks(*("\x01 ab" for _ in range(8)))
    # a stray bullet beside a readable page is no region
    assert unmapped_regions([box, None, spread, _blocks("\ue000 " + readable)]) == (
        (1, 12),
        (3, 24),
    )
