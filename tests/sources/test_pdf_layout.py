"""A PDF's text as a reader reads it: columns, page furniture and notes out of the body's flow,
superscript marks kept apart from their words. Generated PDFs run anywhere; the corpus checks
skip without the corpus."""

from __future__ import annotations

import re
from pathlib import Path

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import PdfText, extract_pdf
from quote_tui.sources.readers.pdf_layout import Block, Line, PageBlocks, split_page
from quote_tui.sources.readers.printed_pages import derive_printed_pages

LEFT = [
    "The left column starts the sentence and runs",
    "down the page until it breaks at the foot of",
]
RIGHT = [
    "the column, where the right column carries it",
    "on to its very end without a stop in between.",
]


def _prepared(pdf: PdfText) -> PreparedText:
    return PreparedText(pdf.text, page_starts=pdf.page_starts, line_boxes=pdf.line_boxes)


def _two_columns_under_a_centred_block() -> bytes:
    """Two columns under a centred affiliation block that crosses the gutter between them."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((150, 80), "A Title Across Both Columns Of This Page", fontsize=16)
    for i, line in enumerate(("Some University", "12 Long Street", "A City, 10003")):
        page.insert_text((250, 110 + 13 * i), line, fontsize=11)
    page.insert_text((60, 200), "Abstract", fontsize=12)
    for i, line in enumerate(LEFT):
        page.insert_text((60, 230 + 13 * i), line, fontsize=10)
    for i, line in enumerate(RIGHT):
        page.insert_text((315, 200 + 13 * i), line, fontsize=10)
    return doc.tobytes()


def test_a_centred_block_does_not_merge_the_columns_below_it() -> None:
    text = extract_pdf(_two_columns_under_a_centred_block()).text
    assert text.index("Abstract") < text.index(LEFT[0]) < text.index(RIGHT[0]), text
    assert text.index(LEFT[1]) < text.index(RIGHT[0])
    quote = " ".join((*LEFT, *RIGHT))
    result = check_text(PreparedText(text), quote)
    assert result.status is Status.NORMALIZED
    assert result.matches[0].text.startswith(LEFT[0])
    assert result.matches[0].text.endswith(RIGHT[-1])


def _two_pages_with_furniture() -> bytes:
    """A sentence from page 1 to page 2, with running heads, page numbers and a footnote."""
    doc = pymupdf.open()
    for number in (1, 2):
        page = doc.new_page(width=432, height=648)
        page.insert_text((60, 40), "Journal of Careful Reading", fontsize=9)
        page.insert_text((360, 40), str(210 + number), fontsize=9)
        page.insert_text((210, 625), str(210 + number), fontsize=9)
    first, second = doc[0], doc[1]
    lines = ["Nothing in this text is special, but the last", "sentence of the page runs on:"]
    for i, line in enumerate(lines):
        first.insert_text((60, 100 + 14 * i), line, fontsize=11)
    first.insert_text((60, 540), "it goes from the foot of one page", fontsize=11)
    first.insert_text((60, 580), "1 A footnote set small, as notes are.", fontsize=8)
    second.insert_text((60, 100), "to the head of the next one.", fontsize=11)
    second.insert_text((60, 114), "And then the body goes on as before.", fontsize=11)
    return doc.tobytes()


def test_page_furniture_and_notes_stay_out_of_a_sentence_across_pages() -> None:
    pdf = extract_pdf(_two_pages_with_furniture())
    prepared = _prepared(pdf)
    quote = "it goes from the foot of one page to the head of the next one."
    result = check_text(prepared, quote)
    assert result.status is Status.NORMALIZED
    match = result.matches[0]
    assert match.text == "it goes from the foot of one page\n\nto the head of the next one."
    assert (match.page_start, match.page_end) == (1, 2)
    # the furniture and the note are still in the checked text, after the whole body, on
    # their own pages
    body_end = pdf.text.index("as before.") + len("as before.")
    for words in ("Journal of Careful Reading", "211", "A footnote set small"):
        assert pdf.text.index(words) > body_end, words
    note = check_text(prepared, "A footnote set small, as notes are.")
    assert note.status is Status.EXACT
    assert note.matches[0].page_start == 1
    heads = [
        prepared.page_of(m.start())
        for m in re.finditer("Journal of Careful Reading", prepared.text)
    ]
    assert heads == [1, 2]


def test_running_heads_after_the_body_still_number_the_pages() -> None:
    pdf = extract_pdf(_two_pages_with_furniture())
    prepared = _prepared(pdf)
    from quote_tui.sources.load import _page_texts  # noqa: PLC0415

    derived = derive_printed_pages(_page_texts(prepared))
    assert derived.labels == ("211", "212")


def _superscript_pdf() -> bytes:
    """A citation mark set small and raised right after a word, as Nature styles them."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((60, 100), "ions with a 2D or 3D structure", fontsize=10)
    width = pymupdf.get_text_length("ions with a 2D or 3D structure", fontsize=10)
    page.insert_text((60 + width, 96), "16-18", fontsize=6.5)
    after = 60 + width + pymupdf.get_text_length("16-18", fontsize=6.5)
    page.insert_text((after, 100), ". More follows here.", fontsize=10)
    page.insert_text((60, 114), "This second line keeps the page a text page.", fontsize=10)
    return doc.tobytes()


def test_a_superscript_mark_is_kept_apart_from_its_word() -> None:
    prepared = PreparedText(extract_pdf(_superscript_pdf()).text)
    stops_before = check_text(prepared, "ions with a 2D or 3D structure")
    assert stops_before.status is Status.EXACT
    with_mark = check_text(prepared, "ions with a 2D or 3D structure16-18")
    assert with_mark.status is Status.NORMALIZED
    assert with_mark.matches[0].rules
    # across a line break, the normalized tier also ends the word before the mark
    assert "structure\u200b16-18" in prepared.text


