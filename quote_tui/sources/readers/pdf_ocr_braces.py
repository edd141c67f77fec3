"""The round bracket OCR read as a curly one.

Tesseract reads an opening parenthesis as a brace in bold type and in old faces: an AGM
notice's image-only scan says "Only registered holders {or their appointed proxy) of
Ordinary Shares", Gentzen's 1964 paper "stands above {below)", Turing's "F{u, u') & F(u',
u")", so a quotation with the bracket stands nowhere in the text and is ``inconclusive``. A
brace that a round bracket closes, no bracket or brace between, is no brace: it is read as the
parenthesis. A brace closed by a brace ("{a, b}"), or by nothing on its line, stays; only OCR
text is touched (a born-digital page's braces are as printed).
"""

from __future__ import annotations

import re
from dataclasses import replace

from quote_tui.sources.readers.pdf_layout import Block, PageBlocks

__all__ = ["read_braces"]

_BRACE = re.compile(r"\{(?=[^{}()\[\]\"';]*\))")
"""A brace a round bracket closes on its line, no bracket, brace, quotation mark or semicolon
between: in a program's line ("s[ ]= {kn\");", Thompson's scan) a string's end and a call's
bracket close what the brace does not."""


def _block(block: Block) -> Block:
    if not any("{" in line.text for line in block.lines):
        return block
    lines = tuple(line._replace(text=_BRACE.sub("(", line.text)) for line in block.lines)
    return replace(block, lines=lines)


def read_braces(pages: list[PageBlocks | None]) -> list[PageBlocks | None]:
    """The pages of an OCR text with each brace a round bracket closes read as the
    parenthesis (the text keeps its length: line boxes stay)."""
    return [
        None if page is None else replace(page, blocks=tuple(_block(b) for b in page.blocks))
        for page in pages
    ]
