"""Host and Origin parsed strictly, one body framing per request, and MCP over HTTP that accepts
what the JSON API accepts and names no server path in its errors."""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path

import httpx
import httpx2
import pytest
from mcp.client.client import Client
from mcp.client.streamable_http import streamable_http_client

from quote_tui.server.guard import _host_is_loopback, _origin_is_loopback
from quote_tui.server.mcp_http import MCP_PATH, build_mcp_app
from quote_tui.server.run import BackgroundServer
from tests.server.conftest import StartServer

INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"},
    },
}


@pytest.mark.parametrize(
    "host",
    [
        "evil.com\\@localhost",
        "evil.com@localhost",
        "localhost@evil.com",
        "localhost#@evil.com",
        "localhost/x",
        "localhost:80:80",
        "127.0.0.1.nip.io",
        "[::1",
        "",
        "localhost:",
        "localhost:abc",
    ],
)
def test_hosts_that_only_look_like_loopback_are_refused(host: str) -> None:
    assert not _host_is_loopback(host)


@pytest.mark.parametrize("host", ["localhost", "localhost:8000", "127.0.0.1:1", "[::1]:80"])
def test_loopback_hosts_pass(host: str) -> None:
    assert _host_is_loopback(host)


def test_origins_are_parsed_strictly() -> None:
    assert _origin_is_loopback("http://localhost:8000")
    assert _origin_is_loopback("https://[::1]")
    for origin in ("http://evil.com\\@localhost", "http://localhost@evil.com", "null", "file://"):
        assert not _origin_is_loopback(origin), origin


def _raw(port: int, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(request)
        data = b""
        while chunk := s.recv(4096):
            data += chunk
            if b"\r\n\r\n" in data and b"}" in data:
                break
    return data


def test_a_host_with_a_backslash_trick_is_421(start_server: StartServer) -> None:
    server = start_server()
    answer = _raw(
        server.port,
        b"GET /v1/health HTTP/1.1\r\nHost: evil.com\\@localhost\r\nConnection: close\r\n\r\n",
    )
    assert answer.startswith(b"HTTP/1.1 421"), answer[:200]


def test_content_length_with_chunked_is_refused(start_server: StartServer) -> None:
    server = start_server()
    body = b'{"sources": [], "citations": []}'
    request = (
        b"POST /v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        + b"%x\r\n%s\r\n0\r\n\r\n"
        % (len(body), body)
    )
    answer = _raw(server.port, request)
    assert answer.startswith(b"HTTP/1.1 400") and b"bad_framing" in answer, answer[:300]


def test_mcp_over_http_accepts_a_host_without_a_port(root: Path) -> None:
    with BackgroundServer(build_mcp_app(root=root)) as server:
        answer = httpx.post(
            server.url(MCP_PATH),
            json=INIT,
            headers={"Host": "localhost", "Accept": "application/json, text/event-stream"},
        )
        assert answer.status_code == 200, answer.text


async def test_mcp_errors_name_no_server_path(root: Path) -> None:
    with BackgroundServer(build_mcp_app(root=root)) as server:
        async with (
            httpx2.AsyncClient(timeout=30) as http,
            Client(streamable_http_client(server.url(MCP_PATH), http_client=http)) as client,
        ):
            for ref in ("missing.txt", "sub/missing.txt"):
                result = await client.call_tool("read_source", {"ref": ref})
                assert result.is_error
                text = result.content[0].text
                error = json.loads(text[text.index("{") :])
                assert error["code"] == "file_not_found"
                assert str(root) not in text and os.fspath(root.parent) not in text, text
                assert ref in error["message"]
            if hasattr(os, "mkfifo"):
                os.mkfifo(root / "pipe.txt")
                result = await client.call_tool("read_source", {"ref": "pipe.txt"})
                text = result.content[0].text
                assert json.loads(text[text.index("{") :])["code"] == "not_a_file"
