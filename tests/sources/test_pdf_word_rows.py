"""A justified line whose words a word processor set as blocks of their own (an Italian thesis:
"Il" | "testo" | "dovrà" | ...) is read as one line; a table's row and short rows stay apart."""

from __future__ import annotations

from quote_tui.sources.readers.pdf_layout import Block, Line, PageBlocks, page_blocks, split_page
from quote_tui.sources.readers.pdf_word_rows import join_word_rows

_WORDS = ["Il", "testo", "dovrà", "ora", "passare", "all’esame", "di", "altre", "otto"]


def _row(words: list[str], gap: float, y: float = 87.0, size: float = 12.0) -> list[Block]:
    out, x = [], 113.0
    for word in words:
        width = 6.0 * len(word)
        rect = (x, y, x + width, y + size)
        out.append(Block(rect, (Line(word + " ", rect),), size, True))
        x += width + gap
    return out


def _build(rect: tuple[float, float, float, float], lines: tuple[Line, ...], size: float) -> Block:
    return Block(rect, lines, size, True)


def test_a_row_of_one_word_blocks_is_one_line() -> None:
    under = Block(
        (113, 107, 467, 119), (Line("commissioni della Camera.", (113, 107, 467, 119)),), 12.0, True
    )
    blocks = join_word_rows([*_row(_WORDS, 9.5), under], _build)
    assert [b.text.strip() for b in blocks] == [
        "Il testo dovrà ora passare all’esame di altre otto",
        "commissioni della Camera.",
    ]
    # read on the page, its short words ("Il", "di") are no figure's labels
    page = PageBlocks(tuple(blocks), 842.0, ((12.0, 80),))
    body, _ = split_page(page, body=12.0, repeated=set())
    assert body[0].text.startswith("Il testo")


def test_words_a_cells_gap_apart_or_too_few_stay_apart() -> None:
    cells = _row(["Alpha", "Beta", "Gamma", "Delta"], 16.0)  # 1.33 em: a table's row
    assert join_word_rows(cells, _build) == cells
    two = _row(["Il", "testo"], 9.5)
    assert join_word_rows(two, _build) == two
    short = _row(["a", "b", "c"], 9.5)  # three words over less than a line's stretch
    assert join_word_rows(short, _build) == short


def test_the_page_reads_the_row_as_one_line() -> None:
    blocks = []
    for block in _row(_WORDS, 9.5):
        span = {"text": block.lines[0].text, "size": 12.0, "origin": (block.rect[0], 97.0)}
        line = {"spans": [span], "bbox": block.rect, "dir": (1.0, 0.0)}
        blocks.append({"type": 0, "lines": [line], "bbox": block.rect})
    page = page_blocks({"blocks": blocks}, 842.0)
    assert [b.text.strip() for b in page.blocks] == [" ".join(_WORDS)]


def test_columns_lines_level_across_narrow_gutters_stay_apart() -> None:
    # three columns' one-line blocks on one baseline, 10 points apart (under an em)
    lines = ["the first column's line", "and the second column's", "and the third one's too"]
    blocks = _row(lines, 10.0)
    assert join_word_rows(blocks, _build) == blocks
