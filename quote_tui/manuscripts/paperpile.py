"""Paperpile's citations inside Word documents, read into ``Reference`` records.

Paperpile writes each citation as a complex field ``ADDIN paperpile_citation
<clusterId>…</clusterId><metadata><citation><id>UUID</id>…</citation></metadata>
<data>BASE64</data>``: the data is the zlib-compressed JSON list of the cited works (citekey,
title, authors, ``published.year``, DOI, addresses, pages). The first work of the cluster is
the one quoted; a page the writer cited is read from the citation's metadata, else from the
text Word shows ("(Blanchflower & Oswald, 2011, p. 12)").
"""

from __future__ import annotations

import base64
import binascii
import html
import json
import re
import zlib
from typing import Any

from quote_tui.manuscripts.locators import from_csl, parse_locator
from quote_tui.manuscripts.model import BibEntry, Locator, Reference

__all__ = ["paperpile_reference"]

_DATA = re.compile(r"<data>\s*([A-Za-z0-9+/=\s]+?)\s*</data>", re.S)
_FIRST = re.compile(r"<citation>(.*?)</citation>", re.S)
_MAX_DATA = 8 * 1024 * 1024
# The page after the first work's year in the shown citation: "(Smith, 2011, p. 12; …)"
_SHOWN_PAGE = re.compile(
    r"\b(?:1[5-9]|20)\d\d[a-z]?\s*[,:]\s*((?:pp?\.|S\.)\s*\d[\d\s,–-]*?)\s*[);]"
)


def _tag(xml: str, name: str) -> str | None:
    m = re.search(rf"<{name}>([^<]*)</{name}>", xml)
    return html.unescape(m.group(1)).strip() or None if m else None


def _works(instruction: str) -> list[dict[str, Any]]:
    m = _DATA.search(instruction)
    if m is None:
        return []
    try:
        packed = base64.b64decode("".join(m.group(1).split()), validate=True)
        data = json.loads(zlib.decompressobj().decompress(packed, _MAX_DATA).decode("utf-8"))
    except (binascii.Error, zlib.error, ValueError, UnicodeDecodeError, RecursionError):
        return []
    return [w for w in data if isinstance(w, dict)] if isinstance(data, list) else []


def _entry(work: dict[str, Any]) -> BibEntry:
    # a person's family name, or a body's name ("collective": "World Health Organization")
    authors = tuple(
        str(a.get("last") or a.get("collective")).strip()
        for a in work.get("author") or []
        if isinstance(a, dict) and (a.get("last") or a.get("collective"))
    )
    published = work.get("published") if isinstance(work.get("published"), dict) else {}
    year = re.search(r"\b(1[5-9]\d\d|20\d\d)\b", str(published.get("year") or ""))
    urls = work.get("url") if isinstance(work.get("url"), list) else []
    doi = str(work.get("doi") or "").strip().lower() or None
    return BibEntry(
        key=str(work.get("citekey") or work.get("_id") or "") or None,
        title=str(work.get("title") or "").strip() or None,
        authors=authors,
        year=year.group(1) if year else None,
        doi=doi,
        url=next((str(u) for u in urls if u and "doi.org" not in str(u)), None),
        pages=str(work.get("pages") or "").replace("–", "--") or None,
        journal=str(work.get("journalfull") or work.get("journal") or "").strip() or None,
    )


def _locator(citation: str, shown: str) -> Locator | None:
    locator = _tag(citation, "locator")
    if locator:
        return from_csl(_tag(citation, "label") or _tag(citation, "locator_label"), locator)
    m = _SHOWN_PAGE.search(shown)
    return parse_locator(m.group(1)) if m else None


def paperpile_reference(instruction: str, result_text: str) -> Reference | None:
    """The first work a Paperpile citation field cites, or ``None`` when it holds none that can
    be read (a damaged payload is a citation Word still shows, not an error)."""
    text = html.unescape(instruction)
    works = _works(text)
    if not works:
        return None
    first = _FIRST.search(text)
    wanted = _tag(first.group(1), "id") if first else None
    work = next((w for w in works if w.get("_id") == wanted), works[0])
    entry = _entry(work)
    shown = " ".join(result_text.split())
    locator = _locator(first.group(1) if first else "", shown)
    return Reference(
        raw=shown or entry.key or "", style="paperpile", key=entry.key, bib=entry, locator=locator
    )
