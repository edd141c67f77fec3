"""The page of a work named in the running text, given where the paragraph cites it again.

German (and many other) theses name the author in the sentence and give the page in the bracket
that closes the paragraph: ``@deci1993 betonen, „daß … werden“ und dass … hat.
[@deci1993, Seite 223]``; ``\\textcite{deci1993} betonen, \\enquote{…}. …
\\autocite[223]{deci1993}``.
The narrative citation gives the quotation its work; the bracket after it, citing the same
work with a page, gives the page. Only the paragraph's first later citation of that work is
read, and only when it is bracketed (a second narrative one names the work again, no page).
"""

from __future__ import annotations

import re

from quote_tui.manuscripts.clauses import NARRATIVE_COMMAND, cited_keys
from quote_tui.manuscripts.document import Document
from quote_tui.manuscripts.locators import parse_locator
from quote_tui.manuscripts.model import Locator
from quote_tui.manuscripts.refs import Mention, find_mentions

__all__ = ["page_named_later"]

_PARAGRAPH_END = re.compile(r"\n[ \t]*\n|\Z")
_REACH = 3_000  # a paragraph read this far after the quotation
_LATEX_NARRATIVE = re.compile(NARRATIVE_COMMAND)
_PANDOC_ITEM = re.compile(r"-?@(?P<key>[^\s,;\]]+?)(?=[\s,;\]]|$)(?P<suffix>[^;\]]*)")


def _narrative(mention: Mention) -> bool:
    if mention.style == "pandoc":
        return mention.raw.startswith("@")
    return mention.style == "latex" and _LATEX_NARRATIVE.match(mention.raw) is not None


def page_named_later(doc: Document, mention: Mention | None, end: int) -> Locator | None:
    """The page the paragraph's next bracketed citation of ``mention``'s work gives, for a
    quotation ending at ``end`` that a narrative citation without a page attributes; else None.
    """
    if mention is not None and mention.style == "note" and mention.locator is None:
        return _signed_page(doc.text, end, mention.raw)
    if mention is None or mention.locator is not None or not mention.key or not _narrative(mention):
        return None
    stop = _PARAGRAPH_END.search(doc.text, end, min(len(doc.text), end + _REACH))
    limit = stop.start() if stop else min(len(doc.text), end + _REACH)
    markdown = doc.kind in ("markdown", "plain")
    for later in find_mentions(doc.text, end, limit, latex=doc.kind == "latex", markdown=markdown):
        if later.style != mention.style or mention.key not in cited_keys(later):
            continue
        if _narrative(later):
            return None  # the work named again: the page, if any, is for what follows that
        return _page_of(later, mention.key)
    return None


# The writer's typed citation after the quotation's note mark, set apart in emphasis or on the
# next line: '"…defectiveness."[^sex]' then "*(De Beauvoir, The second sex, 12)*".
_SIGNED = re.compile(
    r"[.,;:]?[ \t]*(?:\[\^[^\]\s]+\])?[.,;:]?[ \t]*\n?[ \t]*[*_]{0,3}\((?P<sig>[^()\n]{2,120})\)"
)


def _signed_page(text: str, end: int, note: str) -> Locator | None:
    """The page of the typed citation right after the quotation ending at ``end`` and its note
    mark, when it names the author the note names (the same work, with its page)."""
    m = _SIGNED.match(text, end)
    if m is None:
        return None
    parts = [p.strip() for p in m.group("sig").split(",")]
    name = parts[0].split()[-1].casefold() if parts[0].split() else ""
    if len(parts) < 2 or len(name) < 2 or name not in note.casefold():
        return None
    return parse_locator(parts[-1])


def _page_of(later: Mention, key: str) -> Locator | None:
    """The locator the bracketed citation ``later`` gives the work ``key`` (one of its items)."""
    if later.key == key or later.style != "pandoc":
        return later.locator
    for item in later.raw.strip("[]").split(";"):
        m = _PANDOC_ITEM.search(item)
        if m and m.group("key") == key:
            suffix = m.group("suffix").strip()
            return parse_locator(suffix) if suffix else None
    return None
