"""Running heads told by the heading they repeat.

A book's running head names its chapter or section ("3.3. FACTORING PROBLEM" over the
heading "3.3 Factoring Problem") and changes with it, too often to repeat on many pages: it is
told instead by a heading elsewhere in the document with its title, set larger than the head.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["HEAD_LINES", "titled_heads"]

_NUMBERING = re.compile(r"^(?:chapter\s+|part\s+)?(?:\d+|[A-Z])(?:\.\d+)*\.?\s+|\s+\d+$", re.I)
"""A heading's number before its title ("3.3. ", "Chapter 3. ") or a folio after a running
head's title ("FACTORING PROBLEM 33")."""
HEAD_LINES = 3
"""Most lines of a heading a running head's title is looked for in: a long chapter title is set
over two ("4. Augmented Reality – Zukunft von" / "Visualisationssystemen?"), its running head on
one."""
_MIN_TITLE = 4
"""Fewest characters of a title for a running head to be told by it."""


def _title(text: str) -> str:
    # split() breaks at the characters \s matches: spaces collapsed and stripped in one pass
    return " ".join(_NUMBERING.sub("", text.strip()).split()).casefold()


def titled_heads(
    outer: Iterable[tuple[str, float]], inner: Iterable[tuple[str, float]]
) -> list[str]:
    """The texts of ``outer`` (one-line blocks outermost on their page: text, size) whose title
    is that of an ``inner`` block of ``HEAD_LINES`` lines at most (a heading) set larger."""
    heads: dict[str, float] = {}  # a title: the largest size it is set in
    for text, size in inner:
        title = _title(text)
        if size > heads.get(title, 0.0):
            heads[title] = size
    out = []
    for text, size in outer:
        title = _title(text)
        if len(title) >= _MIN_TITLE and heads.get(title, 0.0) > size:
            out.append(text)
    return out
