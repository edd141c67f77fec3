"""What a resolver may ask of the run's network session, and what a resolver is.

The resolvers (``bodies.load_url``, ``doi.load_doi``, ``eutils.load_pmid``) are written against
``NetSession``, not against ``remote.RemoteSession``: the session imports the resolvers' table,
so a resolver that imported the session back would close a cycle.
"""

from __future__ import annotations

from typing import Protocol

from quote_tui.sources.net.fetch import FetchedBody
from quote_tui.sources.net.settings import RemoteSettings
from quote_tui.sources.readers.local import BodyReader
from quote_tui.sources.records import LoadedSource

__all__ = ["IntervalPacer", "NetSession", "Pacer", "RefResolver"]


class Pacer(Protocol):
    """Spaces request starts (NCBI's published rate)."""

    async def wait(self) -> None: ...


class IntervalPacer:
    """Spaces request starts at least ``interval`` seconds apart (NCBI's published limit, or the
    interval a service's own headers ask for: ``interval`` may be changed between requests)."""

    def __init__(self, interval: float) -> None:
        import asyncio  # a run that paces requests runs in asyncio's loop

        self.interval = interval
        self._lock = asyncio.Lock()
        self._next = 0.0

    async def wait(self) -> None:
        import asyncio

        async with self._lock:
            now = asyncio.get_running_loop().time()
            if self._next > now:
                await asyncio.sleep(self._next - now)
            self._next = max(now, self._next) + self.interval


class NetSession(Protocol):
    """The parts of ``remote.RemoteSession`` a resolver uses."""

    @property
    def settings(self) -> RemoteSettings: ...

    @property
    def body_reader(self) -> BodyReader: ...

    @property
    def ncbi_pacer(self) -> Pacer: ...

    async def fetch(
        self,
        url: str,
        *,
        accept: str | None = None,
        api: bool = False,
        key_header: tuple[str, str] | None = None,
    ) -> FetchedBody: ...

    async def fetch_resource(self, url: str) -> FetchedBody: ...


class RefResolver(Protocol):
    """Reads one kind of network ref: returns the loaded source and the raw bytes to store."""

    async def __call__(
        self, session: NetSession, value: str, /, *, ref: str, max_chars: int
    ) -> tuple[LoadedSource, bytes]: ...
