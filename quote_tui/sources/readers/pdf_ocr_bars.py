"""The capital I that OCR read as a bar.

In a sans-serif face (Calibri, Arial) the capital I is a plain vertical stroke, and Tesseract
reads it as "|" throughout a page: an ocrmypdf layer over a typed essay says "| think a slight
age difference ..." and "Also, | think the older you are", so every quotation with the pronoun
stands nowhere in the text and is ``inconclusive``. Where a document's OCR text holds no "I"
standing as a word before a word in lowercase, and "|" stands so at least twice, each "|"
standing as a word before a lowercase word (or at a line's end after a sentence's end) is the
letter. A bar between words in a formula or a table's rule reads so where the document's own
"I" is read right, which leaves the rule off; only OCR text is touched.
"""

from __future__ import annotations

import re
from dataclasses import replace

from quote_tui.sources.readers.pdf_layout import Block, PageBlocks

__all__ = ["read_bars"]

_BAR = re.compile(r"(?:(?<=\s)|^)\|(?=\s+[^\W\d_]*[a-z]|\s*$)")
"""A bar standing as a word before a word in lowercase, or at a line's end."""
_PRONOUN = re.compile(r"(?:(?<=\s)|^)I(?=\s+[a-z])")
"""The letter I standing as a word before a word in lowercase, read right."""
_ENDED = re.compile(r"[.!?]\s*$")
_FEWEST = 2
"""Fewest bars read so in a document for the rule to hold (one may be a table's rule)."""


def _count(pages: list[PageBlocks | None], pattern: re.Pattern[str]) -> int:
    return sum(
        len(pattern.findall(line.text))
        for page in pages
        if page is not None
        for block in page.blocks
        for line in block.lines
    )


def _line(text: str) -> str:
    def letter(found: re.Match[str]) -> str:
        if text[found.end() :].strip():
            return "I"
        before = text[: found.start()]  # at the line's end: only after a sentence's end
        return "I" if _ENDED.search(before) else "|"

    return _BAR.sub(letter, text)


def _block(block: Block) -> Block:
    if "|" not in block.text:
        return block
    lines = tuple(line._replace(text=_line(line.text)) for line in block.lines)
    return replace(block, lines=lines)


def read_bars(pages: list[PageBlocks | None]) -> list[PageBlocks | None]:
    """The pages of an OCR text with each bar standing for the capital I read as the letter,
    where the document reads no I as a word itself."""
    if _count(pages, _BAR) < _FEWEST or _count(pages, _PRONOUN):
        return pages
    return [
        None if page is None else replace(page, blocks=tuple(_block(b) for b in page.blocks))
        for page in pages
    ]
