"""A paragraph Tesseract cut down its middle (a book's bent lines) is read whole; two columns a
gutter apart stay two."""

from __future__ import annotations

from typing import Any

from quote_tui.sources.readers.pdf_ocr_split import rejoined
from quote_tui.sources.readers.pdf_ocr_tesseract import Row, Word, tesseract_dict


def _row(words: list[tuple[float, float, float, float, str]], size: float = 53.0) -> Row:
    read = tuple(Word((x0, y0, x1, y1), text) for x0, y0, x1, y1, text in words)
    box = (
        min(w.box[0] for w in read),
        min(w.box[1] for w in read),
        max(w.box[2] for w in read),
        max(w.box[3] for w in read),
    )
    return Row(box, size, 0, read)


# Heemstra's 1947 grammar, page 75, as Tesseract read it at the scan's 256 dpi: the halves'
# boxes as measured (a word's box kept at its row's start or end), the rows slanting down to
# the right, so each row's box overlaps the next one's
_LEFT = [
    _row([(220, 2141, 500, 2205, "B."), (520, 2141, 864, 2222, "Das Satzgefüge.")]),
    _row([(222, 2222, 800, 2290, "60. In der Regel sind die"), (820, 2240, 1070, 2310, "Haupt-")]),
    _row([(176, 2290, 800, 2350, "zu erkennen. Es ist aber"), (820, 2305, 953, 2371, "schwer,")]),
    _row([(174, 2357, 800, 2415, "tion klar zu umschreiben."), (810, 2372, 942, 2432, "Damit")]),
    _row([(175, 2412, 800, 2470, "Einteilung der Nebensätze"), (810, 2446, 948, 2499, "zusam")]),
    _row([(175, 2489, 800, 2545, "gelungen, sie nach einem"), (810, 2515, 931, 2569, "bestim")]),
]
_RIGHT = [
    _row([(1099, 2250, 1180, 2310, "und"), (1200, 2259, 1622, 2314, "Nebensätze leicht")]),
    _row([(981, 2318, 1040, 2376, "ihr"), (1060, 2322, 1621, 2379, "Wesen in einer Defini-")]),
    _row([(966, 2391, 1130, 2447, "hängt"), (1150, 2391, 1621, 2457, "auch die mangelhafte")]),
    _row([(953, 2451, 1050, 2505, "men."), (1070, 2463, 1622, 2520, "Es ist bisher noch nicht")]),
    _row([(935, 2520, 1030, 2580, "mten"), (1050, 2531, 1622, 2590, "Prinzip zu ordnen, weil")]),
]


def _lines(raw: dict[str, Any]) -> list[list[str]]:
    return [
        ["".join(span["text"] for span in line["spans"]) for line in block["lines"]]
        for block in raw["blocks"]
    ]


def test_a_paragraph_cut_down_its_middle_is_read_whole() -> None:
    raw = tesseract_dict([_LEFT, _RIGHT], 0.28, 595.0, 943.0)
    assert _lines(raw) == [
        [
            "B. Das Satzgefüge.",
            "60. In der Regel sind die Haupt- und Nebensätze leicht",
            "zu erkennen. Es ist aber schwer, ihr Wesen in einer Defini-",
            "tion klar zu umschreiben. Damit hängt auch die mangelhafte",
            # a cut through a word (5 and 4 pixels: letters' spacing) leaves it one word
            "Einteilung der Nebensätze zusammen. Es ist bisher noch nicht",
            "gelungen, sie nach einem bestimmten Prinzip zu ordnen, weil",
        ]
    ]


def test_the_right_half_read_first_joins_the_left_in_its_place() -> None:
    above = [_row([(175, 1898, 962, 1960, "gewahrt als in: Ich will es wissen.")])]
    joined = rejoined([above, _RIGHT, _LEFT])
    assert [len(p) for p in joined] == [1, 6]
    assert joined[1][1].words[-1].text == "Nebensätze leicht"


def test_two_columns_a_gutter_apart_stay_two() -> None:
    # the same rows with the right halves moved an em and a half right: a gutter, not a cut
    moved = [
        Row(
            (r.box[0] + 80, r.box[1], r.box[2] + 80, r.box[3]),
            r.size,
            0,
            tuple(
                Word((w.box[0] + 80, w.box[1], w.box[2] + 80, w.box[3]), w.text) for w in r.words
            ),
        )
        for r in _RIGHT
    ]
    assert rejoined([_LEFT, moved]) == [_LEFT, moved]


def test_a_half_with_a_row_level_with_nothing_stays_apart() -> None:
    # a note in the margin beside a paragraph: its rows stand level with the paragraph's only
    # in part
    far = _row([(1400, 2700, 1622, 2760, "kaum möglich.")])
    assert rejoined([_LEFT, [*_RIGHT, far]]) == [_LEFT, [*_RIGHT, far]]


def test_one_row_beside_another_is_no_cut() -> None:
    # a run-in heading's row beside its paragraph's first row: one pair tells nothing
    assert rejoined([_LEFT, _RIGHT[:1]]) == [_LEFT, _RIGHT[:1]]
