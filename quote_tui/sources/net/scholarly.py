"""arXiv, OpenAlex and DBLP as registries: the cascade past Crossref and PubMed.

A computer-science paper often has no DOI: an arXiv preprint, a proceedings paper only DBLP
lists. ``Scholarly`` asks arXiv's API for an arXiv id's record (``query?id_list=``), OpenAlex
for a DOI's record (``works/doi:{doi}``, for its ``is_retracted`` flag) and for a bibliographic
search (``works?search=``), and DBLP's publication search (``search/publ/api?format=json``).
Each answer goes through the run's guarded session and the store, like Crossref's
(``Registries.answer``), so ``--offline`` replays it. Paces: arXiv asks for one request every
3 seconds, OpenAlex's polite pool allows 10 a second with ``mailto``, DBLP is kept to 1 a second.

A withdrawn arXiv version says so in its comment ("This paper has been withdrawn"): read as a
``withdrawal`` notice from arXiv.

OpenAlex's ``is_retracted`` has known false positives, so it is read as a flag
(``retraction_flag``), not as a retraction: it calls a work retracted only beside a notice from
another source (``references.decide``).
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote, urlencode

from lxml import etree

from quote_tui.engine.errors import ErrorCode, FetchError, Recovery
from quote_tui.sources.net.registry import Lookup, Registries
from quote_tui.sources.net.session import IntervalPacer
from quote_tui.sources.net.works import RegisteredWork, WorkUpdate
from quote_tui.sources.readers.safe_xml import xml_parser

__all__ = [
    "OPENALEX_FLAG",
    "Scholarly",
    "arxiv_id",
    "bad_answer",
    "doi_of",
    "family_name",
    "years_of",
    "works_from_arxiv",
    "works_from_dblp",
    "works_from_openalex",
]

OPENALEX_FLAG = "retraction_flag"
"""The notice kind of OpenAlex's ``is_retracted``: a flag to be confirmed, not a retraction."""
_ATOM = "{http://www.w3.org/2005/Atom}"
_WITHDRAWN = re.compile(r"\bwithdrawn\b", re.IGNORECASE)
_ARXIV_ID = re.compile(
    r"(?:arxiv[:/ ]\s*|arxiv\.org/(?:abs|pdf)/|10\.48550/arxiv\.)"
    r"(\d{4}\.\d{4,5}|[a-z-]+(?:\.[a-z]{2})?/\d{7})(?:v\d+)?",
    re.IGNORECASE,
)


def arxiv_id(*texts: str | None) -> str | None:
    """The arXiv id a reference names in its DOI (``10.48550/arXiv.2106.09685``), URL
    (``arxiv.org/abs/...``) or journal (``arXiv preprint arXiv:2106.09685``), without version."""
    for text in texts:
        m = _ARXIV_ID.search(text or "")
        if m:
            return m.group(1).lower() if "/" in m.group(1) else m.group(1)
    return None


def bad_answer(url: str, why: str) -> FetchError:
    """The error of a registry answer that cannot be read (not JSON, not XML)."""
    return FetchError(
        f"{url} gave an answer that cannot be read ({why}).",
        code=ErrorCode.HTTP_ERROR,
        recovery=Recovery.RETRY_LATER,
        details={"url": url, "reason": "bad_answer"},
    )


def family_name(name: str) -> str:
    """The family name of a name as registries give it ("Given Family", DBLP's "Name 0001")."""
    parts = name.replace(",", " ").split()
    # DBLP tells homonyms apart with a number ("Wei Wang 0001")
    while parts and parts[-1].isdigit():
        parts.pop()
    return parts[-1] if parts else name


def years_of(value: object) -> tuple[str, ...]:
    """The year a registry's date or year field holds, as a one-year tuple (none without)."""
    m = re.search(r"\b(1[5-9]\d\d|20\d\d)\b", str(value or ""))
    return (m.group(1),) if m else ()


def doi_of(value: object) -> str | None:
    """A DOI as registries write it (bare or as a doi.org URL), lower case; None otherwise."""
    text = str(value or "").strip().lower()
    text = re.sub(r"^https?://(dx\.)?doi\.org/", "", text)
    return text if text.startswith("10.") else None


