"""Words OCR split in two, and double quotes it read as two single ones.

OCR text is read letter by letter, and a word's letters set a little apart become two words:
Acrobat's Paper Capture wrote Casimir's "this" as "th is" and "where" as "wh ere", each piece
a word of its own with a space between. A quotation of "this plate" then has a word the source
lacks. The document itself tells such a split from two real words: the whole word stands
elsewhere in it, and one piece is much rarer as a word than the whole (a piece of a word is
rarely printed alone: "th" three times where "this" is six), while two real words are each
common ("in to", "a part": each piece more common than the whole). Only two pieces of two
letters or more, the second in lower case, are joined, and only in OCR text.

Old type sets an opening double quote as two turned commas, which OCR reads as two single
quotes ("‘‘the two regions"); a reader sees one double quote, and so does the checked text.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from quote_tui.sources.readers.pdf_layout import PageBlocks
from quote_tui.sources.readers.pdf_lines import Line

__all__ = ["mend_words"]

_WORD = re.compile(r"[^\W\d_]+")
_PIECE = 2
"""Fewest letters of a piece joined (a one-letter "word" is a variable or an initial)."""
_WHOLE = 4
"""Fewest letters of a word made whole."""
_RARER = 2
"""How many times as often the whole word must stand in the document as its rarer piece."""
_QUOTES = (
    ("\u2018\u2018", "\u201c"),
    ("\u2019\u2019", "\u201d"),
    ("``", "\u201c"),
    ("''", "\u201d"),
)


def _counts(pages: list[PageBlocks | None]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for page in pages:
        if page is None:
            continue
        for block in page.blocks:
            for line in block.lines:
                counts.update(w.lower() for w in _WORD.findall(line.text))
    return counts


def _split(first: str, second: str, counts: Counter[str]) -> bool:
    if len(first) < _PIECE or len(second) < _PIECE or not second.islower():
        return False
    whole = (first + second).lower()
    if len(whole) < _WHOLE:
        return False
    rarer = min(counts[first.lower()], counts[second.lower()])
    return counts[whole] >= _RARER * rarer and counts[whole] > 0


def _mended(text: str, counts: Counter[str]) -> str:
    for pair, one in _QUOTES:
        if pair in text:
            text = text.replace(pair, one)
    words = list(_WORD.finditer(text))
    cuts = [
        a.end()
        for a, b in zip(words, words[1:], strict=False)
        if b.start() == a.end() + 1
        and text[a.end()] == " "
        and _split(a.group(), b.group(), counts)
    ]
    for at in reversed(cuts):
        text = text[:at] + text[at + 1 :]
    return text


def mend_words(pages: list[PageBlocks | None]) -> list[PageBlocks | None]:
    """The pages of an OCR text with each word split in two made whole, each pair of single
    quotes made one double quote."""
    counts = _counts(pages)
    out: list[PageBlocks | None] = []
    for page in pages:
        if page is None:
            out.append(None)
            continue
        blocks = tuple(
            replace(b, lines=tuple(Line(_mended(ln.text, counts), ln.rect) for ln in b.lines))
            for b in page.blocks
        )
        out.append(replace(page, blocks=blocks))
    return out
