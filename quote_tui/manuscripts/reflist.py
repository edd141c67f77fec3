"""The manuscript's own reference list, which numbered citations ([12], superscripts) point to."""

from __future__ import annotations

import re

from quote_tui.manuscripts.model import BibEntry

__all__ = ["entry_from_text", "find_reference_list"]

_HEADING = re.compile(
    r"^[ \t]*(?:#{1,6}[ \t]*|\\(?:section|chapter|subsection)\*?\{)?"
    r"(?:References|Bibliography|Works Cited|Literature Cited|Reference List|Literatur)"
    r"\}?[ \t]*:?[ \t]*$",
    re.M | re.I,
)
_ENTRY = re.compile(
    r"^[ \t]*(?:\[(?P<a>\d{1,4})\]|(?P<b>\d{1,4})[.)])[ \t]+"
    r"(?P<body>.+(?:\n(?![ \t]*(?:\[\d|\d{1,4}[.)]\s))(?![ \t]*\n).+)*)",
    re.M,
)
_DOI = re.compile(r"10\.\d{4,9}/[^\s\"<>{}]+")
_URL = re.compile(r"https?://[^\s<>\"\]\)}]+")
_PMID = re.compile(r"\bPMID:?\s*(\d{1,9})")
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)[a-z]?\b")
_QUOTED_TITLE = re.compile(r"[\"“]([^\"”]{6,300}?)[,.]?[\"”]")
_PAGES = re.compile(r"\bpp?\.\s*(\d+\s*[-–]+\s*\d+)")
_TRAIL = ".,;:)]"


def entry_from_text(key: str, body: str) -> BibEntry:
    """What a formatted reference says: DOI, URL, PMID, year, first surname, title, pages."""
    body = " ".join(body.split())
    doi = _DOI.search(body)
    url = _URL.search(body)
    pmid = _PMID.search(body)
    year = _YEAR.search(body)
    title_m = _QUOTED_TITLE.search(body)
    title = title_m.group(1).strip() if title_m else None
    if title is None and year:
        # APA: Author, A. (2020). Title of the work. Journal ...
        rest = body[year.end() :].lstrip(").,: ")
        title = rest.split(". ", 1)[0].strip() or None
    first = re.match(r"\s*([A-Z][\w'’\-]+)", body)
    pages = _PAGES.search(body)
    url_value = url.group(0).rstrip(_TRAIL) if url else None
    return BibEntry(
        key=key,
        title=title,
        authors=(first.group(1),) if first else (),
        year=year.group(1) if year else None,
        doi=doi.group(0).rstrip(_TRAIL).lower() if doi else None,
        pmid=pmid.group(1) if pmid else None,
        url=url_value if url_value and "doi.org/" not in url_value else None,
        pages=pages.group(1).replace("–", "--") if pages else None,
    )


def find_reference_list(text: str) -> tuple[tuple[int, int] | None, dict[str, BibEntry]]:
    """The numbered entries after the last References/Bibliography heading.

    Returns:
        The list's span (quotations there are titles, not quotations) and its entries by number.
    """
    headings = list(_HEADING.finditer(text))
    if not headings:
        return None, {}
    start = headings[-1].start()
    entries = {}
    end = start
    for m in _ENTRY.finditer(text, headings[-1].end()):
        number = m.group("a") or m.group("b")
        entries.setdefault(number, entry_from_text(number, m.group("body")))
        end = m.end()
    if not entries:
        return (start, len(text)), {}
    return (start, max(end, start)), entries
