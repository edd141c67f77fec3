"""A table set in the body's size whose columns are read as a block each (ACL), and a table's
last row read as one block with the caption under it: both set aside, so a sentence from the
first column's foot reads on at the second column's text, past the table."""

from __future__ import annotations

from dataclasses import dataclass

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_layout import Block, Line
from quote_tui.sources.readers.pdf_tables import table_asides

_PROSE = "The runs were compared over every relation of the set "
_ROWS = [
    ("Type", "Ours", "Base"),
    ("Conquered", "0.917", "0.767"),
    ("Founded", "0.827", "0.636"),
    ("Headquartered", "0.734", "0.589"),
    ("Average", "0.849", "0.712"),
]


def _page(
    *,
    words: tuple[str, str, str] | None = None,
    rows: list[tuple[str, str, str]] = _ROWS,
    caption: str = "Table 1: Type checking performance.",
) -> bytes:
    """Two columns at 10 pt: the left one ends "reduces error (mea-", the right one opens with
    a table in the body's size (or, with ``words``, three short prose columns' worth of words
    at the same places), a caption, then "sured in missing area ..."."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k in range(40):
        page.insert_text((50, 80 + 12 * k), f"{_PROSE[: 40 + k % 5]}", fontsize=10)
    page.insert_text((50, 80 + 12 * 40), "and the new method reduces error (mea-", fontsize=10)
    for k, row in enumerate(rows):
        cells = words if words else row
        for x, cell in zip((320, 430, 490), cells, strict=True):
            if cell:
                page.insert_text((x, 80 + 14 * k), cell, fontsize=10)
    page.insert_text((320, 170), caption, fontsize=10)
    page.insert_text((320, 200), "sured in missing area under the curve) by 46%.", fontsize=10)
    for k in range(30):
        page.insert_text((320, 212 + 12 * k), f"{_PROSE[: 40 + k % 5]}", fontsize=10)
    return doc.tobytes()


def test_a_body_size_table_over_a_column_is_set_aside() -> None:
    read = extract_pdf(_page())
    assert "reduces error (mea-\n\nsured in missing" in read.text
    quote = "the new method reduces error (measured in missing area under the curve) by 46%"
    assert check_text(PreparedText(read.text), quote).status is Status.NORMALIZED
    assert "0.917" in read.text  # still checkable, among the page's asides


def test_a_tables_columns_under_a_header_of_two_lines_are_set_aside() -> None:
    rows = [("", "Average", "Correct"), ("", "Error", "Count"), ("Ours", "12%", "11,476"),
            ("Base", "18%", "11,631")]  # fmt: skip
    read = extract_pdf(_page(rows=rows))
    assert "reduces error (mea-\n\nsured in missing" in read.text


def test_columns_of_short_words_without_figures_stay_in_the_body() -> None:
    # (under no table's caption: a caption makes them a table of words)
    read = extract_pdf(_page(words=("the runs", "were", "here"), caption="A line of prose."))
    assert "reduces error (mea-\n\nthe runs" in read.text


@dataclass(frozen=True)
class _Page:
    blocks: tuple[Block, ...]
    hidden: int = 0
    sizes: tuple[tuple[float, int], ...] = ((10.0, 1000), (9.0, 100))


def _block(lines: list[tuple[str, float]], x0: float, size: float) -> Block:
    rows = tuple(Line(text, (x0, y, x0 + 5 * len(text), y + size)) for text, y in lines)
    rect = (x0, rows[0].rect[1], max(r.rect[2] for r in rows), rows[-1].rect[3])
    return Block(rect, rows, size, True)


def test_a_tables_last_row_read_with_its_caption_is_set_aside() -> None:
    row = _block(
        [("Info lost", 118.0), ("43 / 59 = 73%", 118.0), ("Table 3. Qualitative analysis", 139.0)],
        323,
        9.0,
    )
    prose = _block([("Some 47% of the paraphrases involve much reordering.", 164.0)] * 3, 320, 10.0)
    said = _block(
        [("Info lost", 118.0), ("43 / 59 = 73%", 118.0), ("as the Table 3. shows us", 139.0)],
        323,
        9.0,
    )
    flags = [False, False, False]
    table_asides(_Page((row, prose, said)), flags, [0, 0, 0], 10.0)
    assert flags == [True, False, False]


def _figure_over_the_page(title_size: float) -> bytes:
    """A sentence runs from page 1's foot to page 2, where a figure stands at the top: its own
    title (set ``title_size``), its small labels, its caption."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k in range(50):
        page.insert_text((108, 80 + 12 * k), _PROSE + "and so on.", fontsize=10)
    page.insert_text(
        (108, 80 + 12 * 50), "If we consider the whole network to be some function", fontsize=10
    )
    page = doc.new_page(width=612, height=792)
    page.insert_text((241, 93), "Architecture of the network", fontsize=title_size)
    for k, x in enumerate((225, 275, 326, 377)):
        for row, y in enumerate((114, 145, 199)):
            page.insert_text((x, y), f"I{k + 1},{row + 1}", fontsize=6.5)
    page.insert_text((108, 240), "Figure 1: The network used for denoising.", fontsize=9)
    page.insert_text((108, 300), "F with free parameters, then the estimate is made.", fontsize=10)
    for k in range(30):
        page.insert_text((108, 312 + 12 * k), _PROSE + "and so on.", fontsize=10)
    return doc.tobytes()  # fmt: skip


