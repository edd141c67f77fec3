"""Bounds on connections, below the application: how many, and how long each may take to talk.

uvicorn closes an idle keep-alive connection, but not one that sends nothing at all, nor one
that trickles its headers or its body a byte at a time: each holds a file descriptor for as long
as the client likes, and enough of them stop the server from accepting anyone. So every
connection here, on top of uvicorn's HTTP/1.1 protocol (h11):

- must finish its request headers within ``header_timeout`` seconds of connecting (or of the
  previous response), and its body within ``body_timeout`` seconds of the headers; past either it
  gets ``408`` and is closed;
- is shed at once (closed unanswered) when ``max_connections`` are already open, a cap the
  server keeps below its file-descriptor limit, so accepting never runs out of descriptors;
- is shed too when its client (its address) already holds ``max_per_client`` of them, a cap
  below the global one: one client that keeps reconnecting, before any key is checked, once
  held every place (11 of 12 probes from another client were refused over 24 s); now it is
  shed before anyone else is.

The accept loop itself is asyncio's: on ``EMFILE`` it pauses accepting for a second rather than
spinning, and its message about it is logged at most once a minute here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["ConnectionLimits", "bounded_protocol", "fd_cap", "quiet_accept_errors"]

_RESERVED_FDS = 128
"""Descriptors kept for everything but client connections: reader children, files, logs."""

_TIMEOUT_ANSWER = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\nconnection: close\r\n"
    b"content-length: %d\r\n\r\n%s"
)


@dataclass(frozen=True, slots=True)
class ConnectionLimits:
    """How long a client may take to send a request, and how many may be connected at once.

    Attributes:
        header_timeout: seconds from connecting (or from the last response) to the end of the
            request's headers.
        body_timeout: seconds from the end of the headers to the end of the body; well under
            the request deadline, so a slow body never holds a check's place.
        max_connections: open connections; past it, new ones are closed at once.
        max_per_client: open connections of one client address; past it, that client's new
            ones are closed at once. None: a quarter of ``max_connections`` (at least 1).
    """

    header_timeout: float = 5.0
    body_timeout: float = 10.0
    max_connections: int = 512
    max_per_client: int | None = None

    @property
    def per_client(self) -> int:
        """The per-client cap in force, always below the global one (when that is above 1)."""
        if self.max_per_client is not None:
            return max(1, min(self.max_per_client, self.max_connections - 1))
        return max(1, self.max_connections // 4)


def fd_cap(wanted: int) -> int:
    """``wanted`` connections, lowered to fit under this process's file-descriptor limit."""
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return wanted
    if soft == resource.RLIM_INFINITY:
        return wanted
    spare = soft - _RESERVED_FDS if soft > 2 * _RESERVED_FDS else soft // 2
    return max(8, min(wanted, spare))


def _answer(code: str, message: str) -> bytes:
    body = b'{"code": "%s", "message": "%s", "recovery": "retry_later"}' % (
        code.encode("ascii"),
        message.encode("ascii"),
    )
    return _TIMEOUT_ANSWER % (len(body), body)


class _BoundedH11(H11Protocol):
    """uvicorn's h11 protocol with header and body deadlines and a connection cap."""

    limits: ConnectionLimits = ConnectionLimits()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._timer: asyncio.TimerHandle | None = None
        self._phase = "headers"

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.limits.max_connections or self._client_is_full():
            # shed: a descriptor is cheaper closed than answered
            self.connections.discard(self)
            transport.abort()
            return
        self._arm("headers", self.limits.header_timeout)

    def _client_is_full(self) -> bool:
        """Whether this connection's client already held its share before it came."""
        host = self.client[0] if self.client else None
        if host is None:
            return False  # a Unix socket: one client, the global cap is its cap
        # a count over the open connections (at most max_connections, so a few hundred) keeps
        # no second record that could drift from uvicorn's own set
        held = sum(
            1
            for other in self.connections
            if other is not self and getattr(other, "client", None) and other.client[0] == host
        )
        return held >= self.limits.per_client

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._follow()

    def _follow(self) -> None:
        """Arm the deadline that fits where the request stands."""
        if self.transport is None or self.transport.is_closing():
            self._disarm()
            return
        state = self.conn.their_state
        if state is h11.IDLE:
            if self._phase != "headers" and self.conn.our_state is h11.IDLE:
                # the next request on a kept-alive connection: its headers have their deadline
                self._arm("headers", self.limits.header_timeout)
        elif state is h11.SEND_BODY:
            if self._phase != "body":
                self._arm("body", self.limits.body_timeout)
        elif self._phase != "answer":
            # the request is in (or the connection is closing): the app's deadline governs
            self._disarm()
            self._phase = "answer"

    def _arm(self, phase: str, seconds: float) -> None:
        self._disarm()
        self._phase = phase
        self._timer = self.loop.call_later(seconds, self._expired, phase)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _expired(self, phase: str) -> None:
        self._timer = None
        if self.transport is None or self.transport.is_closing() or phase != self._phase:
            return
        started = self.cycle is not None and self.cycle.response_started
        if phase == "headers" and self.conn.our_state is h11.IDLE:
            with contextlib.suppress(Exception):
                self.transport.write(
                    _answer("header_timeout", "the request headers did not arrive in time")
                )
        elif phase == "body" and not started:
            with contextlib.suppress(Exception):
                self.transport.write(_answer("body_timeout", "the request body was too slow"))
        if self.cycle is not None:
            self.cycle.disconnected = True
            self.cycle.message_event.set()
        self.transport.close()


def bounded_protocol(limits: ConnectionLimits) -> type[H11Protocol]:
    """An HTTP protocol class for ``uvicorn.Config(http=...)`` that keeps to ``limits``."""
    capped = ConnectionLimits(
        header_timeout=limits.header_timeout,
        body_timeout=limits.body_timeout,
        max_connections=fd_cap(limits.max_connections),
        max_per_client=limits.max_per_client,
    )
    return type("BoundedH11Protocol", (_BoundedH11,), {"limits": capped})


class _EveryMinute(logging.Filter):
    """Lets one accept-error record through per minute; the rest say nothing new."""

    def __init__(self) -> None:
        super().__init__()
        self._last = -60.0

    def filter(self, record: logging.LogRecord) -> bool:
        if "out of system resource" not in record.getMessage():
            return True
        now = time.monotonic()
        if now - self._last < 60:
            return False
        self._last = now
        return True


_FILTER = _EveryMinute()


def quiet_accept_errors() -> None:
    """Log asyncio's "accept out of system resource" once a minute, not once per attempt."""
    logger = logging.getLogger("asyncio")
    if _FILTER not in logger.filters:
        logger.addFilter(_FILTER)
