"""Open copies of a DOI's work: where OpenAlex and Europe PMC say its full text can be read.

A publisher's page is often a bot wall or only the abstract, while the same work stands open in a
repository, in PubMed Central or on arXiv. ``open_copies`` asks OpenAlex for the work
(``works/doi:{doi}``): its ``best_oa_location`` and ``locations`` give each open copy's PDF or
page, its version and licence. PubMed Central copies are read as Europe PMC's JATS XML
(``{PMCID}/fullTextXML``), which no bot wall stands in front of; when OpenAlex does not know the
work, Europe PMC's search is asked for its PMCID instead. An arXiv page (``/abs/``) is read as its
PDF (``/pdf/``).

Copies are ranked by version: the published version first, then the accepted manuscript, then
the preprint (``COPY_VERSIONS``), and within a version PDFs before pages, as the registry listed
them. Registry answers go through the run's guarded session as API calls (no robots.txt, paced at
OpenAlex's and Europe PMC's published rates); the copies themselves are fetched like any URL:
address guard, robots.txt, the wall check.
"""

from __future__ import annotations

import asyncio
import json
import re
import weakref
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlencode, urlsplit

from quote_tui.engine.errors import ErrorCode, FetchError, Recovery, SourceError
from quote_tui.sources.net.bodies import read_fetched_async
from quote_tui.sources.net.fetch import utc_now
from quote_tui.sources.net.session import IntervalPacer, NetSession
from quote_tui.sources.net.settings import REGISTRY_DEFAULTS, fresh_answer
from quote_tui.sources.readers import jats
from quote_tui.sources.records import COPY_VERSIONS, LoadedSource, OpenCopy, RefKind
from quote_tui.sources.store.answers import AnswerStore, StoredAnswer

__all__ = [
    "Listing",
    "copies_from_europepmc",
    "copies_from_openalex",
    "load_pmcid",
    "open_copies",
    "pmid_copies",
    "pace",
    "rank",
]

_PMCID = re.compile(r"\bPMC(\d{3,10})\b", re.I)
_ARXIV_ABS = re.compile(r"^https?://(?:www\.|export\.)?arxiv\.org/abs/([^?#]+)$", re.I)
# OpenAlex's polite pool and Europe PMC both allow about 10 requests a second.
_PACE = 0.1
_PACERS: weakref.WeakKeyDictionary[Any, dict[str, IntervalPacer]] = weakref.WeakKeyDictionary()


@dataclass(frozen=True, slots=True)
class Listing:
    """What the registries list for a DOI: its open copies, best first, and why any registry
    could not be asked (``openalex: http_error``), for the record's note."""

    copies: tuple[OpenCopy, ...] = ()
    problems: tuple[str, ...] = ()


async def pace(session: NetSession, registry: str) -> None:
    """Wait for the registry's next request slot in this run (``openalex``, ``europepmc``)."""
    # one pacer per run and registry: the session lives as long as the run does
    per_session = _PACERS.setdefault(session, {})
    pacer = per_session.get(registry)
    if pacer is None:
        pacer = per_session[registry] = IntervalPacer(_PACE)
    await pacer.wait()


def _text(value: object) -> str | None:
    return value.strip() if isinstance(value, str) and value.strip() else None


def _fulltext_xml(base: str, pmcid: str) -> str:
    return f"{base.rstrip('/')}/PMC{pmcid}/fullTextXML"


def _pmcid(*values: object) -> str | None:
    for value in values:
        m = _PMCID.search(value) if isinstance(value, str) else None
        if m:
            return m.group(1)
    return None


def _location_copies(location: dict[str, Any], europepmc: str, arxiv_pdf: str) -> list[OpenCopy]:
    """The copies one OpenAlex location offers: its PDF, else its page (an arXiv page as its
    PDF, a PMC page as Europe PMC's XML)."""
    if location.get("is_oa") is False:
        return []
    source = location.get("source") if isinstance(location.get("source"), dict) else {}
    pdf, page = _text(location.get("pdf_url")), _text(location.get("landing_page_url"))
    version = location.get("version") if location.get("version") in COPY_VERSIONS else None
    licence = _text(location.get("license"))
    host = _text(source.get("display_name")) or urlsplit(pdf or page or "").hostname or "?"
    pmcid = _pmcid(pdf, page)
    if pmcid is not None:
        url = _fulltext_xml(europepmc, pmcid)
        return [OpenCopy(url, "Europe PMC", version, licence, "openalex")]
    out: list[OpenCopy] = []
    if pdf:
        out.append(OpenCopy(pdf, host, version, licence, "openalex"))
    arxiv = _ARXIV_ABS.match(page or "")
    if arxiv and not pdf:
        pdf_url = f"{arxiv_pdf.rstrip('/')}/pdf/{arxiv.group(1)}"
        out.append(OpenCopy(pdf_url, host, version, licence, "openalex"))
    elif page:
        out.append(OpenCopy(page, host, version, licence, "openalex"))
    return out


