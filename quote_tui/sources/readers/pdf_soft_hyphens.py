"""A soft hyphen a text layer gives after a printed hyphen at a line's end: taken out.

Where a compound breaks at its own hyphen ("anti-" over "vaccine"), some producers write the
line's break as a soft hyphen after the printed one ("anti-\\u00ad"). The page prints one
hyphen; the matcher folds a line-end hyphen or a line-end soft hyphen, not the two together, so
the quotation "anti-vaccine" read ``near``. The printed hyphen stays (it is a compound's, and
the normalized tier joins the line over it as it does any line-end hyphen); the soft one, which
prints nothing, goes.
"""

from __future__ import annotations

import re

from quote_tui.engine.text import LineBox
from quote_tui.sources.readers.pdf_cuts import cut_out

__all__ = ["drop_doubled_hyphens"]

_SOFT = "\u00ad"
_DOUBLED = re.compile("(?<=[-\u2010\u2011])\u00ad(?=[ \t]*\n)")
"""A soft hyphen after a hyphen-minus, U+2010 or U+2011, with only spaces before the line's
end (U+2012, the figure dash, is no hyphen)."""


def drop_doubled_hyphens(
    text: str, page_starts: tuple[int, ...], boxes: tuple[LineBox, ...]
) -> tuple[str, tuple[int, ...], tuple[LineBox, ...]]:
    """``text`` without each soft hyphen that follows a printed hyphen at a line's end, and the
    page starts and line boxes moved to the shorter text's offsets; the same three when it
    holds none."""
    if _SOFT not in text:
        return text, page_starts, boxes
    return cut_out(_DOUBLED, text, page_starts, boxes)
