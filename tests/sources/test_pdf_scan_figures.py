"""A figure's words in a scan's OCR layer (a diagram's labels, set in the body's size) are set
aside: a sentence that runs on from above the figure to below its caption is found whole, and
the labels are still in the checked text. A text layer's are left to its sizes."""

from __future__ import annotations

import pymupdf
import pytest

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers import pdf
from quote_tui.sources.readers.pdf import extract_pdf
from tests.scanned_pdf import blank_scan_page

_ABOVE = [
    "A frequent requirement of the networking that connects the compute nodes and the file",
    "systems is to have a high throughput and a low latency so that the nodes and the parallel",
]
_LABELS = ["Outside World", "Data Transfer Node", "a a", "Web Portal Node", "— i i P11 5"]
_CAPTION = "Fig. 1. System Reference Architecture"
_BELOW = [
    "file system in the data storage zone can work as one supercomputer. The exact needs for",
    "bandwidth and latency are dictated by the intended workload of the machine in question.",
]


def _page(render_mode: int) -> bytes:
    """The lines over a blank page image: render mode 3 is an OCR layer's invisible text."""
    doc = pymupdf.open()
    page = blank_scan_page(doc)
    y = 72.0
    for text in _ABOVE:
        page.insert_text((72, y), text, fontsize=10, render_mode=render_mode)
        y += 13
    y += 30
    for i, label in enumerate(_LABELS):  # a diagram's boxes, each label on its own
        page.insert_text((90 + 150 * (i % 3), y), label, fontsize=10, render_mode=render_mode)
        if i % 3 == 2:
            y += 40
    y += 60
    page.insert_text((200, y), _CAPTION, fontsize=10, render_mode=render_mode)
    y += 40
    for text in _BELOW:
        page.insert_text((72, y), text, fontsize=10, render_mode=render_mode)
        y += 13
    return doc.tobytes()


_QUOTE = (
    "so that the nodes and the parallel file system in the data storage zone can work as one "
    "supercomputer"
)


def test_a_figure_in_a_scan_stands_outside_the_sentence_around_it() -> None:
    read = extract_pdf(_page(render_mode=3))
    assert read.ocr
    assert check_text(PreparedText(read.text), _QUOTE).status is Status.NORMALIZED
    assert "Data Transfer Node" in read.text  # set aside, not lost
    assert read.text.index("Data Transfer Node") > read.text.index("intended workload")


def test_a_text_layer_is_left_to_its_sizes(monkeypatch: pytest.MonkeyPatch) -> None:
    # the sentence broken over the figure would read past it alone (``pdf_flow_holes``): left
    # out, the scan rule's leaving a text layer to its sizes is what is tested
    monkeypatch.setattr(pdf, "lift_holes", lambda split, shaded=None: split)
    read = extract_pdf(_page(render_mode=0))
    assert not read.ocr
    assert read.text.index("Data Transfer Node") < read.text.index("intended workload")
