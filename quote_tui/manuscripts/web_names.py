"""A web page cited by its address typed without the scheme: "„…“ (vgl. kulturerdteile.de)",
"(duden.de/rechtschreibung/Kultur)", "(see www.who.int/news)".

Students cite a website by the name they see in the browser's address bar. In brackets, a
word with a known top-level domain after a dot is such an address, not prose; it becomes an
anchor over its text whose reference is the page (``https://`` added), as a typed URL is.
"""

from __future__ import annotations

import re
from dataclasses import replace

from quote_tui.manuscripts.document import Manuscript
from quote_tui.manuscripts.model import Anchor, Reference

__all__ = ["with_web_names"]

_TLD = r"(?:de|com|org|net|edu|gov|int|at|ch|uk|fr|it|es|nl|eu|info|io)"
_WEB_NAME = re.compile(
    r"\((?:vgl\.\s*|siehe\s+|see\s+|cf\.\s*)?(?P<name>(?:www\.)?[a-z0-9][a-z0-9-]*"
    r"(?:\.[a-z0-9-]+)*\." + _TLD + r"(?:/[^\s()]*)?)\)",
    re.I,
)


def with_web_names(ms: Manuscript) -> Manuscript:
    """``ms`` with an anchor at each address typed without its scheme in brackets."""
    documents = list(ms.documents)
    changed = False
    for i, doc in enumerate(documents):
        if "." not in doc.text:
            continue
        taken = [(a.start, a.end) for a in doc.anchors]
        added = []
        for m in _WEB_NAME.finditer(doc.text):
            if "://" in doc.text[max(0, m.start() - 10) : m.start() + 1]:
                continue
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            name = m.group("name").rstrip(".,;")
            ref = Reference(raw=name, style="url", target=f"https://{name}")
            added.append(Anchor(m.start(), m.end(), reference=ref))
        if added:
            anchors = tuple(sorted((*doc.anchors, *added), key=lambda a: a.start))
            documents[i] = replace(doc, anchors=anchors)
            changed = True
    return replace(ms, documents=tuple(documents)) if changed else ms
