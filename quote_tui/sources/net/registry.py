"""Crossref and PubMed as metadata registries: one answer per question, kept in the store.

``Registries`` asks the DOI handle API what a shortDOI (``10/abcd``) stands for, Crossref's
REST API for a DOI's record (``works/{doi}``), for the notices
that update it (``works?filter=updates:{doi}``) or for the works closest to a formatted reference
(``works?query.bibliographic=...&rows=5``), and PubMed's E-utilities for a PMID's record, through
the run's guarded session. Being polite to both:

- every Crossref request carries ``mailto`` when a contact address is set (``--email``), and the
  session's User-Agent names it too (``contact_user_agent``), which puts the requests in
  Crossref's polite pool; NCBI requests carry ``tool`` and ``email`` as before;
- Crossref's ``X-Rate-Limit-Limit`` and ``X-Rate-Limit-Interval`` headers set the pace of later
  requests, and a 429 (or a 503 with Retry-After) is waited out once, for at most
  ``MAX_RETRY_WAIT`` seconds, before the question is given up as unanswerable;
- every answer, a 404 included, is kept in the store (``store.answers``), so a re-run reads it
  there, and ``--offline`` reads nothing else.

Errors are the network's ``FetchError`` codes, or ``offline`` when the network is off and the
store holds no answer.
"""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass
from urllib.parse import quote, urlencode

from quote_tui.engine.errors import ErrorCode, FetchError, Recovery, SourceError
from quote_tui.sources.net.eutils import efetch_url
from quote_tui.sources.net.fetch import utc_now
from quote_tui.sources.net.session import IntervalPacer, NetSession, Pacer
from quote_tui.sources.net.settings import RemoteSettings, fresh_answer
from quote_tui.sources.net.works import (
    RegisteredWork,
    WorkUpdate,
    notices_updating,
    work_from_crossref,
    works_from_pubmed,
)
from quote_tui.sources.store.answers import AnswerStore, StoredAnswer

__all__ = [
    "LOOKUP_CAP",
    "MAX_RETRY_WAIT",
    "Lookup",
    "LookupBudget",
    "Registries",
    "contact_user_agent",
    "page_titles",
]

MAX_RETRY_WAIT = 10.0
"""The longest a "too many requests" answer is waited out before the question is given up."""
_DEFAULT_INTERVAL = 0.2  # Crossref's public pool: 5 requests a second
_INTERVAL = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(ms|s|m)?\s*$")


def contact_user_agent(user_agent: str, email: str | None) -> str:
    """``user_agent`` with a contact address, as Crossref asks: ``(...; mailto:a@b)``."""
    if not email or "mailto:" in user_agent:
        return user_agent
    if user_agent.endswith(")"):
        return f"{user_agent[:-1]}; mailto:{email})"
    return f"{user_agent} (mailto:{email})"


def _interval(headers: tuple[tuple[str, str], ...]) -> float | None:
    """Seconds between requests from ``X-Rate-Limit-Limit`` and ``X-Rate-Limit-Interval``."""
    values = dict(headers)
    try:
        limit = int(values.get("x-rate-limit-limit", "").strip())
    except ValueError:
        return None
    m = _INTERVAL.match(values.get("x-rate-limit-interval", "1s"))
    if limit <= 0 or m is None:
        return None
    seconds = float(m.group(1)) * {"ms": 0.001, "s": 1.0, "m": 60.0}[m.group(2) or "s"]
    return seconds / limit


@dataclass(frozen=True, slots=True)
class Lookup:
    """A registry's answer to one question.

    Attributes:
        works: the records it gave; empty when the identifier is not registered or a search
            found nothing.
        url: the question as a URL (``mailto`` and other courtesy fields left out).
        retrieved_at: when the answer was received.
        from_store: read from the store rather than the network.
    """

    works: tuple[RegisteredWork, ...]
    url: str
    retrieved_at: str
    from_store: bool = False


