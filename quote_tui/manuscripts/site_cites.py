"""A reference work on the web cited by its name and article, as school and student papers cite
it: "(Wikipedia, Linux (Kernel))", "(laut Wikipedia, Open Source, Abschnitt: Definition der
OSI)", "(Britannica, Renaissance, section: Italy)", or as a note, "Wikipedia, Freie Software,
Abschnitt: Open Source", "vgl.: Wikipedia; Supercomputer; 2015; Abschnitt: Betriebssysteme".

No author, year or page: the site and the article are the work, the section the place, kept as
written. Only sites that are reference works are read so, so "(Berlin, Suhrkamp)" stays prose.
"""

from __future__ import annotations

import re

from quote_tui.manuscripts.mention import Mention, Scanner
from quote_tui.manuscripts.model import Locator

__all__ = ["SITE_SCANNERS", "site_note"]

_SITES = (
    r"Wikipedia|Wikibooks|Wikiversity|Wiktionary|Wikiquote|(?:Encyclop(?:a|ae|æ)dia\s+)?Britannica"
    r"|Brockhaus|Duden|Statista|Investopedia|Lexikon\s+der\s+[A-ZÄÖÜ]\w+|Stanford\s+Encyclopedia"
    r"\s+of\s+Philosophy|Internet\s+Encyclopedia\s+of\s+Philosophy"
)
_LEAD = r"(?:(?i:laut|vgl\.|siehe|see|cf\.|Quelle|source)\s*:?\s*)?"
_SECTION = (
    r"(?i:Abschnitt|Abschn\.|Unterabschnitt|Kapitel|Kap\.|Absatz|Section|Sec\.|Chapter|Paragraph)"
    r"\s*:?\s*[^()\n;]{1,80}?"
)
_SITE = (
    rf"{_LEAD}(?P<site>{_SITES})\s*(?:[,;:]|\s[–-])\s*"
    # the article, perhaps with a bracket of its own: "Linux (Kernel)"
    r"(?P<article>(?:[^(),;\n]|\([^()\n]{1,40}\)){1,80}?)"
    # a year the page was read, then the section
    rf"(?:\s*[,;]\s*(?:(?:1[5-9]|20)\d\d\s*[,;]\s*)?(?P<section>{_SECTION}))?\s*"
)
# or the site alone: "(Wikipedia)", "(Quelle: Wikipedia)", "(vgl. Duden)"
_INLINE = re.compile(rf"\({_SITE}\)|\({_LEAD}(?P<only>{_SITES})\s*\)")
_NOTE = re.compile(rf"\s*{_SITE}\.?\s*$")


def _mention(m: re.Match[str], start: int, end: int, raw: str) -> Mention:
    article = " ".join(m.group("article").split()).strip(" \"'“”„")
    section = m.group("section")
    locator = Locator(label="section", value=" ".join(section.split())) if section else None
    return Mention(start, end, "note", raw, key=f"{m.group('site')}: {article}", locator=locator)


def site_note(note: str, start: int, end: int) -> Mention | None:
    """The note ``note`` (at ``start:end`` of its text) as a reference work's article, or None."""
    m = _NOTE.match(note)
    return _mention(m, start, end, note) if m is not None else None


def _inline(m: re.Match[str]) -> list[Mention]:
    if m.group("only"):
        return [Mention(m.start(), m.end(), "note", m.group(0), key=m.group("only"))]
    return [_mention(m, m.start(), m.end(), m.group(0))]


SITE_SCANNERS: tuple[Scanner, ...] = ((_INLINE, _inline),)
