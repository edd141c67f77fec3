"""Note marks in OCR text: a footnote's number glued after a sentence's full stop.

OCR reads a raised note mark in the line's own size and glues it to the word before
("cycle.2 It is the latter"): nothing in the text says it was raised, so a quotation that
leaves the mark out (as style guides ask) stands nowhere. In running text a number never
follows a word's full stop without a space and precedes the next sentence's capital, so there
the number is set apart as the text layer's raised marks are (``pdf_lines.APART``), and the
note-marks rule finds the quotation without it. Only OCR text is touched: a text layer says
which marks were raised.
"""

from __future__ import annotations

import re
from dataclasses import replace

from quote_tui.sources.readers.pdf_layout import PageBlocks
from quote_tui.sources.readers.pdf_lines import APART, Line

__all__ = ["set_marks_apart"]

_GLUED = re.compile(r"(?<=[^\W\d_]{3}[.!?])(?=\d{1,3}\s+[“‘\"(]?[^\W\d_])")
"""Where a mark starts: after a full stop that ends a word of three letters or more ("p.2" and
"3.2" are a page and a number), with the next sentence's word a space after the mark."""


def _capital_after(text: str, at: int) -> bool:
    rest = text[at:].lstrip("0123456789").lstrip().lstrip('“‘"(')
    return rest[:1].isupper()


def _apart(line: Line) -> Line:
    cuts = [m.start() for m in _GLUED.finditer(line.text) if _capital_after(line.text, m.start())]
    if not cuts:
        return line
    text = line.text
    for at in reversed(cuts):
        text = text[:at] + APART + text[at:]
    return Line(text, line.rect)


def set_marks_apart(pages: list[PageBlocks | None]) -> list[PageBlocks | None]:
    """The pages with each OCR-read note mark after a full stop set apart from its word."""
    out: list[PageBlocks | None] = []
    for page in pages:
        if page is None:
            out.append(None)
            continue
        blocks = tuple(replace(b, lines=tuple(_apart(ln) for ln in b.lines)) for b in page.blocks)
        out.append(replace(page, blocks=blocks))
    return out
