"""Pandoc citations typed into a Word document, read as Pandoc reads them.

A .docx written to be converted by Pandoc carries its citations as plain text (``„…“
[@lubkoll2009, S. 5]``). Word has no such syntax, and ``@name`` in Word text is as often a
handle or a mail name, so a key counts only when the bibliography given holds it; it then
becomes an anchor over its text, like a reference manager's field.

Some writers cite with a key of their own design in brackets and no ``@``, ``[MusZit 14]``
(a class or a script of theirs turns it into a citation). In any text, a bracketed word that
is a key of the bibliography given, with a page or nothing after it, is read the same way:
a key nobody defined is an editor's bracket ``[sic]`` or ``[Hervorhebung M.M.]``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from quote_tui.manuscripts.document import Manuscript
from quote_tui.manuscripts.locators import parse_locator
from quote_tui.manuscripts.model import Anchor, BibEntry, Reference
from quote_tui.manuscripts.refs import Mention, pandoc_mentions

__all__ = ["with_typed_keys"]

# [MusZit 14], [GMS 393], [MusZit, S. 14], [MusZit]: not a link's text, a note's mark or a
# Pandoc key; the locator is short and holds a number.
_BRACKET_KEY = re.compile(
    r"(?<![\\\w\]])\[(?P<key>[A-Za-z][\w:.\-]*[\w])"
    r"(?:,?[ \t~]+(?P<loc>[^\[\]\n@^]{0,24}\d[^\[\]\n@^]{0,12}))?\](?![(\[:])"
)


def _bracket_keys(text: str) -> list[Mention]:
    out = []
    for m in _BRACKET_KEY.finditer(text):
        loc = parse_locator(m.group("loc")) if m.group("loc") else None
        if m.group("loc") and loc is None:
            continue
        out.append(
            Mention(m.start(), m.end(), "pandoc", m.group(0), key=m.group("key"), locator=loc)
        )
    return out


def with_typed_keys(ms: Manuscript, entry: Callable[[str], BibEntry | None]) -> Manuscript:
    """``ms`` with each typed citation whose key ``entry`` finds made an anchor: Pandoc's in
    Word text, a bracketed key in any text.

    Args:
        ms: the manuscript as its reader delivered it.
        entry: the bibliography's entry for a key, or None when it holds none.

    Returns:
        The same manuscript when no Word text holds a known key.
    """
    documents = list(ms.documents)
    changed = False
    for i, doc in enumerate(documents):
        typed = pandoc_mentions(doc.text) if doc.kind == "docx" and "@" in doc.text else []
        typed += _bracket_keys(doc.text) if "[" in doc.text else []
        if not typed:
            continue
        taken = [(a.start, a.end) for a in doc.anchors]
        added = []
        for m in typed:
            bib = entry(m.key) if m.key else None
            if bib is None or any(a < m.end and m.start < b for a, b in taken):
                continue
            ref = Reference(
                raw=m.raw, style="pandoc", key=bib.key or m.key, bib=bib, locator=m.locator
            )
            added.append(Anchor(m.start, m.end, reference=ref))
            taken.append((m.start, m.end))
        if added:
            anchors = tuple(sorted((*doc.anchors, *added), key=lambda a: a.start))
            documents[i] = replace(doc, anchors=anchors)
            changed = True
    return replace(ms, documents=tuple(documents)) if changed else ms
