"""DataCite, Semantic Scholar, OpenReview and a PMCID at NCBI: the cascade's other registries.

- DataCite holds the DOIs Crossref does not (datasets, software, Zenodo and institutional
  repositories, arXiv's own): its REST API's ``dois/{doi}`` answers in JSON:API, the record under
  ``data.attributes`` (``titles``, ``creators``, ``publicationYear``, ``container``,
  ``publisher``). It is asked only for a DOI Crossref does not know.
- Semantic Scholar's paper search (``paper/search?query=&fields=``) lists ``data`` of papers
  with ``title``, ``authors[].name``, ``year``, ``venue`` and ``externalIds``. It works without a
  key at a shared, slow pace; a key from the environment (``S2_API_KEY``) goes in the
  ``x-api-key`` header, to its API alone, and is never stored or shown.
- OpenReview (API v2, ``notes/search?term=``) holds venue papers without a DOI (ICLR, TMLR): each
  note's ``content`` fields are ``{"value": ...}``; ``venueid`` ending ``Withdrawn_Submission``
  marks a submission its authors withdrew, which is said, as a ``withdrawal`` notice.
- A PMCID becomes a PMID through E-utilities' ``esearch`` (``term=PMC123[pmcid]``), at NCBI's
  pace; the PMID's PubMed record is then read as any other.

Each answer goes through the run's ``Registries.answer`` (guard, store, budget), so ``--offline``
replays it. Parsing is pure; the look-ups are ``Catalogues``'s methods.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote, urlencode

from lxml import etree

from quote_tui.sources.net.registry import Lookup, Registries
from quote_tui.sources.net.scholarly import bad_answer, doi_of, family_name, years_of
from quote_tui.sources.net.session import IntervalPacer
from quote_tui.sources.net.works import RegisteredWork, WorkUpdate
from quote_tui.sources.readers.safe_xml import xml_parser

__all__ = [
    "Catalogues",
    "pmcid",
    "pmids_from_esearch",
    "works_from_datacite",
    "works_from_openreview",
    "works_from_semanticscholar",
]

_PMCID = re.compile(r"\bPMC(\d{4,9})\b", re.IGNORECASE)
_WITHDRAWN_VENUE = re.compile(r"withdrawn", re.IGNORECASE)


def pmcid(*texts: str | None) -> str | None:
    """The PMCID a reference names (``PMC3257301`` in its URL or a field), upper case."""
    for text in texts:
        m = _PMCID.search(text or "")
        if m:
            return f"PMC{m.group(1)}"
    return None


def _json(body: bytes, url: str) -> Any:
    try:
        return json.loads(body)
    except (ValueError, RecursionError) as exc:
        raise bad_answer(url, "its answer is not JSON") from exc


def _title(value: object) -> str | None:
    text = " ".join(str(value or "").split()).rstrip(".")
    return text or None


def works_from_datacite(body: bytes, url: str) -> tuple[RegisteredWork, ...]:
    """The record of a DataCite ``dois/{doi}`` answer (none when it holds no attributes)."""
    data = _json(body, url)
    item = data.get("data") if isinstance(data, dict) else None
    attrs = item.get("attributes") if isinstance(item, dict) else None
    if not isinstance(attrs, dict):
        return ()
    titles = [t.get("title") for t in attrs.get("titles") or () if isinstance(t, dict)]
    authors = []
    for person in attrs.get("creators") or ():
        if not isinstance(person, dict):
            continue
        name = person.get("familyName") or str(person.get("name") or "").split(",")[0]
        if isinstance(name, str) and name.strip():
            authors.append(name.strip() if person.get("familyName") else family_name(name))
    container = attrs.get("container") if isinstance(attrs.get("container"), dict) else {}
    journals = [container.get("title"), attrs.get("publisher")]
    publisher = attrs.get("publisher")
    if isinstance(publisher, dict):  # the 2024 schema's publisher object
        journals[1] = publisher.get("name")
    first, last = container.get("firstPage"), container.get("lastPage")
    return (
        RegisteredWork(
            source="datacite",
            doi=doi_of(attrs.get("doi") or item.get("id")),
            title=_title(next((t for t in titles if isinstance(t, str)), None)),
            authors=tuple(authors),
            years=years_of(attrs.get("publicationYear")),
            journals=tuple(j for j in journals if isinstance(j, str) and j.strip()),
            pages=f"{first}-{last}" if first and last else None,
        ),
    )


def works_from_semanticscholar(body: bytes, url: str) -> tuple[RegisteredWork, ...]:
    """The papers of a Semantic Scholar ``paper/search`` answer, best first."""
    data = _json(body, url)
    items = data.get("data") if isinstance(data, dict) else None
    works = []
    for item in items if isinstance(items, list) else ():
        if not isinstance(item, dict):
            continue
        people = item.get("authors") or ()
        names = [p.get("name") for p in people if isinstance(p, dict)]
        ids = item.get("externalIds") if isinstance(item.get("externalIds"), dict) else {}
        journal = item.get("journal") if isinstance(item.get("journal"), dict) else {}
        venues = [item.get("venue"), journal.get("name")]
        works.append(
            RegisteredWork(
                source="semanticscholar",
                doi=doi_of(ids.get("DOI")),
                pmid=str(ids["PubMed"]) if ids.get("PubMed") else None,
                title=_title(item.get("title")),
                authors=tuple(family_name(n) for n in names if isinstance(n, str) and n.strip()),
                years=years_of(item.get("year")),
                journals=tuple(dict.fromkeys(v for v in venues if isinstance(v, str) and v)),
            )
        )
    return tuple(works)


def _value(content: dict[str, Any], name: str) -> Any:
    field = content.get(name)
    # API v2 wraps each field as {"value": ...}; API v1 gave the value itself
    return field.get("value") if isinstance(field, dict) else field


def works_from_openreview(body: bytes, url: str) -> tuple[RegisteredWork, ...]:
    """The notes of an OpenReview ``notes/search`` answer, as works; a withdrawn submission
    carries a ``withdrawal`` notice."""
    data = _json(body, url)
    notes = data.get("notes") if isinstance(data, dict) else None
    works = []
    for note in notes if isinstance(notes, list) else ():
        content = note.get("content") if isinstance(note, dict) else None
        if not isinstance(content, dict):
            continue
        authors = _value(content, "authors")
        venue = _value(content, "venue")
        venueid = str(_value(content, "venueid") or "")
        stamp = note.get("pdate") or note.get("cdate")
        years = years_of(venue)
        if not years and isinstance(stamp, int | float):
            years = (str(datetime.fromtimestamp(stamp / 1000, tz=UTC).year),)
        withdrawn = bool(_WITHDRAWN_VENUE.search(venueid) or _WITHDRAWN_VENUE.search(str(venue)))
        forum = note.get("forum") or note.get("id")
        works.append(
            RegisteredWork(
                source="openreview",
                title=_title(_value(content, "title")),
                authors=tuple(
                    family_name(a) for a in authors or () if isinstance(a, str) and a.strip()
                ),
                years=years,
                journals=(str(venue),) if venue else (),
                updates=(
                    (
                        WorkUpdate(
                            "withdrawal",
                            "openreview",
                            label=f"OpenReview: {venue or venueid} (forum {forum})",
                        ),
                    )
                    if withdrawn
                    else ()
                ),
            )
        )
    return tuple(works)


def pmids_from_esearch(body: bytes, url: str) -> tuple[str, ...]:
    """The PMIDs of an ``esearch`` answer (XML)."""
    try:
        root = etree.fromstring(body, parser=xml_parser())
    except etree.XMLSyntaxError as exc:
        raise bad_answer(url, "its answer is not XML") from exc
    if root is None:
        return ()
    return tuple(i.text.strip() for i in root.iter("Id") if i.text and i.text.strip().isdigit())


class Catalogues:
    """DataCite, Semantic Scholar, OpenReview and NCBI's PMCID look-ups over a run's
    ``Registries`` (its session, store and budget)."""

    def __init__(self, registries: Registries) -> None:
        self._registries = registries
        self._datacite = IntervalPacer(0.1)
        # without a key Semantic Scholar shares one slow pool among all callers
        self._s2 = IntervalPacer(1.0 if registries.settings.s2_api_key else 3.0)
        self._openreview = IntervalPacer(1.0)

    def _base(self, name: str) -> str:
        return str(getattr(self._registries.settings, name)).rstrip("/") + "/"

    async def _ask(
        self,
        key: str,
        url: str,
        pacer: IntervalPacer,
        parse: Any,
        key_header: tuple[str, str] | None = None,
    ) -> Lookup:
        answer, stored = await self._registries.answer(
            key, url, url, pacer, "application/json", key_header
        )
        works = parse(answer.body, url) if answer.status != 404 else ()
        return Lookup(works, url, answer.retrieved_at, stored)

    async def datacite_work(self, doi: str) -> Lookup:
        """DataCite's record of a DOI; none when DataCite holds none."""
        url = self._base("datacite_api") + "dois/" + quote(doi, safe="")
        return await self._ask(f"datacite:{doi.lower()}", url, self._datacite, works_from_datacite)

    async def semanticscholar_search(self, query: str) -> Lookup:
        """The papers Semantic Scholar finds for a title and first author (five at most)."""
        params = {"query": query, "limit": "5", "fields": "title,authors,year,venue,externalIds"}
        url = self._base("semanticscholar_api") + "paper/search?" + urlencode(params)
        key = self._registries.settings.s2_api_key
        return await self._ask(
            f"semanticscholar:search/{query.casefold()}",
            url,
            self._s2,
            works_from_semanticscholar,
            ("x-api-key", key) if key else None,
        )

    async def openreview_search(self, query: str) -> Lookup:
        """The notes OpenReview finds for a title (five at most)."""
        params = {"term": query, "type": "terms", "content": "all", "source": "forum"}
        url = self._base("openreview_api") + "notes/search?" + urlencode(params | {"limit": "5"})
        return await self._ask(
            f"openreview:search/{query.casefold()}", url, self._openreview, works_from_openreview
        )

    async def pmid_of(self, ident: str) -> Lookup:
        """The PubMed record NCBI gives a PMCID, as a bare work with its PMID (none when NCBI
        gives no single one); the caller reads that PMID's record as any other."""
        settings = self._registries.settings
        params = {"db": "pubmed", "term": f"{ident}[pmcid]", "tool": settings.ncbi_tool}
        shown = settings.eutils_base.rstrip("/") + "/esearch.fcgi?" + urlencode(params)
        extra = {"email": settings.ncbi_email, "api_key": settings.ncbi_api_key}
        asked = shown + "".join(f"&{urlencode({k: v})}" for k, v in extra.items() if v)
        answer, stored = await self._registries.answer(
            f"pmcid:{ident.upper()}", asked, shown, self._registries.ncbi_pacer, "text/xml"
        )
        pmids = pmids_from_esearch(answer.body, shown) if answer.status != 404 else ()
        works = (RegisteredWork(source="pubmed", pmid=pmids[0]),) if len(pmids) == 1 else ()
        return Lookup(works, shown, answer.retrieved_at, stored)
