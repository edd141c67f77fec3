"""How a cited reference is compared with a registered record, field by field (pure).

Every comparison folds case, accents and punctuation first, so ``Müller`` and ``Muller``, or
``J. Biol. Chem.`` and ``J Biol Chem``, are the same. Titles are compared by similarity
(rapidfuzz), with a subtitle left out still the same title; authors by the first author's family
name; years against every year the registry gives (issued, print, online); journals by name or
abbreviation; pages by their first page and, when both give one, their last (``123-30`` is
``123-130``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from rapidfuzz import fuzz

from quote_tui.manuscripts.model import BibEntry
from quote_tui.sources.net.works import RegisteredWork

__all__ = [
    "SAME_TITLE",
    "FieldDifference",
    "differences",
    "fold",
    "page_range",
    "same_family",
    "same_journal",
    "same_pages",
    "title_score",
]

SAME_TITLE = 90.0
"""The title similarity (0-100) from which two titles are the same title."""
_STOP = frozenset({"the", "of", "and", "for", "in", "on", "a", "an", "de", "la", "le", "der"})


@dataclass(frozen=True, slots=True)
class FieldDifference:
    """One field where the reference and the registry disagree, with both values."""

    field: str
    cited: str
    registered: str

    def to_dict(self) -> dict[str, Any]:
        return {"field": self.field, "cited": self.cited, "registered": self.registered}


def fold(text: str) -> str:
    """Lower case, no accents, ``&`` as ``and``, punctuation as spaces, spaces collapsed."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    plain = plain.replace("&", " and ")  # casefold has made ß ss
    return " ".join(re.sub(r"[^\w]+", " ", plain).replace("_", " ").split())


_NOTICE_PREFIX = re.compile(r"^\s*(?:retracted|withdrawn)(?:\s+article)?\s*:\s*", re.I)


def title_score(cited: str, registered: str) -> float:
    """How alike two titles are (0-100); a title without its subtitle scores 100, and a
    registry's "RETRACTED:" or "WITHDRAWN:" prefix is not part of the title."""
    cited, registered = _NOTICE_PREFIX.sub("", cited), _NOTICE_PREFIX.sub("", registered)
    a, b = fold(cited), fold(registered)
    if not a or not b:
        return 0.0
    if a == b:
        return 100.0
    for short, full, raw in ((a, b, registered), (b, a, cited)):
        main = fold(re.split(r"[:?.!]\s", raw, maxsplit=1)[0])
        if short == main and len(short) >= 12 and full.startswith(short):
            return 100.0
    return float(fuzz.ratio(a, b))


def same_family(cited: str, registered: str) -> bool:
    """Whether two family names are the same person's: folded, spaces and hyphens ignored;
    ``van der Berg`` and ``Berg`` agree on the last word."""
    a, b = fold(cited), fold(registered)
    if not a or not b:
        return False
    if a.replace(" ", "") == b.replace(" ", ""):
        return True
    return a.split()[-1] == b.split()[-1]


def _abbreviates(short: str, full: str) -> bool:
    words = [w for w in full.split() if w not in _STOP]
    parts = [w for w in short.split() if w not in _STOP]
    if not parts or len(parts) != len(words):
        return False
    return all(w.startswith(p) for p, w in zip(parts, words, strict=True))


def same_journal(cited: str, names: tuple[str, ...]) -> bool:
    """Whether a cited journal is one of the registered names, or abbreviates one."""
    a = fold(cited)
    for name in names:
        b = fold(name)
        if not a or not b:
            continue
        if a == b or _abbreviates(a, b) or _abbreviates(b, a):
            return True
        if fuzz.ratio(a, b) >= SAME_TITLE:
            return True
    return False


_PAGES = re.compile(r"^\s*([a-z]*\d+[a-z]?)(?:\s*[-–—]+\s*([a-z]*\d+[a-z]?))?\s*$", re.I)


def page_range(pages: str) -> tuple[str, str | None] | None:
    """The first and last page of ``123--130``, ``123-30`` (read as 123-130), ``e1234``."""
    m = _PAGES.match(pages.replace("−", "-"))
    if m is None:
        return None
    first, last = m.group(1).lower(), m.group(2)
    if last is None:
        return first, None
    last = last.lower()
    if first.isdigit() and last.isdigit() and len(last) < len(first):
        last = first[: len(first) - len(last)] + last
    return first, last


def same_pages(cited: str, registered: str) -> bool:
    """Whether two page fields agree: first pages equal, and last pages when both give one."""
    a, b = page_range(cited), page_range(registered)
    if a is None or b is None:
        return fold(cited) == fold(registered)
    if a[0] != b[0]:
        return False
    return a[1] is None or b[1] is None or a[1] == b[1]


def differences(entry: BibEntry, work: RegisteredWork) -> tuple[FieldDifference, ...]:
    """The fields where ``entry`` and ``work`` disagree (title, first author, year, journal,
    pages), in that order; a field either side leaves out is not compared."""
    out: list[FieldDifference] = []
    if entry.title and work.title and title_score(entry.title, work.title) < SAME_TITLE:
        out.append(FieldDifference("title", entry.title, work.title))
    if entry.authors and work.authors and not same_family(entry.authors[0], work.authors[0]):
        out.append(FieldDifference("first_author", entry.authors[0], work.authors[0]))
    if entry.year and work.years:
        year = re.search(r"\d{4}", entry.year)
        if year is None or year.group(0) not in work.years:
            out.append(FieldDifference("year", entry.year, work.years[0]))
    if entry.journal and work.journals and not same_journal(entry.journal, work.journals):
        out.append(FieldDifference("journal", entry.journal, work.journals[0]))
    if entry.pages and work.pages and not same_pages(entry.pages, work.pages):
        out.append(FieldDifference("pages", entry.pages, work.pages))
    return tuple(out)
