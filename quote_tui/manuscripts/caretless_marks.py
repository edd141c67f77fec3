"""Markdown note marks typed without their caret: ``[White2]`` for ``[^White2]``.

A writer who defines the notes as Pandoc wants (``[^White2]: White, Hayden. …``) now and then
types a mark in the text without the ``^``. Markdown then shows the brackets, and the
quotation before them had no citation at all. A bracketed label is that note's mark when the
text defines a note of exactly that label and no link of it (``[White2]: https://…`` would make
it a link), and it is no link's text (``[White2](…)``, ``[White2][…]``). A bare number is
taken only when no numbered reference list holds it (``[1]`` is then a numbered reference).
"""

from __future__ import annotations

import re
from dataclasses import replace

from quote_tui.manuscripts.document import Manuscript
from quote_tui.manuscripts.model import Anchor

__all__ = ["with_caretless_marks"]

_LABEL = re.compile(r"(?<![\]!\\])\[(?P<id>[^\]\s^@\[]{1,40})\](?![(\[:])")
_LINK_DEF = re.compile(r"^ {0,3}\[(?P<id>[^\]\s^]{1,40})\]:", re.M)


def with_caretless_marks(ms: Manuscript) -> Manuscript:
    """``ms`` with an anchor at each caretless mark of a defined note (see the module)."""
    if not ms.footnotes or len(ms.documents) == 0:
        return ms
    doc = ms.documents[0]
    if doc.kind != "markdown":
        return ms
    scan = doc.scan_text if doc.scan_text is not None else doc.text
    links = {m.group("id").casefold() for m in _LINK_DEF.finditer(scan)}
    taken = [(a.start, a.end) for a in doc.anchors]
    notes = [(span.start, span.end) for span in ms.footnotes.values() if span.doc == 0]
    added = []
    for m in _LABEL.finditer(scan):
        label = m.group("id")
        if label not in ms.footnotes or label.casefold() in links:
            continue
        if label.isdigit() and label in ms.numbered:
            continue
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        if any(a <= m.start() < b for a, b in notes):
            continue  # "[White2]" inside a note's text is a label written about, not a mark
        added.append(Anchor(m.start(), m.end(), footnote=label))
    if not added:
        return ms
    anchors = tuple(sorted((*doc.anchors, *added), key=lambda a: a.start))
    return replace(ms, documents=(replace(doc, anchors=anchors), *ms.documents[1:]))
