"""The refs options through the HTTP API and the MCP tool: registries, a baseline with
fail_on_change, a review file's content and the manuscript's date, each with the CLI's meaning
and its errors as typed codes."""

from __future__ import annotations

import asyncio
import copy
import json
import os
import sys
from pathlib import Path

import httpx
import jsonschema
from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters

from quote_tui import api
from quote_tui.api import Settings
from quote_tui.references.review import fingerprint
from quote_tui.server.config import ServerConfig
from quote_tui.server.openapi import references_schema_text
from quote_tui.server.routes import build_app
from quote_tui.server.run import BackgroundServer
from tests.net_fixtures import LoopbackServer
from tests.references.registry_fixtures import BIB, registry_settings, serve_registries

PROJECT_ROOT = Path(__file__).resolve().parents[2]
CHOSEN = ["crossref", "pubmed"]


def _options(first: dict) -> dict:
    """A baseline in which Wakefield et al. were not yet retracted, a review of the Jinek et
    al. finding, and a manuscript dated before the Lancet's retraction notice."""
    baseline = copy.deepcopy(first)
    for ref in baseline["references"]:
        if ref["key"] == "wakefield1998":
            ref["status"], ref["notices"] = "verified", []
    jinek = next(r for r in first["references"] if r["key"] == "jinek2012")
    review = {
        "fingerprint": fingerprint(jinek),
        "key": "jinek2012",
        "status": jinek["status"],
        "note": "the concern is about another figure",
        "reviewed_at": "2026-01-01T00:00:00Z",
    }
    return {
        "registries": CHOSEN,
        "baseline": baseline,
        "fail_on_change": True,
        "reviews": {"reviews": [review]},
        "date": "2009-05-01",
    }


def _assert_options_applied(report: dict) -> None:
    jsonschema.validate(report, json.loads(references_schema_text()))
    refs = {r["key"]: r for r in report["references"]}
    assert [c["key"] for c in report["changes"]] == ["wakefield1998"]
    assert report["failed_on_change"] is True
    assert refs["jinek2012"]["review"]["note"] == "the concern is about another figure"
    assert refs["wakefield1998"]["retraction_timing"]["cited"] == "before"
    assert all(set(r["checked_with"]) <= {*CHOSEN, "doi"} for r in report["references"])


def test_http_references_options(tmp_path: Path) -> None:
    with LoopbackServer() as registry:
        serve_registries(registry)
        settings = Settings(remote=registry_settings(registry, tmp_path / "s.sqlite3"))
        with BackgroundServer(build_app(ServerConfig(settings=settings))) as server:
            url = server.url("/v1/references")
            first = httpx.post(url, json={"bibtex": BIB, "registries": CHOSEN}, timeout=30)
            assert first.status_code == 200, first.text
            options = _options(first.json())
            answer = httpx.post(url, json={"bibtex": BIB, **options}, timeout=30)
            assert answer.status_code == 200, answer.text
            _assert_options_applied(answer.json())
            for bad, code in (
                ({"registries": ["scopus"]}, "bad_option"),
                ({"registries": "all", "date": "soon"}, "bad_option"),
                ({"fail_on_change": True}, "bad_option"),
                ({"baseline": [1, 2]}, "bad_option"),
                ({"baseline": {"nothing": 1}}, "bad_batch"),
                ({"reviews": {"reviews": "none"}}, "bad_batch"),
            ):
                refused = httpx.post(url, json={"bibtex": BIB, **bad}, timeout=30)
                assert (refused.status_code, refused.json()["code"]) == (422, code), bad
            spec = httpx.get(server.url("/openapi.json")).json()
            asked = spec["components"]["schemas"]["ReferencesRequest"]["properties"]
            assert {"registries", "baseline", "fail_on_change", "reviews", "date"} <= set(asked)


async def test_mcp_references_options(tmp_path: Path) -> None:
    store = tmp_path / "s.sqlite3"
    with LoopbackServer() as registry:
        serve_registries(registry)
        settings = Settings(remote=registry_settings(registry, store))
        first = await api.check_references(
            api.parse_references(bibtex=BIB), settings=settings, registries=CHOSEN
        )
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "quote_tui.cli", "mcp", "--store", str(store), "--offline"],
        env={"PYTHONPATH": str(PROJECT_ROOT), "HOME": str(tmp_path), "PATH": os.environ["PATH"]},
        cwd=str(tmp_path),
    )
    async with Client(params) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        schema = tools["check_references"].input_schema["properties"]
        assert {"registries", "baseline", "fail_on_change", "reviews", "date"} <= set(schema)
        result = await client.call_tool("check_references", {"bibtex": BIB, **_options(first)})
        _assert_options_applied(json.loads(result.content[0].text))
        refused = await client.call_tool(
            "check_references", {"bibtex": BIB, "fail_on_change": True}
        )
        assert refused.is_error and "bad_option" in refused.content[0].text
        wrong = await client.call_tool("check_references", {"bibtex": BIB, "date": "2011-13-40"})
        assert wrong.is_error and "bad_option" in wrong.content[0].text


def test_the_front_door_takes_the_options_as_data(tmp_path: Path) -> None:
    with LoopbackServer() as registry:
        serve_registries(registry)
        settings = Settings(remote=registry_settings(registry, tmp_path / "s.sqlite3"))
        entries = api.parse_references(bibtex=BIB)
        first = asyncio.run(api.check_references(entries, settings=settings, registries=CHOSEN))
        options = _options(first)
        del options["fail_on_change"]
        report = asyncio.run(api.check_references(entries, settings=settings, **options))
    assert report["baseline"] == {"file": "(given)", "references": len(first["references"])}
    assert report["reviews"]["file"] == "(given)"
    assert api.changed_for_worse(report)
