"""A real HTTP server on loopback for the network tests, with request counting.

Each test builds its own ``LoopbackServer`` (a stdlib ``ThreadingHTTPServer`` in a thread), adds
routes, and points the code at ``server.url(...)``. Only the server's own (address, port) is ever
exempted from the address guard, through ``RemoteSettings.allow_addresses``.
"""

from __future__ import annotations

import gzip
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

Handler = Callable[[BaseHTTPRequestHandler], None]


@dataclass
class Route:
    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    handler: Handler | None = None


class LoopbackServer:
    """Serves registered routes on 127.0.0.1 and counts what was asked for.

    Attributes:
        hits: requests per path (query included).
        seen_headers: the headers of every request, in arrival order.
    """

    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.hits: Counter[str] = Counter()
        self.seen_headers: list[tuple[str, dict[str, str]]] = []
        self.stop_event = threading.Event()
        self.in_flight = 0
        self.max_in_flight = 0
        self._lock = threading.Lock()
        self._server = _make_server(self)
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def address(self) -> tuple[str, int]:
        """The (ip, port) pair a test may exempt from the guard."""
        return ("127.0.0.1", self.port)

    @property
    def total_hits(self) -> int:
        return sum(self.hits.values())

    def url(self, path: str = "/") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def route(
        self,
        path: str,
        body: bytes | str = b"",
        *,
        status: int = 200,
        content_type: str | None = "text/html; charset=utf-8",
        headers: dict[str, str] | None = None,
        delay: float = 0.0,
        handler: Handler | None = None,
    ) -> None:
        """Register what ``path`` (query included, or path alone) answers."""
        data = body.encode("utf-8") if isinstance(body, str) else body
        hdrs = dict(headers or {})
        if content_type is not None:
            hdrs.setdefault("Content-Type", content_type)
        self.routes[path] = Route(status, data, hdrs, delay, handler)

    def redirect(self, path: str, to: str, status: int = 302) -> None:
        self.route(path, status=status, headers={"Location": to}, content_type=None)

    def record(self, path: str, headers: dict[str, str]) -> None:
        with self._lock:
            self.hits[path] += 1
            self.seen_headers.append((path, headers))

    def stall(self, seconds: float) -> None:
        """Sleep in small steps so that a stopping server is not held up."""
        end = time.monotonic() + seconds
        while time.monotonic() < end and not self.stop_event.is_set():
            time.sleep(0.02)

    def __enter__(self) -> LoopbackServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop_event.set()
        self._server.shutdown()
        self._server.server_close()


def _make_server(owner: LoopbackServer) -> ThreadingHTTPServer:
    class _Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib name
            return

        def do_GET(self) -> None:  # noqa: N802 - stdlib name
            owner.record(self.path, {k.lower(): v for k, v in self.headers.items()})
            with owner._lock:
                owner.in_flight += 1
                owner.max_in_flight = max(owner.max_in_flight, owner.in_flight)
            self._counted = True
            try:
                self._answer()
            finally:
                self._leave()

        def _leave(self) -> None:
            """A request stops counting as in flight before its answer is sent: once the
            client has the answer it may send the next one, and a server thread paused between
            its last write and this count would make two requests look like three."""
            if self._counted:
                self._counted = False
                with owner._lock:
                    owner.in_flight -= 1

        def _answer(self) -> None:
            route = owner.routes.get(self.path) or owner.routes.get(urlsplit(self.path).path)
            if route is None:
                route = Route(404, b"not here", {"Content-Type": "text/plain"})
            if route.handler is not None:
                route.handler(self)
                return
            if route.delay:
                owner.stall(route.delay)
            self._leave()
            self.send_response(route.status)
            for key, value in route.headers.items():
                self.send_header(key, value)
            if "content-length" not in {k.lower() for k in route.headers}:
                self.send_header("Content-Length", str(len(route.body)))
            self.end_headers()
            self.wfile.write(route.body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    server.daemon_threads = True
    server.block_on_close = False
    return server


@contextmanager
def serving() -> Iterator[LoopbackServer]:
    """A started server, stopped on exit."""
    with LoopbackServer() as server:
        yield server


def gzip_bomb(size: int) -> bytes:
    """``size`` zero bytes, gzip-compressed (about 1000:1)."""
    return gzip.compress(b"\0" * size, compresslevel=9)


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def stalling_body(owner: LoopbackServer, seconds: float) -> Handler:
    """A handler that sends headers and a first byte, then stalls."""

    def handler(req: BaseHTTPRequestHandler) -> None:
        req.send_response(200)
        req.send_header("Content-Type", "text/plain")
        req.send_header("Content-Length", "1000")
        req.end_headers()
        req.wfile.write(b"x")
        req.wfile.flush()
        owner.stall(seconds)

    return handler


def short_body(declared: int, sent: bytes) -> Handler:
    """A handler that declares more bytes than it sends, then closes."""

    def handler(req: BaseHTTPRequestHandler) -> None:
        req.send_response(200)
        req.send_header("Content-Type", "text/plain")
        req.send_header("Content-Length", str(declared))
        req.send_header("Connection", "close")
        req.end_headers()
        req.wfile.write(sent)
        req.wfile.flush()
        req.close_connection = True

    return handler


def chunked_endless(owner: LoopbackServer, chunk: bytes, seconds: float = 5.0) -> Handler:
    """A chunked body with no declared length that keeps coming until stopped."""

    def handler(req: BaseHTTPRequestHandler) -> None:
        req.send_response(200)
        req.send_header("Content-Type", "text/plain")
        req.send_header("Transfer-Encoding", "chunked")
        req.end_headers()
        end = time.monotonic() + seconds
        try:
            while time.monotonic() < end and not owner.stop_event.is_set():
                req.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        except OSError:
            return

    return handler
