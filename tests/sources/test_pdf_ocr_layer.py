"""A scan's OCR layer of isolated words (each word a text object of its own, written in no
reading order) is read as the page shows it: words set into lines, lines into columns."""

from __future__ import annotations

import random
from pathlib import Path

import pymupdf

from quote_tui.api import PreparedText, check_text
from quote_tui.engine.records import Status
from quote_tui.sources.readers.pdf import extract_pdf
from quote_tui.sources.readers.pdf_ocr_layer import join_pieces
from tests.scanned_pdf import blank_scan_page

_PAGE = "pdf/shinyama-naacl2006.pdf"
"""A two-column paper: its first page holds an abstract, a heading and both columns."""


def _word_layer(corpus_dir: Path, *, shuffled: bool) -> bytes:
    """The page as a scan (its image) with an invisible layer of its words, each inserted at
    its own box on its own, in a shuffled order as some OCR producers write them."""
    source = pymupdf.open(corpus_dir / _PAGE)
    page = source[0]
    words = page.get_text("words")
    if shuffled:
        random.Random(7).shuffle(words)
    doc = pymupdf.open()
    scan = doc.new_page(width=page.rect.width, height=page.rect.height)
    scan.insert_image(scan.rect, pixmap=page.get_pixmap(dpi=72))
    for x0, _, x1, y1, word, *_ in words:
        # sized to fill its box across, as an OCR layer's words are (their heights wander)
        size = (x1 - x0) / pymupdf.get_text_length(word, fontsize=1)
        scan.insert_text((x0, y1 - 2), word, fontsize=min(size, 14), render_mode=3)
    return doc.tobytes()


def test_isolated_words_are_read_in_the_lines_the_page_shows(corpus_dir: Path) -> None:
    read = extract_pdf(_word_layer(corpus_dir, shuffled=True))
    assert read.ocr
    text = PreparedText(read.text)
    one_line = "Information Extraction (IE) systems. Ex-"
    assert one_line in read.text
    # over line breaks inside the left column, and from its foot to the right column's head
    for quote in (
        "Preemptive Information Extraction is an attempt to automatically create all "
        "feasible IE systems in advance without human intervention.",
        "you need to repeat the whole process: specify articles and adjust its patterns, "
        "either manually or semi-automatically.",
    ):
        assert check_text(text, quote).status in {Status.EXACT, Status.NORMALIZED}, quote


def test_a_layer_read_in_lines_is_left_as_read(corpus_dir: Path) -> None:
    # written in the page's own order, MuPDF reads the words as lines already
    data = _word_layer(corpus_dir, shuffled=False)
    read = extract_pdf(data)
    assert read.ocr and "Information Extraction (IE) systems. Ex-" in read.text


def _word(text: str, x0: float, y0: float, height: float = 10.0) -> dict[str, object]:
    box = (x0, y0, x0 + 6.0 * len(text), y0 + height)
    span = {"text": text, "size": height * 0.8, "flags": 0, "alpha": 0, "bbox": box}
    return {"spans": [span], "wmode": 0, "dir": (1.0, 0.0), "bbox": box}


def _raw(words: list[dict[str, object]]) -> dict[str, object]:
    return {"width": 600.0, "height": 800.0, "blocks": [{"type": 0, "lines": [w]} for w in words]}


def _lines(raw: dict[str, object]) -> list[str]:
    from quote_tui.sources.readers.pdf_layout import page_blocks
    from quote_tui.sources.readers.pdf_ocr_layer import relaid

    page = page_blocks(relaid(raw), 800.0)
    return [line.text for block in page.blocks for line in block.lines]


def test_a_gap_wider_than_four_heights_ends_a_line() -> None:
    # lines of prose below, whose words cover the gap's x: it crosses no gutter
    prose = [
        _word("wording", 40 + 7 * row + 46 * i, 140 + 14 * row)
        for row in range(8)
        for i in range(6)
    ]
    # "Abstract." is 54 wide: a run-in heading's gap of 3.5 heights stays in its line
    near = [_word("Abstract.", 50, 100), _word("We", 50 + 54 + 35, 101)]
    assert _lines(_raw(near + prose))[0] == "Abstract. We"
    far = [_word("Abstract.", 50, 100), _word("We", 50 + 54 + 42, 101)]
    assert _lines(_raw(far + prose))[:2] == ["Abstract.", "We"]


