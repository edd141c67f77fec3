"""Who may talk to the server: an ASGI layer in front of both the JSON API and MCP over HTTP.

Two checks, before any route runs:

- With an API key, every request but the open paths (health, OpenAPI) carries it as
  ``Authorization: Bearer KEY`` or ``X-API-Key: KEY``; it is compared with
  ``hmac.compare_digest`` so the time taken says nothing about how much of a guess was right.
- Bound to loopback, the ``Host`` header must name loopback and a browser's ``Origin``, when
  sent, must be a loopback page: otherwise any web page could reach the local server through DNS
  rebinding or a plain cross-site form post.
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Iterable

from starlette.types import ASGIApp, Receive, Scope, Send

from quote_tui.server.config import is_loopback
from quote_tui.server.connections import ConnectionLimits
from quote_tui.server.errors import ApiCode, ApiError, ApiRecovery

OPEN_PATHS = frozenset({"/v1/health", "/openapi.json"})


class Guard:
    """ASGI middleware that refuses unauthenticated or cross-site requests with JSON errors.

    Args:
        app: the application behind the guard.
        api_key: the key every request must carry (None: no key needed).
        loopback: the server is bound to a loopback address (enables the Host/Origin checks).
        open_paths: paths served without a key.
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        api_key: str | None,
        loopback: bool,
        open_paths: Iterable[str] = OPEN_PATHS,
    ) -> None:
        self.app = app
        self._key = api_key.encode("utf-8") if api_key is not None else None
        self._loopback = loopback
        self._open = frozenset(open_paths)
        self.connection_limits: ConnectionLimits | None = None
        """What the HTTP protocol under this app bounds (``run.uvicorn_config`` reads it)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v for k, v in scope.get("headers", [])}
        refusal = self.refusal(scope.get("path", ""), headers)
        if refusal is None:
            await self.app(scope, receive, send)
            return
        await send_error(send, refusal)

    def refusal(self, path: str, headers: dict[str, bytes]) -> ApiError | None:
        """Why a request with these (lower-cased) headers is refused, or None; the app in the
        browser (``server.web_app``) asks the same question of its own requests."""
        framing = headers.get("transfer-encoding", b"").lower()
        if "content-length" in headers and b"chunked" in framing:
            # two framings: a proxy in front may read the body one way and we another
            message = "a request may not carry both Content-Length and chunked Transfer-Encoding"
            return _refused(400, ApiCode.BAD_FRAMING, message, {"Connection": "close"})
        if self._loopback:
            host = headers.get("host", b"").decode("latin-1")
            if not _host_is_loopback(host):
                return _refused(
                    421, ApiCode.BAD_HOST, f"Host {host!r} is not this machine's loopback name"
                )
            origin = headers.get("origin")
            if origin is not None and not _origin_is_loopback(origin.decode("latin-1")):
                message = "requests from web pages of other sites are refused"
                return _refused(403, ApiCode.BAD_ORIGIN, message)
        if self._key is None or path in self._open or self._carries_key(headers):
            return None
        message = "this server needs an API key: 'Authorization: Bearer KEY' or 'X-API-Key: KEY'"
        return _refused(
            401, ApiCode.UNAUTHORIZED, message, {"WWW-Authenticate": 'Bearer realm="quote_tui"'}
        )

    def _carries_key(self, headers: dict[str, bytes]) -> bool:
        assert self._key is not None
        given = headers.get("x-api-key")
        if given is None:
            scheme, _, token = headers.get("authorization", b"").partition(b" ")
            given = token.strip() if scheme.lower() == b"bearer" else b""
        return hmac.compare_digest(given, self._key)


# Parsed strictly, by hand: urlsplit reads "evil.com\\@localhost" as user info and a host, and
# would call it loopback. A Host is a name or an address, and an optional port, nothing else.
_HOST = re.compile(
    r"(?:\[(?P<v6>[0-9A-Fa-f:.]+)\]|(?P<name>[A-Za-z0-9.-]+))(?::(?P<port>[0-9]{1,5}))?"
)
_ORIGIN = re.compile(r"(?P<scheme>https?)://(?P<host>[^/?#@\\]+)")


def _host_is_loopback(value: str) -> bool:
    """Whether a Host header names loopback: ``localhost``, ``127.x.y.z`` or ``[::1]``, with an
    optional port, and nothing more."""
    m = _HOST.fullmatch(value)
    if m is None:
        return False
    return is_loopback(m.group("v6") or m.group("name"))


def _origin_is_loopback(value: str) -> bool:
    """Whether an Origin is a loopback page: ``http(s)://`` and a loopback Host, no more."""
    m = _ORIGIN.fullmatch(value.lower())
    return m is not None and _host_is_loopback(m.group("host"))


async def send_error(send: Send, error: ApiError) -> None:
    """Answer with ``error`` as JSON, straight on the ASGI channel."""
    body = error.body()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode("ascii")),
        *((k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in error.headers.items()),
    ]
    await send({"type": "http.response.start", "status": error.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


_RECOVERY = {
    ApiCode.BAD_FRAMING: ApiRecovery.FIX_INPUT,
    ApiCode.BAD_HOST: ApiRecovery.USE_LOOPBACK_ADDRESS,
    ApiCode.BAD_ORIGIN: ApiRecovery.USE_LOOPBACK_ADDRESS,
    ApiCode.UNAUTHORIZED: ApiRecovery.SEND_API_KEY,
}
"""What a client can do about each refusal made before the request reaches a route."""


def _refused(
    status: int, code: ApiCode, message: str, headers: dict[str, str] | None = None
) -> ApiError:
    return ApiError(message, status=status, code=code, recovery=_RECOVERY[code], headers=headers)
