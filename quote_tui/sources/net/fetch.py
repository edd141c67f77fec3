"""One guarded HTTP GET: redirects by hand, one deadline, a byte cap that survives compression.

The client's transport is a ``GuardTransport``, so every hop is address-checked; this module adds
the policy around it. Redirects are followed here, not by httpx, so each hop is re-checked (and
robots.txt asked) and the chain is recorded. The byte cap applies to the declared length, to the
bytes on the wire and to the decompressed bytes: decompression is done here with a bounded output,
because httpx's decoders inflate a whole network chunk at once (a gzip bomb would balloon first).

Errors (all ``FetchError``): ``bad_url``, ``blocked_address``, ``dns_error``, ``timeout``,
``too_large``, ``too_many_redirects``, ``http_error``, ``rate_limited``, ``tls_error``,
``connect_error``, ``unsupported_type`` (an encoding we did not ask for) and ``no_text`` (a bot
challenge, cookie wall or login page, see ``walls.wall_reason``).
"""

from __future__ import annotations

import asyncio
import hashlib
import ssl
import zlib
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any

import httpx

from quote_tui.engine.errors import ErrorCode, FetchError, Recovery
from quote_tui.sources.net.guard import check_url
from quote_tui.sources.net.walls import wall_reason
from quote_tui.sources.records import Redirect

__all__ = ["FetchedBody", "Fetcher", "parse_retry_after", "utc_now"]

_REDIRECTS = frozenset({301, 302, 303, 307, 308})
_ERROR_BODY_CAP = 64 * 1024
ACCEPT = (
    "text/html,application/xhtml+xml;q=0.9,application/pdf;q=0.9,text/plain;q=0.8,"
    "text/markdown;q=0.8,application/xml;q=0.7,text/xml;q=0.7,*/*;q=0.1"
)


def utc_now() -> str:
    """The current time as ISO-8601 UTC, to the second."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True, slots=True)
class FetchedBody:
    """A successful retrieval: the body and the facts a Retrieval record needs."""

    url: str
    final_url: str
    http_status: int
    redirects: tuple[Redirect, ...]
    content_type: str | None  # media type, lower case, without parameters
    charset: str | None
    etag: str | None
    last_modified: str | None
    body: bytes
    content_sha256: str
    retrieved_at: str
    rate_limit: tuple[tuple[str, str], ...] = ()
    """An API's ``X-Rate-Limit-*`` headers (lower-case names), for callers that pace by them."""

    def retrieval_facts(self) -> dict[str, Any]:
        """The Retrieval fields this fetch decides (``dataclasses.replace(retrieval, **facts)``)."""
        return {
            "content_sha256": self.content_sha256,
            "location": self.final_url,
            "content_type": self.content_type,
            "retrieved_at": self.retrieved_at,
            "final_url": self.final_url,
            "redirects": self.redirects,
            "http_status": self.http_status,
            "etag": self.etag,
            "last_modified": self.last_modified,
        }


