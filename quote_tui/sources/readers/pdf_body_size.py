"""The body's font size: the size most of a document's characters are set in, unless its notes
outweigh its body.

A law review sets more words in its footnotes than in its text: page after page the body opens
the page in a larger type and the notes fill its foot in a smaller one. The most used size there
is the notes', and a body taken in it reads the notes into the body's flow, between the halves of
a sentence that runs on across the page. Such a document is told by its pages: where a page's
opening block is set clearly larger than the block at its foot, the opening one is the body's,
and when most of the most used size stands at those pages' feet, that size is the notes'.

A document whose small type stands on pages of its own (a letter's Methods after its body, a
book's endnotes) keeps the most used size: that text is read as body.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from quote_tui.sources.readers.pdf_block import Block

__all__ = ["body_size", "most_used_size"]

_SMALL = 0.87
"""A foot's block at or below this share of the opening block's size is a note (the share
``pdf_layout`` sets asides by)."""
_FOOTED_PAGES = 0.25
"""Share of the pages with text that must open larger than their foot (and at least two)."""
_AT_FEET = 0.5
"""Share of the most used size's characters that must stand on those pages to be the notes'."""
_PROSE_LINES = 2
"""A page's opening block counts when it holds this many lines: a heading alone says nothing."""


class Page(Protocol):
    """What is read of a page (``pdf_layout.PageBlocks``)."""

    @property
    def blocks(self) -> Sequence[Block]: ...
    @property
    def sizes(self) -> tuple[tuple[float, int], ...]: ...


def body_size(pages: Sequence[Page], edges: Sequence[Sequence[int]]) -> float:
    """The document's body font size (0.0 for no text).

    Args:
        pages: the document's pages.
        edges: each page's ``page_edges`` (running heads and folios open no page's body).

    Returns:
        The size most characters are set in, or the size of the pages' opening text when the
        most used one is the notes' at their feet.
    """
    total = _sizes(pages)
    if not total:
        return 0.0
    common = total.most_common(1)[0][0]
    return _noted_body(pages, edges, common, total[common]) or common


def most_used_size(pages: Sequence[Page]) -> float:
    """The size most of the document's characters are set in (0.0 for no text): a body size
    above it says the notes outweigh the body."""
    total = _sizes(pages)
    return total.most_common(1)[0][0] if total else 0.0


def _sizes(pages: Sequence[Page]) -> Counter[float]:
    total: Counter[float] = Counter()
    for page in pages:
        total.update(dict(page.sizes))
    return total


def _noted_body(
    pages: Sequence[Page], edges: Sequence[Sequence[int]], common: float, count: int
) -> float:
    """The opening size of the pages whose foot is set in ``common`` type, when those feet
    hold most of it; 0.0 when the document is not so made."""
    openers: Counter[float] = Counter()
    at_feet = 0
    with_text = 0
    for page, edges_of in zip(pages, edges, strict=True):
        inner = [b for b, e in zip(page.blocks, edges_of, strict=True) if not e and b.lines]
        if not inner:
            continue
        with_text += 1
        top = min(inner, key=lambda b: b.rect[1])
        foot = max(inner, key=lambda b: b.rect[3])
        if len(top.lines) < _PROSE_LINES or foot.size > top.size * _SMALL:
            continue
        openers[top.size] += 1
        at_feet += dict(page.sizes).get(common, 0)
    if not openers:
        return 0.0
    size, footed = openers.most_common(1)[0]
    if footed < max(2, with_text * _FOOTED_PAGES) or common > size * _SMALL:
        return 0.0
    return size if at_feet >= count * _AT_FEET else 0.0
