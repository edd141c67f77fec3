"""References typed into a manuscript, with no bibliography file: an APA, Chicago, Harvard, MLA
or Vancouver list after a References heading, numbered or not, and LaTeX's ``\\bibitem``\\ s.

``reflist`` finds the entries; here they become the references ``refs`` checks, each under the
key a report names it by (``12`` for a numbered entry, ``Lo 2020`` for an author-date one), and
a formatted entry's title is told apart from its journal and volume whatever the style.
"""

from __future__ import annotations

import re
from dataclasses import replace

from quote_tui.manuscripts.document import Manuscript
from quote_tui.manuscripts.model import BibEntry

__all__ = ["typed_references", "typed_title"]

_AUTHOR_DATE = re.compile(r"^[a-z]?\s*\)?\s*\.")
"""What follows the year in APA and Harvard (``(2020). Title``, ``2020. Title``)."""
_SENTENCE = re.compile(r"(?<=[^\s.])\.\s+(?=\S)")
_INITIALS = re.compile(r"^(?:[A-Z][a-z]?\.?[\s-]*){1,3}$|^et al$")
"""A piece of the author list cut at a full stop: ``K`` of ``Lo, K. A.``, ``et al``."""


def typed_title(body: str, year: re.Match[str] | None) -> str | None:
    """The title of a formatted reference whose title is not in quotation marks.

    Args:
        body: the reference as typed, on one line.
        year: where its year stands, if it has one.

    Returns:
        APA/Harvard: the sentence after the year (``Lo, K. (2020). Title. Journal``); else
        (Vancouver, Chicago's books, a year at the end): the sentence after the authors
        (``Lo K, Smith J. Title. J Things. 2020;12:3``); None when there is none.
    """
    if year is not None and _AUTHOR_DATE.match(body[year.end() :]):
        rest = body[year.end() :].lstrip("abcdefghijklmnopqrstuvwxyz").lstrip(").,: ")
        title = rest.split(". ", 1)[0].strip()
        if title:
            return title
    pieces = [p.strip() for p in _SENTENCE.split(body)]
    n = 1
    while n < len(pieces) and _INITIALS.match(pieces[n]):
        n += 1  # still the authors: initials cut off at their full stops
    if n >= len(pieces):
        return None
    title = pieces[n].rstrip(".")
    # A year or volume on its own is the entry's tail, not its title.
    return title if re.search(r"[^\W\d_]{3}", title) else None


def typed_references(ms: Manuscript) -> tuple[BibEntry, ...]:
    """A manuscript's own references, in its order: ``\\bibitem`` entries, then its typed list
    (numbered entries by number, the others by first author and year). Two entries under one
    key (``Smith 2020`` twice) are both kept, the second as ``Smith 2020-2``."""
    out: list[BibEntry] = []
    seen: set[int] = set()
    keys: dict[str, int] = {}
    for entry in (*ms.keyed.values(), *ms.numbered.values(), *ms.listed):
        if id(entry) in seen:
            continue  # a numbered entry is in both the numbered and the listed entries
        seen.add(id(entry))
        key = entry.key or ""
        keys[key] = keys.get(key, 0) + 1
        if key and keys[key] > 1:
            entry = replace(entry, key=f"{key}-{keys[key]}")
        out.append(entry)
    return tuple(out)
