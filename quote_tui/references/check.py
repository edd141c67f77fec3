"""Checking references against Crossref, PubMed and an offline Retraction Watch CSV.

``check_references`` asks, for each reference: Crossref for its DOI's record, PubMed for its
PMID's record, and Crossref's bibliographic search when the reference has no identifier, when
an identifier resolves to nothing, or when the DOI's record has another title altogether. The
answers go through the run's guarded session (``sources.net.registry``) and are kept in the
store; ``decide`` turns them into one status. The Retraction Watch CSV needs no network, so an
offline run still finds every retraction it lists.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Sequence
from dataclasses import replace

from quote_tui.engine.errors import QuoteTuiError
from quote_tui.manuscripts.model import BibEntry
from quote_tui.references.compare import title_score
from quote_tui.references.decide import CLOSE_TITLE, Evidence, decide
from quote_tui.references.records import ReferenceCheck
from quote_tui.references.retractions import RetractionIndex
from quote_tui.sources.net.registry import Lookup, LookupBudget, Registries, contact_user_agent
from quote_tui.sources.net.remote import RemoteSession
from quote_tui.sources.net.settings import RemoteSettings
from quote_tui.sources.net.works import RegisteredWork, WorkUpdate
from quote_tui.sources.store.answers import AnswerStore

__all__ = ["check_references", "search_query"]


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
) -> tuple[ReferenceCheck, ...]:
    """Check each reference; the results come back in the order given.

    Args:
        entries: (key, entry) pairs (``entries.read_references``).
        settings: the network settings (``offline``, ``refresh``, the store, ``--email``).
        retractions: a Retraction Watch index (``retractions.load_retractions``).
        concurrency: references in flight at once (the registries' own pace still holds).
        budget: the run's registry look-ups (``--max-lookups``), counted as they are made.

    Returns:
        One ``ReferenceCheck`` per entry.
    """
    settings = settings or RemoteSettings()
    settings = replace(
        settings, user_agent=contact_user_agent(settings.user_agent, settings.ncbi_email)
    )
    gate = asyncio.Semaphore(max(1, concurrency))
    async with RemoteSession(settings) as session:
        registries = Registries(session, AnswerStore(settings.store_path), budget)

        async def one(key: str, entry: BibEntry) -> ReferenceCheck:
            async with gate:
                return await _check_one(registries, key, entry, retractions)

        return tuple(await asyncio.gather(*(one(k, e) for k, e in entries)))


async def _check_one(
    registries: Registries, key: str, entry: BibEntry, retractions: RetractionIndex | None
) -> ReferenceCheck:
    checked: list[str] = []
    stored: list[bool] = []
    missing: list[str] = []
    unavailable: list[str] = []
    crossref = pubmed = None
    found: list[WorkUpdate] = []  # notices that point at the work

    async def ask(service: str, what: str, call: Awaitable[Lookup]) -> Lookup | None:
        if service not in checked:
            checked.append(service)
        try:
            lookup = await call
        except QuoteTuiError as exc:
            unavailable.append(f"{what} could not be looked up ({exc.code}): {exc.message}")
            return None
        stored.append(lookup.from_store)
        return lookup

    async def first_work(service: str, what: str, call: Awaitable[Lookup]) -> RegisteredWork | None:
        got = await ask(service, what, call)
        if got is not None and not got.works:
            missing.append(what)
        return got.works[0] if got is not None and got.works else None

    if entry.doi:
        crossref = await first_work(
            "crossref", f"DOI {entry.doi}", registries.crossref_work(entry.doi)
        )
        if crossref is not None:
            found.extend(await _notices(registries, entry.doi))
    if entry.pmid and not entry.pmid.isdigit():
        missing.append(f"PMID {entry.pmid}")  # not a PubMed id at all: nothing to ask
    elif entry.pmid:
        pubmed = await first_work(
            "pubmed", f"PMID {entry.pmid}", registries.pubmed_work(entry.pmid)
        )
    record = crossref or pubmed
    far_off = bool(
        record is not None
        and entry.title
        and record.title
        and title_score(entry.title, record.title) < CLOSE_TITLE
    )
    searched = False
    candidates: tuple[RegisteredWork, ...] = ()
    if entry.title and (record is None or far_off):
        query = search_query(entry)
        got = await ask("crossref", "The bibliographic search", registries.crossref_search(query))
        if got is not None:
            searched, candidates = True, got.works
    notices = tuple(found)
    if retractions is not None:
        checked.append("retraction_watch")
        notices += retractions.notices(doi=entry.doi, pmid=entry.pmid)
    evidence = Evidence(
        crossref=crossref,
        pubmed=pubmed,
        missing=tuple(missing),
        candidates=candidates,
        searched=searched,
        unavailable=" ".join(unavailable) or None,
        notices=notices,
        checked_with=tuple(checked),
        from_store=bool(stored) and all(stored),
    )
    return decide(key, entry, evidence)


async def _notices(registries: Registries, doi: str) -> list[WorkUpdate]:
    """The notices pointing at a registered DOI; none when they cannot be asked for (offline
    without a stored answer, a service error): the work's own record still speaks for it."""
    try:
        notices, _ = await registries.crossref_notices(doi)
    except QuoteTuiError:
        return []
    return list(notices)
