"""robots.txt, asked once per origin per run.

Rules follow RFC 9309: a robots.txt that is missing or answers another 4xx allows everything; one
that answers 5xx means the site is unreachable for crawlers, so everything is disallowed. A
denial is reported as ``robots_denied`` with the ``respect_robots`` hint, never as a missing
quotation: the user may paste the text instead. ``Crawl-delay`` and ``Request-rate`` (not in the
RFC, but what a corpus-sized run is asked to keep) are kept per host for the session's pacing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from urllib.robotparser import RobotFileParser

import httpx

from quote_tui.engine.errors import ErrorCode, FetchError, Recovery

__all__ = ["ROBOTS_MAX_BYTES", "RobotsCache"]

ROBOTS_MAX_BYTES = 512 * 1024  # RFC 9309 asks parsers to read at least 500 KiB
RobotsFetch = Callable[[str], Awaitable[tuple[int, bytes]]]
"""Fetches a robots.txt URL; returns (status, body). Raises FetchError on transport failures."""


class RobotsCache:
    """Per-run answers to "may this user agent fetch this URL?".

    Args:
        fetch: how robots.txt is fetched (through the same guard as everything else).
        user_agent: the product token matched against ``User-agent`` lines.
    """

    def __init__(self, fetch: RobotsFetch, *, user_agent: str) -> None:
        self._fetch = fetch
        self._agent = user_agent.split("/", 1)[0]
        self._parsers: dict[str, asyncio.Task[RobotFileParser]] = {}
        self._delays: dict[str, float] = {}

    def crawl_delay(self, host: str) -> float:
        """Seconds the host's robots.txt asks between two requests (0 when it asks nothing or
        has not been read yet); the longer of ``Crawl-delay`` and ``Request-rate``'s spacing."""
        return self._delays.get(host.lower(), 0.0)

    async def check(self, url: httpx.URL) -> None:
        """Raise ``robots_denied`` unless robots.txt lets us fetch ``url``."""
        origin = f"{url.scheme}://{url.netloc.decode('ascii')}"
        task = self._parsers.get(origin)
        if task is None:
            task = asyncio.ensure_future(self._load(origin))
            self._parsers[origin] = task
        try:
            parser = await asyncio.shield(task)
        except FetchError as exc:
            # robots.txt is asked first, so a refused or unreachable host fails there: name the
            # URL the user gave, not ours
            robots_url = f"{origin}/robots.txt"
            raise FetchError(
                exc.message.replace(robots_url, str(url)),
                code=exc.code,
                recovery=exc.recovery,
                details={**exc.details, "url": str(url), "robots_txt": robots_url},
            ) from exc
        if not parser.can_fetch(self._agent, str(url)):
            raise FetchError(
                f"{url} is disallowed for {self._agent} by the site's robots.txt.",
                code=ErrorCode.ROBOTS_DENIED,
                recovery=Recovery.RESPECT_ROBOTS,
                details={"url": str(url), "robots_txt": f"{origin}/robots.txt"},
            )

    async def _load(self, origin: str) -> RobotFileParser:
        parser = RobotFileParser()
        status, body = await self._fetch(f"{origin}/robots.txt")
        if 200 <= status < 300:
            parser.parse(body.decode("utf-8", "replace").splitlines())
            delay = float(parser.crawl_delay(self._agent) or 0)
            rate = parser.request_rate(self._agent)
            if rate is not None and rate.requests > 0:
                delay = max(delay, rate.seconds / rate.requests)
            if delay > 0:
                self._delays[(httpx.URL(origin).host or "").lower()] = delay
        elif status >= 500:
            parser.disallow_all = True
        else:
            parser.allow_all = True
        return parser

    async def aclose(self) -> None:
        """Cancel robots.txt fetches still under way."""
        for task in self._parsers.values():
            if not task.done():
                task.cancel()
        await asyncio.gather(*self._parsers.values(), return_exceptions=True)
