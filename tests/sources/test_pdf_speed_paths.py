"""The reader's quicker ways read what its plain ways read.

Each shortcut here (a page's dict filled without PyMuPDF's wrapper, a line's size rounded once
per run of one size, a footnote's mark looked for only where one can stand, a long text's folio
looked for only at its ends) is checked against the plain way it replaces, on real pages and on
the inputs that would tell them apart.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quote_tui.sources.readers import pdf, pdf_heads, pdf_layout
from quote_tui.sources.readers.pdf_head_lines import mask
from quote_tui.sources.readers.pdf_layout import Block, Line, page_blocks, split_page
from quote_tui.sources.readers.pdf_unmapped import _UNREADABLE, has_unreadable

_PAPERS = ("s2orc-acl2020.pdf", "nist-sp800-223.pdf", "shinyama-naacl2006.pdf")


def _pages(corpus: Path, name: str, most: int = 12) -> list[pymupdf.Page]:
    doc = pymupdf.open(corpus / "pdf" / name)
    return [doc.load_page(i) for i in range(min(most, doc.page_count))]


@pytest.mark.parametrize("name", _PAPERS)
def test_a_page_dict_is_the_wrappers(corpus_dir: Path, name: str) -> None:
    for page in _pages(corpus_dir, name):
        textpage = page.get_textpage(flags=pdf._FLAGS)
        assert pdf._page_dict(textpage) == textpage.extractDICT()


def test_a_rotated_page_dict_is_the_wrappers() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=420, height=595)
    page.insert_text((72, 100), "Set on a page turned a quarter.", fontsize=11)
    page.set_rotation(90)
    textpage = page.get_textpage(flags=pdf._FLAGS)
    raw = pdf._page_dict(textpage)
    assert raw == textpage.extractDICT()
    assert (raw["width"], raw["height"]) == (420, 595)


class _Wrapped:
    """A text page as a PyMuPDF without the inner call would give it."""

    def __init__(self, textpage: pymupdf.TextPage) -> None:
        self.this = textpage.this
        self._textpage = textpage

    def extractDICT(self) -> dict[str, Any]:  # noqa: N802 (PyMuPDF's name)
        return self._textpage.extractDICT()  # type: ignore[no-any-return]


def test_a_pymupdf_without_the_inner_call_gets_the_wrapper() -> None:
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 100), "One line.", fontsize=11)
    textpage = doc.load_page(0).get_textpage(flags=pdf._FLAGS)
    assert pdf._page_dict(_Wrapped(textpage)) == textpage.extractDICT()  # type: ignore[arg-type]


def _span(text: str, size: float, x: float, y: float) -> dict[str, Any]:
    width = len(text) * size / 2
    return {
        "text": text,
        "size": size,
        "flags": 0,
        "alpha": 255,
        "origin": (x, y),
        "bbox": (x, y - size, x + width, y),
    }


def _line(spans: list[dict[str, Any]]) -> dict[str, Any]:
    x0 = spans[0]["bbox"][0]
    y0 = min(s["bbox"][1] for s in spans)
    x1 = spans[-1]["bbox"][2]
    y1 = max(s["bbox"][3] for s in spans)
    return {"spans": spans, "bbox": (x0, y0, x1, y1), "dir": (1.0, 0.0), "wmode": 0}


def test_a_size_rounded_once_per_run_survives_a_line_of_several_sizes() -> None:
    # a line in one size, one with a raised mark set small, and one in the first size again:
    # the third line's characters count in its own size, not in the mark's
    lines = [
        _line([_span("first line of the body", 10.2, 72, 100)]),
        _line([_span("second line", 10.2, 72, 113), _span("1", 6.0, 130, 109)]),
        _line([_span("third line", 10.2, 72, 126)]),
    ]
    raw = {"blocks": [{"type": 0, "bbox": (72, 90, 300, 126), "lines": lines}]}
    read = page_blocks(raw, 792.0)
    body = len("first line of the body") + len("second line") + len("third line")
    assert dict(read.sizes) == {10.0: body - 6, 6.0: 1}
    assert [ln.text for ln in read.blocks[0].lines][2] == "third line"
    assert all(type(ln) is Line for ln in read.blocks[0].lines)


_NOTE_MARK = re.compile(r"^\s*(?:\d{1,3}|[*†‡§¶#]+)\u200b?\s*\S")
_RAISED_NOTE = re.compile(r"^\s*(?:\d{1,3}|[*†‡§¶#]+)\u200b\S")


def _plain_footnotes(blocks: list[Block], flags: list[bool], body: float) -> None:
    """``pdf_layout._footnotes`` as it was, each block's whole text tried."""
    if body <= 0:
        return
    for i, block in enumerate(blocks):
        if flags[i] or not _NOTE_MARK.match(block.text):
            continue
        near_body = block.size >= body * pdf_layout._SMALLER or not pdf_layout.set_off_above(
            blocks, i
        )
        if (
            block.size > body * pdf_layout._NOTE
            and not _RAISED_NOTE.match(block.text)
            and near_body
        ):
            continue
        below = any(
            not flags[j]
            and other.size >= body * pdf_layout._SMALLER
            and other.rect[1] >= block.rect[3] - 1
            and min(block.rect[2], other.rect[2]) > max(block.rect[0], other.rect[0])
            for j, other in enumerate(blocks)
        )
        flags[i] = not below


def _block(texts: list[str], top: float, size: float) -> Block:
    lines = tuple(
        Line(t, (72.0, top + 12 * i, 500.0, top + 12 * i + 10)) for i, t in enumerate(texts)
    )
    return Block((72.0, top, 500.0, top + 12 * len(texts) - 2), lines, size, True)


