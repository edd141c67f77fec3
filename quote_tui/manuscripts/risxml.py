"""RIS and EndNote XML exports as bibliographies.

RIS (every reference manager writes it) is read with ``rispy``; each record's line is found by
its ``TY`` tag, so a record rispy cannot use is a warning with its line. EndNote's XML export
(``<xml><records><record>``) is read with lxml, entities and DTDs refused, since the file comes
from elsewhere; EndNote wraps text in ``<style>`` elements, so each field is its whole text.
"""

from __future__ import annotations

import re
from typing import Any

import rispy
from lxml import etree

from quote_tui.manuscripts.bibfields import clean_doi, doi_in_url, year_of
from quote_tui.manuscripts.bibnames import plain_surname
from quote_tui.manuscripts.bibrecords import BibFile, BibWarning, BibWarningCode
from quote_tui.manuscripts.model import BibEntry

__all__ = ["read_endnote_xml", "read_ris"]

_TY = re.compile(r"^TY  -", re.M)
_TAG = re.compile(r"^[ \t]*([A-Z][A-Z0-9])[ \t]{1,2}-(?:[ \t]|$)", re.M)
"""A tag as written by hand or by older tools (``TY - JOUR``, one space): the standard is two
spaces, a hyphen and one space, and rispy reads only that."""
_RIS_TITLE = ("title", "primary_title", "translated_title", "short_title")
_RIS_JOURNAL = ("secondary_title", "journal_name", "alternate_title3", "alternate_title1")


def _first(record: dict[str, Any], names: tuple[str, ...]) -> str | None:
    for name in names:
        value = record.get(name)
        if isinstance(value, list):
            value = next((v for v in value if isinstance(v, str) and v.strip()), None)
        if isinstance(value, str) and value.strip():
            return " ".join(value.split())
    return None


_RIS_MAPPING = {**rispy.TAG_KEY_MAPPING, "ED": "editors"}
"""rispy's tags, and ED (an edited book's editors), which it has no name for."""


_A2_EDITS = frozenset(
    ["JOUR", "EJOUR", "CHAP", "ECHAP", "CONF", "CPAPER", "DICT", "ENCYC", "GEN", "MGZN", "NEWS"]
)
"""Types whose ``A2`` is the editor (Zotero: of an article, a chapter, a paper, an entry); a
book's ``A2`` is its series editor, a case's its reporter, a patent's its issuing authority."""
_A3_EDITS = frozenset(["BOOK", "EBOOK", "EDBOOK"])
"""Types whose ``A3`` is the editor (Zotero: a book's); a chapter's ``A3`` is a series editor,
a film's its producer, a thesis's a contributor."""


def _ris_people(record: dict[str, Any]) -> list[Any]:
    """Who names the work: ``A1`` and ``AU`` (the primary creators, whatever the type calls
    them: author, director, inventor), else its editors by the roles Zotero gives each type's
    tags, so a book's series editor (``A2``) does not stand before its editors (``A3``)."""
    # A1 and AU are both primary (A1 the older tag, written first when both are).
    people = [*(record.get("first_authors") or ()), *(record.get("authors") or ())]
    if people:
        return people
    kind = str(record.get("type_of_reference") or "").upper()
    editors = list(record.get("editors") or ())
    if kind in _A2_EDITS:
        editors += record.get("secondary_authors") or ()
    if kind in _A3_EDITS:
        editors += record.get("tertiary_authors") or ()
    # Else the first other role, as Zotero lists a work's first creator (a bill's sponsor).
    others = (record.get(n) for n in ("secondary_authors", "tertiary_authors"))
    return editors or next((p for p in others if p), [])


def _ris_entry(record: dict[str, Any]) -> BibEntry:
    people = _ris_people(record)
    urls = record.get("urls") or []
    start, end = record.get("start_page"), record.get("end_page")
    pages = f"{start}--{end}" if start and end else (start or None)
    # PY, then DA, then Y1 (which older tools fill with placeholders such as 1900/01/01).
    year = year_of(record.get("year")) or year_of(record.get("date"))
    year = year or year_of(record.get("publication_year"))
    return BibEntry(
        key=_first(record, ("id", "label")),
        title=_first(record, _RIS_TITLE),
        authors=tuple(plain_surname(p) for p in people if isinstance(p, str) and p.strip()),
        year=year,
        doi=clean_doi(_first(record, ("doi",)))
        or next((d for d in map(doi_in_url, urls) if isinstance(d, str)), None),
        url=next((u for u in urls if isinstance(u, str)), None),
        pages=str(pages) if pages else None,
        journal=_first(record, _RIS_JOURNAL),
    )


