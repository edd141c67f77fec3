"""A word's first letter MuPDF read as a block of its own (an italic "N" before
"-ethylmaleimide", JCB) glued back to the line it opens (``pdf_glued_words``)."""

from __future__ import annotations

from quote_tui.sources.readers.pdf_glued_words import glue_pieces
from quote_tui.sources.readers.pdf_layout import Block, Line


def _block(text: str, rect: tuple[float, float, float, float]) -> Block:
    return Block(rect, (Line(text, rect),), 9.5, True)


def _build(rect: tuple[float, float, float, float], lines: tuple[Line, ...], size: float) -> Block:
    return Block(rect, lines, size, True)


def test_a_letter_set_apart_is_glued_to_the_line_it_opens() -> None:
    # the line starts where the letter ends, a float's rounding short of it
    piece = _block("N", (323.8, 634.1, 331.2, 643.6))
    rest = _block("-ethylmaleimide–sensitive factor (NSF)", (331.19, 633.2, 496.8, 643.7))
    out = glue_pieces([piece, rest], _build)
    assert [b.text for b in out] == ["N-ethylmaleimide–sensitive factor (NSF)"]
    assert out[0].rect == (323.8, 633.2, 496.8, 643.7)  # the line's top and foot, as read


def test_a_letter_a_word_space_away_stays_apart() -> None:
    piece = _block("N", (323.8, 634.1, 331.2, 643.6))
    rest = _block("the factor (NSF)", (334.0, 633.2, 496.8, 643.7))  # 0.29 em: a space
    assert len(glue_pieces([piece, rest], _build)) == 2


def test_two_labels_side_by_side_stay_apart() -> None:
    a, b = _block("x0", (100, 100, 108, 110)), _block("w1", (108, 100, 116, 110))
    assert len(glue_pieces([a, b], _build)) == 2


def test_a_lines_middle_set_apart_stays_apart() -> None:
    # "(Fig. 3 a). Rab5:": the piece ends with punctuation, the next words open with a space
    piece = _block("a).", (300, 100, 310, 110))
    rest = _block(" Rab5: DC4 was present", (310, 100, 420, 110))
    assert len(glue_pieces([piece, rest], _build)) == 2
    letter = _block("a", (300, 100, 305, 110))
    assert len(glue_pieces([letter, rest], _build)) == 2
