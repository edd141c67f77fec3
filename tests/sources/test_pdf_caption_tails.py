"""A caption's centred last line, set by MuPDF as a block of its own, is read with the caption:
not as body text, and not after the figure's labels beside it (ACM's two-line table captions)."""

from __future__ import annotations

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf

_BODY = (
    "Dynamo stores objects associated with a key through a simple interface; it exposes two "
    "operations and the storage system returns a single object. "
) * 6
_CAPTION = "Table 1: Summary of techniques used in Dynamo and their advantages."


def _page(rest: str = "their advantages.") -> bytes:
    """Two columns of text under a figure's labels (left) and a table (right), the table's
    caption over it in two centred lines, as ACM's proceedings set them."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for x in (54, 318):
        page.insert_textbox(pymupdf.Rect(x, 260, x + 242, 700), _BODY, fontsize=9, fontname="tiro")
    labels = ((139, 106, "A"), (100, 121, "G"), (178, 128, "B"), (85, 165, "F"), (186, 165, "C"))
    for x, y, label in labels:
        page.insert_text((x, y), label, fontsize=10, fontname="tiro")
    first = "Table 1: Summary of techniques used in Dynamo and"
    page.insert_text((334, 79), first, fontsize=9, fontname="tibo")
    page.insert_text((404, 89), rest, fontsize=9, fontname="tibo")
    rows = ("Partitioning  Consistent Hashing  Incremental", "High Availability  Vector clocks")
    for i, row in enumerate(rows):
        page.insert_text((330, 110 + 14 * i), row, fontsize=8, fontname="tiro")
    return doc.tobytes()


def test_a_captions_last_line_set_apart_is_read_with_it() -> None:
    text = extract_pdf(_page()).text
    assert check_text(PreparedText(text), _CAPTION).status in {Status.EXACT, Status.NORMALIZED}
    assert "their advantages." not in text[: text.index(_BODY[:40])]  # not before the body


def test_a_line_under_a_caption_that_opens_a_sentence_stays_apart() -> None:
    text = extract_pdf(_page(rest="Their advantages.")).text
    assert check_text(PreparedText(text), _CAPTION.replace("their", "Their")).status not in {
        Status.EXACT,
        Status.NORMALIZED,
    }