def read_ris(text: str, *, file: str | None = None) -> BibFile:
    """Entries of an RIS file, and a warning for each record without a title, author or DOI.

    Raises:
        ValueError: the text holds no RIS record.
    """
    text = _TAG.sub(lambda m: f"{m.group(1)}  - ", text)
    lines = [text.count("\n", 0, m.start()) + 1 for m in _TY.finditer(text)]
    if not lines:
        raise ValueError("an RIS file's records begin with a TY tag; this file has none")
    try:
        records = rispy.loads(
            text,
            skip_unknown_tags=True,
            mapping=_RIS_MAPPING,
            list_tags=[*rispy.LIST_TYPE_TAGS, "ED"],
        )
    except (OSError, ValueError, KeyError, IndexError) as exc:  # rispy raises IOError on a bad tag
        raise ValueError(f"not an RIS file ({exc})") from exc
    entries: list[BibEntry] = []
    warnings: list[BibWarning] = []
    for n, record in enumerate(records):
        line = lines[n] if n < len(lines) else None
        _keep(_ris_entry(record), "RIS", entries, warnings, file=file, line=line)
    if len(lines) > len(records):
        warnings.append(
            BibWarning(
                BibWarningCode.UNPARSABLE,
                f"{len(lines) - len(records)} RIS record(s) not ended by ER cannot be read",
                file=file,
                line=lines[len(records)],
            )
        )
    return BibFile(tuple(entries), tuple(warnings))


def _text(element: etree._Element | None) -> str | None:
    if element is None:
        return None
    text = " ".join("".join(element.itertext()).split())
    return text or None


def _xml_entry(record: etree._Element) -> BibEntry:
    authors = record.findall("contributors/authors/author") or record.findall(
        "contributors/secondary-authors/author"
    )
    urls = [_text(u) for u in record.findall("urls/related-urls/url")]
    doi_field = _text(record.find("electronic-resource-num"))
    return BibEntry(
        key=_text(record.find("rec-number")),  # what EndNote's Word citations name (RecNum)
        title=_text(record.find("titles/title")),
        authors=tuple(plain_surname(a) for a in map(_text, authors) if a),
        year=year_of(_text(record.find("dates/year"))) or year_of(_text(record.find("dates"))),
        doi=clean_doi(doi_field) or next((d for d in map(doi_in_url, urls) if d), None),
        url=next((u for u in urls if u), None),
        pages=(_text(record.find("pages")) or "").replace("–", "--") or None,
        journal=_text(record.find("titles/secondary-title"))
        or _text(record.find("periodical/full-title")),
    )


def read_endnote_xml(data: bytes, *, file: str | None = None) -> BibFile:
    """Entries of an EndNote XML export (``<xml><records><record>...``).

    Raises:
        ValueError: not XML, or XML without EndNote records.
    """
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False
    )
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise ValueError(f"not XML ({exc})") from exc
    records = root.findall(".//record")
    if not records:
        raise ValueError("an EndNote XML export holds <record> elements; this file has none")
    entries: list[BibEntry] = []
    warnings: list[BibWarning] = []
    for record in records:
        _keep(_xml_entry(record), "EndNote", entries, warnings, file=file, line=record.sourceline)
    return BibFile(tuple(entries), tuple(warnings))


def _keep(
    entry: BibEntry,
    kind: str,
    entries: list[BibEntry],
    warnings: list[BibWarning],
    *,
    file: str | None,
    line: int | None,
) -> None:
    """An entry with a title, an author or a DOI is kept; another is a warning, never dropped."""
    if entry.title or entry.authors or entry.doi:
        entries.append(entry)
        return
    warnings.append(
        BibWarning(
            BibWarningCode.NOT_AN_ITEM,
            f"this {kind} record has no title, author or DOI",
            file=file,
            line=line,
        )
    )
