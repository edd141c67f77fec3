"""Running an application under uvicorn: in the foreground for the CLI, or in a thread."""

from __future__ import annotations

import socket
import threading
import time
from types import TracebackType
from typing import Any

import uvicorn

from quote_tui.server.config import ServerConfig, check_exposure
from quote_tui.server.connections import ConnectionLimits, bounded_protocol, quiet_accept_errors
from quote_tui.server.routes import build_app


def uvicorn_config(
    app: Any,
    host: str,
    port: int,
    *,
    log_level: str = "info",
) -> uvicorn.Config:
    """uvicorn settings shared by the JSON API and MCP over HTTP.

    Forwarded headers are ignored (no proxy is trusted by default) and no Server header names the
    software; idle keep-alive connections are dropped after 5 s so they cannot pile up, and the HTTP
    protocol bounds how long a request may take to arrive and how many connections are open
    (``server.connections``, the limits the app carries as ``connection_limits``). The plain asyncio
    loop is used: its accept loop pauses on ``EMFILE`` instead of spinning.
    """
    quiet_accept_errors()
    limits = getattr(app, "connection_limits", None) or ConnectionLimits()
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        proxy_headers=False,
        server_header=False,
        timeout_keep_alive=5,
        lifespan="auto",
        http=bounded_protocol(limits),
        loop="asyncio",
    )


def serve(config: ServerConfig, *, log_level: str = "info") -> int:
    """Serve the JSON API until interrupted; returns the exit code.

    Raises:
        QuoteTuiError: a public address without an API key or ``--insecure-no-auth``, or a limit
            that is not positive.
    """
    check_exposure(config.host, config.api_key, config.insecure_no_auth)
    config.limits.validate()
    app = build_app(config)
    uvicorn.Server(uvicorn_config(app, config.host, config.port, log_level=log_level)).run()
    return 0


class BackgroundServer:
    """An application served by uvicorn in a thread, on a loopback port chosen by the system.

    The socket is bound before the thread starts, so there is no race for the port; leaving the
    ``with`` block stops the server and waits for the thread.

    Example::

        with BackgroundServer(build_app(ServerConfig())) as server:
            httpx.get(server.url("/v1/health"))
    """

    def __init__(self, app: Any, *, host: str = "127.0.0.1", startup_timeout: float = 10.0) -> None:
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._socket.bind((host, 0))
        self.host, self.port = self._socket.getsockname()[:2]
        config = uvicorn_config(app, self.host, self.port, log_level="warning")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [self._socket]}, daemon=True
        )
        self._startup_timeout = startup_timeout

    def url(self, path: str = "") -> str:
        return f"http://{self.host}:{self.port}{path}"

    def __enter__(self) -> BackgroundServer:
        self._thread.start()
        deadline = time.monotonic() + self._startup_timeout
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("the server did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=10)
        self._socket.close()

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()
