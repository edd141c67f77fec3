"""A table or a chart set a point under the body's size, between the halves of a sentence that
runs on to the next page, is set aside whole: its cells, its title and its caption no longer
stand in the sentence, and each is still found, on its own page."""

from __future__ import annotations

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import PdfText, extract_pdf

_LEFT = [
    "The first column is running text set at the",
    "body size, line after line, as a journal sets",
    "it, so that the reader finds the body's size.",
]
_RIGHT = [
    "Children with the disease had a higher rate",
    "at rest than their healthy peers, and their",
    "intake was lower than the guidelines advise.",
]
_SENTENCE = (
    "Energy intake was similar for both groups, but the ratio of energy intake to the "
    "resting rate was lower for the children with the disease."
)
_NEXT = [
    "to the resting rate was lower for the children",
    "with the disease. The authors concluded that",
]


def _two_columns(page: pymupdf.Page, last: str) -> None:
    """Two columns of body text at 10 pt over the page's top half; the right one ends with the
    first half of the sentence, ``last``."""
    for k, line in enumerate(_LEFT * 4):
        page.insert_text((50, 80 + 12 * k), line, fontsize=10)
    lines = [*(_RIGHT * 4), "Energy intake was similar for both groups,", last]
    for k, line in enumerate(lines):
        page.insert_text((310, 80 + 12 * k), line, fontsize=10)


def _over_a_table(title: str, caption: str = "") -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    _two_columns(page, "but the ratio of energy intake")
    if caption:
        page.insert_text((50, 420), caption, fontsize=9)
    page.insert_text((200, 440), title, fontsize=10)  # centred over both columns
    # the table under both columns, a point under the body's size: a header row, row labels
    # and numbers too short to be prose
    for x, head in ((50, "Nutrient"), (200, "Children"), (330, "Adults"), (450, "Sources")):
        page.insert_text((x, 460), head, fontsize=9)
    rows = (("Protein (g/d)", "13", "46", "milk, eggs"), ("Fiber (g/d)", "19", "25", "grains"))
    for k, (name, child, adult, source) in enumerate(rows):
        y = 480 + 16 * k
        page.insert_text((50, y), name, fontsize=9)
        page.insert_text((200, y), child, fontsize=9)
        page.insert_text((330, y), adult, fontsize=9)
        page.insert_text((450, y), source, fontsize=9)
    page = doc.new_page(width=595, height=842)
    for k, line in enumerate([*_NEXT, *(_LEFT * 6)]):
        page.insert_text((50, 80 + 12 * k), line, fontsize=10)
    return doc.tobytes()


def _over_a_chart(title: list[str]) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    _two_columns(page, "but the ratio of energy intake")
    for k, line in enumerate(title):  # the chart's title, over both columns, at 9 pt
        page.insert_text((170, 420 + 11 * k), line, fontsize=9)
    page.insert_text((220, 448), "C20   C35   S20   S35", fontsize=6)  # its legend
    for k in range(5):  # its axis: numbers and the bars' names, set small
        page.insert_text((120, 450 + 16 * k), str(40 - 10 * k), fontsize=6)
    for k, name in enumerate(("HEART", "SPLEEN", "LIVER", "KIDNEY")):
        page.insert_text((140 + 40 * k, 540), name, fontsize=5)
    page.insert_text((50, 570), "Figure 1 High protein diet reduced organ damage.", fontsize=7)
    page = doc.new_page(width=595, height=842)
    for k, line in enumerate([*_NEXT, *(_LEFT * 6)]):
        page.insert_text((50, 80 + 12 * k), line, fontsize=10)
    return doc.tobytes()


def _page_of(read: PdfText, words: str) -> int:
    at = read.text.index(words)
    return next(box[2] for box in read.line_boxes if box[0] <= at < box[1])


def _reads_whole(read: PdfText) -> bool:
    result = check_text(PreparedText(read.text), _SENTENCE)
    return result.status in {Status.EXACT, Status.NORMALIZED}