def test_a_page_of_fewer_than_twenty_isolated_words_is_left_as_read() -> None:
    from quote_tui.sources.readers.pdf_layout import page_blocks
    from quote_tui.sources.readers.pdf_ocr_layer import isolated_words

    def words(n: int) -> dict[str, object]:
        return _raw([_word(f"w{i}", 50 + 40 * (i % 10), 100 + 20 * (i // 10)) for i in range(n)])

    assert not isolated_words(page_blocks(words(19), 800.0))
    assert isolated_words(page_blocks(words(20), 800.0))


_BODY = [
    "The first paragraph of the page is set in the body's own type and runs on",
    "for a few lines, as any paragraph of a printed article does on its page,",
    "and it ends here, at the foot of its last line, before the next begins.",
]
_SQUEEZED = [
    "The second paragraph was fitted by its producer to narrower word boxes,",
    "so its layer's type is set smaller, though its lines stand as tall as the",
    "others on the page image: it is body text, read between the other two.",
]
_LAST = [
    "The third paragraph closes the page in the body's type again, and its last",
    "line runs past the page's edge as a stretched layer's lines do: no sustenance",
]


def _layer_page() -> bytes:
    """An OCR layer over a page image: body lines, a paragraph whose layer was squeezed
    across (a smaller type, lines as tall), and a line stretched past the page's edge."""
    doc = pymupdf.open()
    page = blank_scan_page(doc)
    y = 80.0
    for lines, squeeze in ((_BODY, 1.0), (_SQUEEZED, 0.75), (_LAST, 1.0)):
        for line in lines:
            morph = (pymupdf.Point(72, y), pymupdf.Matrix(squeeze, 1))
            page.insert_text((72, y), line, fontsize=11, render_mode=3, morph=morph)
            y += 15
        y += 10
    page.insert_text((500, y), "a stretched line's last words", fontsize=11, render_mode=3)
    return doc.tobytes()


def test_an_ocr_layer_is_read_in_the_sizes_and_the_width_its_image_shows() -> None:
    read = extract_pdf(_layer_page())
    assert read.ocr
    text = " ".join(read.text.split())
    # the squeezed paragraph stands between the other two, not after them as a note
    assert text.index("The first") < text.index("The second") < text.index("The third")
    # the words past the page's edge are read
    assert "a stretched line's last words" in text


_LEFT = [
    "Fault isolation in SIFT requires not only damage isolation,",
    "but also preventing a faulty unit from causing incorrect",
    "behavior either by corrupting the data of the nonfaulty unit,",
    "or by providing invalid control signals. The control signals",
    "include those that request service, grant service, effect timing",
    "synchronization between units, etc.",
]
_RIGHT = [
    [("different computations are critical to different degrees, and", 306.0)],
    [("the design takes advantage of this.", 306.0)],
    # a justified line's words fitted to the image's, its spaces two and three ems wide
    [("The aircraft control function", 312.0), ("places two types of", 440.0), ("timing", 530.0)],
    [("requirements on the SIFT system.", 306.0)],
    [("1) Output to the actuators must be generated with specified", 312.0)],
    [("frequency.", 306.0)],
]


def test_a_justified_line_mupdf_parted_at_its_wide_spaces_is_one_line() -> None:
    # Proc. IEEE 1978's two-column scan: MuPDF read the line as three, and its last word, at
    # the column's edge, was set aside after the page
    doc = pymupdf.open()
    page = blank_scan_page(doc)
    for rep in range(3):
        top = 80.0 + 110 * rep
        for i, text in enumerate(_LEFT):
            page.insert_text((50, top + 12 * i), text, fontsize=8.6, render_mode=3)
        for i, pieces in enumerate(_RIGHT):
            for text, x in pieces:
                page.insert_text((x, top + 12 * i), text, fontsize=8.6, render_mode=3)
    read = extract_pdf(doc.tobytes())
    assert read.ocr
    quote = "The aircraft control function places two types of timing requirements on the SIFT"
    assert check_text(PreparedText(read.text), quote).status is Status.NORMALIZED, read.text
    assert "effect timing\nsynchronization" in read.text  # the left column as it was


def _line(x0: float, y: float, x1: float, text: str) -> dict[str, object]:
    box = (x0, y, x1, y + 11.0)
    span = {"text": text, "size": 9.8, "flags": 0, "alpha": 0, "bbox": box, "origin": (x0, y + 9)}
    return {"bbox": box, "dir": (1.0, 0.0), "wmode": 0, "spans": [span]}


def test_a_block_of_two_columns_lines_stays_two_columns() -> None:
    # Elsevier's Paper Capture layer: MuPDF made one block of both columns' lines, each row
    # parted at the gutter (13 points, 1.2 heights: narrower than a justified line's spaces)
    rows = [
        (
            "ond data set, which subsequent researchers appear to have",
            "in Fig. 3 in order to focus",
        ),
        ("ignored. These data, from the Merritt Parkway, were", "expect to obtain. The curves"),
        ("collected and averaged over 5-minute intervals, and show", "ally to emphasize the gap"),
    ]
    lines = []
    for i, (left, right) in enumerate(rows):
        lines += [_line(60, 100 + 12 * i, 263, left), _line(276, 100 + 12 * i, 480, right)]
    # a figure's caption runs across both columns below: the gutter is no gutter of the page
    caption = [
        _line(60, 400 + 12 * i, 480, "Fig. 3. A caption set across the page") for i in range(3)
    ]
    raw = {
        "width": 540.0,
        "height": 756.0,
        "blocks": [
            {"type": 0, "bbox": (60, 100, 480, 147), "lines": lines},
            {"type": 0, "bbox": (60, 400, 480, 435), "lines": caption},
        ],
    }
    join_pieces(raw)
    assert len(raw["blocks"][0]["lines"]) == 6
    # the same block with one row parted twice at its wide spaces, the others whole
    sift = [
        _line(324, 336, 429, "The aircraft control function "),
        _line(453, 336, 527, "places two types of "),
        _line(543, 336, 570, "timing "),
        _line(317, 347, 456, "requirements on the SIFT system. "),
    ]
    column = [_line(317, 200 + 12 * i, 570, "the column's lines run to its edge") for i in range(5)]
    raw = {
        "width": 591.0,
        "height": 767.0,
        "blocks": [
            {"type": 0, "bbox": (317, 200, 570, 259), "lines": column},
            {"type": 0, "bbox": (317, 336, 570, 358), "lines": sift},
        ],
    }
    join_pieces(raw)
    joined = raw["blocks"][1]["lines"]
    assert ["".join(s["text"] for s in ln["spans"]) for ln in joined] == [
        "The aircraft control function places two types of timing ",
        "requirements on the SIFT system. ",
    ]


def test_a_word_space_another_row_has_at_the_same_x_by_chance_is_no_column_edge() -> None:
    # FLP 1985's reference list: OCR parted each entry at its wide spaces, and two entries
    # have one at the same x by chance; a column's edge parts every row (the test above)
    rows = [
        [
            (62, 107, "14. LAMPORT, "),
            (114, 224, "L., SHOSTAK, R., AND PEASE, M. "),
            (234, 421, "The Byzantine Generals problem. ACM Trans. Prog. "),
        ],
        [(76, 210, "Lang. Syst. 4, 3 (July 1982), 382-401. ")],
        [
            (62, 222, "9. GRAY, J., LORIE, R., PUTZOLU, P. G., GALTIERI, "),
            (230, 421, "C., GRAY, J., AND TRAIGER, I. Granularity of locks. "),
        ],
        [(76, 300, "In Proceedings of the Conference, 1976, pp. 1-10. ")],
    ]
    lines = [
        _line(x0, 100 + 12 * r, x1, text) for r, row in enumerate(rows) for x0, x1, text in row
    ]
    raw = {
        "width": 475.0,
        "height": 711.0,
        "blocks": [{"type": 0, "bbox": (62, 100, 421, 147), "lines": lines}],
    }
    join_pieces(raw)
    texts = ["".join(s["text"] for s in ln["spans"]) for ln in raw["blocks"][0]["lines"]]
    assert texts[0] == (
        "14. LAMPORT, L., SHOSTAK, R., AND PEASE, M. "
        "The Byzantine Generals problem. ACM Trans. Prog. "
    )
    assert len(texts) == 4
