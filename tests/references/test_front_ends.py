"""The reference check through the HTTP API and the MCP tool: the CLI's report, the same codes."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import httpx
import jsonschema
from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters

from quote_tui.api import Settings
from quote_tui.server.config import ServerConfig
from quote_tui.server.openapi import references_schema_text
from quote_tui.server.routes import build_app
from quote_tui.server.run import BackgroundServer
from tests.net_fixtures import LoopbackServer
from tests.references.registry_fixtures import (
    BIB,
    EXPECTED,
    registry_settings,
    serve_registries,
)

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def test_http_references_route(tmp_path: Path) -> None:
    with LoopbackServer() as registry:
        serve_registries(registry)
        settings = Settings(remote=registry_settings(registry, tmp_path / "s.sqlite3"))
        config = ServerConfig(settings=settings)
        with BackgroundServer(build_app(config)) as server:
            answer = httpx.post(server.url("/v1/references"), json={"bibtex": BIB}, timeout=30)
            assert answer.status_code == 200, answer.text
            report = answer.json()
            jsonschema.validate(report, json.loads(references_schema_text()))
            assert {r["key"]: r["status"] for r in report["references"]} == EXPECTED
            csl = [{"id": "x", "title": "Deep learning", "DOI": "10.1038/nature14539"}]
            one = httpx.post(server.url("/v1/references"), json={"csl": csl}, timeout=30)
            assert one.json()["references"][0]["status"] == "verified"
            empty = httpx.post(server.url("/v1/references"), json={})
            assert (empty.status_code, empty.json()["code"]) == (422, "missing_field")
            bad = httpx.post(server.url("/v1/references"), json={"csl": "nope"})
            assert (bad.status_code, bad.json()["code"]) == (422, "bad_batch")
            odd = httpx.post(server.url("/v1/references"), json={"bibtex": 12})
            assert (odd.status_code, odd.json()["code"]) == (422, "bad_batch")
            spec = httpx.get(server.url("/openapi.json")).json()
            assert "/v1/references" in spec["paths"]


async def test_mcp_check_references_reads_the_store(tmp_path: Path) -> None:
    from quote_tui import api

    store = tmp_path / "s.sqlite3"
    with LoopbackServer() as registry:
        serve_registries(registry)
        settings = Settings(remote=registry_settings(registry, store))
        await api.check_references(api.parse_references(bibtex=BIB), settings=settings)
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "quote_tui.cli", "mcp", "--store", str(store), "--offline"],
        env={"PYTHONPATH": str(PROJECT_ROOT), "HOME": str(tmp_path), "PATH": os.environ["PATH"]},
        cwd=str(tmp_path),
    )
    async with Client(params) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert "never evidence that the work does not exist" in (
            tools["check_references"].description or ""
        )
        result = await client.call_tool("check_references", {"bibtex": BIB})
        report = json.loads(result.content[0].text)
        assert {r["key"]: r["status"] for r in report["references"]} == EXPECTED
        assert all(r["from_store"] for r in report["references"] if r["checked_with"])