def works_from_arxiv(body: bytes, url: str) -> tuple[RegisteredWork, ...]:
    """The entries of an arXiv API (Atom) answer; an id arXiv does not hold gives none."""
    try:
        root = etree.fromstring(body, parser=xml_parser())
    except etree.XMLSyntaxError as exc:
        raise bad_answer(url, "its answer is not XML") from exc
    works = []
    for entry in root.iter(f"{_ATOM}entry"):
        ident = entry.findtext(f"{_ATOM}id") or ""
        title = " ".join((entry.findtext(f"{_ATOM}title") or "").split())
        if "arxiv.org/api/errors" in ident or not title:
            continue  # arXiv answers an unknown id with an "Error" entry
        found = arxiv_id(ident)
        authors = tuple(
            family_name(" ".join((a.findtext(f"{_ATOM}name") or "").split()))
            for a in entry.iter(f"{_ATOM}author")
        )
        doi = entry.findtext("{http://arxiv.org/schemas/atom}doi")
        comment = " ".join((entry.findtext("{http://arxiv.org/schemas/atom}comment") or "").split())
        # a withdrawn version's comment says so ("This paper has been withdrawn by the author")
        withdrawn = bool(_WITHDRAWN.search(comment))
        works.append(
            RegisteredWork(
                source="arxiv",
                doi=doi_of(doi) or (f"10.48550/arxiv.{found}" if found else None),
                title=title,
                authors=tuple(a for a in authors if a),
                years=years_of(entry.findtext(f"{_ATOM}published")),
                # the ways a bibliography names the arXiv as a journal (Google Scholar's
                # "arXiv preprint arXiv:ID", DBLP's "CoRR abs/ID")
                journals=(
                    "arXiv",
                    *(
                        (f"arXiv preprint arXiv:{found}", f"arXiv:{found}", f"CoRR abs/{found}")
                        if found
                        else ()
                    ),
                    "CoRR",
                ),
                updates=(
                    (WorkUpdate("withdrawal", "arxiv", label=f"arXiv comment: {comment[:200]}"),)
                    if withdrawn
                    else ()
                ),
            )
        )
    return tuple(works)


def _openalex_work(item: dict[str, Any]) -> RegisteredWork:
    authors = []
    for a in item.get("authorships") or ():
        name = (a.get("author") or {}).get("display_name") if isinstance(a, dict) else None
        if isinstance(name, str) and name.strip():
            authors.append(family_name(name))
    location = item.get("primary_location") or {}
    source = location.get("source") if isinstance(location, dict) else None
    journal = source.get("display_name") if isinstance(source, dict) else None
    biblio = item.get("biblio") or {}
    first, last = biblio.get("first_page"), biblio.get("last_page")
    pages = f"{first}-{last}" if first and last else first or None
    flags = (
        (WorkUpdate(OPENALEX_FLAG, "openalex", label="OpenAlex: is_retracted"),)
        if item.get("is_retracted") is True
        else ()
    )
    return RegisteredWork(
        source="openalex",
        doi=doi_of(item.get("doi")),
        title=" ".join(str(item.get("title") or item.get("display_name") or "").split()) or None,
        authors=tuple(authors),
        years=years_of(item.get("publication_year")),
        journals=(journal,) if isinstance(journal, str) and journal else (),
        pages=str(pages) if pages else None,
        updates=flags,
    )