def test_a_sentence_reads_whole_over_a_table_and_its_title() -> None:
    read = extract_pdf(_over_a_table("Dietary reference intakes by age"))
    assert _reads_whole(read)
    # the table stays checkable, on its page
    assert _page_of(read, "Protein (g/d)") == 1
    assert _page_of(read, "Dietary reference intakes by age") == 1
    assert check_text(PreparedText(read.text), "Children").status is Status.EXACT


def test_a_caption_whose_label_is_set_off_by_space_is_set_aside() -> None:
    caption = (
        "Table 1  Initial and final numbers of the nutrients in each model of the diets we set"
    )
    read = extract_pdf(_over_a_table("Dietary reference intakes by age", caption))
    assert _reads_whole(read)
    assert _page_of(read, "Table 1  Initial and final") == 1


def test_a_chart_title_over_its_labels_is_set_aside() -> None:
    title = [
        "The high protein diet (35%) prevented damage to spleen",
        "& liver (P<0.001), kidney (P=0.06) and lung in S35 mice",
    ]
    read = extract_pdf(_over_a_chart(title))
    assert _reads_whole(read)
    assert _page_of(read, "The high protein diet (35%)") == 1


def test_running_text_above_a_table_stays_in_the_body() -> None:
    # a sentence's last line set as a block of its own, in the body's size, over a table: a
    # title is one line with no sentence's ending; this one ends with its full stop
    read = extract_pdf(_over_a_table("for the children with the disease. The table shows."))
    body_end = read.page_starts[1]
    assert read.text.index("The table shows.") < body_end
    assert read.text.index("Protein (g/d)") > body_end


def test_a_smaller_paragraph_beside_no_table_stays_in_the_body() -> None:
    # a quotation set off in a smaller type: short lines, no cell beside it
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for k, line in enumerate(_LEFT * 5):
        page.insert_text((50, 80 + 12 * k), line, fontsize=10)
    for k, line in enumerate(("So we go on,", "boats against", "the current.")):
        page.insert_text((90, 280 + 11 * k), line, fontsize=9)
    for k, line in enumerate(_RIGHT * 5):
        page.insert_text((50, 330 + 12 * k), line, fontsize=10)
    read = extract_pdf(doc.tobytes())
    assert read.text.index("boats against") < read.text.index("Children with the disease")


def _under_a_lone_label(label: str, beside: str) -> bytes:
    """The right column opens with a caption in the body's size whose label stands alone on
    its first line (BMJ), or with a label and its title side by side over a table."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for k, line in enumerate(_LEFT * 4):
        page.insert_text((50, 80 + 12 * k), line, fontsize=10)
    for k, line in enumerate([*(_RIGHT * 3), "Energy intake was similar for both groups,"]):
        page.insert_text((50, 240 + 12 * k), line, fontsize=10)
    page.insert_text((50, 400), "but the ratio of energy intake", fontsize=10)
    page.insert_text((310, 80), label, fontsize=10)
    if beside:  # the title level with the label, right beside it
        page.insert_text((360, 80), beside, fontsize=10)
    else:
        page.insert_text(
            (310, 92), "Flow chart of the trials selected for the review.", fontsize=10
        )
    for k, line in enumerate([*_NEXT, *(_RIGHT * 4)]):
        page.insert_text((310, 130 + 12 * k), line, fontsize=10)
    return doc.tobytes()


def test_a_caption_in_the_body_size_whose_label_stands_alone_is_set_aside() -> None:
    read = extract_pdf(_under_a_lone_label("Figure 1", ""))
    assert _reads_whole(read)
    assert _page_of(read, "Flow chart of the trials") == 1


def test_a_lone_label_takes_the_title_beside_it() -> None:
    read = extract_pdf(_under_a_lone_label("Table 1", "Summary of the studies"))
    assert _reads_whole(read)
    assert read.text.index("Summary of the studies") > read.text.index("with the disease.")
