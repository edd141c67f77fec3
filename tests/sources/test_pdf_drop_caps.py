"""A drop cap joined to its word where the reading order sets other blocks between them
(``pdf_drop_caps``): PNAS sets the two-line "T" under the keywords, the other column read
next, and "he domestic cat" beside the cap."""

from __future__ import annotations

from quote_tui.sources.readers.pdf_layout import Block, Line, _drop_caps


def _block(*lines: tuple[str, tuple[float, float, float, float]]) -> Block:
    made = tuple(Line(text, rect) for text, rect in lines)
    rect = (
        min(r[0] for _, r in lines),
        min(r[1] for _, r in lines),
        max(r[2] for _, r in lines),
        max(r[3] for _, r in lines),
    )
    return Block(rect, made, 9.0, True)


def _page(word_x: float) -> list[Block]:
    keywords = _block(
        ("Felis catus | domestication", (43, 533, 162, 540)), ("T", (43, 545, 60, 575))
    )
    other = _block(("Previous studies have assessed breed", (301, 287, 547, 297)))
    word = _block(
        ("he domestic cat (Felis silvestris catus) is", (word_x, 547, 288, 557)),
        ("a popular pet species, with as many as", (word_x, 558, 288, 568)),
        ("600 million individuals worldwide", (43, 580, 288, 590)),
    )
    return [keywords, other, word]


def test_a_drop_cap_is_joined_to_the_word_beside_it_past_other_blocks() -> None:
    out = _drop_caps(_page(62))
    assert out[-1].lines[0].text == "The domestic cat (Felis silvestris catus) is"
    assert out[0].text == "Felis catus | domestication"


def test_a_capital_far_from_the_word_is_no_drop_cap() -> None:
    out = _drop_caps(_page(200))  # the line starts past two caps' widths right of the letter
    assert out[-1].lines[0].text.startswith("he domestic")
    assert out[0].text.endswith("T")
