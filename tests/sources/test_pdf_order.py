"""A magazine's first page: a title over the first two of three columns, a byline under it, and
a third column running from the page's top. The title and byline are read first, the columns
in turn after them, and a sentence across the first column's foot reads on at the second's head."""

from __future__ import annotations

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_layout import Block, Line, reading_order

_FIRST = (
    "At the end of a thoughtful article on the future of war the authors concluded that both "
    "sides in the race are confronted by the dilemma of steadily increasing power and steadily "
    "decreasing security. It is our considered professional judgment that this dilemma has no "
    "technical solution at all, and they said so in plain words for every reader of the journal "
    "to see. I would like to focus your attention not on the subject of the article but on the "
    "kind of conclusion they reached, namely that there is no technical solution to the problem "
    "they had set out to solve in the first place, which is a conclusion of a rare kind indeed."
)
_SECOND = (
    "whether they were right or not is not the concern of the present article. Rather, the "
    "concern here is with the important concept of a class of human problems which can be "
    "called problems without a technical solution, and with the discussion of one of these. "
    "It is easy to show that the class is not a null class. Recall the game of noughts and "
    "crosses. Consider the problem of how to win that game against a player who knows it well."
)
_THIRD = (
    "Population, as we are often told, tends to grow geometrically, or as we would now say, "
    "exponentially. In a finite world this means that the share of the goods of the world must "
    "steadily decrease for each person. Is ours a finite world? A fair defense can be put "
    "forward for the view that the world is infinite, or that we do not know that it is not. "
    "But in terms of the practical problems that we must face in the next few generations it "
    "is clear that we will greatly increase misery if we do not assume that it is finite."
)


def _page() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_textbox((50, 60, 380, 110), "The Tragedy of the Commons", fontsize=20)
    page.insert_text((300, 150), "Garrett Hardin", fontsize=10)
    page.insert_textbox((50, 200, 210, 740), _FIRST, fontsize=10)
    page.insert_textbox((225, 200, 385, 740), _SECOND, fontsize=10)
    page.insert_text((400, 50), "What Shall We Maximize?", fontsize=11)
    page.insert_textbox((400, 60, 560, 740), _THIRD, fontsize=10)
    return doc.tobytes()


def test_a_title_over_two_of_three_columns_is_read_before_them() -> None:
    text = extract_pdf(_page()).text
    order = [
        text.index(piece)
        for piece in (
            "The Tragedy",
            "Garrett Hardin",
            "At the end",
            "whether they were",
            "What Shall",
            "Population, as",
        )
    ]
    assert order == sorted(order)


def test_a_sentence_across_the_column_break_reads_past_the_byline() -> None:
    text = extract_pdf(_page()).text
    # the first column's last sentence runs on at the second column's head
    quote = (
        "which is a conclusion of a rare kind indeed. whether they were right or not is not "
        "the concern of the present article"
    )
    assert check_text(PreparedText(text), quote).status is Status.NORMALIZED


def _block(x0: float, y0: float, x1: float, y1: float, lines: int = 10) -> Block:
    step = (y1 - y0) / lines
    rows = tuple(
        Line("words of a line", (x0, y0 + i * step, x1, y0 + (i + 1) * step)) for i in range(lines)
    )
    return Block((x0, y0, x1, y1), rows, 10.0, True)


def test_a_heading_over_a_later_column_that_starts_high_stays_in_its_column() -> None:
    """A short block in the second column that is followed by that column's text well above
    the first column's start is the column's own heading, not the title's byline."""
    title = _block(50, 40, 380, 60, lines=1)
    first = _block(50, 300, 210, 700)  # a figure stood above it, set aside
    heading = _block(225, 80, 385, 92, lines=1)
    second = _block(225, 100, 385, 700)
    order = reading_order([title, first, heading, second], body=True)
    assert order == [title, first, heading, second]


def test_a_chart_title_over_the_last_two_of_three_columns_leaves_the_first_whole() -> None:
    """A brochure's chart stands under the second and third columns' text, its title over both;
    the first column runs past it to the page's foot, and is read whole before the others."""
    first_top = _block(40, 72, 200, 240)
    first_foot = _block(40, 250, 200, 380)
    second = _block(220, 72, 390, 150, lines=6)
    third = _block(405, 72, 575, 150, lines=6)
    title = _block(222, 178, 560, 189, lines=1)
    order = reading_order([first_top, second, third, title, first_foot], body=True)
    assert order == [first_top, first_foot, second, third, title]


