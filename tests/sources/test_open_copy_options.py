"""Turning open copies off: ``--no-open-copies`` on the commands that read sources, and
``open_copies`` in the MCP tools and the HTTP API; and every front end's help naming the
``arxiv:`` and ``pmcid:`` refs.

The publisher and OpenAlex are served on loopback through their configured base URLs.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from quote_tui import api
from quote_tui.mcp_server import _CHECK_CITATIONS, _CHECK_QUOTE, _READ_SOURCE, _Tools
from quote_tui.server.openapi import openapi_document
from quote_tui.sources.net.settings import RemoteSettings
from tests.cli_docs import run_cli
from tests.net_fixtures import LoopbackServer

DOI = "10.5555/tide-ledgers"
ARTICLE = (
    "<html><head><title>Tide ledgers</title></head><body><article>"
    "<h2>Introduction</h2><p>The harbour master kept a ledger of every tide from 1843 until the "
    "great flood.</p><h2>Methods</h2><p>Historians have used the ledger to date the silting of "
    "the inner basin.</p></article></body></html>"
)
QUOTE = "kept a ledger of every tide from 1843"


def _openalex_hits(server: LoopbackServer) -> int:
    return sum(n for path, n in server.hits.items() if path.startswith("/openalex/"))


@pytest.fixture
def served() -> Iterator[LoopbackServer]:
    with LoopbackServer() as server:
        server.route(f"/{DOI}", ARTICLE, content_type="text/html; charset=utf-8")
        work = {"id": "https://openalex.org/W1", "doi": f"https://doi.org/{DOI}", "locations": []}
        server.route(
            f"/openalex/works/doi:{DOI}", json.dumps(work), content_type="application/json"
        )
        yield server


def _env(monkeypatch: pytest.MonkeyPatch, server: LoopbackServer) -> None:
    # the whole server, robots.txt with it, is the user's own resolver
    monkeypatch.setenv("QUOTE_TUI_DOI_URL", server.url("/"))
    monkeypatch.setenv("QUOTE_TUI_OPENALEX_URL", server.url("/openalex/"))
    monkeypatch.setenv("QUOTE_TUI_EUROPEPMC_URL", server.url("/europepmc/"))


@pytest.mark.parametrize("command", ["quote", "text"])
def test_no_open_copies_reads_only_the_publisher_page(
    command: str, served: LoopbackServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _env(monkeypatch, served)
    args = [QUOTE] if command == "quote" else []
    store = ["--store", str(tmp_path / "s.sqlite3"), "--refresh"]
    off = run_cli([command, *args, f"doi:{DOI}", *store, "--no-open-copies"])
    assert off.code == 0, off.err
    assert _openalex_hits(served) == 0
    on = run_cli([command, *args, f"doi:{DOI}", *store])
    assert on.code == 0, on.err
    assert _openalex_hits(served) == 1


def test_check_takes_no_open_copies(
    served: LoopbackServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _env(monkeypatch, served)
    batch = tmp_path / "batch.json"
    batch.write_text(
        json.dumps(
            {
                "sources": [{"id": "s", "ref": f"doi:{DOI}"}],
                "citations": [{"id": "c", "source": "s", "quote": QUOTE}],
            }
        ),
        encoding="utf-8",
    )
    store = ["--store", str(tmp_path / "s.sqlite3")]
    run = run_cli(["check", str(batch), *store, "--no-open-copies", "--format", "json"])
    assert json.loads(run.out)["citations"][0]["status"] == "exact", run.err
    assert _openalex_hits(served) == 0


def _tools(server: LoopbackServer, tmp_path: Path) -> _Tools:
    remote = RemoteSettings(
        timeout=5.0,
        store_path=tmp_path / "s.sqlite3",
        doi_resolver=server.url("/"),
        openalex_api=server.url("/openalex/"),
        europepmc_api=server.url("/europepmc/"),
        refresh=True,
    )
    return _Tools(api.Settings(remote=remote))


def test_mcp_tools_take_open_copies(served: LoopbackServer, tmp_path: Path) -> None:
    tools = _tools(served, tmp_path)
    report = asyncio.run(tools.check_quote(QUOTE, f"doi:{DOI}", open_copies=False))
    assert report["citations"][0]["status"] == "exact"
    read = asyncio.run(tools.read_source(f"doi:{DOI}", open_copies=False))
    assert "ledger" in read["text"]
    assert _openalex_hits(served) == 0
    asyncio.run(tools.read_source(f"doi:{DOI}"))
    assert _openalex_hits(served) == 1


def test_mcp_refuses_an_open_copies_that_is_no_boolean(tmp_path: Path) -> None:
    tools = _tools(LoopbackServer(), tmp_path)
    with pytest.raises(Exception, match="bad_option|true or false"):
        asyncio.run(tools.read_source(f"doi:{DOI}", open_copies="no"))  # type: ignore[arg-type]


def test_help_names_arxiv_and_pmcid_refs() -> None:
    for command in ("quote", "text"):
        out = run_cli([command, "--help"]).out
        assert "arxiv:" in out and "pmcid:" in out, command
    assert "--no-open-copies" in run_cli(["check", "--help"]).out
    for text in (_CHECK_QUOTE, _CHECK_CITATIONS, _READ_SOURCE):
        assert "arxiv:" in text and "pmcid:" in text
    assert "open_copies" in _CHECK_QUOTE
    schemas = openapi_document()["components"]["schemas"]
    read = schemas["ReadRequest"]["properties"]
    assert "arxiv:" in read["ref"]["description"] and "pmcid:" in read["ref"]["description"]
    assert read["open_copies"]["type"] == "boolean"
