"""JSON bibliographies, each read as what it is: CSL-JSON, Better BibTeX JSON, Zotero JSON.

- CSL-JSON (a list of items; Zotero, Better BibTeX, Pandoc and citeproc write it): ``author``
  with ``family``/``given``/``literal`` and particles, ``issued`` dates, ``container-title``,
  ``DOI``, ``id`` or ``citation-key``.
- Better BibTeX JSON (``{"config": ..., "items": [...]}``) and the Zotero items inside it:
  ``itemType``, ``creators`` with ``lastName``/``name``, ``date``, ``publicationTitle`` and
  its siblings, ``citationKey``, attachments with their ``path``. Read as CSL-JSON, every one of
  its entries came out without authors, year, journal or key.
- Zotero's web API JSON: a list of ``{"key", "data": {Zotero item}}``.

An item that is not an object, or holds none of key, title, author, DOI or URL, is a warning with
its position (JSON has no lines worth giving); standalone notes and attachments are not
references and are passed over.
"""

from __future__ import annotations

import re
from typing import Any

from quote_tui._untrusted import loads
from quote_tui.manuscripts.bibfields import clean_doi, csl_year, year_of
from quote_tui.manuscripts.bibrecords import BibFile, BibWarning, BibWarningCode
from quote_tui.manuscripts.model import BibEntry

__all__ = ["entry_from_csl", "entry_from_zotero", "read_json_bibliography"]

_CONTAINERS = (
    "publicationTitle",
    "bookTitle",
    "proceedingsTitle",
    "encyclopediaTitle",
    "dictionaryTitle",
    "websiteTitle",
    "blogTitle",
    "forumTitle",
    "programTitle",
    "conferenceName",
)
_TITLES = ("title", "caseName", "nameOfAct", "subject")
_SECONDARY = frozenset(
    {"editor", "seriesEditor", "translator", "contributor", "reviewedAuthor", "bookAuthor"}
)
_EXTRA_FIELD = re.compile(
    r"^\s*(?:\{:([A-Za-z][\w -]*?):\s*([^}]+?)\s*\}|([A-Za-z][\w -]*?)\s*:\s*(.+?))\s*$", re.M
)
"""A ``Key: value`` line of Zotero's ``extra``, or the older ``{:key: value}``: how Zotero keeps
CSL variables it has no field for (``issued: 2014`` overrides the date in every citation)."""
_NOT_WORKS = frozenset({"note", "attachment", "annotation"})
_RICH_TEXT = re.compile(r"</?(?:i|b|sub|sup|sc)>|<span\b[^>]*>|</span>")
"""The rich-text markup Zotero and citeproc allow in titles (``<i>Natrix cetti</i>``,
``Cu<sub>2</sub>O``, ``<span class="nocase">``): the title's text is what is compared."""


def _title(value: Any) -> str | None:
    text = _text(value)
    return " ".join(_RICH_TEXT.sub("", text).split()) or None if text else None


def _text(value: Any) -> str | None:
    """A text field, which some exports write as a list of strings."""
    if isinstance(value, list):
        value = next((v for v in value if isinstance(v, str) and v.strip()), None)
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        return " ".join(str(value).split()) or None
    return None


def _csl_person(person: Any) -> str:
    if not isinstance(person, dict):
        return _text(person) or ""
    family = _text(person.get("family"))
    if family:
        particle = _text(person.get("non-dropping-particle"))
        return f"{particle} {family}" if particle else family
    return _text(person.get("literal")) or _text(person.get("given")) or ""


def entry_from_csl(item: dict[str, Any], *, key: str | None = None) -> BibEntry:
    """A ``BibEntry`` from a CSL-JSON item (a bibliography file's or a Word field's itemData)."""
    people = item.get("author") or item.get("editor")
    authors = tuple(
        name for name in map(_csl_person, people if isinstance(people, list) else ()) if name
    )
    page = _text(item.get("page"))
    pmid = _text(item.get("PMID"))
    ident = _text(item.get("citation-key")) or _text(item.get("id"))
    return BibEntry(
        key=key or ident,
        title=_title(item.get("title")),
        authors=authors,
        year=csl_year(item.get("issued")),
        doi=clean_doi(_text(item.get("DOI"))),
        pmid=pmid,
        url=_text(item.get("URL")),
        pages=page.replace("–", "--") if page else None,
        journal=_text(item.get("container-title")),
    )


def _extra(item: dict[str, Any]) -> dict[str, str]:
    """``Key: value`` lines of Zotero's ``extra`` (``Citation Key``, ``DOI``, ``PMID``,
    ``issued``)."""
    extra = item.get("extra")
    if isinstance(extra, list):
        extra = "\n".join(e for e in extra if isinstance(e, str))
    if not isinstance(extra, str):
        return {}
    found: dict[str, str] = {}
    for m in _EXTRA_FIELD.finditer(extra):
        # The first of a repeated variable (``editor: A||B`` on two lines): the first person.
        found.setdefault((m.group(1) or m.group(3)).strip().lower(), m.group(2) or m.group(4))
    return found


