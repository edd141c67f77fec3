"""Network sources for one run: URLs, DOIs and PubMed ids, through the guard and the store.

``RemoteSession`` owns everything whose lifetime is a run: one guarded ``httpx.AsyncClient``, the
snapshot store, the robots.txt cache, a gate per host (politeness: at most two connections to one
host, and request starts spaced by the host's robots.txt crawl-delay), the NCBI pacer and the
de-duplication of URLs (each distinct URL, fragment ignored, is fetched once per run, even when
asked for concurrently). The service does::

    async with RemoteSession(settings) as session:
        loaded = await session.load(parse_ref(ref), max_chars=...)
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

from quote_tui._version import __version__
from quote_tui.engine.errors import ErrorCode, FetchError, Recovery, SourceError
from quote_tui.engine.text import PreparedText
from quote_tui.sources.fetch import FetchedBody, Fetcher
from quote_tui.sources.guard import Resolver, guarded_client
from quote_tui.sources.local import MEDIA_TYPES, NATIVE_FORMATS, BodyReader, read_bytes
from quote_tui.sources.records import LoadedSource, RefKind, Representation, Retrieval
from quote_tui.sources.refs import ParsedRef
from quote_tui.sources.robots import ROBOTS_MAX_BYTES, RobotsCache
from quote_tui.sources.store import Snapshot, SnapshotStore, ref_key

__all__ = ["USER_AGENT", "RemoteSession", "RemoteSettings", "read_fetched", "reread"]

USER_AGENT = f"quote_tui/{__version__} (+https://github.com/quote-tui/quote_tui)"


@dataclass(frozen=True, slots=True)
class RemoteSettings:
    """How network sources are fetched. The CLI fills these from its flags and environment.

    Attributes:
        timeout: seconds for one whole fetch, redirects included.
        max_bytes: the body cap, after decompression.
        max_redirects: redirect hops followed.
        per_host_connections: concurrent requests to one host.
        user_agent: sent with every request and matched against robots.txt.
        doi_resolver: where ``doi:`` refs are resolved (tests point it at loopback).
        eutils_base: NCBI E-utilities base URL.
        ncbi_tool, ncbi_email, ncbi_api_key: sent to NCBI as its usage policy asks; with a key
            the pace is 10 requests/s instead of 3.
        store_path: the snapshot database; None for the user data directory.
        offline: never touch the network; refs without a snapshot fail with ``offline``.
        refresh: fetch again even when a snapshot exists.
        respect_robots: ask robots.txt before each fetch.
        allow_addresses: TEST ONLY: exact (ip, port) pairs exempt from the address guard.
    """

    timeout: float = 20.0
    max_bytes: int = 10 * 1024 * 1024
    max_redirects: int = 5
    per_host_connections: int = 2
    user_agent: str = USER_AGENT
    doi_resolver: str = "https://doi.org/"
    eutils_base: str = "https://eutils.ncbi.nlm.nih.gov/entrez/eutils/"
    ncbi_tool: str = "quote_tui"
    ncbi_email: str | None = None
    ncbi_api_key: str | None = None
    store_path: Path | None = None
    offline: bool = False
    refresh: bool = False
    respect_robots: bool = True
    allow_addresses: frozenset[tuple[str, int]] = frozenset()


class _Pacer:
    """Spaces request starts at least ``interval`` seconds apart (NCBI's published limit)."""

    def __init__(self, per_second: float) -> None:
        self._interval = 1.0 / per_second
        self._lock = asyncio.Lock()
        self._next = 0.0

    async def wait(self) -> None:
        async with self._lock:
            loop = asyncio.get_running_loop()
            now = loop.time()
            if self._next > now:
                await asyncio.sleep(self._next - now)
            self._next = max(now, self._next) + self._interval


class _HostGate:
    """One host's gate: at most ``connections`` requests at once, and request starts at least
    ``delay()`` seconds apart (robots.txt's crawl-delay, known once robots.txt is read)."""

    def __init__(self, connections: int, delay: Callable[[], float]) -> None:
        self._slot = asyncio.Semaphore(connections)
        self._delay = delay
        self._pace = asyncio.Lock()
        self._next = 0.0

    async def __aenter__(self) -> None:
        await self._slot.acquire()
        try:
            delay = self._delay()
            if delay > 0:
                async with self._pace:
                    now = asyncio.get_running_loop().time()
                    if self._next > now:
                        await asyncio.sleep(self._next - now)
                    self._next = max(now, self._next) + delay
        except BaseException:
            self._slot.release()
            raise

    async def __aexit__(self, *exc_info: object) -> None:
        self._slot.release()


def _offline(key: str) -> SourceError:
    return SourceError(
        f"{key} has no stored snapshot and the network is off (--offline).",
        code=ErrorCode.OFFLINE,
        recovery=Recovery.RETRY_LATER,
        details={"ref": key},
    )


def _prepare_text(text: str, max_chars: int) -> PreparedText:
    if len(text) > max_chars:
        return PreparedText(text[:max_chars], truncated=True)
    return PreparedText(text)


class RemoteSession:
    """One run's network sources.

    Args:
        settings: see ``RemoteSettings``.
        resolver: replaces the system DNS resolver (tests).
        transport: replaces the I/O transport under the guard (tests).
        body_reader: reads fetched PDF, HTML and XML bodies; the batch service passes one that
            reads them in isolated child processes. Defaults to reading in this process.
    """

    def __init__(
        self,
        settings: RemoteSettings | None = None,
        *,
        resolver: Resolver | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        body_reader: BodyReader | None = None,
    ) -> None:
        self.settings = settings or RemoteSettings()
        self.body_reader: BodyReader = body_reader or read_bytes
        """Where fetched and stored bodies in native formats are parsed."""
        self.store = SnapshotStore(self.settings.store_path)
        self._resolver = resolver
        self._transport = transport
        self._client: httpx.AsyncClient | None = None
        self._fetcher: Fetcher | None = None
        self._robots: RobotsCache | None = None
        self._slots: dict[str, _HostGate] = {}
        self._fetches: dict[str, asyncio.Task[FetchedBody]] = {}
        self._loads: dict[tuple[str, int], asyncio.Task[LoadedSource]] = {}
        self.ncbi_pacer = _Pacer(10.0 if self.settings.ncbi_api_key else 3.0)

    async def __aenter__(self) -> RemoteSession:
        s = self.settings
        self._client = guarded_client(
            user_agent=s.user_agent,
            timeout=s.timeout,
            allow_addresses=s.allow_addresses,
            resolver=self._resolver,
            inner=self._transport,
        )
        self._robots = RobotsCache(self._fetch_robots, user_agent=s.user_agent)
        self._fetcher = Fetcher(
            self._client,
            timeout=s.timeout,
            max_bytes=s.max_bytes,
            max_redirects=s.max_redirects,
            host_slot=self._slot,
            before_hop=self._robots.check if s.respect_robots else None,
        )
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Cancel what is still running and close the client."""
        tasks = [t for t in (*self._loads.values(), *self._fetches.values()) if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._robots is not None:
            await self._robots.aclose()
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    def _slot(self, host: str) -> _HostGate:
        slot = self._slots.get(host)
        if slot is None:

            def delay() -> float:
                robots = self._robots
                return robots.crawl_delay(host) if robots and self.settings.respect_robots else 0.0

            slot = self._slots[host] = _HostGate(self.settings.per_host_connections, delay)
        return slot

    async def _fetch_robots(self, url: str) -> tuple[int, bytes]:
        try:
            got = await self._require_fetcher().get(
                url, max_bytes=ROBOTS_MAX_BYTES, check_robots=False, check_walls=False
            )
        except FetchError as exc:
            if exc.code == ErrorCode.HTTP_ERROR and "status" in exc.details:
                return int(exc.details["status"]), b""
            if exc.code == ErrorCode.TOO_LARGE:
                return 404, b""  # RFC 9309 lets an oversized file be treated as absent
            raise
        return got.http_status, got.body

    def _require_fetcher(self) -> Fetcher:
        if self._fetcher is None:
            raise RuntimeError("RemoteSession is used outside 'async with'")
        return self._fetcher

    async def fetch(self, url: str, *, accept: str | None = None, api: bool = False) -> FetchedBody:
        """GET a URL once per run: later and concurrent callers share the first answer.

        Args:
            url: an absolute http(s) URL; its fragment is ignored.
            accept: an Accept header for API calls.
            api: an API with its own usage policy (E-utilities): no robots.txt, no wall check.

        Returns:
            The body and its retrieval facts.

        Raises:
            FetchError: with a code and a recovery hint.
        """
        if self.settings.offline:
            raise _offline(url)
        key = url.split("#", 1)[0]
        task = self._fetches.get(key)
        if task is None:
            fetcher = self._require_fetcher()
            kwargs: dict[str, Any] = {"accept": accept} if accept else {}
            if api:
                kwargs.update(check_robots=False, check_walls=False)
            task = asyncio.ensure_future(fetcher.get(key, **kwargs))
            self._fetches[key] = task
        # shield: one caller giving up must not cancel the fetch the others wait on
        return await asyncio.shield(task)

    async def load(self, parsed: ParsedRef, *, max_chars: int) -> LoadedSource:
        """Read a URL, DOI or PubMed ref: from the store when a snapshot exists, else the network.

        Args:
            parsed: from ``refs.parse_ref``; kind URL, DOI or PMID.
            max_chars: the checked text's size limit.

        Returns:
            The checked text and its retrieval record (``from_snapshot`` says where it came from).

        Raises:
            SourceError: ``offline`` without a snapshot; ``bad_ref`` for other kinds.
            FetchError: the network codes (see ``quote_tui.sources.fetch``).
        """
        if parsed.kind not in (RefKind.URL, RefKind.DOI, RefKind.PMID):
            raise SourceError(
                f"{parsed.value!r} is not a network source.",
                code=ErrorCode.BAD_REF,
                recovery=Recovery.FIX_INPUT,
            )
        key = ref_key(parsed)
        task = self._loads.get((key, max_chars))
        if task is None:
            task = asyncio.ensure_future(self._load(parsed, key, max_chars))
            self._loads[(key, max_chars)] = task
        return await asyncio.shield(task)

    async def _load(self, parsed: ParsedRef, key: str, max_chars: int) -> LoadedSource:
        if not self.settings.refresh:
            snapshot = await asyncio.to_thread(self.store.latest, key)
            if snapshot is not None:
                return await asyncio.to_thread(self._from_snapshot, snapshot, max_chars)
        if self.settings.offline:
            raise _offline(key)
        loaded, raw = await self._from_network(parsed, key, max_chars)
        await asyncio.to_thread(
            self.store.save,
            key,
            raw,
            loaded.retrieval,
            loaded.prepared,
            max_chars=max_chars,
        )
        return loaded

    async def _from_network(
        self, parsed: ParsedRef, key: str, max_chars: int
    ) -> tuple[LoadedSource, bytes]:
        if parsed.kind is RefKind.DOI:
            from quote_tui.sources.doi import load_doi

            return await load_doi(self, parsed.value, ref=key, max_chars=max_chars)
        if parsed.kind is RefKind.PMID:
            from quote_tui.sources.eutils import load_pmid

            return await load_pmid(self, parsed.value, ref=key, max_chars=max_chars)
        fetched = await self.fetch(parsed.value)
        loaded = await asyncio.to_thread(
            read_fetched,
            fetched,
            ref=key,
            kind=RefKind.URL,
            max_chars=max_chars,
            reader=self.body_reader,
        )
        return loaded, fetched.body

    def _from_snapshot(self, snapshot: Snapshot, max_chars: int) -> LoadedSource:
        retrieval = replace(snapshot.info.retrieval, from_snapshot=True)
        if snapshot.info.max_chars == max_chars:
            return LoadedSource(retrieval, snapshot.prepared())
        # Read with another size limit: re-read the stored bytes, never the network.
        loaded = reread(
            snapshot.raw, snapshot.info.retrieval, max_chars=max_chars, reader=self.body_reader
        )
        return LoadedSource(replace(loaded.retrieval, from_snapshot=True), loaded.prepared)

    def prepare_text(self, text: str, max_chars: int) -> PreparedText:
        """A PreparedText cut at ``max_chars`` (flagged truncated) for text-only readers."""
        return _prepare_text(text, max_chars)


# Servers that do not know what they hold; the bytes decide.
_UNKNOWN = frozenset(
    {None, "application/octet-stream", "binary/octet-stream", "application/download"}
)


def _body_format(content_type: str | None, body: bytes) -> str | None:
    fmt = MEDIA_TYPES.get(content_type or "")
    if fmt is None and content_type in _UNKNOWN:
        head = body[:1024].lstrip().lower()
        if body[:1024].lstrip().startswith(b"%PDF-"):
            return "pdf"
        if head.startswith((b"<!doctype html", b"<html")):
            return "html"
    return fmt


def _read_core(
    data: bytes,
    fmt: str,
    *,
    content_type: str | None,
    charset: str | None,
    url: str | None,
    ref: str,
    kind: RefKind,
    max_chars: int,
    reader: BodyReader,
) -> LoadedSource:
    from quote_tui.sources import jats

    if fmt == "xml" and jats.looks_like_jats(data):
        return jats.read_jats(data, ref=ref, max_chars=max_chars)
    media = {"pdf": "application/pdf", "html": "text/html"}.get(fmt, content_type or "text/plain")
    if charset:
        media += f"; charset={charset}"
    # text and Markdown run no native code: reading them here spares a child process
    read = reader if fmt in NATIVE_FORMATS else read_bytes
    return read(
        data,
        name=urlsplit(url).path if url else "",
        content_type=media,
        max_chars=max_chars,
        ref=ref,
        kind=kind,
        location=url,
        url=url,
    )


def read_fetched(
    fetched: FetchedBody,
    *,
    ref: str,
    kind: RefKind,
    max_chars: int,
    representation: Representation | None = None,
    metadata: tuple[tuple[str, str], ...] | None = None,
    reader: BodyReader = read_bytes,
) -> LoadedSource:
    """Read a fetched body with the core reader for its type; fill in the network facts.

    Args:
        fetched: what ``RemoteSession.fetch`` returned.
        ref: the store key of the ref being read.
        kind: the ref's kind.
        max_chars: the checked text's size limit.
        representation: overrides the reader's (``doi_landing_page``, ``pmc_full_text``).
        metadata: overrides the reader's metadata (a DOI landing page's citation_* tags).
        reader: parses PDF, HTML and XML bodies (``RemoteSession.body_reader``).

    Returns:
        The checked text and a complete Retrieval record.

    Raises:
        FetchError: ``unsupported_type`` for types no reader handles.
        SourceError: the readers' codes (``no_text``, ``broken_file``, ...).
    """
    fmt = _body_format(fetched.content_type, fetched.body)
    if fmt is None:
        raise FetchError(
            f"{fetched.final_url} is {fetched.content_type or 'of no declared type'}, which is "
            "not a readable document type (HTML, PDF, plain text, Markdown or PubMed XML).",
            code=ErrorCode.UNSUPPORTED_TYPE,
            recovery=Recovery.USE_SUPPLIED_TEXT,
            details={"url": fetched.final_url, "content_type": fetched.content_type},
        )
    loaded = _read_core(
        fetched.body,
        fmt,
        content_type=fetched.content_type,
        charset=fetched.charset,
        url=fetched.final_url,
        ref=ref,
        kind=kind,
        max_chars=max_chars,
        reader=reader,
    )
    base = loaded.retrieval
    retrieval = replace(
        base,
        ref=ref,
        kind=kind,
        representation=representation or base.representation,
        **fetched.retrieval_facts(),
        metadata=base.metadata if metadata is None else metadata,
        from_snapshot=False,
    )
    return LoadedSource(retrieval, loaded.prepared)


def reread(
    raw: bytes, retrieval: Retrieval, *, max_chars: int, reader: BodyReader = read_bytes
) -> LoadedSource:
    """Re-read stored bytes with another size limit; the stored retrieval record is kept.

    Args:
        raw: the snapshot's bytes.
        retrieval: the snapshot's record (it says which reader made the text).
        max_chars: the new size limit.
        reader: parses PDF, HTML and XML bodies (``RemoteSession.body_reader``).

    Returns:
        The re-read text with the stored record.
    """
    from quote_tui.sources import jats, pubmed

    if retrieval.representation is Representation.PUBMED_ABSTRACT:
        prepared = _prepare_text(pubmed.extract_pubmed_xml(raw).text, max_chars)
        return LoadedSource(retrieval, prepared)
    if retrieval.representation is Representation.PMC_FULL_TEXT:
        return LoadedSource(
            retrieval, jats.read_jats(raw, ref=retrieval.ref, max_chars=max_chars).prepared
        )
    fmt = _body_format(retrieval.content_type, raw) or "text"
    loaded = _read_core(
        raw,
        fmt,
        content_type=retrieval.content_type,
        charset=retrieval.encoding,
        url=retrieval.final_url,
        ref=retrieval.ref,
        kind=retrieval.kind,
        max_chars=max_chars,
        reader=reader,
    )
    return LoadedSource(retrieval, loaded.prepared)