def test_an_authors_lines_level_with_the_one_across_the_gutter_go_with_the_title() -> None:
    """Three authors side by side over two columns (IEEE): the middle author's lines cross the
    gutter, and the right author's lines level with them are the title's too, read before the
    columns, not between the first column's foot and the second's head."""
    title = _block(77, 81, 538, 112, lines=2)
    left = _block(63, 129, 220, 180, lines=4)
    middle_name = _block(230, 129, 385, 155, lines=2)
    right_name = _block(397, 129, 552, 155, lines=2)
    middle_place = _block(254, 155, 359, 180, lines=2)
    right_place = _block(427, 155, 519, 180, lines=2)
    first = _block(62, 192, 298, 709)
    second = _block(314, 192, 551, 721)
    blocks = [title, left, middle_name, middle_place, right_name, right_place, first, second]
    order = reading_order(blocks, body=True)
    assert order.index(right_place) < order.index(first) < order.index(second)


def test_a_table_across_both_columns_does_not_hide_the_gutter() -> None:
    """A table over both columns whose cells stand over the gutter (AAAI): the columns under it
    are still read one after the other, the left one first."""
    cells = tuple(
        Line("0.2722 0.2720", (x, 77 + 11 * r, x + 63, 87 + 11 * r))
        for r in range(12)
        for x in (128, 200, 272, 344, 416, 488)
    )
    table = Block((60, 77, 552, 219), cells, 8.0, True)
    left_top = _block(54, 242, 293, 361, lines=11)
    left_foot = _block(54, 362, 293, 704, lines=30)
    right_top = _block(320, 242, 558, 274, lines=3)
    right_foot = _block(320, 275, 558, 700, lines=38)
    order = reading_order([table, right_top, left_top, right_foot, left_foot], body=True)
    assert order == [table, left_top, left_foot, right_top, right_foot]


def _byline(x0: float, y0: float, x1: float, y1: float, lines: int) -> Block:
    block = _block(x0, y0, x1, y1, lines=lines)
    rows = tuple(Line("Department of Computer Sciences", ln.rect) for ln in block.lines)
    return Block(block.rect, rows, block.size, True)


def test_two_authors_side_by_side_under_the_title_are_read_before_the_columns() -> None:
    """Two authors under a two-line title, each name and affiliation in two blocks, side by
    side over the two columns (IEEE): read row by row before the columns, so the second author
    does not stand between the first column's foot and the second column's head."""
    title = _block(90, 50, 520, 70, lines=1)
    subtitle = _block(200, 74, 410, 94, lines=1)
    name_left, name_right = _byline(90, 110, 290, 140, 3), _byline(330, 110, 530, 140, 3)
    mail_left, mail_right = _byline(120, 146, 260, 166, 2), _byline(360, 146, 500, 166, 2)
    first = _block(54, 190, 300, 700, lines=40)
    second = _block(315, 190, 560, 700, lines=40)
    blocks = [title, subtitle, name_left, name_right, mail_left, mail_right, first, second]
    order = reading_order(blocks, body=True)
    assert order == [title, subtitle, name_left, name_right, mail_left, mail_right, first, second]


def test_short_blocks_level_at_the_top_of_a_later_page_stay_in_their_columns() -> None:
    """Under a block spanning the columns that is not the page's first (a wide table after
    some text), a heading and a short paragraph level with it stay in their own columns."""
    opening = _block(54, 40, 300, 120, lines=8)
    opening_right = _block(315, 40, 560, 120, lines=8)
    table = _block(54, 130, 560, 200, lines=6)
    heading = _block(54, 210, 200, 222, lines=1)
    left = _block(54, 230, 300, 700, lines=40)
    right = _block(315, 210, 560, 246, lines=3)
    right_foot = _block(315, 250, 560, 700, lines=38)
    order = reading_order(
        [opening, opening_right, table, heading, left, right, right_foot], body=True
    )
    assert order.index(left) < order.index(right)
