"""Network sources for one run: URLs, DOIs and PubMed ids, through the guard and the store.

``RemoteSession`` owns everything whose lifetime is a run: one guarded ``httpx.AsyncClient``, the
snapshot store, the robots.txt cache, a gate per host (politeness: at most two connections to one
host, and request starts spaced by the host's robots.txt crawl-delay), the NCBI pacer and the
de-duplication of URLs (each distinct URL, fragment ignored, is fetched once per run, even when
asked for concurrently). Each ref kind is read by its resolver in ``resolvers.RESOLVERS``, which
the session dispatches through. The loader (``sources.load``) does::

    async with RemoteSession(settings) as session:
        loaded = await session.load(parse_ref(ref), max_chars=...)
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import httpx

from quote_tui.engine.errors import ErrorCode, FetchError, Recovery, SourceError
from quote_tui.sources.net.bodies import reread
from quote_tui.sources.net.fetch import FetchedBody, Fetcher
from quote_tui.sources.net.guard import Resolver, guarded_client
from quote_tui.sources.net.resolvers import RESOLVERS
from quote_tui.sources.net.robots import ROBOTS_MAX_BYTES, RobotsCache
from quote_tui.sources.net.session import IntervalPacer
from quote_tui.sources.net.settings import RemoteSettings, configured_endpoints
from quote_tui.sources.readers.local import BodyReader, read_bytes
from quote_tui.sources.records import LoadedSource, Representation
from quote_tui.sources.refs import ParsedRef
from quote_tui.sources.store.snapshots import Snapshot, SnapshotStore, ref_key

__all__ = ["RemoteSession"]


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


def _rate_limited(task: asyncio.Task[FetchedBody]) -> bool:
    if not task.done() or task.cancelled():
        return False
    exc = task.exception()
    return isinstance(exc, FetchError) and exc.code == ErrorCode.RATE_LIMITED


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
        self.ncbi_pacer = IntervalPacer(1 / (10.0 if self.settings.ncbi_api_key else 3.0))

    async def __aenter__(self) -> RemoteSession:
        s = self.settings
        self._client = guarded_client(
            user_agent=s.user_agent,
            timeout=s.timeout,
            allow_addresses=s.allow_addresses,
            resolver=self._resolver,
            inner=self._transport,
            trusted=configured_endpoints(s),
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

    async def fetch(
        self,
        url: str,
        *,
        accept: str | None = None,
        api: bool = False,
        key_header: tuple[str, str] | None = None,
    ) -> FetchedBody:
        """GET a URL once per run: later and concurrent callers share the first answer.

        Args:
            url: an absolute http(s) URL; its fragment is ignored.
            accept: an Accept header for API calls.
            api: an API with its own usage policy (E-utilities): no robots.txt, no wall check.
            key_header: an API key's header, sent to ``url`` only (``Fetcher.get``).

        Returns:
            The body and its retrieval facts.

        Raises:
            FetchError: with a code and a recovery hint.
        """
        if self.settings.offline:
            raise _offline(url)
        key = url.split("#", 1)[0]
        task = self._fetches.get(key)
        if task is not None and _rate_limited(task):
            task = None  # "too many requests" is not the URL's answer: a later call asks again
        if task is None:
            fetcher = self._require_fetcher()
            kwargs: dict[str, Any] = {"accept": accept} if accept else {}
            if api:
                kwargs.update(check_robots=False, check_walls=False)
            if key_header is not None:
                kwargs["key_header"] = key_header
            task = asyncio.ensure_future(fetcher.get(key, **kwargs))
            self._fetches[key] = task
        # shield: one caller giving up must not cancel the fetch the others wait on
        return await asyncio.shield(task)

    async def fetch_resource(self, url: str) -> FetchedBody:
        """GET what a page being rendered asks for: through the guard, the redirect checks, the
        byte cap and the host's gate, without robots.txt (the reader asked for the page, not a
        crawl of its parts) and without the wall check (a script or an image is no article).

        Raises:
            FetchError: as ``fetch``; ``offline`` when the network is off.
        """
        if self.settings.offline:
            raise FetchError(
                f"{url} was not fetched: the network is off (--offline).",
                code=ErrorCode.OFFLINE,
                recovery=Recovery.RETRY_LATER,
                details={"url": url},
            )
        return await self._require_fetcher().get(
            url.split("#", 1)[0], accept="*/*", check_robots=False, check_walls=False
        )

    async def load(self, parsed: ParsedRef, *, max_chars: int) -> LoadedSource:
        """Read a URL, DOI or PubMed ref: from the store when a snapshot exists, else the network.

        Args:
            parsed: from ``refs.parse_ref``; kind URL, DOI or PMID.
            max_chars: the checked text's size limit.

        Returns:
            The checked text and its retrieval record (``from_snapshot`` says where it came from).

        Raises:
            SourceError: ``offline`` without a snapshot; ``bad_ref`` for other kinds.
            FetchError: the network codes (see ``quote_tui.sources.net.fetch``).
        """
        if parsed.kind not in RESOLVERS:
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
            if snapshot is not None and not await self._wants_rendering(snapshot):
                return await asyncio.to_thread(self._from_snapshot, snapshot, max_chars)
        if self.settings.offline:
            raise _offline(key)
        # the resolver for the ref's kind: a plain URL, a DOI, a PubMed id
        loaded, raw = await RESOLVERS[parsed.kind](self, parsed.value, ref=key, max_chars=max_chars)
        await asyncio.to_thread(
            self.store.save,
            key,
            raw,
            loaded.retrieval,
            loaded.prepared,
            max_chars=max_chars,
            outside=loaded.outside,
        )
        return loaded

    async def _wants_rendering(self, snapshot: Snapshot) -> bool:
        """Whether a stored page, read without a browser, is due a render now: ``always`` on any
        HTML page, ``auto`` on one whose static text says it needs script. Offline, the stored
        text stands."""
        retrieval = snapshot.info.retrieval
        mode = self.settings.render
        if mode == "never" or retrieval.rendered or self.settings.offline:
            return False
        if retrieval.representation not in (
            Representation.HTML_MAIN_TEXT,
            Representation.HTML_FULL_TEXT,
        ):
            return False
        if mode == "always":
            return True
        from quote_tui.sources.readers.html import needs_script

        reason = await asyncio.to_thread(
            needs_script, snapshot.raw, declared_charset=retrieval.encoding
        )
        return reason is not None

    def _from_snapshot(self, snapshot: Snapshot, max_chars: int) -> LoadedSource:
        retrieval = replace(snapshot.info.retrieval, from_snapshot=True)
        if snapshot.info.max_chars == max_chars:
            return LoadedSource(retrieval, snapshot.prepared(), snapshot.outside)
        # Read with another size limit: re-read the stored bytes, never the network.
        loaded = reread(
            snapshot.raw, snapshot.info.retrieval, max_chars=max_chars, reader=self.body_reader
        )
        return replace(loaded, retrieval=replace(loaded.retrieval, from_snapshot=True))