@pytest.mark.parametrize(
    "first",
    [
        ["1 A note set small at the foot."],
        ["\u2020 A note marked with a dagger."],
        ["1", "A note whose mark stands on a line of its own."],
        ["   ", "2 A note under a line of spaces: its mark is on the second line."],
        ["Not a note: a paragraph set small."],
    ],
)
def test_a_footnote_is_found_as_the_whole_text_finds_it(first: list[str]) -> None:
    blocks = [_block(["The body's last paragraph runs here."] * 3, 600, 10.0)]
    blocks.append(_block(first, 700, 8.0))
    quick, plain = [False, False], [False, False]
    pdf_layout._footnotes(blocks, quick, 10.0)
    _plain_footnotes(blocks, plain, 10.0)
    assert quick == plain
    assert quick[1] == (not first[0].startswith("Not"))


@pytest.mark.parametrize("name", (*_PAPERS, "austen-pride-prejudice-pg1342.pdf"))
def test_pages_split_as_the_whole_text_splits_them(
    corpus_dir: Path, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pages = []
    for page in _pages(corpus_dir, name, most=20):
        raw = pdf._page_dict(page.get_textpage(flags=pdf._FLAGS))
        pages.append(page_blocks(raw, raw["height"]))
    body = pdf_layout.body_size(pages)
    edges = [pdf_layout.page_edges(p) for p in pages]
    repeated = pdf_layout.repeated_edges(pages, edges)
    quick = [
        split_page(p, body=body, repeated=repeated, edges=e)
        for p, e in zip(pages, edges, strict=True)
    ]
    monkeypatch.setattr(pdf_layout, "_footnotes", _plain_footnotes)
    plain = [
        split_page(p, body=body, repeated=repeated, edges=e)
        for p, e in zip(pages, edges, strict=True)
    ]
    assert quick == plain


_DIGITS = re.compile(r"\d+")
_SPACES = re.compile(r"\s+")
_OCR_FOLIO = re.compile(
    r"^[#ilogsbz|](?: ?[#ilogsbz|]){1,5}(?= )|(?<= )[#ilogsbz|](?: ?[#ilogsbz|]){1,5}$"
)


def _plain_mask(text: str) -> str:
    """``pdf_head_lines.mask`` as it was: three passes over the whole text."""
    masked = _SPACES.sub(" ", _DIGITS.sub("#", text)).strip().lower()
    return _OCR_FOLIO.sub(lambda m: "#" if "#" in m.group() else m.group(), masked).strip()


# folio-like pieces, spaces of several kinds (a no-break space, an information separator that
# str.split() and \s both break at) and words, in any order and length
_PIECES = st.sampled_from(
    ["i", "l", "I", "|", "1", "23", " ", "  ", "\t", "\n", "\u00a0", "\x1c", "ii", "Ill", "word"]
    + ["g", "O", "2gi", "is"]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_PIECES, max_size=40))
def test_a_mask_is_the_plain_passes(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert mask(text) == _plain_mask(text)


@pytest.mark.parametrize(
    "text",
    [
        "III4 JOURNAL OF POLITICAL ECONOMY AND SOCIETY",
        "JOURNAL OF POLITICAL ECONOMY AND SOCIETY I I I 6",
        "I I I 6 A JOURNAL OF POLITICAL ECONOMY ii i8",
        "i l i l i l i l i l i l i l i l i l i l i l i l i l",
        "  12  Chapter the twelfth, in which nothing happens  ",
    ],
)
def test_a_long_texts_folio_is_masked_at_either_end(text: str) -> None:
    assert mask(text) == _plain_mask(text)


# the class's edges and its neighbours outside it: controls kept and left out (tab, line
# breaks, NEL), surrogates, the private-use area and Symbol's big-bracket pieces beside it,
# the replacement character, the last planes, a no-break space and ordinary letters
_EDGES = st.sampled_from(
    [
        "\x00", "\x08", "\t", "\n", "\x0b", "\r", "\x1f", "\x7f", "\x85", "\x9f", "\ud800",
        "\udfff", "\ue000", "\uf8e4", "\uf8e5", "\ufffd", "\U000f0000", "\U0010ffff",
        "\u00a0", "\u2014", "a", " ", "\u200b",
    ]
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(_EDGES, max_size=12) | st.text(max_size=40))
def test_an_unreadable_character_is_told_as_the_pattern_tells_it(chars: list[str] | str) -> None:
    text = "".join(chars)
    assert has_unreadable(text) == (_UNREADABLE.search(text) is not None)


_NUMBERING = re.compile(r"^(?:chapter\s+|part\s+)?(?:\d+|[A-Z])(?:\.\d+)*\.?\s+|\s+\d+$", re.I)


def _plain_title(text: str) -> str:
    """``pdf_heads._title`` as it was: spaces collapsed by a pattern, then stripped."""
    return _SPACES.sub(" ", _NUMBERING.sub("", text.strip())).strip().casefold()


_TITLE_PIECES = st.sampled_from(
    ["Chapter", "3.3.", "7", "A", "Factoring", "STRASSE", " ", "  ", "\t", "\u00a0", "\x1c", "\n"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_TITLE_PIECES, max_size=12))
def test_a_title_is_the_plain_passes(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert pdf_heads._title(text) == _plain_title(text)


def test_the_first_lines_size_is_rounded_whatever_it_is() -> None:
    # the run's starting size must not stand for a size a span may have (a producer's -1)
    raw = {"blocks": [{"type": 0, "bbox": (72, 90, 300, 100), "lines": []}]}
    raw["blocks"][0]["lines"] = [_line([_span("odd size", -1.0, 72, 100)])]
    assert dict(page_blocks(raw, 792.0).sizes) == {-1.0: len("odd size") - 1}
