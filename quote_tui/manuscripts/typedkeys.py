"""Pandoc citations typed into a Word document, read as Pandoc reads them.

A .docx written to be converted by Pandoc carries its citations as plain text (``„…“
[@lubkoll2009, S. 5]``). Word has no such syntax, and ``@name`` in Word text is as often a
handle or a mail name, so a key counts only when the bibliography given holds it; it then
becomes an anchor over its text, like a reference manager's field.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from quote_tui.manuscripts.document import Manuscript
from quote_tui.manuscripts.model import Anchor, BibEntry, Reference
from quote_tui.manuscripts.refs import pandoc_mentions

__all__ = ["with_typed_keys"]


def with_typed_keys(ms: Manuscript, entry: Callable[[str], BibEntry | None]) -> Manuscript:
    """``ms`` with each Word text's typed Pandoc citation whose key ``entry`` finds made an anchor.

    Args:
        ms: the manuscript as its reader delivered it.
        entry: the bibliography's entry for a key, or None when it holds none.

    Returns:
        The same manuscript when no Word text holds a known key.
    """
    documents = list(ms.documents)
    changed = False
    for i, doc in enumerate(documents):
        if doc.kind != "docx" or "@" not in doc.text:
            continue
        taken = [(a.start, a.end) for a in doc.anchors]
        added = []
        for m in pandoc_mentions(doc.text):
            bib = entry(m.key) if m.key else None
            if bib is None or any(a < m.end and m.start < b for a, b in taken):
                continue
            ref = Reference(
                raw=m.raw, style="pandoc", key=bib.key or m.key, bib=bib, locator=m.locator
            )
            added.append(Anchor(m.start, m.end, reference=ref))
        if added:
            anchors = tuple(sorted((*doc.anchors, *added), key=lambda a: a.start))
            documents[i] = replace(doc, anchors=anchors)
            changed = True
    return replace(ms, documents=tuple(documents)) if changed else ms
