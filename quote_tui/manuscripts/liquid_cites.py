"""Citations a Jekyll site writes as Liquid tags: jekyll-scholar's ``{% cite key %}``.

Academic sites and blogs built with Jekyll cite through the jekyll-scholar plugin: ``"…"
{% cite marx1969 -l 8 %}``, ``{% cite smith2020 jones2021 --locator 12-14 %}``, ``{% cite
"key" -L chapter -l 3 %}``. The Markdown reader blanks template tags out (they are markup, not
prose), so the tag is read here and set as an anchor over its text, as a reference manager's
field is: its first key, its locator (a page unless ``-L`` names another label), and the
bibliography's entry for the key when one was given.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import replace

from quote_tui.manuscripts.document import Manuscript
from quote_tui.manuscripts.locators import parse_locator
from quote_tui.manuscripts.model import Anchor, BibEntry, Locator, Reference

__all__ = ["with_liquid_cites"]

_TAG = re.compile(r"\{%-?[ \t]*cite[ \t]+(?P<args>[^%\n]{1,400}?)[ \t]*-?%\}")
_OPTIONS_WITH_VALUE = frozenset(("-l", "--locator", "-L", "--label", "-f", "--file", "-p"))


def _parse(args: str) -> tuple[str | None, Locator | None]:
    """The first key and the locator of a tag's arguments."""
    try:
        words = shlex.split(args)
    except ValueError:
        words = args.split()
    keys: list[str] = []
    locator = label = None
    i = 0
    while i < len(words):
        word = words[i]
        if word in _OPTIONS_WITH_VALUE and i + 1 < len(words):
            if word in ("-l", "--locator") and locator is None:
                locator = words[i + 1]
            elif word in ("-L", "--label") and label is None:
                label = words[i + 1]
            i += 2
            continue
        if not word.startswith("-"):
            keys.append(word)
        i += 1
    if not keys:
        return None, None
    if locator is None:
        return keys[0], None
    written = f"{label} {locator}" if label and label.lower() != "page" else locator
    return keys[0], parse_locator(written) or Locator(label=label or "page", value=locator)


def with_liquid_cites(ms: Manuscript, entry: Callable[[str], BibEntry | None]) -> Manuscript:
    """``ms`` with an anchor at each ``{% cite %}`` tag of its Markdown texts (see the module);
    ``entry`` gives the bibliography's entry for a key, or None."""
    documents = list(ms.documents)
    changed = False
    for i, doc in enumerate(documents):
        if doc.kind != "markdown" or "{%" not in doc.text:
            continue
        taken = [(a.start, a.end) for a in doc.anchors]
        added = []
        for m in _TAG.finditer(doc.text):
            key, locator = _parse(m.group("args"))
            if key is None or any(a < m.end() and m.start() < b for a, b in taken):
                continue
            bib = entry(key)
            ref = Reference(
                raw=m.group(0),
                style="pandoc",
                key=bib.key or key if bib else key,
                bib=bib,
                locator=locator,
            )
            added.append(Anchor(m.start(), m.end(), reference=ref))
        if added:
            anchors = tuple(sorted((*doc.anchors, *added), key=lambda a: a.start))
            documents[i] = replace(doc, anchors=anchors)
            changed = True
    return replace(ms, documents=tuple(documents)) if changed else ms
