"""The MCP tools over Streamable HTTP, driven by the SDK's own client against a real server."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import httpx2
import pytest
from mcp.client.client import Client
from mcp.client.streamable_http import streamable_http_client

from quote_tui.server.mcp_http import MCP_PATH, build_mcp_app
from quote_tui.server.run import BackgroundServer
from tests.server.conftest import TEXT

KEY = "mcp-test-key"


def _error(result) -> dict:
    assert result.is_error
    text = result.content[0].text
    return json.loads(text[text.index("{") :])


async def test_tools_over_streamable_http(root: Path, tmp_path: Path) -> None:
    app = build_mcp_app(root=root, api_key=KEY)
    with BackgroundServer(app) as server:
        url = server.url(MCP_PATH)
        async with (
            httpx2.AsyncClient(headers={"Authorization": f"Bearer {KEY}"}, timeout=30) as http,
            Client(streamable_http_client(url, http_client=http)) as client,
        ):
            tools = {t.name for t in (await client.list_tools()).tools}
            assert {"check_quote", "check_citations", "read_source"} <= tools

            found = await client.call_tool(
                "check_quote", {"quote": "a truth universally acknowledged", "source_text": TEXT}
            )
            report = json.loads(found.content[0].text)
            assert report["citations"][0]["status"] == "exact"

            read = await client.call_tool("read_source", {"ref": "austen.txt"})
            assert json.loads(read.content[0].text)["text"] == TEXT
            for ref in ("../secret.txt", "link.txt"):
                denied = await client.call_tool("read_source", {"ref": ref})
                assert _error(denied)["code"] == "outside_root", ref

        # without the key the endpoint answers 401 before the MCP layer sees anything
        refused = httpx.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
        assert refused.status_code == 401 and refused.json()["code"] == "unauthorized"


async def test_mcp_bodies_are_capped(root: Path) -> None:
    with BackgroundServer(build_mcp_app(root=root, max_body_bytes=1024)) as server:
        big = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"x": "y" * 2048}}
        answer = httpx.post(
            server.url(MCP_PATH),
            json=big,
            headers={"Accept": "application/json, text/event-stream"},
        )
        assert answer.status_code == 413


@pytest.mark.parametrize("host", ["evil.example", "127.0.0.1.nip.io"])
def test_mcp_refuses_rebinding_hosts(root: Path, host: str) -> None:
    with BackgroundServer(build_mcp_app(root=root)) as server:
        answer = httpx.post(server.url(MCP_PATH), json={}, headers={"Host": host})
        assert answer.status_code == 421 and answer.json()["code"] == "bad_host"


async def test_mcp_http_takes_the_commands_budgets(tmp_path: Path) -> None:
    """``quote-tui mcp --http --citation-timeout S --read-timeout S`` applies both budgets."""
    import asyncio
    import os
    import subprocess
    import sys

    from tests.cli_docs import PROJECT_ROOT, pdf_bytes
    from tests.net_fixtures import closed_port

    root = tmp_path / "root"
    root.mkdir()
    (root / "book.txt").write_text(TEXT * 2000, encoding="utf-8")
    (root / "paper.pdf").write_bytes(pdf_bytes(["A page of words to read."]))
    port = closed_port()
    command = [sys.executable, "-m", "quote_tui.cli", "mcp", "--http", "--port", str(port)]
    command += ["--root", str(root), "--citation-timeout", "0.000001", "--read-timeout", "1e-6"]
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT), "HOME": str(tmp_path)}
    server = subprocess.Popen(command, env=env, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}{MCP_PATH}"
    try:
        for _ in range(200):  # the server is up once it answers at all
            try:
                httpx.get(f"http://127.0.0.1:{port}/", timeout=0.5)
                break
            except httpx.TransportError:
                await asyncio.sleep(0.05)
        async with (
            httpx2.AsyncClient(timeout=30) as http,
            Client(streamable_http_client(url, http_client=http)) as client,
        ):
            # a quotation found nowhere makes the engine search for long: past 1 µs
            slow = await client.call_tool(
                "check_quote", {"quote": "words that stand nowhere in it", "source": "book.txt"}
            )
            assert _error(slow)["code"] == "time_budget"
            read = await client.call_tool("read_source", {"ref": "paper.pdf"})
            assert _error(read)["code"] == "timeout"
    finally:
        server.terminate()
        server.wait(timeout=10)
