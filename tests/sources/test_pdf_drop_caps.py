"""A drop cap joined to its word where the reading order sets other blocks between them
(``pdf_drop_caps``): PNAS sets the two-line "T" under the keywords, the other column read
next, and "he domestic cat" beside the cap."""

from __future__ import annotations

from typing import Any

from quote_tui.sources.readers.pdf_layout import Block, Line, _drop_caps, page_blocks


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


def test_a_drop_cap_whose_word_goes_on_in_capitals_joins_the_first_line() -> None:
    # Shannon's reprint: "T" two lines tall, "HE recent development" beside its top, the
    # paragraph's second line ("bandwidth for ...") beside its foot, opening in lowercase
    head = _block(("Introduction", (275, 166, 336, 176)), ("T", (92, 185, 112, 212)))
    first = _block(("HE recent development of various methods", (112, 185, 519, 195)))
    second = _block(
        ("bandwidth for signal-to-noise ratio has", (113, 197, 521, 207)),
        ("A basis for such a theory is contained", (92, 209, 519, 219)),
    )
    out = _drop_caps([head, first, second])
    assert [b.lines[0].text for b in out] == [
        "Introduction",
        "THE recent development of various methods",
        "bandwidth for signal-to-noise ratio has",
    ]


def _raw_line(text: str, rect: tuple[float, float, float, float], size: float) -> dict[str, Any]:
    span = {"text": text, "size": size, "flags": 4, "font": "LinLibertineT", "alpha": 255}
    span.update(bbox=rect, origin=(rect[0], rect[3] - 2))
    return {"bbox": rect, "dir": (1.0, 0.0), "wmode": 0, "spans": [span]}


def test_a_drop_caps_foot_level_with_the_second_line_is_no_piece_of_it() -> None:
    # Shannon's reprint as MuPDF reads it: the cap a line of the heading's block, its foot
    # level with the second line's, which MuPDF reads as a block of its own
    raw = {
        "blocks": [
            {
                "type": 0,
                "bbox": (92, 166, 336, 212),
                "lines": [
                    _raw_line("Introduction", (275, 166.5, 336, 176.5), 10.0),
                    _raw_line("T", (91.9, 184.7, 111.6, 211.9), 27.2),
                ],
            },
            {
                "type": 0,
                "bbox": (111.6, 185.5, 519.3, 195.5),
                "lines": [_raw_line("HE recent development of", (111.6, 185.5, 519.3, 195.5), 10)],
            },
            {
                "type": 0,
                "bbox": (91.6, 197.4, 520.9, 219.4),
                "lines": [
                    _raw_line("bandwidth for signal-to-noise", (112.6, 197.4, 520.9, 207.4), 10),
                    _raw_line("A basis for such a theory is", (91.6, 209.4, 519.3, 219.4), 10),
                ],
            },
        ]
    }
    blocks = list(page_blocks(raw, 842).blocks)
    lines = [line.text for b in blocks for line in b.lines]
    assert "T" in lines and "bandwidth for signal-to-noise" in lines  # not "Tbandwidth"
    first = [b.lines[0].text for b in _drop_caps(blocks)]
    assert first == ["Introduction", "THE recent development of", "bandwidth for signal-to-noise"]


def test_a_drop_caps_capitals_read_as_a_line_of_their_own_still_open_its_word() -> None:
    # IEEEtran's drop cap: "T" beside "HE" in small capitals; the justified line's gaps are so
    # wide that MuPDF reads each word as a line of its own ("HE", "micro-electro-...")
    head = _block(("I. INTRODUCTION", (136, 337, 213, 347)), ("T", (49, 350, 69, 380)))
    word = _block(
        ("HE", (70, 352, 83, 362)),
        ("micro-electro-mechanical-systems", (105, 352, 242, 362)),
        ("(MEMS)", (264, 352, 300, 362)),
        ("accelerometer-magnetometer", (70, 364, 186, 374)),
    )
    out = _drop_caps([head, word])
    assert [b.lines[0].text for b in out] == ["I. INTRODUCTION", "THE"]


def test_a_capital_word_alone_on_its_row_opens_no_drop_caps_word() -> None:
    # a heading in capitals beside a large letter ("A" of a figure) has no lowercase word on
    # its row: the letter stays where it stands
    head = _block(("Results", (136, 337, 213, 347)), ("A", (49, 350, 69, 380)))
    word = _block(("NOTE", (70, 352, 93, 362)), ("below the line", (70, 364, 186, 374)))
    out = _drop_caps([head, word])
    assert [b.lines[0].text for b in out] == ["Results", "NOTE"]
