"""Two single curly quotes a text layer reads for one double quote, read as the double quote.

TeX sets a double quote as two single quote glyphs side by side (```` ``like this'' ````), and a
font without the pair's ligature leaves two characters in the text layer: "the ‘‘foreground
lineage’’" where the page shows “foreground lineage”. A reader quoting it types a double quote,
and the passage is shown as printed. Two single quotes of one side never stand together in
running text (a quotation inside a quotation alternates single and double), so each such pair
is one double quote.
"""

from __future__ import annotations

import re

from quote_tui.engine.text import LineBox
from quote_tui.sources.readers.pdf_cuts import moved_past_cuts

__all__ = ["paired_quotes"]

_PAIR = re.compile("\u2018\u2018|\u2019\u2019")
_DOUBLE = {"\u2018\u2018": "\u201c", "\u2019\u2019": "\u201d"}


def paired_quotes(
    text: str, page_starts: tuple[int, ...], boxes: tuple[LineBox, ...]
) -> tuple[str, tuple[int, ...], tuple[LineBox, ...]]:
    """``text`` with each pair of single quotes made one double quote, and the page starts and
    line boxes moved to the shorter text's offsets; the same three when it holds no pair."""
    if "\u2018\u2018" not in text and "\u2019\u2019" not in text:
        return text, page_starts, boxes
    # each pair loses its second character
    cuts = [m.start() + 1 for m in _PAIR.finditer(text)]
    new_text = _PAIR.sub(lambda m: _DOUBLE[m.group()], text)
    starts, new_boxes = moved_past_cuts(cuts, page_starts, boxes)
    return new_text, starts, new_boxes