def copies_from_openalex(
    work: object, *, europepmc: str, arxiv_pdf: str = REGISTRY_DEFAULTS["arxiv_pdf"]
) -> tuple[tuple[OpenCopy, ...], bool]:
    """The open copies an OpenAlex Work object lists, in its order (best location first).

    Args:
        work: the parsed Work object.
        europepmc: Europe PMC's REST base URL (a PMC copy is read as its ``fullTextXML``).
        arxiv_pdf: where arXiv's PDFs are served (an arXiv page is read as its PDF).

    Returns:
        The copies, and whether the work names a PMCID (then Europe PMC need not be searched).
    """
    if not isinstance(work, dict):
        return (), False
    locations = [work.get("best_oa_location"), *(work.get("locations") or ())]
    copies: list[OpenCopy] = []
    for location in locations:
        if isinstance(location, dict):
            copies += _location_copies(location, europepmc, arxiv_pdf)
    ids = work.get("ids") if isinstance(work.get("ids"), dict) else {}
    pmcid = _pmcid(ids.get("pmcid"))
    if pmcid is not None:
        copies.append(OpenCopy(_fulltext_xml(europepmc, pmcid), "Europe PMC", None, None))
    return tuple(dict.fromkeys(copies)), pmcid is not None


def copies_from_europepmc(answer: object, *, europepmc: str, doi: str) -> tuple[OpenCopy, ...]:
    """The PMC copy a Europe PMC search answer names for ``doi``: open access only; an author
    manuscript (``authMan``) is the accepted version, any other PMC copy the published one."""
    listed = answer.get("resultList") if isinstance(answer, dict) else None
    results = listed.get("result") if isinstance(listed, dict) else None
    for item in results if isinstance(results, list) else ():
        if not isinstance(item, dict) or str(item.get("doi", "")).lower() != doi.lower():
            continue
        pmcid = _pmcid(item.get("pmcid"))
        if pmcid is None or item.get("isOpenAccess") != "Y":
            continue
        version = "acceptedVersion" if item.get("authMan") == "Y" else "publishedVersion"
        return (
            OpenCopy(_fulltext_xml(europepmc, pmcid), "Europe PMC", version, None, "europepmc"),
        )
    return ()


def rank(copies: tuple[OpenCopy, ...]) -> tuple[OpenCopy, ...]:
    """``copies`` best first: by version (published, accepted, unstated, preprint), then PDFs and
    XML before pages, then in the registry's order; each URL once, with the best facts it was
    listed with."""
    order = {"publishedVersion": 0, "acceptedVersion": 1, None: 2, "submittedVersion": 3}
    best: dict[str, tuple[int, OpenCopy]] = {}
    for i, copy in enumerate(copies):
        seen = best.get(copy.url)
        if seen is None or order[copy.version] < order[seen[1].version]:
            best[copy.url] = (seen[0] if seen else i, copy)

    def key(item: tuple[int, OpenCopy]) -> tuple[int, int, int]:
        i, copy = item
        page = (
            0 if copy.url.lower().endswith((".pdf", "/fulltextxml")) or "/pdf/" in copy.url else 1
        )
        return order[copy.version], page, i

    return tuple(copy for _, copy in sorted(best.values(), key=key))


async def _json(
    session: NetSession, url: str, registry: str, *, key: str, shown: str
) -> object | None:
    """A registry's JSON answer; None for 404 (the registry does not know the work).

    The answer is kept in the store's answers under ``key``, the key the reference check uses
    for the same question (``openalex:works/{doi}``): ``check --refs`` then asks OpenAlex once
    for a DOI, whichever of the source and the reference is read first, and a re-run asks
    nothing. ``--refresh`` asks again, once a run (``RemoteSettings.refresh_since``).

    Raises:
        FetchError: the network codes; ``http_error`` for an answer that is no JSON.
    """
    store = AnswerStore(session.settings.store_path)
    stored = await asyncio.to_thread(store.latest, key)
    if stored is not None and fresh_answer(session.settings, stored.retrieved_at):
        return None if stored.status == 404 else _parsed(stored.body, shown)
    await pace(session, registry)
    try:
        got = await session.fetch(url, accept="application/json", api=True)
    except FetchError as exc:
        if exc.details.get("status") != 404:
            raise
        stored, work = StoredAnswer(key, 404, shown, utc_now(), b""), None
    else:
        # an answer that is no JSON (a proxy's error page) is not kept: the next run asks again
        work = _parsed(got.body, shown)
        stored = StoredAnswer(key, got.http_status, shown, got.retrieved_at, got.body)
    await asyncio.to_thread(
        store.save,
        key,
        status=stored.status,
        url=shown,
        body=stored.body,
        retrieved_at=stored.retrieved_at,
    )
    return work


