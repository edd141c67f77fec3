"""A citation typed on its own line after the quotation it cites.

Word users press Enter after a long quotation and type its citation below it:
``"… keine Rolle spielt."`` then a paragraph holding only ``(Frischalowski, 2008:52).``. The
quotation ends its paragraph, and the next paragraph is that citation and nothing else, so it
can only be the quotation's.
"""

from __future__ import annotations

import re

from quote_tui.manuscripts.document import Document, mentions_in
from quote_tui.manuscripts.inner_cite import inner_cite
from quote_tui.manuscripts.locators import parse_locator
from quote_tui.manuscripts.refs import Mention

__all__ = ["cite_on_own_line"]

_CLOSERS = "\"”’»«'`"
# A paragraph that is a source named in words with its page, in brackets
_TYPED_SOURCE = re.compile(
    r"[ \t]*\((?P<body>(?:vgl\.\s*)?[A-ZÄÖÜ][^()\n]{2,120}?,\s*"
    r"(?P<page>(?:S\.|pp?\.)\s*\d[^()\n]{0,20}))\)[ \t.]*"
)
_TRAILING = " \t.,;:"
_NEAR = 400  # how far the next paragraph may start (blank lines between)


def cite_on_own_line(doc: Document, quote_start: int, close_end: int) -> Mention | None:
    """The citation that makes up the whole paragraph after the quotation closing at
    ``close_end``, when the quotation ends its own paragraph; ``None`` otherwise."""
    text = doc.text
    para_end = text.find("\n", close_end)
    if para_end < 0 or text[close_end:para_end].strip(_TRAILING):
        return None  # the writer's sentence goes on after the quotation
    start = para_end
    while start < len(text) and text[start] in " \t\n":
        start += 1
    if start - para_end > _NEAR or start >= len(text):
        return None
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    found = mentions_in(doc, start, end)
    if not found and (typed := _TYPED_SOURCE.fullmatch(text, start, end)) is not None:
        # "(UNESCO-Konferenzberichte Nr. 5, S. 121.)": a source named in words, its page last
        loc = parse_locator(typed.group("page"))
        if loc is not None and loc.pages:
            words = typed.group("body")[: typed.start("page") - typed.start("body")]
            key = " ".join(words.split()).strip(" ,;:")
            return Mention(start, end, "note", typed.group("body").strip(), key=key, locator=loc)
    if len(found) != 1 or found[0].style in ("locator", "footnote", "url"):
        return None
    cite = found[0]
    if cite.start != start or text[cite.end : end].strip(_TRAILING) or cite.raw[:1] not in "([":
        return None
    words_end = close_end
    while words_end > quote_start and text[words_end - 1] in _CLOSERS:
        words_end -= 1
    if inner_cite(doc, quote_start, words_end) is not None:
        return None  # the quotation carries its own citation inside its marks
    return cite