def parse_retry_after(value: str | None, *, now: datetime | None = None) -> int | None:
    """Seconds to wait from a Retry-After header (delta-seconds or an HTTP date)."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return int(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0, int((when - (now or datetime.now(UTC))).total_seconds()))


def _media_type(header: str | None) -> tuple[str | None, str | None]:
    if not header:
        return None, None
    parts = [p.strip() for p in header.split(";")]
    media = parts[0].lower() or None
    charset = None
    for param in parts[1:]:
        key, _, val = param.partition("=")
        if key.strip().lower() == "charset" and val.strip():
            charset = val.strip().strip("\"'").lower()
    return media, charset


class _Inflater:
    """Decompresses a body, never producing more than the room left under the cap."""

    def __init__(self, encoding: str, url: str) -> None:
        self._url = url
        self._raw_deflate_tried = False
        self._encoding = encoding
        if encoding in ("gzip", "x-gzip"):
            self._obj = zlib.decompressobj(16 + zlib.MAX_WBITS)
        elif encoding == "deflate":
            self._obj = zlib.decompressobj(zlib.MAX_WBITS)
        else:
            raise FetchError(
                f"{url} was sent with a content encoding that was not asked for ({encoding}).",
                code=ErrorCode.UNSUPPORTED_TYPE,
                recovery=Recovery.USE_SUPPLIED_TEXT,
                details={"url": url, "content_encoding": encoding},
            )

    def feed(self, data: bytes, room: int) -> bytes:
        if self._obj.eof:
            return b""
        try:
            # room + 1: one byte past the room is enough to know the cap is exceeded.
            return self._obj.decompress(data, room + 1)
        except zlib.error as exc:
            # Some servers send raw deflate without the zlib header (httpx tolerates it too).
            if self._encoding == "deflate" and not self._raw_deflate_tried:
                self._raw_deflate_tried = True
                self._obj = zlib.decompressobj(-zlib.MAX_WBITS)
                return self.feed(data, room)
            raise FetchError(
                f"The compressed body of {self._url} is corrupt ({exc}).",
                code=ErrorCode.CONNECT_ERROR,
                recovery=Recovery.RETRY_LATER,
                details={"url": self._url, "reason": "bad_compression"},
            ) from exc


def _too_large(url: str, limit: int, seen: int | None = None) -> FetchError:
    details: dict[str, object] = {"url": url, "max_bytes": limit}
    if seen is not None:
        details["declared_bytes"] = seen
    return FetchError(
        f"{url} is larger than the {limit:,}-byte limit.",
        code=ErrorCode.TOO_LARGE,
        recovery=Recovery.USE_SUPPLIED_TEXT,
        details=details,
    )


async def _read_capped(response: httpx.Response, url: str, limit: int) -> bytes:
    declared = response.headers.get("content-length")
    if declared and declared.strip().isdigit() and int(declared) > limit:
        raise _too_large(url, limit, int(declared))
    encodings = [
        e.strip().lower()
        for e in response.headers.get("content-encoding", "").split(",")
        if e.strip() and e.strip().lower() != "identity"
    ]
    if len(encodings) > 1:
        raise FetchError(
            f"{url} was sent with stacked content encodings ({', '.join(encodings)}).",
            code=ErrorCode.UNSUPPORTED_TYPE,
            recovery=Recovery.USE_SUPPLIED_TEXT,
            details={"url": url, "content_encoding": ",".join(encodings)},
        )
    inflater = _Inflater(encodings[0], url) if encodings else None
    out = bytearray()
    wire = 0
    async for chunk in response.aiter_raw():
        wire += len(chunk)
        if wire > limit:
            raise _too_large(url, limit)
        piece = inflater.feed(chunk, limit - len(out)) if inflater else chunk
        out += piece
        if len(out) > limit:
            raise _too_large(url, limit)
    return bytes(out)


def _is_tls(exc: BaseException) -> bool:
    seen: set[int] = set()
    node: BaseException | None = exc
    while node is not None and id(node) not in seen:
        seen.add(id(node))
        if isinstance(node, ssl.SSLError):
            return True
        node = node.__cause__ or node.__context__
    text = str(exc)
    return "SSL" in text or "CERTIFICATE" in text.upper()


def _transport_error(url: str, exc: httpx.HTTPError) -> FetchError:
    if isinstance(exc, httpx.TimeoutException):
        return _timeout(url)
    if _is_tls(exc):
        return FetchError(
            f"A secure connection to {url} could not be established ({exc}).",
            code=ErrorCode.TLS_ERROR,
            recovery=Recovery.CHECK_URL,
            details={"url": url},
        )
    reason = "incomplete_body" if isinstance(exc, httpx.RemoteProtocolError) else "connect"
    return FetchError(
        f"The connection to {url} failed ({exc or type(exc).__name__}).",
        code=ErrorCode.CONNECT_ERROR,
        recovery=Recovery.RETRY_LATER,
        details={"url": url, "reason": reason},
    )


def _timeout(url: str, seconds: float | None = None) -> FetchError:
    within = f" within {seconds:g} s" if seconds is not None else ""
    return FetchError(
        f"{url} did not arrive{within}.",
        code=ErrorCode.TIMEOUT,
        recovery=Recovery.RETRY_LATER,
        details={"url": url, **({"timeout": seconds} if seconds is not None else {})},
    )


def _status_error(url: str, response: httpx.Response) -> FetchError:
    status = response.status_code
    retry_after = parse_retry_after(response.headers.get("retry-after"))
    if status == 429 or (status == 503 and retry_after is not None):
        return FetchError(
            f"{url} refused the request: too many requests (HTTP {status})"
            + (f"; it asks to wait {retry_after} s." if retry_after is not None else "."),
            code=ErrorCode.RATE_LIMITED,
            recovery=Recovery.RETRY_LATER,
            details={"url": url, "status": status, "retry_after": retry_after},
        )
    if status in (401, 402, 403, 451):
        recovery = Recovery.USE_SUPPLIED_TEXT
    elif status >= 500 or status == 408:
        recovery = Recovery.RETRY_LATER
    else:
        recovery = Recovery.CHECK_URL
    return FetchError(
        f"{url} answered HTTP {status} {response.reason_phrase}.".replace(" .", "."),
        code=ErrorCode.HTTP_ERROR,
        recovery=recovery,
        details={"url": url, "status": status},
    )


def _wall_error(url: str, reason: str, status: int) -> FetchError:
    return FetchError(
        f"{url} served a {reason.replace('_', ' ')} page instead of the document.",
        code=ErrorCode.NO_TEXT,
        recovery=Recovery.USE_SUPPLIED_TEXT,
        details={"url": url, "reason": reason, "status": status},
    )


class Fetcher:
    """Guarded GETs over one client.

    Args:
        client: an ``httpx.AsyncClient`` whose transport is a ``GuardTransport``, created with
            ``follow_redirects=False`` and a cookie jar that keeps nothing.
        timeout: seconds for a whole fetch, redirects included.
        max_bytes: the body cap, applied after decompression.
        max_redirects: hops followed before ``too_many_redirects``.
        host_slot: what bounds (and paces) the requests to one host.
        before_hop: called with each URL before it is requested (robots.txt); may raise.
    """

    def __init__(
        self,
        client: httpx.AsyncClient,
        *,
        timeout: float,
        max_bytes: int,
        max_redirects: int,
        host_slot: Callable[[str], AbstractAsyncContextManager[Any]],
        before_hop: Callable[[httpx.URL], Awaitable[None]] | None = None,
    ) -> None:
        self._client = client
        self.timeout = timeout
        self.max_bytes = max_bytes
        self.max_redirects = max_redirects
        self._host_slot = host_slot
        self._before_hop = before_hop

    async def get(
        self,
        url: str,
        *,
        accept: str = ACCEPT,
        max_bytes: int | None = None,
        check_robots: bool = True,
        check_walls: bool = True,
        key_header: tuple[str, str] | None = None,
    ) -> FetchedBody:
        """Fetch ``url``, following redirects by hand.

        Args:
            url: an absolute http(s) URL.
            accept: the Accept header.
            max_bytes: overrides the body cap for this fetch.
            check_robots: False for robots.txt itself.
            check_walls: False to skip bot-challenge/login-page detection (robots.txt, APIs).
            key_header: an API key's header (name, value), sent to ``url`` itself and never
                along a redirect, so a key cannot leak to another host.

        Returns:
            The body and its retrieval facts.

        Raises:
            FetchError: see the module docstring.
        """
        limit = self.max_bytes if max_bytes is None else max_bytes
        current = check_url(url)
        hops: list[Redirect] = []
        try:
            async with asyncio.timeout(self.timeout):
                while True:
                    if check_robots and self._before_hop is not None:
                        await self._before_hop(current)
                    extra = key_header if not hops else None
                    result = await self._one_hop(current, accept, limit, check_walls, extra)
                    if isinstance(result, FetchedBody):
                        return _with_chain(result, url, hops)
                    status, location = result
                    hops.append(Redirect(str(current), status))
                    if len(hops) > self.max_redirects:
                        raise FetchError(
                            f"{url} redirected more than {self.max_redirects} times.",
                            code=ErrorCode.TOO_MANY_REDIRECTS,
                            recovery=Recovery.CHECK_URL,
                            details={"url": url, "redirects": [h.to_dict() for h in hops]},
                        )
                    current = check_url(location)
        except TimeoutError as exc:
            raise _timeout(url, self.timeout) from exc

    async def _one_hop(
        self,
        url: httpx.URL,
        accept: str,
        limit: int,
        check_walls: bool,
        key_header: tuple[str, str] | None = None,
    ) -> FetchedBody | tuple[int, httpx.URL]:
        text = str(url)
        headers = {"Accept": accept, "Accept-Encoding": "gzip, deflate"}
        if key_header is not None:
            headers[key_header[0]] = key_header[1]
        request = self._client.build_request("GET", url, headers=headers)
        async with self._host_slot(url.host):
            try:
                response = await self._client.send(request, stream=True)
                try:
                    return await self._handle(text, url, response, accept, limit, check_walls)
                finally:
                    await response.aclose()
            except httpx.HTTPError as exc:
                raise _transport_error(text, exc) from exc

    async def _handle(
        self,
        text: str,
        url: httpx.URL,
        response: httpx.Response,
        accept: str,
        limit: int,
        check_walls: bool,
    ) -> FetchedBody | tuple[int, httpx.URL]:
        status = response.status_code
        if status in _REDIRECTS:
            location = response.headers.get("location")
            if not location:
                raise FetchError(
                    f"{text} answered HTTP {status} without saying where to go.",
                    code=ErrorCode.HTTP_ERROR,
                    recovery=Recovery.CHECK_URL,
                    details={"url": text, "status": status},
                )
            try:
                return status, url.join(location.strip())
            except (httpx.InvalidURL, ValueError) as exc:
                raise FetchError(
                    f"{text} redirected to an unusable URL {location!r}.",
                    code=ErrorCode.BAD_URL,
                    recovery=Recovery.CHECK_URL,
                    details={"url": text, "location": location},
                ) from exc
        media, charset = _media_type(response.headers.get("content-type"))
        if not 200 <= status < 300:
            error = _status_error(text, response)
            if check_walls and media in (None, "text/html", "application/xhtml+xml"):
                try:
                    body = await _read_capped(response, text, _ERROR_BODY_CAP)
                except FetchError:
                    body = b""
                reason = wall_reason(body)
                if reason is not None:
                    raise _wall_error(text, reason, status) from error
            raise error
        body = await _read_capped(response, text, limit)
        if check_walls and media in (None, "text/html", "application/xhtml+xml"):
            reason = wall_reason(body)
            if reason is not None:
                raise _wall_error(text, reason, status)
        return FetchedBody(
            url=text,
            final_url=text,
            http_status=status,
            redirects=(),
            content_type=media,
            charset=charset,
            etag=response.headers.get("etag"),
            last_modified=response.headers.get("last-modified"),
            body=body,
            content_sha256=hashlib.sha256(body).hexdigest(),
            retrieved_at=utc_now(),
            rate_limit=tuple(
                (k.lower(), v)
                for k, v in response.headers.items()
                if k.lower().startswith("x-rate-limit-")
            ),
        )


def _with_chain(result: FetchedBody, url: str, hops: list[Redirect]) -> FetchedBody:
    return replace(result, url=url, redirects=tuple(hops))
