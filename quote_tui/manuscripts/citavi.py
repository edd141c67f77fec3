"""Citavi's citations inside Word documents, read into ``Reference`` records.

Citavi writes each citation as a complex field ``ADDIN CitaviPlaceholder{base64}``; the payload
is JSON (Json.NET, with ``$id``/``$ref`` links between repeated objects) whose ``Entries`` hold
the cited works: authors (or a volume's editors), year, title, DOI, web address, and the page
the writer cited (``PageRange``). German theses written with Citavi carry nothing else that
names the work: the shown text is "(vgl. Sarkar et al., 2018b, S. 174)".
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from typing import Any

from quote_tui.manuscripts.locators import make_locator
from quote_tui.manuscripts.model import BibEntry, Locator, Reference

__all__ = ["citavi_reference"]

_PAYLOAD = re.compile(r"CitaviPlaceholder\s*\{([^{}]+)\}", re.I)
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
_DOI = re.compile(r"10\.\d{4,9}/\S+")


def citavi_reference(instruction: str, result_text: str) -> Reference | None:
    """The first work a Citavi placeholder field cites, or ``None`` when the field holds none
    that can be read (a damaged payload is a citation Word still shows, not an error)."""
    data = _payload(instruction)
    entries = data.get("Entries") if data else None
    if not isinstance(entries, list) or not entries or not isinstance(entries[0], dict):
        return None
    ids: dict[str, dict[str, Any]] = {}
    _collect_ids(data, ids)
    entry = entries[0]  # several works in one citation: the first is the one quoted
    ref = _resolve(entry.get("Reference"), ids)
    if not ref:
        return None
    people = [_resolve(p, ids) for p in _list(ref.get("Authors")) or _list(ref.get("Editors"))]
    names = tuple(str(p["LastName"]) for p in people if p and p.get("LastName"))
    year = _YEAR.search(str(ref.get("Year") or ref.get("YearResolved") or ""))
    doi = _DOI.search(str(ref.get("Doi") or ""))
    # The writer's own citation key when Citavi has one, else the head of its id: eight hex
    # digits tell a thesis's works apart and read like Zotero's item keys in a report.
    ident = str(ref.get("Id") or entry.get("ReferenceId") or "")[:8]
    key = str(ref.get("CitationKey") or ident) or None
    bib = BibEntry(
        key=key,
        title=str(ref["Title"]) if ref.get("Title") else None,
        authors=names,
        year=year.group(0) if year else None,
        doi=doi.group(0).lower() if doi else None,
        url=str(ref["OnlineAddress"]) if ref.get("OnlineAddress") else None,
    )
    shown = " ".join(result_text.split()) or str(data.get("Text") or "")
    return Reference(raw=shown, style="citavi", key=key, bib=bib, locator=_locator(entry, ids))


def _payload(instruction: str) -> dict[str, Any] | None:
    m = _PAYLOAD.search(instruction)
    if m is None:
        return None
    body = m.group(1).strip()
    try:
        raw = base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
        data = json.loads(raw.decode("utf-8-sig"))
    except (binascii.Error, ValueError, UnicodeDecodeError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def _collect_ids(node: Any, ids: dict[str, dict[str, Any]], depth: int = 0) -> None:
    """Every object the payload names with ``$id``, so a ``$ref`` to it can be followed."""
    if depth > 40:
        return  # deeper than any real citation: a crafted payload, not worth the stack
    if isinstance(node, dict):
        if isinstance(node.get("$id"), str):
            ids.setdefault(node["$id"], node)
        for value in node.values():
            _collect_ids(value, ids, depth + 1)
    elif isinstance(node, list):
        for value in node:
            _collect_ids(value, ids, depth + 1)


def _resolve(node: Any, ids: dict[str, dict[str, Any]]) -> dict[str, Any] | None:
    if isinstance(node, dict) and isinstance(node.get("$ref"), str):
        node = ids.get(node["$ref"])
    return node if isinstance(node, dict) else None


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _locator(entry: dict[str, Any], ids: dict[str, dict[str, Any]]) -> Locator | None:
    pages = _resolve(entry.get("PageRange"), ids)
    value = str(pages.get("OriginalString") or "").strip() if pages else ""
    return make_locator("page", value) if value else None
