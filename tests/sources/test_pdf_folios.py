"""A footer set on one line with the page's number, in the body's own size and on one page
only (a journal names its volume on even pages and the date on odd ones), is page furniture:
a sentence over the page break reads past it. A formula's digit in the band is no page number."""

from __future__ import annotations

import textwrap

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_layout import Block, Line, PageBlocks, repeated_edges, split_page

_TEXT = " ".join(
    f"In the year {1800 + i} the herdsmen of the valley counted {7 * i + 3} cattle on the "
    f"common land, and the grass of the {i}th field grew back."
    for i in range(60)
)
_LINES = textwrap.wrap(_TEXT, 80)
_PER_PAGE = len(_LINES) // 2 + 1


def _doc() -> bytes:
    doc = pymupdf.open()
    footers = [("1244", "SCIENCE, VOL. 162"), ("1245", "13 DECEMBER 1968")]
    for number, (folio, name) in enumerate(footers):
        page = doc.new_page(width=612, height=792)
        for i, line in enumerate(_LINES[number * _PER_PAGE : (number + 1) * _PER_PAGE]):
            page.insert_text((72, 72 + 13 * i), line, fontsize=10)
        page.insert_text((72, 760), folio, fontsize=10)
        page.insert_text((440, 760), name, fontsize=10)
    return doc.tobytes()


def test_a_footer_beside_the_page_number_is_furniture() -> None:
    read = extract_pdf(_doc())
    second = read.page_starts[1]
    assert read.text.index("SCIENCE, VOL. 162") > second  # among the asides, after the body
    quote = (
        f"{_LINES[_PER_PAGE - 1]} {_LINES[_PER_PAGE]}"  # the last line of p. 1, the first of p. 2
    )
    result = check_text(PreparedText(read.text), quote)
    assert result.status in (Status.EXACT, Status.NORMALIZED)
    assert any(m.start < second < m.end for m in result.matches)  # the one over the break


def test_a_digit_inside_the_band_is_no_page_number() -> None:
    """A formula's exponent set as a block of its own at the foot of the text, with the real
    page number below it, leaves the text's last line in the body, before the next page's."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for i, line in enumerate(_LINES[:46]):
        page.insert_text((72, 72 + 13 * i), line, fontsize=10)
    page.insert_text((72, 745), "where the mode frequency is", fontsize=10)
    page.insert_text((560, 745), "2", fontsize=10)
    page.insert_text((300, 775), "7", fontsize=10)
    doc.new_page(width=612, height=792).insert_text((72, 72), "squared again.", fontsize=10)
    text = extract_pdf(doc.tobytes()).text
    assert text.index("where the mode frequency is") < text.index("squared again.")


_HEAD = "The gastronomic tourism and the strengthening of the identity of the rural"


def test_a_running_heads_wrapped_line_is_furniture() -> None:
    """A long running head wraps its last word to a second line, flush right under it: that
    word stands in no sentence over the page break; the body's own first line stays."""
    doc = pymupdf.open()
    for number in range(4):
        page = doc.new_page(width=612, height=792)
        head_width = pymupdf.get_text_length(_HEAD, fontsize=11)
        page.insert_text((540 - head_width, 64), _HEAD, fontsize=11)
        word = pymupdf.get_text_length("women", fontsize=11)
        page.insert_text((540 - word, 80), "women", fontsize=11)
        for i, line in enumerate(_LINES[number * 40 : (number + 1) * 40]):
            page.insert_text((72, 112 + 15 * i), line, fontsize=11)
    read = extract_pdf(doc.tobytes())
    start = read.page_starts[2]
    assert read.text[start:].lstrip().startswith(_LINES[80])
    quote = f"{_LINES[79]} {_LINES[80]}"
    result = check_text(PreparedText(read.text), quote)
    assert any(m.start < start < m.end for m in result.matches)


def _head_pages() -> list[PageBlocks]:
    """A seminar paper's nine pages: six of front matter, then three of text, each under a
    running head set just below the page's top band, the paper's title at its left and the
    section's name at its right ("Einleitung", then "PDCA-Kreis" twice)."""
    text = Block(
        (77, 130, 524, 700),
        (Line("Die Migration wird geliefert " * 4, (77, 130, 524, 142)),),
        12.0,
        True,
    )
    pages = [PageBlocks((text,), 842.0, ((12.0, 2000),)) for _ in range(6)]
    for section in ("Einleitung", "PDCA-Kreis", "PDCA-Kreis"):
        title = Block(
            (77, 74, 225, 86), (Line("Softwarequalitätsmanagment", (77, 74, 225, 86)),), 12.0, True
        )
        name = Block((460, 74, 524, 86), (Line(section, (460, 74, 524, 86)),), 12.0, True)
        pages.append(PageBlocks((title, name, text), 842.0, ((12.0, 2000),)))
    return pages


def test_a_head_on_three_pages_of_nine_and_the_section_beside_it_are_furniture() -> None:
    pages = _head_pages()
    repeated = repeated_edges(pages)
    assert "softwarequalitätsmanagment" in repeated
    assert "pdca-kreis" not in repeated  # on two pages only: told by the head beside it
    body, side = split_page(pages[7], body=12.0, repeated=repeated)
    assert [b.text for b in side] == ["Softwarequalitätsmanagment", "PDCA-Kreis"]
    assert [b.text for b in body] == [pages[7].blocks[2].text]


def _block(rect: tuple[float, float, float, float], text: str, size: float) -> Block:
    return Block(rect, (Line(text, rect),), size, True)


def test_a_sections_number_at_a_columns_head_is_no_page_number() -> None:
    """A two-column paper (ACL's) sets a heading's number as a block of its own, larger than
    the body: "4" before "Discussion" at the head of the right column is no page number, and
    neither the heading nor the left column's first line, level with it, is furniture (the
    sentence from the page before runs on in that line)."""
    left = [
        _block((72, 65, 290, 89), "simply take the dot product of the ordered vector", 11.0),
        _block((72, 95, 290, 700), "Then, the loss for each example was computed " * 20, 11.0),
    ]
    right = [
        _block((307, 64, 313, 76), "4", 12.0),
        _block((325, 64, 379, 76), "Discussion", 12.0),
        _block((307, 87, 526, 700), "Length. As shown in Table 1, the best length " * 20, 11.0),
    ]
    folio = _block((291, 788, 307, 799), "182", 11.0)
    page = PageBlocks((*left, *right, folio), 842.0, ((11.0, 5000), (12.0, 20)))
    body, side = split_page(page, body=11.0, repeated=set())
    texts = [b.text for b in body]
    assert texts[0].startswith("simply take")
    assert "Discussion" in texts
    assert side[-1].text == "182"  # the page's own number (the heading's stays a label)