def _parsed(body: bytes, shown: str) -> object:
    try:
        return json.loads(body)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise FetchError(
            f"{shown} gave an answer that is not JSON.",
            code=ErrorCode.HTTP_ERROR,
            recovery=Recovery.RETRY_LATER,
            details={"url": shown, "reason": "bad_answer"},
        ) from exc


def _why(exc: FetchError) -> str:
    return str(exc.details.get("reason") or exc.code).replace("_", " ")


async def open_copies(session: NetSession, doi: str) -> Listing:
    """The open copies the registries list for ``doi``, best first; never raises: a registry
    that cannot be asked is named in ``problems`` and the publisher's page is read as before.

    Args:
        session: the run's network session.
        doi: the normalized DOI (``10.x/y``).
    """
    s = session.settings
    europepmc = s.europepmc_api
    copies: tuple[OpenCopy, ...] = ()
    problems: list[str] = []
    has_pmcid = False
    known = False
    params = f"?{urlencode({'mailto': s.ncbi_email})}" if s.ncbi_email else ""
    # the URL and key the reference check's OpenAlex question uses (``scholarly``), so the two
    # share one answer
    shown = s.openalex_api.rstrip("/") + "/works/doi:" + quote(doi, safe="/:;()._-<>")
    try:
        work = await _json(
            session, shown + params, "openalex", key=f"openalex:works/{doi.lower()}", shown=shown
        )
        known = work is not None
        copies, has_pmcid = copies_from_openalex(work, europepmc=europepmc, arxiv_pdf=s.arxiv_pdf)
    except FetchError as exc:
        problems.append(f"OpenAlex ({_why(exc)})")
    if not known and not has_pmcid:
        # OpenAlex indexes PubMed: only a work it does not know is looked for at Europe PMC
        query = urlencode({"query": f'DOI:"{doi}"', "format": "json", "resultType": "lite"})
        try:
            url = f"{europepmc}search?{query}"
            key = f"europepmc:search/doi/{doi.lower()}"
            answer = await _json(session, url, "europepmc", key=key, shown=url)
            copies += copies_from_europepmc(answer, europepmc=europepmc, doi=doi)
        except FetchError as exc:
            problems.append(f"Europe PMC ({_why(exc)})")
    return Listing(rank(copies), tuple(problems))


async def pmid_copies(session: NetSession, pmid: str) -> Listing:
    """The open copies OpenAlex lists for a PubMed id (``works/pmid:{pmid}``), best first; never
    raises (a registry that cannot be asked is named in ``problems``)."""
    s = session.settings
    params = f"?{urlencode({'mailto': s.ncbi_email})}" if s.ncbi_email else ""
    shown = s.openalex_api.rstrip("/") + f"/works/pmid:{pmid}"
    try:
        work = await _json(
            session, shown + params, "openalex", key=f"openalex:works/pmid/{pmid}", shown=shown
        )
    except FetchError as exc:
        return Listing((), (f"OpenAlex ({_why(exc)})",))
    copies, _ = copies_from_openalex(work, europepmc=s.europepmc_api, arxiv_pdf=s.arxiv_pdf)
    return Listing(rank(copies))


async def load_pmcid(
    session: NetSession, pmcid: str, *, ref: str, max_chars: int
) -> tuple[LoadedSource, bytes]:
    """Read a PubMed Central article (``pmcid:PMC123``) as Europe PMC's full-text XML.

    Raises:
        SourceError: ``no_text`` when Europe PMC serves no body for it (not in its open subset).
        FetchError: the network codes; ``http_error`` 404 for an id Europe PMC does not know.
    """
    url = _fulltext_xml(session.settings.europepmc_api, pmcid.removeprefix("PMC"))
    await pace(session, "europepmc")
    fetched = await session.fetch(url, accept="application/xml", api=True)
    if not jats.has_body(fetched.body):
        raise SourceError(
            f"Europe PMC serves no full text for {pmcid}: it is not in the open subset.",
            code=ErrorCode.NO_TEXT,
            recovery=Recovery.USE_SUPPLIED_TEXT,
            details={"pmcid": pmcid, "url": url},
        )
    loaded = await read_fetched_async(
        session, fetched, ref=ref, kind=RefKind.PMCID, max_chars=max_chars
    )
    return loaded, fetched.body
