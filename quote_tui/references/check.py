"""Checking references against Crossref, PubMed, arXiv, OpenAlex, DBLP and an offline
Retraction Watch CSV (the cascade past Crossref and PubMed: ``_search`` and ``scholarly``).

``check_references`` asks, for each reference: Crossref for its DOI's record, PubMed for its
PMID's record, and Crossref's bibliographic search when the reference has no identifier, when
an identifier resolves to nothing, or when the DOI's record has another title altogether. The
answers go through the run's guarded session (``sources.net.registry``) and are kept in the
store; ``decide`` turns them into one status. The Retraction Watch CSV needs no network, so an
offline run still finds every retraction it lists.

A registry that cannot be reached is said once, not once per question: a reference names it
once in its reason, however many questions it had for it (a DOI and a search), without the
error's text; once a registry fails to answer for want of a network (its name does not resolve,
the connection or TLS fails) the run asks it nothing more. Offline, each question is still put
to the store. Each such reference records the registry in ``unreached``, and the report says it
once with the error and the count (``references_report``): "Crossref could not be reached: 4
references not checked".
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace

from quote_tui.engine.errors import ErrorCode, QuoteTuiError
from quote_tui.manuscripts.model import BibEntry
from quote_tui.references.compare import title_score
from quote_tui.references.decide import CLOSE_TITLE, Evidence, decide
from quote_tui.references.records import ReferenceCheck, Unreached
from quote_tui.references.retractions import RetractionIndex
from quote_tui.sources.net.registry import Lookup, LookupBudget, Registries, contact_user_agent
from quote_tui.sources.net.remote import RemoteSession
from quote_tui.sources.net.scholarly import Scholarly, arxiv_id
from quote_tui.sources.net.settings import RemoteSettings
from quote_tui.sources.net.works import RegisteredWork, WorkUpdate
from quote_tui.sources.store.answers import AnswerStore

__all__ = ["DEFAULT_REGISTRIES", "REGISTRIES", "check_references", "search_query"]

REGISTRIES = ("crossref", "pubmed", "arxiv", "openalex", "dblp", "web")
"""Every registry a reference may be checked against (``--registries``), most specific first."""
DEFAULT_REGISTRIES = ("crossref", "pubmed", "arxiv", "web")
"""Asked unless ``--registries`` says otherwise. arXiv is asked only for an arXiv id that no DOI
record covers; OpenAlex (a DOI's retraction flag, and a search) and DBLP (a search) are chosen
by name, since they add a question per reference. ``web`` fetches the page of a reference that
has only a URL."""

_NO_NETWORK = frozenset({ErrorCode.DNS_ERROR, ErrorCode.CONNECT_ERROR, ErrorCode.TLS_ERROR})
"""Failures that say the registry is out of reach for the whole run, not for one question (a
timeout or an HTTP error may be the question's own)."""
_UNREACHED = _NO_NETWORK | {ErrorCode.OFFLINE}
"""Failures a reference records as a registry not reached (offline: no stored answer)."""


def search_query(entry: BibEntry) -> str:
    """The bibliographic query for a reference: title, first author, year, journal."""
    parts = [entry.title or "", entry.authors[0] if entry.authors else "", entry.year or ""]
    parts.append(entry.journal or "")
    return " ".join(p for p in parts if p)


async def check_references(
    entries: Sequence[tuple[str, BibEntry]],
    *,
    settings: RemoteSettings | None = None,
    retractions: RetractionIndex | None = None,
    concurrency: int = 4,
    budget: LookupBudget | None = None,
    registries: Sequence[str] = DEFAULT_REGISTRIES,
) -> tuple[ReferenceCheck, ...]:
    """Check each reference; the results come back in the order given.

    Args:
        entries: (key, entry) pairs (``entries.read_references``).
        settings: the network settings (``offline``, ``refresh``, the store, ``--email``).
        retractions: a Retraction Watch index (``retractions.load_retractions``).
        concurrency: references in flight at once (the registries' own pace still holds).
        budget: the run's registry look-ups (``--max-lookups``), counted as they are made.
        registries: the registries asked, of ``REGISTRIES``.

    Returns:
        One ``ReferenceCheck`` per entry.
    """
    settings = settings or RemoteSettings()
    settings = replace(
        settings, user_agent=contact_user_agent(settings.user_agent, settings.ncbi_email)
    )
    gate = asyncio.Semaphore(max(1, concurrency))
    down: dict[str, Unreached] = {}  # registries out of reach for the rest of the run
    async with RemoteSession(settings) as session:
        asked = Registries(session, AnswerStore(settings.store_path), budget)
        chosen = _Chosen(asked, Scholarly(asked), frozenset(registries))

        async def one(key: str, entry: BibEntry) -> ReferenceCheck:
            async with gate:
                return await _check_one(chosen, key, entry, retractions, down)

        return tuple(await asyncio.gather(*(one(k, e) for k, e in entries)))


_NAMES = {
    "crossref": "Crossref",
    "pubmed": "PubMed",
    "doi": "the DOI handle API",
    "arxiv": "arXiv",
    "openalex": "OpenAlex",
    "dblp": "DBLP",
}


class _Chosen:
    """The run's registries and which of them may be asked."""

    def __init__(self, registries: Registries, scholarly: Scholarly, names: frozenset[str]):
        self.registries = registries
        self.scholarly = scholarly
        self.names = names


async def _check_one(
    chosen: _Chosen,
    key: str,
    entry: BibEntry,
    retractions: RetractionIndex | None,
    down: dict[str, Unreached],
) -> ReferenceCheck:
    checked: list[str] = []
    stored: list[bool] = []
    missing: list[str] = []
    unavailable: list[str] = []
    unreached: dict[str, Unreached] = {}
    crossref = pubmed = None
    found: list[WorkUpdate] = []  # notices that point at the work

    def out_of_reach(gone: Unreached) -> None:
        # said once for this reference, without the error: the report says that once for all
        if gone.service not in unreached:
            unreached[gone.service] = gone
            why = (
                "offline, and no answer is stored"
                if gone.code == ErrorCode.OFFLINE
                else f"out of reach ({gone.code})"
            )
            unavailable.append(f"Not checked against {_NAMES[gone.service]}: {why}.")

    async def ask(service: str, what: str, call: Awaitable[Lookup]) -> Lookup | None:
        if service not in checked:
            checked.append(service)
        if service in down:  # out of reach: the run asks it nothing more
            _close(call)
            out_of_reach(down[service])
            return None
        try:
            lookup = await call
        except QuoteTuiError as exc:
            gone = Unreached(service, str(exc.code), exc.message)
            if exc.code in _NO_NETWORK:
                down.setdefault(service, gone)
            if exc.code in _UNREACHED:
                out_of_reach(gone)
            else:
                unavailable.append(f"{what} could not be looked up ({exc.code}): {exc.message}")
            return None
        stored.append(lookup.from_store)
        return lookup

    async def first_work(service: str, what: str, call: Awaitable[Lookup]) -> RegisteredWork | None:
        got = await ask(service, what, call)
        if got is not None and not got.works:
            missing.append(what)
        return got.works[0] if got is not None and got.works else None

    registries, scholarly, names = chosen.registries, chosen.scholarly, chosen.names
    preprint = arxiv_id(entry.doi, entry.url, entry.journal)
    # arXiv's DOIs (10.48550) are DataCite's: Crossref holds none of them
    ask_crossref = bool(entry.doi) and "crossref" in names
    if entry.doi and entry.doi.lower().startswith("10.48550/"):
        ask_crossref = False
    if entry.doi and entry.doi.startswith("10/"):
        # A shortDOI: Crossref knows the work by its full DOI, which the handle API gives; one
        # that names nothing stays as cited, and the bibliographic search looks for the work.
        what = f"shortDOI {entry.doi}"
        full = await ask("doi", what, registries.full_doi(entry.doi))
        if full is not None and not full.works:
            missing.append(what)
        if full is not None and full.works:
            entry = replace(entry, doi=full.works[0].doi)
        else:
            ask_crossref = False
    if entry.doi and ask_crossref:
        crossref = await first_work(
            "crossref", f"DOI {entry.doi}", registries.crossref_work(entry.doi)
        )
        if crossref is not None:
            found.extend(await _notices(registries, entry.doi))
    if crossref is not None and entry.doi and "openalex" in names:
        flagged = await ask("openalex", f"DOI {entry.doi}", scholarly.openalex_work(entry.doi))
        found.extend(u for w in (flagged.works if flagged else ()) for u in w.updates)
    if entry.pmid and not entry.pmid.isdigit():
        missing.append(f"PMID {entry.pmid}")  # not a PubMed id at all: nothing to ask
    elif entry.pmid and "pubmed" in names:
        pubmed = await first_work(
            "pubmed", f"PMID {entry.pmid}", registries.pubmed_work(entry.pmid)
        )
    arxiv = None
    if preprint and crossref is None and pubmed is None and "arxiv" in names:
        arxiv = await first_work("arxiv", f"arXiv {preprint}", scholarly.arxiv_work(preprint))
    web = None
    url = entry.url or ""
    only_url = not (entry.doi or entry.pmid or preprint) and url.startswith(("http://", "https://"))
    if only_url and "web" in names:
        checked.append("web")
        web, why = await _web(registries, entry, url, stored)
        if why:
            unavailable.append(why)
            gone = next((n for n in ("404", "410") if f"http_error {n}" in why), None)
            if gone:  # a dead link: the page is not found, not merely unreachable
                missing.append(f"URL {url} (HTTP {gone})")
    record = crossref or pubmed or arxiv or web
    far_off = bool(
        record is not None
        and entry.title
        and record.title
        and title_score(entry.title, record.title) < CLOSE_TITLE
    )
    searched = False
    candidates: tuple[RegisteredWork, ...] = ()
    if entry.title and (record is None or far_off):
        searched, candidates = await _search(entry, chosen, ask)
    notices = tuple(found)
    if retractions is not None:
        checked.append("retraction_watch")
        notices += retractions.notices(doi=entry.doi, pmid=entry.pmid)
    evidence = Evidence(
        crossref=crossref,
        pubmed=pubmed,
        arxiv=arxiv,
        web=web,
        missing=tuple(missing),
        candidates=candidates,
        searched=searched,
        unavailable=" ".join(unavailable) or None,
        notices=notices,
        checked_with=tuple(checked),
        from_store=bool(stored) and all(stored),
    )
    return replace(decide(key, entry, evidence), unreached=tuple(unreached.values()))


async def _web(
    registries: Registries, entry: BibEntry, url: str, stored: list[bool]
) -> tuple[RegisteredWork | None, str | None]:
    """A web reference's page: the record of its title, or why there is none. Each host is its
    own: one page that cannot be fetched says nothing of the next."""
    try:
        got = await registries.web_page(url)
    except QuoteTuiError as exc:
        status = exc.details.get("status") if isinstance(exc.details, dict) else None
        code = f"{exc.code} {status}" if status else str(exc.code)
        return None, f"The web page {url} could not be fetched ({code}): {exc.message}"
    stored.append(got.from_store)
    if not got.works:
        return None, f"The web page {got.url} is reachable but gives no title to compare."
    if not entry.title:
        return got.works[0], None
    cited = entry.title
    return max(got.works, key=lambda w: title_score(cited, w.title or "")), None


async def _search(
    entry: BibEntry,
    chosen: _Chosen,
    ask: Callable[[str, str, Awaitable[Lookup]], Awaitable[Lookup | None]],
) -> tuple[bool, tuple[RegisteredWork, ...]]:
    """The bibliographic search, registry by registry (Crossref, OpenAlex, DBLP), stopping at
    the first that finds the same work; the candidates of every registry asked, best first."""
    from quote_tui.references.decide import best_candidate

    query = search_query(entry)
    # DBLP matches words of the title and names, not a formatted reference
    short = " ".join(p for p in (entry.title or "", entry.authors[0] if entry.authors else "") if p)
    steps = (
        ("crossref", lambda: chosen.registries.crossref_search(query)),
        ("openalex", lambda: chosen.scholarly.openalex_search(query)),
        ("dblp", lambda: chosen.scholarly.dblp_search(short)),
    )
    searched = False
    candidates: tuple[RegisteredWork, ...] = ()
    for name, call in steps:
        if name not in chosen.names:
            continue
        what = "The bibliographic search" + ("" if name == "crossref" else f" at {_NAMES[name]}")
        got = await ask(name, what, call())
        if got is None:
            continue
        searched = True
        same, _ = best_candidate(entry, got.works)
        if same is not None:
            return True, (same, *candidates, *got.works)
        candidates += got.works
    return searched, candidates


def _close(call: Awaitable[Lookup]) -> None:
    """Let go of a question not asked (a coroutine never awaited warns when collected)."""
    close = getattr(call, "close", None)
    if close is not None:
        close()


async def _notices(registries: Registries, doi: str) -> list[WorkUpdate]:
    """The notices pointing at a registered DOI; none when they cannot be asked for (offline
    without a stored answer, a service error): the work's own record still speaks for it."""
    try:
        notices, _ = await registries.crossref_notices(doi)
    except QuoteTuiError:
        return []
    return list(notices)