def test_a_figures_own_title_set_larger_than_the_body_is_set_aside() -> None:
    read = extract_pdf(_figure_over_the_page(11))
    assert "to be some function\n\nF with free parameters" in read.text
    quote = "consider the whole network to be some function F with free parameters"
    assert check_text(PreparedText(read.text), quote).status is Status.NORMALIZED
    # a heading set much larger stays where it stands
    big = extract_pdf(_figure_over_the_page(16)).text
    assert "some function\n\nArchitecture of the network" in big


_NAMES = ["class", "dat", "kin", "spec", "theta"]
_MEANINGS = [
    "represents",
    "a single dataset and its model",
    "a kinetic model, built on dat",
    "a spectral model, built on dat",
    "the estimates of the model's parameters",
]


def _table_of_words(caption: str) -> bytes:
    """A sentence from page 1's foot runs on to page 2 under a table of words in the body's
    size: a column of names beside a column of what each stands for, over ``caption``."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k in range(50):
        page.insert_text((81, 80 + 12 * k), _PROSE + "and so on, line by line.", fontsize=11)
    page.insert_text((81, 80 + 12 * 50), "All bookkeeping necessary to account for", fontsize=11)
    page = doc.new_page(width=612, height=792)
    for k, (name, meaning) in enumerate(zip(_NAMES, _MEANINGS, strict=True)):
        page.insert_text((87, 134 + 14 * k), name, fontsize=11)
        page.insert_text((156, 134 + 14 * k), meaning, fontsize=11)
    page.insert_text((81, 220), caption, fontsize=11)
    page.insert_text((81, 260), "fixed parameters is performed in one place.", fontsize=11)
    for k in range(30):
        page.insert_text((81, 272 + 12 * k), _PROSE + "and so on, line by line.", fontsize=11)
    return doc.tobytes()


def test_a_table_of_words_over_its_caption_is_set_aside() -> None:
    read = extract_pdf(_table_of_words("Table 1: Classes used by the package."))
    assert "account for\n\nfixed parameters" in read.text
    quote = "All bookkeeping necessary to account for fixed parameters is performed"
    assert check_text(PreparedText(read.text), quote).status is Status.NORMALIZED
    # without a table's caption, two such columns may be a list: they stay where they stand
    plain = extract_pdf(_table_of_words("A line of running text follows the list.")).text
    assert "account for\n\nclass" in plain


def test_a_list_beside_prose_over_another_columns_caption_stays() -> None:
    """A short list at the left column's foot, level with the right column's prose, over a
    table's caption in the right column only: neither is a table of words."""
    names = _block([("alpha", 600.0), ("beta", 614.0), ("gamma", 628.0)], 54, 10.0)
    prose = _block([("The right column runs on in long lines of prose text.", y)
                    for y in (600.0, 614.0, 628.0, 642.0)], 315, 10.0)  # fmt: skip
    caption = _block([("Table 2: Results of the runs.", 660.0)], 315, 10.0)
    flags = [False, False, True]
    table_asides(_Page((names, prose, caption)), flags, [0, 0, 0], 10.0)
    assert flags == [False, False, True]
