"""A periodical's issue named in prose before a quotation: its source, at its page.

A note or a sentence that says where the quoted words were printed, "The obituary … in the West
Sussex Gazette of 10 October 1912, page 4, mentions that Charles was "…"", "in der Frankfurter
Allgemeinen Zeitung vom 3. Mai 2015, S. 4, heißt es „…“", cites that issue as a typed reference
would: the title and the date are the work, the page its place. A title needs an issue's date (a
day or a month with the year): "in Berlin of 1920" names no periodical.
"""

from __future__ import annotations

import re

from quote_tui.manuscripts.locators import PLACE_TERMED, parse_locator
from quote_tui.manuscripts.refs import Mention

__all__ = ["periodical_before"]

_MONTH = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December|"
    r"Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec|Januar|Jänner|Februar|März|Mai|Juni|Juli|"
    r"Oktober|Dezember)\.?"
)
_DATE = (
    r"(?:\d{1,2}(?:st|nd|rd|th)?\.?\s+" + _MONTH + r",?\s+\d{4}"  # 10 October 1912, 3. Mai 2015
    r"|" + _MONTH + r"\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}"  # October 10, 1912
    r"|\d{1,2}\.\s?\d{1,2}\.\s?\d{4})"  # 3.5.2015
)
_WORD = r"[A-ZÄÖÜ][\w'’&-]*"
_PERIODICAL = re.compile(
    r"\b(?:[Ii]n|[Ii]m|[Ii]n\s+der|[Ii]n\s+dem|[Ii]n\s+the)\s+(?P<title>"
    + _WORD
    + r"(?:\s+"
    + _WORD
    + r"){0,5})"
    r"\s+(?:of|from|dated|vom|von)\s+(?P<date>" + _DATE + r")"
    r"(?:\s*,\s*(?P<loc>" + PLACE_TERMED + r"))?"
)
_LOOK_BACK = 300  # characters before the opening mark searched for the periodical


def periodical_before(text: str, lo: int, opening: int) -> Mention | None:
    """The last periodical issue named in ``text[lo:opening]`` (the quotation's sentence or
    note up to its opening mark) with no sentence ending after it, or ``None``."""
    start = max(lo, opening - _LOOK_BACK)
    found = None
    for m in _PERIODICAL.finditer(text, start, opening):
        found = m
    if found is None or re.search(r"[.!?]\s+[A-ZÄÖÜ]", text[found.end() : opening]):
        return None
    title = " ".join(found.group("title").split())
    loc = found.group("loc")
    locator = parse_locator(loc) if loc else None
    raw = " ".join(text[found.start("title") : found.end()].split())
    return Mention(
        found.start("title"), found.end(), "author_date", raw, names=(title,), locator=locator
    )
