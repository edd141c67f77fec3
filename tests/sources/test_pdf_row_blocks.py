"""A publisher's PDF set word by word (Elsevier's) gives MuPDF each word as a line, and MuPDF
cuts its blocks inside printed lines: each block the end of one line and the start of the next.
The abstract was read a piece here, the rest among the asides; read again, its lines are whole
(p7's Elsevier paper: "college students tend to employ study strategies ...")."""

from __future__ import annotations

from typing import Any

from quote_tui.sources.readers.pdf_layout import page_blocks, split_page
from quote_tui.sources.readers.pdf_lines import Line, rejoin
from quote_tui.sources.readers.pdf_row_blocks import join_cut_rows, join_spaced_words

_SIZE = 7.0
_ROWS = [
    "Prior research by Kornell and Bjork (2007) and Hartwig and Dunlosky has demonstrated that",
    "college students tend to employ study strategies that are far from optimal. We examined",
    "whether individuals in the broader population might hold different beliefs about how best",
    "to study and learn, given their more extensive experience outside of formal coursework.",
]


def _line(text: str, x0: float, y: float, size: float = _SIZE) -> dict[str, Any]:
    x1 = x0 + 3.4 * len(text)
    span = {"text": text, "size": size, "flags": 0, "origin": (x0, y + size), "font": "Times"}
    return {
        "bbox": (x0, y, x1, y + size),
        "dir": (1.0, 0.0),
        "spans": [{**span, "bbox": (x0, y, x1, y + size)}],
    }


def _words(text: str, y: float, x0: float = 199.0) -> list[dict[str, Any]]:
    """A printed line as MuPDF reads a PDF set word by word: a line per word, each after the
    first opening with its space, each starting where the one before ends (give or take a
    rounding)."""
    out, x = [], x0
    for k, word in enumerate(text.split()):
        line = _line(word if k == 0 else " " + word, x, y)
        out.append(line)
        x = line["bbox"][2] - 0.001
    return out


def _cut_blocks() -> list[dict[str, Any]]:
    """Each block the end of a printed line and the first word of the next, as MuPDF cut them."""
    rows = [_words(text, 280.0 + 9.5 * k) for k, text in enumerate(_ROWS)]
    blocks: list[dict[str, Any]] = []
    for k, row in enumerate(rows):
        lines = row[1:] if k else row
        if k + 1 < len(rows):
            lines = [*lines, rows[k + 1][0]]
        x0 = min(ln["bbox"][0] for ln in lines)
        y0 = min(ln["bbox"][1] for ln in lines)
        x1 = max(ln["bbox"][2] for ln in lines)
        y1 = max(ln["bbox"][3] for ln in lines)
        blocks.append({"type": 0, "bbox": (x0, y0, x1, y1), "lines": lines})
    return blocks


def test_blocks_cut_inside_printed_lines_are_one_block_of_whole_lines() -> None:
    blocks = _cut_blocks()
    assert len(join_cut_rows(blocks)) == 1
    side = [
        {"type": 0, "bbox": (32, 280, 120, 287), "lines": [_line("Article history:", 32, 280, 6.5)]}
    ]
    page = page_blocks({"blocks": [*side, *blocks]}, 800.0)
    body, _ = split_page(page, body=_SIZE, repeated=set())
    texts = [line.text for block in body for line in block.lines]
    assert texts[-len(_ROWS) :] == _ROWS


def test_blocks_on_separate_lines_stay_apart() -> None:
    a = {
        "type": 0,
        "bbox": (199, 280, 400, 287),
        "lines": [_line("The end of a paragraph.", 199, 280)],
    }
    b = {
        "type": 0,
        "bbox": (199, 300, 400, 307),
        "lines": [_line("A new paragraph here.", 199, 300)],
    }
    assert join_cut_rows([a, b]) == [a, b]


def test_pieces_of_a_line_set_word_by_word_are_one_line() -> None:
    # a table's note: its raised letter sets the first piece's top higher ("ᵃ This"), and each
    # piece starts a rounding before the one before it ends
    first = {**_line("a This", 48.8, 284.05, 8.7), "bbox": (48.8, 284.05, 67.351, 292.75)}
    rest = _words("estimate is large, as no respondent with a Graduate degree", 286.37, 67.35)
    rest[0]["spans"][0]["text"] = " " + rest[0]["spans"][0]["text"]  # opens with its space
    lines = [
        (Line(ln["spans"][0]["text"], ln["bbox"]), {6.5: 1}, True)
        for ln in [
            first,
            *[{**r, "bbox": (r["bbox"][0], 286.37, r["bbox"][2], 292.75)} for r in rest],
        ]
    ]
    assert [ln.text for ln, _, _ in rejoin(lines)] == [
        "a This estimate is large, as no respondent with a Graduate degree"
    ]


def test_letters_set_alone_and_formula_boxes_are_not_cut_rows() -> None:
    # a badge's letters round a circle, one block each; a line whose formula glyphs give it a
    # box three times its type's height, beside the next block's line
    letters = [
        {
            "type": 0,
            "bbox": (519 + 3 * k, 91, 522 + 3 * k, 95),
            "lines": [_line(c, 519 + 3 * k, 91, 3.1)],
        }
        for k, c in enumerate("Comp")
    ]
    for k, block in enumerate(letters):
        block["lines"][0]["bbox"] = (519 + 3 * k, 91, 522 + 3 * k, 95)
    assert len(join_cut_rows(letters)) == len(letters)
    tall = {**_line("D and", 496.2, 641.9), "bbox": (496.2, 641.9, 515.6, 667.1)}
    next_line = {**_line(" V , our pro-", 518.1, 637.9), "bbox": (518.1, 637.9, 555.7, 663.1)}
    blocks = [
        {"type": 0, "bbox": tall["bbox"], "lines": [tall]},
        {"type": 0, "bbox": next_line["bbox"], "lines": [next_line]},
    ]
    assert len(join_cut_rows(blocks)) == 2


def test_words_with_a_space_line_between_them_are_one_line() -> None:
    # a justified line set word by word: MuPDF gives each word a line, and each stretched
    # space a line of no width where the word before it ends
    lines, x = [], 313.4
    for word in ["Many", "recent", "findings,", "however,", "both", "survey-based", "and"]:
        line = _line(word, x, 427.1, 8.0)
        lines.append(line)
        end = line["bbox"][2]
        lines.append(
            {
                "bbox": (end, 433.4, end, 433.4),
                "dir": (1.0, 0.0),
                "spans": [{"text": " ", "size": 8.0}],
            }
        )
        x = end + 7.6  # a space stretched to an em
    block = {"type": 0, "bbox": (313.4, 427.1, x, 435.1), "lines": lines[:-1]}
    out = join_spaced_words([block])
    assert len(out[0]["lines"]) == 1
    page = page_blocks({"blocks": [block]}, 800.0)
    assert [line.text for b in page.blocks for line in b.lines] == [
        "Many recent findings, however, both survey-based and"
    ]
