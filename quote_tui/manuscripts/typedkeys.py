"""Pandoc citations typed into a Word document, read as Pandoc reads them.

A .docx written to be converted by Pandoc carries its citations as plain text (``„…“
[@lubkoll2009, S. 5]``). Word has no such syntax, and ``@name`` in Word text is as often a
handle or a mail name, so a key counts only when the bibliography given holds it; it then
becomes an anchor over its text, like a reference manager's field.

Some writers cite with a key of their own design in brackets and no ``@``, ``[MusZit 14]``
(a class or a script of theirs turns it into a citation). In any text, a bracketed word that
is a key of the bibliography given, with a page or nothing after it, is read the same way:
a key nobody defined is an editor's bracket ``[sic]`` or ``[Hervorhebung M.M.]``.

With no bibliography given at all, a Word text that cites in Pandoc's brackets throughout
(two keys at least: ``[@sweetman2021]``, ``[@kao2021, p. 4]``) was written to be converted
with a bibliography kept elsewhere: its bracketed keys are citations of works no list holds,
as the same text in Markdown gives them, not nothing. A lone bracket with an ``@`` may be a
handle, and ``@name`` outside brackets a mail name: they still need the bibliography.
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


# Keys a Word text types in brackets before its keys are taken with no bibliography: one is
# as likely a handle ("Schreiben Sie an … [@redaktion]").
_KEYS_TYPED = 2


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


def with_typed_keys(
    ms: Manuscript, entry: Callable[[str], BibEntry | None], *, no_bibliography: bool = False
) -> Manuscript:
    """``ms`` with each typed citation whose key ``entry`` finds made an anchor: Pandoc's in
    Word text, a bracketed key in any text.

    Args:
        ms: the manuscript as its reader delivered it.
        entry: the bibliography's entry for a key, or None when it holds none.
        no_bibliography: no bibliography was given: a Word text's Pandoc keys in brackets are
            citations without an entry when it types two keys at least.

    Returns:
        The same manuscript when no Word text holds a known key.
    """
    unlisted = _unlisted_keys(ms) if no_bibliography else set()
    documents = list(ms.documents)
    changed = False
    for i, doc in enumerate(documents):
        typed = pandoc_mentions(doc.text) if doc.kind == "docx" and "@" in doc.text else []
        typed += _bracket_keys(doc.text) if "[" in doc.text and not no_bibliography else []
        if not typed:
            continue
        taken = [(a.start, a.end) for a in doc.anchors]
        added = []
        for m in typed:
            bib = entry(m.key) if m.key else None
            if any(a < m.end and m.start < b for a, b in taken):
                continue
            if bib is None and not (m.raw.startswith("[") and m.key in unlisted):
                continue
            key = bib.key if bib is not None and bib.key else m.key
            ref = Reference(raw=m.raw, style="pandoc", key=key, bib=bib, locator=m.locator)
            added.append(Anchor(m.start, m.end, reference=ref))
            taken.append((m.start, m.end))
        if added:
            anchors = tuple(sorted((*doc.anchors, *added), key=lambda a: a.start))
            documents[i] = replace(doc, anchors=anchors)
            changed = True
    return replace(ms, documents=tuple(documents)) if changed else ms


def _unlisted_keys(ms: Manuscript) -> set[str]:
    """The keys a Word manuscript types in Pandoc's brackets, when it types two at least."""
    keys = {
        m.key
        for doc in ms.documents
        if doc.kind == "docx" and "[" in doc.text
        for m in pandoc_mentions(doc.text)
        if m.key and m.raw.startswith("[")
    }
    return keys if len(keys) >= _KEYS_TYPED else set()
