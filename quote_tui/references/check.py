"""Checking references against Crossref, DataCite, PubMed, Europe PMC, arXiv, bioRxiv/medRxiv,
OpenAlex, DBLP, Semantic Scholar, OpenReview and an offline Retraction Watch CSV (the cascade
past Crossref and PubMed: ``_search``, ``scholarly``, ``catalogues`` and ``withdrawals``).

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
from quote_tui.sources.net.catalogues import Catalogues, pmcid
from quote_tui.sources.net.registry import Lookup, LookupBudget, Registries, contact_user_agent
from quote_tui.sources.net.registry_names import REGISTRY_NAMES
from quote_tui.sources.net.remote import RemoteSession
from quote_tui.sources.net.scholarly import Scholarly, arxiv_id
from quote_tui.sources.net.settings import RemoteSettings
from quote_tui.sources.net.withdrawals import PREPRINT_DOI, Withdrawals
from quote_tui.sources.net.works import RegisteredWork, WorkUpdate
from quote_tui.sources.store.answers import AnswerStore

__all__ = ["DEFAULT_REGISTRIES", "REGISTRIES", "check_references", "search_query"]

REGISTRIES = (
    "crossref",
    "datacite",
    "pubmed",
    "europepmc",
    "arxiv",
    "biorxiv",
    "openalex",
    "dblp",
    "semanticscholar",
    "openreview",
    "web",
)
"""Every registry a reference may be checked against (``--registries``), most specific first."""
DEFAULT_REGISTRIES = ("crossref", "datacite", "pubmed", "arxiv", "biorxiv", "web")
"""Asked unless ``--registries`` says otherwise. DataCite is asked only for a DOI Crossref does
not know, arXiv only for an arXiv id that no DOI record covers, bioRxiv/medRxiv only for their
preprint DOIs: none of them adds a question to a reference the others cover. Europe PMC (a
retraction source), OpenAlex (a DOI's retraction flag, and a search), DBLP, Semantic Scholar
and OpenReview (searches) are chosen by name, since each adds a question per reference
(docs/references.md has the figures). ``web`` fetches the page of a reference that has only a
URL."""

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


class _Chosen:
    """The run's registries and which of them may be asked."""

    def __init__(self, registries: Registries, scholarly: Scholarly, names: frozenset[str]):
        self.registries = registries
        self.scholarly = scholarly
        self.names = names
        self.catalogues = Catalogues(registries)
        self.withdrawals = Withdrawals(registries)


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
    crossref = pubmed = other = None
    found: list[WorkUpdate] = []  # notices that point at the work
    answered: list[str] = []  # retraction sources that answered for this very work

    def out_of_reach(gone: Unreached) -> None:
        # said once for this reference, without the error: the report says that once for all
        if gone.service not in unreached:
            unreached[gone.service] = gone
            why = (
                "offline, and no answer is stored"
                if gone.code == ErrorCode.OFFLINE
                else f"out of reach ({gone.code})"
            )
            unavailable.append(f"Not checked against {REGISTRY_NAMES[gone.service]}: {why}.")

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
            answered.append("crossref")
            found.extend(await _notices(registries, entry.doi))
    if entry.doi and f"DOI {entry.doi}" in missing and "datacite" in names:
        # a DOI Crossref does not know may be DataCite's (a dataset, software, a repository's)
        got = await ask("datacite", f"DOI {entry.doi}", chosen.catalogues.datacite_work(entry.doi))
        if got is not None and got.works:
            other = got.works[0]
            missing.remove(f"DOI {entry.doi}")
    if crossref is not None and entry.doi and "openalex" in names:
        flagged = await ask("openalex", f"DOI {entry.doi}", scholarly.openalex_work(entry.doi))
        if flagged is not None and flagged.works:
            answered.append("openalex")
        found.extend(u for w in (flagged.works if flagged else ()) for u in w.updates)
    pmid = entry.pmid
    cited_pmc = pmcid(entry.url, entry.doi)
    if not pmid and cited_pmc and "pubmed" in names:
        got = await ask("pubmed", f"PMCID {cited_pmc}", chosen.catalogues.pmid_of(cited_pmc))
        if got is not None and got.works:
            pmid = got.works[0].pmid
        elif got is not None:
            missing.append(f"PMCID {cited_pmc}")
    if pmid and not pmid.isdigit():
        missing.append(f"PMID {pmid}")  # not a PubMed id at all: nothing to ask
    elif pmid and "pubmed" in names:
        what = f"PMID {pmid}" if pmid == entry.pmid else f"PMID {pmid} (of {cited_pmc})"
        pubmed = await first_work("pubmed", what, registries.pubmed_work(pmid))
        if pubmed is not None:
            answered.append("pubmed")
    if (entry.doi or pmid) and "europepmc" in names:
        doi = entry.doi if crossref is not None or not pmid else None
        got = await ask(
            "europepmc",
            "Europe PMC's record",
            chosen.withdrawals.europepmc(doi=doi, pmid=None if doi else pmid),
        )
        if got is not None and got.works:
            answered.append("europepmc")
            found.extend(got.works[0].updates)
    if entry.doi and PREPRINT_DOI.match(entry.doi) and "biorxiv" in names:
        got = await ask("biorxiv", f"DOI {entry.doi}", chosen.withdrawals.preprint(entry.doi))
        if got is not None and got.works:
            answered.append("biorxiv")
            found.extend(got.works[0].updates)
            if crossref is None:
                other = other or got.works[0]
                if f"DOI {entry.doi}" in missing:
                    missing.remove(f"DOI {entry.doi}")
    arxiv = None
    if preprint and crossref is None and pubmed is None and "arxiv" in names:
        arxiv = await first_work("arxiv", f"arXiv {preprint}", scholarly.arxiv_work(preprint))
        if arxiv is not None:
            answered.append("arxiv")
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
    record = crossref or pubmed or arxiv or other or web
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
        answered.append("retraction_watch")
        notices += retractions.notices(doi=entry.doi, pmid=pmid)
    evidence = Evidence(
        crossref=crossref,
        pubmed=pubmed,
        arxiv=arxiv,
        other=other,
        web=web,
        missing=tuple(missing),
        candidates=candidates,
        searched=searched,
        unavailable=" ".join(unavailable) or None,
        notices=notices,
        checked_with=tuple(checked),
        answered=tuple(answered),
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
    """The bibliographic search, registry by registry (Crossref, OpenAlex, DBLP, Semantic
    Scholar, OpenReview), stopping at
    the first that finds the same work; the candidates of every registry asked, best first."""
    from quote_tui.references.decide import best_candidate

    query = search_query(entry)
    # DBLP matches words of the title and names, not a formatted reference
    short = " ".join(p for p in (entry.title or "", entry.authors[0] if entry.authors else "") if p)
    steps = (
        ("crossref", lambda: chosen.registries.crossref_search(query)),
        ("openalex", lambda: chosen.scholarly.openalex_search(query)),
        ("dblp", lambda: chosen.scholarly.dblp_search(short)),
        ("semanticscholar", lambda: chosen.catalogues.semanticscholar_search(short)),
        ("openreview", lambda: chosen.catalogues.openreview_search(entry.title or short)),
    )
    searched = False
    candidates: tuple[RegisteredWork, ...] = ()
    for name, call in steps:
        if name not in chosen.names:
            continue
        what = "The bibliographic search" + (
            "" if name == "crossref" else f" at {REGISTRY_NAMES[name]}"
        )
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
