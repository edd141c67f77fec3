"""A caption continued overleaf ("... (continued on next page...)" at a page's foot, "Figure 2
(...continued)" over its rest on the next page, PeerJ) reads as one caption, its two notes after
it; a caption with no such note, and one whose next page continues another figure, stay."""

from __future__ import annotations

import pymupdf

from quote_tui.api import check_text
from quote_tui.engine.records import Status
from quote_tui.engine.text import PreparedText
from quote_tui.sources.readers.pdf import extract_pdf

_BODY = (
    "The package runs in five phases, each a step of its own, and every phase reads the\n"
    "output of the one before it, so that a user may stop after any of them and go on later.\n"
    "Each phase is described below with the programs it needs and the files it writes out.\n"
    "The first prepares the data, the second searches for homologs, and the third aligns.\n"
)


def _pdf(rest_label: str = "Figure 2 (...continued)") -> bytes:
    doc = pymupdf.open()
    first = doc.new_page(width=500, height=700)
    first.insert_text((50, 80), _BODY * 3, fontsize=10)
    first.insert_text(
        (150, 560),
        "Figure 2 Overview of the options available in the package. If this is the case then\n"
        "the package will let you build the trees from the species tree (as shown on the left\n"
        "most side of (C)). (continued on next page...)",
        fontsize=9,
    )
    first.insert_text((50, 660), "Webb et al. (2017), PeerJ Comput. Sci.", fontsize=8)
    second = doc.new_page(width=500, height=700)
    second.insert_text(
        (150, 60),
        f"{rest_label}\n"
        "However, you may wish to build gene trees directly from the data for either family\n"
        "of genes, which is shown in the right most column of (C).",
        fontsize=9,
    )
    second.insert_text((50, 160), _BODY * 3, fontsize=10)
    return doc.tobytes()


def test_a_caption_continued_overleaf_reads_as_one() -> None:
    read = extract_pdf(_pdf(), ocr=False)
    text = read.text
    quote = (
        "the package will let you build the trees from the species tree (as shown on the left "
        "most side of (C)). However, you may wish to build gene trees directly from the data"
    )
    result = check_text(PreparedText(text), quote)
    assert result.status in {Status.EXACT, Status.NORMALIZED}
    start = result.matches[0].start
    assert [box[2] for box in read.line_boxes if box[0] <= start < box[1]] == [1]
    rest = text.index("However, you may wish")
    assert [box[2] for box in read.line_boxes if box[0] <= rest < box[1]] == [2]
    assert "(continued on next page...)" in text and "Figure 2 (...continued)" in text


def test_another_figures_rest_is_not_joined() -> None:
    text = extract_pdf(_pdf("Figure 3 (...continued)"), ocr=False).text
    assert "(C)). (continued on next page...)" in text