class Registries:
    """Crossref and PubMed lookups over one run's session and the store.

    Args:
        session: the run's network session (``remote.RemoteSession``).
        store: where answers are kept; None keeps nothing (and reads nothing).
    """

    def __init__(
        self, session: NetSession, store: AnswerStore | None, budget: LookupBudget | None = None
    ) -> None:
        self._session = session
        self._store = store
        self._crossref_pace = IntervalPacer(_DEFAULT_INTERVAL)
        self._budget = budget

    @property
    def _settings(self) -> RemoteSettings:
        return self._session.settings

    @property
    def settings(self) -> RemoteSettings:
        """The run's network settings (the base URLs, the contact address)."""
        return self._session.settings

    @property
    def ncbi_pacer(self) -> Pacer:
        """NCBI's pace, shared by every question put to E-utilities in the run."""
        return self._session.ncbi_pacer

    def _crossref_url(self, path: str, params: dict[str, str] | None = None) -> tuple[str, str]:
        """The URL to ask (with ``mailto``) and the one to show (without it)."""
        base = self._settings.crossref_api.rstrip("/") + "/" + path
        shown = base + ("?" + urlencode(params) if params else "")
        email = self._settings.ncbi_email
        asked = dict(params or {})
        if email:
            asked["mailto"] = email
        return (base + ("?" + urlencode(asked) if asked else "")), shown

    async def crossref_work(self, doi: str) -> Lookup:
        """Crossref's record of a DOI; no works when the DOI is not registered there."""
        asked, shown = self._crossref_url("works/" + quote(doi, safe="/:;()._-<>"))
        answer, stored = await self._answer(f"crossref:works/{doi.lower()}", asked, shown, True)
        if answer.status == 404:
            return Lookup((), shown, answer.retrieved_at, stored)
        message = _json_message(answer.body, shown)
        works = (work_from_crossref(message),) if isinstance(message, dict) else ()
        return Lookup(works, shown, answer.retrieved_at, stored)

    async def crossref_notices(self, doi: str) -> tuple[tuple[WorkUpdate, ...], bool]:
        """The notices Crossref holds that update a DOI (``works?filter=updates:{doi}``): the
        publishers' retraction, correction and concern notices point at the work they update,
        and not every work's own record points back. Returns them and whether the answer came
        from the store."""
        asked, shown = self._crossref_url("works", {"filter": f"updates:{doi}", "rows": "20"})
        answer, stored = await self._answer(f"crossref:updates/{doi.lower()}", asked, shown, True)
        message = _json_message(answer.body, shown) if answer.status != 404 else None
        items = message.get("items") if isinstance(message, dict) else None
        return notices_updating(items or (), doi), stored

    async def crossref_search(self, query: str, *, rows: int = 5) -> Lookup:
        """The works Crossref ranks closest to a formatted reference, best first."""
        query = " ".join(query.split())
        asked, shown = self._crossref_url(
            "works", {"query.bibliographic": query, "rows": str(rows)}
        )
        key = f"crossref:search/{query.casefold()}"
        answer, stored = await self._answer(key, asked, shown, True)
        message = _json_message(answer.body, shown) if answer.status != 404 else None
        items = message.get("items") if isinstance(message, dict) else None
        works = tuple(work_from_crossref(i) for i in items or () if isinstance(i, dict))
        return Lookup(works, shown, answer.retrieved_at, stored)

    async def full_doi(self, short: str) -> Lookup:
        """The DOI a shortDOI (``10/abcd``) stands for, from the DOI handle API
        (``{doi_resolver}api/handles/10/abcd``), as a work that holds only its DOI; no works
        when it names nothing. Crossref knows works only by their full DOI."""
        url = self._settings.doi_resolver.rstrip("/") + "/api/handles/" + quote(short, safe="/")
        answer, stored = await self._answer(f"doi:handles/{short.lower()}", url, url, True)
        full = _alias(answer.body, url) if answer.status != 404 else None
        works = (RegisteredWork(source="doi", doi=full),) if full else ()
        return Lookup(works, url, answer.retrieved_at, stored)

    async def web_page(self, url: str) -> Lookup:
        """A web reference's page: fetched as a source is (the guard, robots.txt, the wall
        check), its titles kept in the store as a small answer (not the page), one work per
        title the page gives (``<title>``, ``og:title``, and the ``<title>``'s parts around
        `` | `` or `` - ``, where a site's name usually sits).

        Raises:
            FetchError: the page could not be fetched (``http_error`` with its status, ...);
            SourceError: ``offline`` without a stored answer; ``lookup_cap``.
        """
        key = f"web:{url}"
        stored = None
        if self._store is not None and not self._settings.refresh:
            stored = await asyncio.to_thread(self._store.latest, key)
        if stored is None:
            if self._settings.offline:
                raise SourceError(
                    f"{url} has no stored answer and the network is off (--offline).",
                    code=ErrorCode.OFFLINE,
                    recovery=Recovery.RETRY_LATER,
                    details={"url": url},
                )
            if self._budget is not None:
                self._budget.spend(url)
            got = await self._session.fetch(url)
            body = json.dumps({"titles": page_titles(got.body), "final_url": got.final_url})
            stored = StoredAnswer(key, got.http_status, url, got.retrieved_at, body.encode())
            if self._store is not None:
                await asyncio.to_thread(
                    self._store.save,
                    key,
                    status=stored.status,
                    url=url,
                    body=stored.body,
                    retrieved_at=stored.retrieved_at,
                )
            from_store = False
        else:
            from_store = True
        data = json.loads(stored.body)
        works = tuple(RegisteredWork(source="web", title=t) for t in data.get("titles") or ())
        return Lookup(works, str(data.get("final_url") or url), stored.retrieved_at, from_store)

    async def pubmed_work(self, pmid: str) -> Lookup:
        """PubMed's record of a PMID; no works when PubMed holds none."""
        asked = efetch_url(self._session, "pubmed", pmid)
        shown = asked.split("&tool=", 1)[0]
        answer, stored = await self._answer(f"pubmed:{pmid}", asked, shown, False)
        try:
            works = works_from_pubmed(answer.body) if answer.status != 404 else ()
        except ValueError as exc:
            raise _bad_answer(shown, str(exc)) from exc
        mine = tuple(w for w in works if w.pmid == pmid)
        return Lookup(mine, shown, answer.retrieved_at, stored)

    async def answer(
        self,
        key: str,
        asked: str,
        shown: str,
        pacer: Pacer,
        accept: str,
        key_header: tuple[str, str] | None = None,
    ) -> tuple[StoredAnswer, bool]:
        """The answer of another registry (``scholarly``): from the store, else asked at
        ``pacer``'s pace through the session, counted against the budget, and stored. An API
        key goes in ``key_header`` (sent to that URL only), never into the stored URL."""
        return await self._answer(key, asked, shown, False, (pacer, accept), key_header)

    async def _answer(
        self,
        key: str,
        asked: str,
        shown: str,
        crossref: bool,
        pacer: tuple[Pacer, str] | None = None,
        key_header: tuple[str, str] | None = None,
    ) -> tuple[StoredAnswer, bool]:
        """The answer to a question, and whether it came from the store."""
        settings = self._settings
        if self._store is not None and (not settings.refresh or settings.refresh_since):
            stored = await asyncio.to_thread(self._store.latest, key)
            if stored is not None and fresh_answer(settings, stored.retrieved_at):
                return stored, True
        if settings.offline:
            raise SourceError(
                f"{shown} has no stored answer and the network is off (--offline).",
                code=ErrorCode.OFFLINE,
                recovery=Recovery.RETRY_LATER,
                details={"url": shown},
            )
        if self._budget is not None:
            self._budget.spend(shown)
        answer = await self._ask(key, asked, crossref, pacer, key_header)
        if self._store is not None:
            await asyncio.to_thread(
                self._store.save,
                key,
                status=answer.status,
                url=shown,
                body=answer.body,
                retrieved_at=answer.retrieved_at,
            )
        return answer, False

    async def _ask(
        self,
        key: str,
        url: str,
        crossref: bool,
        other: tuple[Pacer, str] | None = None,
        key_header: tuple[str, str] | None = None,
    ) -> StoredAnswer:
        accept = "application/json" if crossref else "application/xml, text/xml"
        if other is not None:
            accept = other[1]
        for attempt in (1, 2):
            if other is not None:
                await other[0].wait()
            elif crossref:
                await self._crossref_pace.wait()
            else:
                await self._session.ncbi_pacer.wait()
            try:
                keyed = {"key_header": key_header} if key_header else {}
                got = await self._session.fetch(url, accept=accept, api=True, **keyed)
            except FetchError as exc:
                status = exc.details.get("status")
                if exc.code == ErrorCode.HTTP_ERROR and status == 404:
                    return StoredAnswer(key, 404, url, utc_now(), b"")
                wait = exc.details.get("retry_after")
                if exc.code == ErrorCode.RATE_LIMITED and attempt == 1:
                    await asyncio.sleep(min(float(wait or 1.0), MAX_RETRY_WAIT))
                    if crossref:
                        self._crossref_pace.interval = max(self._crossref_pace.interval, 1.0)
                    continue
                raise
            if crossref:
                interval = _interval(got.rate_limit)
                if interval is not None:
                    self._crossref_pace.interval = interval
            return StoredAnswer(key, got.http_status, url, got.retrieved_at, got.body)
        raise AssertionError("unreachable")  # pragma: no cover


