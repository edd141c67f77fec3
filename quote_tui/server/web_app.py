"""The app in a browser: ``quote-tui demo --web`` and ``quote-tui open FILE --web``.

textual-serve runs the app once per browser tab (the same ``quote-tui`` command, without
``--web``) and relays its screen over a WebSocket to xterm.js in the page. Three things are
added in front of it, because it has none of them:

- who may connect, decided by the JSON API's own ``Guard``: on loopback the ``Host`` must name
  loopback and a page's ``Origin`` must be a loopback page (a WebSocket is not bound by the
  same-origin rule, so without this any site the user visits could drive the app and read the
  files it opens); off loopback the key ``serve`` takes is required too (``check_exposure``).
  A browser cannot send a header on a page load, so the key comes once as ``/?key=KEY`` and is
  kept in a ``SameSite=Strict`` cookie that a page of another site never sends;
- the WebSocket must come from a page of this server (its ``Origin`` names the ``Host``);
- nothing is loaded from outside the machine: textual-serve's page asks Google Fonts for Roboto
  Mono, which ships in its own static folder, so the page is pointed there instead. A page that
  still names an outside address is not served (fail closed), and a Content-Security-Policy
  keeps the browser to this server whatever the scripts ask for.
"""

from __future__ import annotations

import logging
import re
import shlex
import sys
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from quote_tui.api import ErrorCode, QuoteTuiError, Recovery
from quote_tui.server.config import check_exposure, is_loopback
from quote_tui.server.guard import Guard

__all__ = ["CONTENT_SECURITY_POLICY", "KEY_COOKIE", "app_command", "local_page", "serve_app"]

KEY_COOKIE = "quote_tui_key"
"""The cookie that carries the key after ``/?key=KEY`` was accepted once."""

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-ancestors 'none'; "
    "base-uri 'none'; form-action 'none'"
)
"""The page's scripts and styles are textual-serve's own, some inline; everything else, and
every connection (the WebSocket included), stays on this server."""

_GOOGLE_FONT = re.compile(
    r'<link\s+rel="stylesheet"\s+href="https://fonts\.googleapis\.com/[^"]*"\s*/?>', re.S
)
_LOCAL_FONT = (
    "<style>@font-face {{ font-family: 'Roboto Mono'; "
    "src: url('{static}fonts/RobotoMono-VariableFont_wght.ttf'); }}</style>"
)
# What the page would fetch: src and href attributes and CSS url()s. An SVG's xmlns names a
# namespace and fetches nothing.
_FETCHED = re.compile(
    r"""\b(?:src|href)\s*=\s*["']?\s*([^"'\s>]+)|url\(\s*["']?\s*([^"')\s]+)""", re.I
)
_ADDRESS = re.compile(r"(?:[a-z][a-z0-9+.-]*:)?//", re.I)


def app_command(argv: Sequence[str]) -> str:
    """The shell command textual-serve runs for each browser tab: this Python, this package, and
    ``argv`` (the same ``demo`` or ``open`` without ``--web``), each word quoted for the shell."""
    # -P: not the working folder's copy of quote_tui, which `-m` would put first on the path
    return shlex.join([sys.executable, "-P", "-m", "quote_tui", *argv])


def local_page(html: str, static_url: str) -> str:
    """textual-serve's page with its one outside resource (Google Fonts) served from here.

    Raises:
        QuoteTuiError: ``bad_option``: the page still names an address outside this server
            (a textual-serve release that loads more from a CDN); nothing is served.
    """
    page = _GOOGLE_FONT.sub(_LOCAL_FONT.format(static=static_url), html)
    fetched = (m.group(1) or m.group(2) for m in _FETCHED.finditer(page))
    outside = [u for u in fetched if _ADDRESS.match(u) and not u.startswith(static_url)]
    if outside:
        raise QuoteTuiError(
            f"the browser page would load from outside this machine ({outside[0]!r}); "
            "it is not served. Install the textual-serve version quote-tui pins.",
            code=ErrorCode.BAD_OPTION,
            recovery=Recovery.FIX_INPUT,
        )
    return page


