"""Running heads told by the heading they repeat.

A book's running head names its chapter or section ("3.3. FACTORING PROBLEM" over the
heading "3.3 Factoring Problem") and changes with it, too often to repeat on many pages: it is
told instead by a heading elsewhere in the document with its title, set larger than the head.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

__all__ = ["HEAD_LINES", "titled_heads"]

_NUMBERING = re.compile(r"(?:chapter\s+|part\s+)?(?:\d+|[A-Z])(?:\.\d+)*\.?\s+", re.I)
"""A heading's number before its title ("3.3. ", "Chapter 3. ")."""
_FOLIO = re.compile(r"\s+\d+$")
"""A folio after a running head's title ("FACTORING PROBLEM 33")."""
HEAD_LINES = 3
"""Most lines of a heading a running head's title is looked for in: a long chapter title is set
over two ("4. Augmented Reality – Zukunft von" / "Visualisationssystemen?"), its running head on
one."""
_MIN_TITLE = 4
"""Fewest characters of a title for a running head to be told by it."""


def _title(text: str) -> str:
    # the number matched at the start only, the folio looked for only after a digit: one
    # pattern of both, tried at every character, cost a book's read 2 ms
    text = text.strip()
    if number := _NUMBERING.match(text):
        text = text[number.end() :]
    if text[-1:].isdecimal():
        text = _FOLIO.sub("", text)
    # split() breaks at the characters \s matches: spaces collapsed and stripped in one pass
    return " ".join(text.split()).casefold()


def titled_heads(
    outer: Sequence[tuple[str, float]], inner: Iterable[tuple[str, float]]
) -> list[str]:
    """The texts of ``outer`` (one-line blocks outermost on their page: text, size) whose title
    is that of an ``inner`` block of ``HEAD_LINES`` lines at most (a heading) set larger; one
    set over lines tells only a head that stands on two pages or more (a JSTOR cover's title,
    on one line once over the article's title on two, is no running head)."""
    heads: dict[str, tuple[float, bool]] = {}  # a title: its largest size, whether on one line
    for text, size in inner:
        title = _title(text)
        if size > heads.get(title, (0.0, False))[0]:
            heads[title] = (size, "\n" not in text)
    seen = Counter(_title(text) for text, _ in outer)
    out = []
    for text, size in outer:
        title = _title(text)
        largest, one_line = heads.get(title, (0.0, False))
        if len(title) >= _MIN_TITLE and largest > size and (one_line or seen[title] >= 2):
            out.append(text)
    return out