def test_superscript_across_lines_is_normalized() -> None:
    text = "with a 2D or 3D\nstructure\u200b16\u201318. More\n1\u200bNotes are avail-\nable here."
    prepared = PreparedText(text)
    assert check_text(prepared, "with a 2D or 3D structure").status is Status.NORMALIZED
    assert check_text(prepared, "Notes are available here.").status is Status.NORMALIZED


def test_shinyama_column_break_reads_on(corpus_dir: Path) -> None:
    pdf = extract_pdf((corpus_dir / "pdf/shinyama-naacl2006.pdf").read_bytes())
    text = pdf.text
    assert re.search(r"specify arti-\n\ncles and adjust its patterns", text)
    assert re.search(r"lower than ex-\n\nisting IE systems", text)
    result = check_text(
        _prepared(pdf),
        "you need to repeat the whole process: specify articles and adjust its patterns",
    )
    assert result.status is Status.NORMALIZED
    assert result.matches[0].page_start == 1


def test_wang_citation_mark_and_ferrario_running_head(corpus_dir: Path) -> None:
    wang = extract_pdf((corpus_dir / "pdf/wang-ion-crystal-scirep.pdf").read_bytes())
    quote = "could confine up to millions of ions with a 2D or 3D structure"
    assert check_text(_prepared(wang), quote).status is Status.EXACT
    ferrario = extract_pdf((corpus_dir / "pdf/ferrario-review-2021.pdf").read_bytes())
    across = (
        "it could also be the case that the De anima took its current shape at the same time "
        "as its contents were translated into Latin"
    )
    result = check_text(_prepared(ferrario), across)
    assert result.status is Status.NORMALIZED
    assert "Ferrario" not in result.matches[0].text
    assert (result.matches[0].page_start, result.matches[0].page_end) == (2, 3)


def test_a_numbered_list_item_at_a_page_foot_is_not_a_footnote(corpus_dir: Path) -> None:
    """The Federal Register's "(1) The Manager, ..." (a smaller type, at the foot of page 14)
    continues onto page 15; a footnote would start with a bare number."""
    pdf = extract_pdf((corpus_dir / "pdf/federal-register-2020-17221.pdf").read_bytes())
    quote = "send it to the attention of the person identified in paragraph (q)(1) of this AD."
    result = check_text(_prepared(pdf), quote)
    assert result.status is Status.NORMALIZED
    assert (result.matches[0].page_start, result.matches[0].page_end) == (14, 15)


def test_a_drop_cap_is_joined_to_its_word(corpus_dir: Path) -> None:
    wang = extract_pdf((corpus_dir / "pdf/wang-ion-crystal-scirep.pdf").read_bytes())
    quote = "Scalable quantum computation constitutes one of the ultimate goals in modern physics"
    result = check_text(_prepared(wang), quote)
    assert result.status is Status.EXACT
    assert result.matches[0].page_start == 1


def test_a_figures_labels_stay_out_of_the_sentence_around_it() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 100), "The score improves with experience E.", fontsize=10)
    for i, label in enumerate(("x0", "x1", "w0", "w1")):
        page.insert_text((200 + 40 * i, 130), label, fontsize=10)
    after = "This means that the programs adjust their parameters."
    page.insert_text((72, 160), after, fontsize=10)
    prepared = _prepared(extract_pdf(doc.tobytes()))
    quote = "improves with experience E. This means that the programs adjust"
    result = check_text(prepared, quote)
    assert result.status is Status.NORMALIZED
    assert "x0" not in result.matches[0].text
    assert check_text(prepared, "w1").status is Status.EXACT  # still in the checked text


def _rotated_pages() -> bytes:
    """Two portrait pages shown turned a quarter (/Rotate 90), a smaller line at 71% of their
    height: within the foot band of the page's turned height (595 pt), not of its own (842)."""
    doc = pymupdf.open()
    for number in range(2):
        page = doc.new_page(width=595, height=842)
        for i in range(24):
            page.insert_text(
                (60, 140 + i * 18), f"Body line {i} of page {number} reads on.", fontsize=10
            )
        page.insert_text((60, 600), "A smaller remark set inside the body.", fontsize=9.5)
        page.insert_text((60, 640), f"The body goes on below it on page {number}.", fontsize=10)
        page.set_rotation(90)
    return doc.tobytes()


def test_a_turned_pages_bands_are_measured_on_its_text() -> None:
    text = extract_pdf(_rotated_pages()).text
    page_one = text[: text.index("Body line 0 of page 1")]
    assert "of page 0 reads on.\n\nA smaller remark set inside the body.\n\nThe body" in page_one


def test_a_capital_letter_in_the_bodys_size_is_a_figures_label_not_a_drop_cap() -> None:
    """A lone "Θ" a point over the body (a figure's label) is set aside; a lone capital set
    as large as a drop cap stays to be joined to its word."""
    body_lines = tuple(Line("words of the running text here", (81, 300 + 12 * k, 522, 311 + 12 * k))
                       for k in range(10))  # fmt: skip
    text = Block((81, 300, 522, 431), body_lines, 11.0, True)
    label = Block((164, 283, 172, 295), (Line("Θ", (164, 283, 172, 295)),), 12.0, True)
    cap = Block((40, 300, 70, 340), (Line("S", (40, 300, 70, 340)),), 30.0, True)
    page = PageBlocks((text, label, cap), 842.0, ((11.0, 300), (12.0, 1), (30.0, 1)))
    body, side = split_page(page, body=11.0, repeated=set())
    assert label in side and label not in body
    assert any(b.text.startswith("S") for b in body)
