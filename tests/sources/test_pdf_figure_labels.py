"""A figure's labels set small beside the page's own text are kept out of the running text,
even in a document whose most common size is smaller than that page's text (a letter whose
Methods, set small, outweigh its body); a listing's or an algorithm's caption too."""

from __future__ import annotations

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf

FIRST = "where all the components peak roughly at"
SECOND = "the same delay time, suggesting a weak chirp of the pulses."


def _letter() -> bytes:
    """Body at 9.5 pt on pages 1-2, a figure's 7 pt labels atop page 2, and a Methods page of
    8 pt text long enough to make 8 pt the document's most common size."""
    doc = pymupdf.open()
    first = doc.new_page(width=595, height=842)
    for k in range(20):
        first.insert_text(
            (60, 120 + 14 * k), f"Body line {k} of the letter runs on here.", fontsize=9.5
        )
    first.insert_text((60, 420), FIRST, fontsize=9.5)
    second = doc.new_page(width=595, height=842)
    for x, label in ((80, "Experiment"), (300, "Reconstruction"), (120, "GaSe")):
        second.insert_text((x, 150), label, fontsize=7)
    second.insert_text((60, 300), SECOND, fontsize=9.5)
    for k in range(20):
        second.insert_text(
            (60, 314 + 14 * k), f"More of the body, line {k}, goes on.", fontsize=9.5
        )
    methods = doc.new_page(width=595, height=842)
    for k in range(50):
        line = f"Methods line {k}: the samples were prepared and measured as described before."
        methods.insert_text((60, 100 + 12 * k), line, fontsize=8)
    return doc.tobytes()


def test_small_figure_labels_stand_outside_a_sentence_across_the_page_break() -> None:
    pdf = extract_pdf(_letter())
    text = pdf.text
    assert text.index("Experiment") > text.index("Methods line 49")
    prepared = PreparedText(text, page_starts=pdf.page_starts, line_boxes=pdf.line_boxes)
    result = check_text(prepared, f"{FIRST} {SECOND}")
    assert result.status in (Status.EXACT, Status.NORMALIZED)


def test_a_listing_or_algorithm_caption_stands_outside_the_sentence_around_it() -> None:
    for label in ("Listing 1: DAG definition example", "Algorithm 2. Greedy search"):
        doc = pymupdf.open()
        page = doc.new_page(width=595, height=842)
        page.insert_text((60, 200), "The resulting workflow is shown in Figure 1.", fontsize=10)
        page.insert_text((60, 240), label, fontsize=10)
        page.insert_text((60, 280), "It is important to note that this example", fontsize=10)
        page.insert_text((60, 294), "passes the data directly between its steps.", fontsize=10)
        pdf = extract_pdf(doc.tobytes())
        prepared = PreparedText(pdf.text, page_starts=pdf.page_starts, line_boxes=pdf.line_boxes)
        quote = "The resulting workflow is shown in Figure 1. It is important to note that"
        assert check_text(prepared, quote).status in (Status.EXACT, Status.NORMALIZED), label
        assert pdf.text.index(label) > pdf.text.index("between its steps")


def test_a_printed_line_split_around_a_code_chip_reads_as_one_line() -> None:
    # MuPDF makes two lines of one where a chip leaves a gap: they are no two columns
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    font = pymupdf.Font("helv")
    writer = pymupdf.TextWriter(page.rect)
    first = "intNth 2 works only for"
    writer.append((60, 200), first, font=font, fontsize=12)
    x = 60 + font.text_length(first, 12) + 11  # a chip's gap, narrower than a gutter
    writer.append((x, 200), "Int lists. The approach that follows does not", font=font, fontsize=12)
    writer.append((60, 215), "work: it fails at run time.", font=font, fontsize=12)
    writer.write_text(page)
    pdf = extract_pdf(doc.tobytes())
    prepared = PreparedText(pdf.text, page_starts=pdf.page_starts, line_boxes=pdf.line_boxes)
    quote = "works only for Int lists. The approach that follows does not work"
    assert check_text(prepared, quote).status in (Status.EXACT, Status.NORMALIZED), pdf.text