LOOKUP_CAP = "lookup_cap"
"""The code of a look-up not made because the run's look-ups reached ``--max-lookups``."""


class LookupBudget:
    """How many registry look-ups a run may make over the network (answers from the store are
    free), and how many it made: one per run, made by the caller and read back for the report.

    A bibliography of 100,000 entries once meant 100,000 Crossref look-ups; past the budget a
    reference is ``unverifiable`` with ``lookup_cap``, and the report says how many were made.
    """

    def __init__(self, limit: int | None) -> None:
        self.limit = limit
        self.made = 0
        self.refused = 0

    def spend(self, shown: str) -> None:
        """Count one look-up, or refuse it past the limit.

        Raises:
            SourceError: ``lookup_cap``.
        """
        if self.limit is not None and self.made >= self.limit:
            self.refused += 1
            raise SourceError(
                f"{shown} was not asked: the run made its {self.limit:,} registry look-ups "
                "(--max-lookups)",
                code=LOOKUP_CAP,
                recovery=Recovery.FIX_INPUT,
                details={"max_lookups": self.limit},
            )
        self.made += 1


_TITLE_PARTS = re.compile(r"\s+(?:\||-|–|—|::|·)\s+")


def page_titles(body: bytes) -> list[str]:
    """The titles an HTML page gives itself: ``og:title``, ``<title>`` and the parts of the
    ``<title>`` around a separator, each once; none for a page that is not HTML."""
    import lxml.html
    from lxml import etree

    try:
        root = lxml.html.fromstring(body[:2_000_000])
    except (etree.ParserError, ValueError):
        return []
    found: list[str] = []
    for value in (
        *root.xpath("//meta[@property='og:title']/@content"),
        *root.xpath("//title/text()"),
    ):
        title = " ".join(str(value).split())
        found += [title, *(p for p in _TITLE_PARTS.split(title) if len(p) >= 8)]
    return list(dict.fromkeys(t for t in found if t))[:8]


def _json_message(body: bytes, url: str) -> object:
    try:
        data = json.loads(body)
    except (ValueError, RecursionError) as exc:
        raise _bad_answer(url, "its answer is not JSON") from exc
    return data.get("message") if isinstance(data, dict) else None


def _alias(body: bytes, url: str) -> str | None:
    """The full DOI in a handle API answer: its ``HS_ALIAS`` value."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError) as exc:
        raise _bad_answer(url, "its answer is not JSON") from exc
    values = data.get("values") if isinstance(data, dict) else None
    for value in values if isinstance(values, list) else ():
        inner = value.get("data") if isinstance(value, dict) else None
        alias = inner.get("value") if isinstance(inner, dict) else None
        if value.get("type") == "HS_ALIAS" and isinstance(alias, str):
            return alias.strip().lower() if alias.startswith("10.") else None
    return None


def _bad_answer(url: str, why: str) -> FetchError:
    return FetchError(
        f"{url} gave an answer that cannot be read ({why}).",
        code=ErrorCode.HTTP_ERROR,
        recovery=Recovery.RETRY_LATER,
        details={"url": url, "reason": "bad_answer"},
    )