def _extra_people(extra: dict[str, str]) -> tuple[str, ...]:
    """The first author (else editor) kept as a CSL variable in ``extra`` (``author:
    Family||Given``), for an item whose creators Zotero has no field for."""
    person = extra.get("author") or extra.get("editor")
    family = person.split("||", 1)[0].strip() if person else ""
    return (family,) if family else ()


def _zotero_people(creators: Any) -> tuple[str, ...]:
    """Surnames of the item's main creators: its authors, else its first kind of creator."""
    people = [c for c in creators if isinstance(c, dict)] if isinstance(creators, list) else []
    kinds = [str(c.get("creatorType") or "author") for c in people]
    main = next((k for k in kinds if k == "author"), None) or next(
        (k for k in kinds if k not in _SECONDARY), None
    )
    main = main or ("editor" if "editor" in kinds else None)
    chosen = [c for c, k in zip(people, kinds, strict=True) if main is None or k == main]
    names = (_text(c.get("lastName")) or _text(c.get("name")) for c in chosen)
    return tuple(n for n in names if n)


def entry_from_zotero(item: dict[str, Any]) -> BibEntry:
    """A ``BibEntry`` from a Zotero item (Better BibTeX JSON, Zotero's web API ``data``)."""
    extra = _extra(item)
    key = _text(item.get("citationKey")) or _text(item.get("citekey")) or extra.get("citation key")
    files = tuple(
        str(a.get("path") or a.get("localPath"))
        for a in item.get("attachments") or ()
        if isinstance(a, dict) and (a.get("path") or a.get("localPath"))
    )
    zotero_key = _text(item.get("key")) or _text(item.get("itemKey"))
    page = _text(item.get("pages"))
    return BibEntry(
        key=key,
        title=next((t for t in map(_title, map(item.get, _TITLES)) if t), None),
        authors=_zotero_people(item.get("creators")) or _extra_people(extra),
        year=year_of(extra.get("issued"))
        or year_of(_text(item.get("date")))
        or year_of(_text(item.get("parsedDate"))),
        doi=clean_doi(_text(item.get("DOI")) or extra.get("doi")),
        pmid=_text(item.get("PMID")) or extra.get("pmid"),
        url=_text(item.get("url")),
        pages=page.replace("–", "--") if page else None,
        files=files,
        zotero_keys=(zotero_key,) if zotero_key and len(zotero_key) == 8 else (),
        journal=next((t for t in map(_text, map(item.get, _CONTAINERS)) if t), None),
    )


def _items(data: Any) -> list[Any]:
    if isinstance(data, dict) and isinstance(data.get("items"), list):
        return list(data["items"])
    if isinstance(data, list):
        return data
    raise ValueError("a JSON bibliography is a list of items or a Better BibTeX export")


def read_json_bibliography(text: str, *, file: str | None = None) -> BibFile:
    """Entries of a CSL-JSON, Better BibTeX JSON or Zotero JSON file, each item by its kind.

    Raises:
        ValueError: not JSON, or JSON of another shape.
    """
    entries: list[BibEntry] = []
    warnings: list[BibWarning] = []
    seen: set[str] = set()
    for n, raw in enumerate(_items(loads(text)), start=1):
        item = (
            raw.get("data") if isinstance(raw, dict) and isinstance(raw.get("data"), dict) else raw
        )
        if not isinstance(item, dict):
            warnings.append(
                BibWarning(BibWarningCode.NOT_AN_ITEM, f"item {n} is not an object", file=file)
            )
            continue
        if "itemType" in item:
            if str(item["itemType"]) in _NOT_WORKS:
                continue
            entry = entry_from_zotero({**item, "key": item.get("key") or raw.get("key")})
        else:
            entry = entry_from_csl(item)
        if not (entry.key or entry.title or entry.authors or entry.doi or entry.url):
            warnings.append(
                BibWarning(
                    BibWarningCode.NOT_AN_ITEM,
                    f"item {n} has no key, title, author, DOI or URL",
                    file=file,
                )
            )
            continue
        if entry.key and entry.key in seen:
            warnings.append(
                BibWarning(
                    BibWarningCode.DUPLICATE_KEY,
                    f"item {n}: key {entry.key} is used again; this item is left out",
                    file=file,
                )
            )
            continue
        if entry.key:
            seen.add(entry.key)
        entries.append(entry)
    return BibFile(tuple(entries), tuple(warnings))
