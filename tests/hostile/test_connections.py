"""Connections that send nothing, or send slowly, are closed; past the cap they are shed; and
none of it keeps a normal request from its answer. Loopback only, bounded in count and time."""

from __future__ import annotations

import asyncio
import json
import socket
import time

import httpx
import pytest

from quote_tui.server.admission import Admission
from quote_tui.server.connections import ConnectionLimits, bounded_protocol, fd_cap
from quote_tui.server.errors import ApiError
from tests.server.conftest import TEXT, StartServer

BATCH = json.dumps(
    {
        "sources": [{"id": "s", "text": TEXT}],
        "citations": [{"id": "c", "source": "s", "quote": "a truth"}],
    }
).encode()


def _open(port: int, count: int) -> list[socket.socket]:
    socks = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        socks.append(s)
    return socks


def _closed_within(socks: list[socket.socket], seconds: float) -> int:
    """How many of ``socks`` the server closed within ``seconds`` (reading to EOF)."""
    deadline = time.monotonic() + seconds
    closed = 0
    for s in socks:
        s.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            while s.recv(4096):
                pass
            closed += 1
        except (TimeoutError, OSError):
            pass
        finally:
            s.close()
    return closed


def _normal_request(server) -> int:
    return httpx.post(server.url("/v1/check"), content=BATCH, timeout=10).status_code


def test_fifty_silent_connections_are_closed_within_the_header_timeout(
    start_server: StartServer,
) -> None:
    server = start_server(header_timeout=2.0)
    start = time.monotonic()
    socks = _open(server.port, 50)
    assert _normal_request(server) == 200  # answered while they sit there
    assert _closed_within(socks, 15) == 50
    assert time.monotonic() - start < 15


def test_half_sent_headers_get_408_and_are_closed(start_server: StartServer) -> None:
    server = start_server(header_timeout=1.0)
    s = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    s.sendall(b"POST /v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    data = b""
    start = time.monotonic()
    while chunk := s.recv(4096):
        data += chunk
    s.close()
    assert data.startswith(b"HTTP/1.1 408") and b"header_timeout" in data
    assert time.monotonic() - start < 5


def test_a_slow_body_gets_408_and_holds_no_ticket(start_server: StartServer) -> None:
    server = start_server(body_timeout=1.5, max_concurrent=1, max_waiting=0)
    slow = []
    for _ in range(5):  # more slow bodies than there are tickets
        s = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        s.sendall(b"POST /v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n{")
        slow.append(s)
    # the tickets are free: a real request is answered, not 503 busy
    assert _normal_request(server) == 200
    start = time.monotonic()
    for s in slow:
        data = b""
        while chunk := s.recv(4096):
            data += chunk
        s.close()
        assert data.startswith(b"HTTP/1.1 408") and b"body_timeout" in data
    assert time.monotonic() - start < 5


def test_past_the_connection_cap_new_connections_are_shed(start_server: StartServer) -> None:
    server = start_server(max_connections=10, header_timeout=10.0)
    held = _open(server.port, 10)
    shed = _open(server.port, 5)
    assert _closed_within(shed, 3) == 5  # closed at once, unanswered
    for s in held:
        s.close()
    time.sleep(0.2)
    assert _normal_request(server) == 200


def test_the_connection_cap_fits_under_the_descriptor_limit() -> None:
    resource = pytest.importorskip("resource")
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert fd_cap(10**9) < soft
    assert fd_cap(10) == 10
    protocol = bounded_protocol(ConnectionLimits(max_connections=10**9))
    assert protocol.limits.max_connections < soft  # type: ignore[attr-defined]


async def test_retry_after_follows_the_measured_drain_rate() -> None:
    admission = Admission(1, 100, deadline=60)
    # a check takes 0.2 s: five finish per second
    for _ in range(3):
        async with admission.ticket(), admission.slot():
            await asyncio.sleep(0.2)
    gate = asyncio.Event()

    async def hold() -> None:
        async with admission.ticket(), admission.slot():
            await gate.wait()

    tasks = [asyncio.create_task(hold()) for _ in range(20)]
    await asyncio.sleep(0.05)
    assert admission.waiting == 19
    # 20 ahead at about 5 a second: 4 s or more, not the 1 s the mean duration alone gives
    assert admission.retry_after() >= 4
    gate.set()
    await asyncio.gather(*tasks)


async def test_a_queue_that_cannot_drain_before_the_deadline_is_refused_now() -> None:
    admission = Admission(1, 1000, deadline=2)
    admission._mean_seconds = 1.0  # each check takes a second
    gate = asyncio.Event()

    async def hold() -> None:
        async with admission.ticket(), admission.slot():
            await gate.wait()

    tasks = [asyncio.create_task(hold()) for _ in range(3)]
    await asyncio.sleep(0.05)
    with pytest.raises(ApiError) as caught:
        async with admission.ticket():
            pass
    assert caught.value.code == "busy"
    # three ahead at a second each, but by the 2 s deadline each of them is done or given up
    assert int(caught.value.headers["Retry-After"]) == 2
    gate.set()
    await asyncio.gather(*tasks)