def serve_app(
    argv: Sequence[str],
    *,
    host: str,
    port: int,
    api_key: str | None,
    insecure_no_auth: bool,
    title: str = "quote-tui",
) -> int:
    """Serve the app ``quote-tui ARGV`` to browsers at ``http://HOST:PORT/`` until interrupted.

    Raises:
        QuoteTuiError: a public ``host`` with no key (as ``serve`` refuses it), or textual-serve
            is not installed.
    """
    check_exposure(host, api_key, insecure_no_auth)
    try:
        from textual_serve.server import Server
    except ImportError:
        raise QuoteTuiError(
            "--web needs textual-serve: pip install 'quote-tui[web]'",
            code=ErrorCode.BAD_OPTION,
            recovery=Recovery.FIX_INPUT,
        ) from None
    server_class = _server_class(Server)
    server = server_class(app_command(argv), host=host, port=port, title=title)
    server.setup_guard(api_key=api_key, loopback=is_loopback(host))
    server.serve()
    return 0


def _server_class(base: Any) -> Any:
    """textual-serve's ``Server`` with the guard, the local page and a quiet log; built here so
    the aiohttp stack is imported only when ``--web`` is asked for."""
    from aiohttp import web

    Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

    class AppServer(base):  # type: ignore[misc, valid-type]
        def setup_guard(self, *, api_key: str | None, loopback: bool) -> None:
            self._key = api_key
            self._guard = Guard(_no_app, api_key=api_key, loopback=loopback, open_paths=())

        async def _make_app(self) -> web.Application:
            app: web.Application = await super()._make_app()
            app.middlewares.append(self._guarded)
            return app

        @web.middleware
        async def _guarded(self, request: web.Request, handler: Handler) -> web.StreamResponse:
            refusal = self._refusal(request)
            if refusal is not None:
                return refusal
            response = await handler(request)
            given = request.query.get("key")
            if self._key is not None and given is not None and request.path == "/":
                response.set_cookie(KEY_COOKIE, given, httponly=True, samesite="Strict", path="/")
            return response

        def _refusal(self, request: web.Request) -> web.Response | None:
            headers = {
                k.lower(): v.encode("latin-1", "replace") for k, v in request.headers.items()
            }
            given = request.cookies.get(KEY_COOKIE)
            if request.path == "/" and "key" in request.query:
                given = request.query["key"]
            if given is not None:
                headers["x-api-key"] = given.encode("utf-8")
            refused = self._guard.refusal(request.path, headers)
            if refused is not None:
                text = refused.message
                if refused.status == 401:
                    text = "This app needs its key: open /?key=KEY (the key given to --api-key)."
                return web.Response(status=refused.status, text=text + "\n")
            if request.path == "/ws" and not _same_origin(request):
                return web.Response(status=403, text="The app is reached from its own page.\n")
            return None

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            # the page names the WebSocket by the address the browser used, not the bound one
            # (0.0.0.0 is no address to connect to)
            self.public_url = f"{request.scheme}://{request.host}"
            response = await super().handle_index(request)
            static = f"{self.public_url}/static/"
            try:
                page = local_page(response.text, static)
            except QuoteTuiError as exc:
                return web.Response(status=500, text=exc.message + "\n")
            served = web.Response(text=page, content_type="text/html")
            served.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
            served.headers["Referrer-Policy"] = "no-referrer"
            return served

        def initialize_logging(self) -> None:
            super().initialize_logging()
            logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

        async def on_startup(self, app: web.Application) -> None:
            where = f"http://{self.host}:{self.port}/"
            if self._key is not None:
                where += "?key=KEY"
            print(f"quote-tui: the app is served at {where} (Ctrl+C stops it)", flush=True)

    return AppServer


def _same_origin(request: Any) -> bool:
    """Whether a WebSocket's ``Origin`` is this server's own page (``http(s)://`` + ``Host``)."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True  # not a browser: the key and Host checks above decided
    return origin.lower() in (f"http://{request.host}".lower(), f"https://{request.host}".lower())


async def _no_app(scope: Any, receive: Any, send: Any) -> None:
    """The guard is asked, never run: it stands in front of no ASGI app here."""