def works_from_openalex(body: bytes, url: str) -> tuple[RegisteredWork, ...]:
    """The works of an OpenAlex answer: one work (``works/doi:...``) or a search's results."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError) as exc:
        raise bad_answer(url, "its answer is not JSON") from exc
    if not isinstance(data, dict):
        return ()
    items = data.get("results") if "results" in data else [data]
    return tuple(_openalex_work(i) for i in items or () if isinstance(i, dict))


def works_from_dblp(body: bytes, url: str) -> tuple[RegisteredWork, ...]:
    """The hits of a DBLP publication search (``format=json``)."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError) as exc:
        raise bad_answer(url, "its answer is not JSON") from exc
    hits = (((data or {}).get("result") or {}).get("hits") or {}).get("hit") or []
    works = []
    for hit in hits if isinstance(hits, list) else ():
        info = hit.get("info") if isinstance(hit, dict) else None
        if not isinstance(info, dict):
            continue
        people = (info.get("authors") or {}).get("author") or []
        people = people if isinstance(people, list) else [people]
        authors = tuple(
            family_name(p.get("text", "") if isinstance(p, dict) else str(p)) for p in people
        )
        title = " ".join(str(info.get("title") or "").split()).rstrip(".")
        works.append(
            RegisteredWork(
                source="dblp",
                doi=doi_of(info.get("doi")),
                title=title or None,
                authors=tuple(a for a in authors if a),
                years=years_of(info.get("year")),
                journals=(str(info["venue"]),) if isinstance(info.get("venue"), str) else (),
                pages=str(info["pages"]) if info.get("pages") else None,
            )
        )
    return tuple(works)


class Scholarly:
    """arXiv, OpenAlex and DBLP look-ups over a run's ``Registries`` (its session, store and
    budget)."""

    def __init__(self, registries: Registries) -> None:
        self._registries = registries
        self._arxiv = IntervalPacer(3.0)
        self._openalex = IntervalPacer(0.1)
        self._dblp = IntervalPacer(1.0)

    def _base(self, name: str) -> str:
        return str(getattr(self._registries.settings, name)).rstrip("/") + "/"

    def _polite(self, params: dict[str, str]) -> tuple[str, str]:
        shown = urlencode(params)
        email = self._registries.settings.ncbi_email
        return (urlencode(params | {"mailto": email}) if email else shown), shown

    async def arxiv_work(self, ident: str) -> Lookup:
        """arXiv's record of an arXiv id; no works when arXiv holds none."""
        url = self._base("arxiv_api") + "query?" + urlencode({"id_list": ident})
        answer, stored = await self._registries.answer(
            f"arxiv:{ident.lower()}", url, url, self._arxiv, "application/atom+xml"
        )
        works = works_from_arxiv(answer.body, url) if answer.status != 404 else ()
        return Lookup(works, url, answer.retrieved_at, stored)

    async def openalex_work(self, doi: str) -> Lookup:
        """OpenAlex's record of a DOI (for its retraction flag); none when it holds none."""
        asked, shown = self._polite({})
        path = self._base("openalex_api") + "works/doi:" + quote(doi, safe="/:;()._-<>")
        url_asked = path + ("?" + asked if asked else "")
        answer, stored = await self._registries.answer(
            f"openalex:works/{doi.lower()}", url_asked, path, self._openalex, "application/json"
        )
        works = works_from_openalex(answer.body, path) if answer.status != 404 else ()
        return Lookup(works, path, answer.retrieved_at, stored)

    async def openalex_search(self, query: str) -> Lookup:
        """The works OpenAlex finds for a formatted reference, best first (five at most)."""
        asked, shown = self._polite({"search": query, "per-page": "5"})
        base = self._base("openalex_api") + "works?"
        answer, stored = await self._registries.answer(
            f"openalex:search/{query.casefold()}",
            base + asked,
            base + shown,
            self._openalex,
            "application/json",
        )
        works = works_from_openalex(answer.body, base + shown) if answer.status != 404 else ()
        return Lookup(works, base + shown, answer.retrieved_at, stored)

    async def dblp_search(self, query: str) -> Lookup:
        """The publications DBLP finds for a query (title and first author), five at most."""
        url = (
            self._base("dblp_api")
            + "search/publ/api?"
            + urlencode({"q": query, "format": "json", "h": "5"})
        )
        answer, stored = await self._registries.answer(
            f"dblp:search/{query.casefold()}", url, url, self._dblp, "application/json"
        )
        works = works_from_dblp(answer.body, url) if answer.status != 404 else ()
        return Lookup(works, url, answer.retrieved_at, stored)
