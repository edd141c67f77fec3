"""Quotation marks that HTML tags separate from their words.

Posts exported from Blogger, WordPress or Google Docs keep inline HTML in their Markdown, and
the tag often sits between a mark and the words it encloses: ``“<span style="font-style:
italic">... se presenta hoy …”</span>``, ``"<em>never again</em>"``. The tags are blanked out
before quotations are found, which leaves the mark standing before spaces (no opening) or
after them (no closing). Moving each such mark across the blanked tag, next to its words,
gives the quotation back; offsets stay as they were.
"""

from __future__ import annotations

import re

__all__ = ["marks_to_words"]

_OPENERS = frozenset('“„"«»‘‚')
_CLOSERS = frozenset('”“"»«’‘')


def marks_to_words(scan: str, tags: list[re.Match[str]]) -> str:
    """``scan`` (the text with the ``tags`` already blanked out) with each quotation mark that
    a tag parts from its words moved across the tag to them."""
    if not tags:
        return scan
    chars = list(scan)
    n = len(chars)
    for m in tags:  # in order, so a mark crosses "<span><em>" one tag at a time
        a, b = m.start(), m.end()
        opens = a >= 1 and b < n and chars[a - 1] in _OPENERS and not chars[b].isspace()
        if opens and (a == 1 or chars[a - 2].isspace() or chars[a - 2] in "(["):
            chars[b - 1], chars[a - 1] = chars[a - 1], " "
    for m in reversed(tags):
        a, b = m.start(), m.end()
        closes = a >= 1 and b < n and chars[b] in _CLOSERS and not chars[a - 1].isspace()
        # (a mark before a word opens the next quotation: "line.<br>\"Next …")
        if closes and (b + 1 == n or chars[b + 1].isspace() or chars[b + 1] in ".,;:!?)]-–—"):
            chars[a], chars[b] = chars[b], " "
    return "".join(chars)
