"""``render`` per request: the HTTP API's /v1/check and /v1/read and the MCP tools take it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest

from quote_tui import api
from quote_tui.mcp_server import _Tools
from quote_tui.server.run import BackgroundServer
from tests.server.conftest import StartServer
from tests.sources.test_render import APP_JS, SENTENCE, needs_chromium

SCRIPT_PAGE = (
    "<!doctype html><html><head><title>Letters</title></head><body><div id='root'></div>"
    f"<script>{APP_JS}</script></body></html>"
)


def test_a_render_mode_that_does_not_exist_is_refused(default_server: BackgroundServer) -> None:
    for path, body in (
        ("/v1/read", {"text": "words", "render": "sometimes"}),
        ("/v1/check", {"citations": [], "render": "sometimes"}),
    ):
        answer = httpx.post(default_server.url(path), json=body)
        assert (answer.status_code, answer.json()["code"]) == (422, "bad_option")


def test_without_chromium_a_render_is_renderer_missing(
    start_server: StartServer, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("QUOTE_TUI_CHROMIUM", "no-such-browser-here")
    (root / "letters.html").write_text(SCRIPT_PAGE, encoding="utf-8")
    server = start_server(root=root)
    read = httpx.post(server.url("/v1/read"), json={"ref": "letters.html", "render": "always"})
    error = read.json()["source"]["error"]
    assert error["code"] == "renderer_missing" and "apt-get install chromium" in error["message"]


@needs_chromium
def test_http_check_renders_a_script_page_when_asked(start_server: StartServer, root: Path) -> None:
    (root / "letters.html").write_text(SCRIPT_PAGE, encoding="utf-8")
    server = start_server(root=root)
    batch = {
        "sources": [{"id": "s", "ref": "letters.html"}],
        "citations": [{"id": "c", "source": "s", "quote": SENTENCE}],
    }
    plain = httpx.post(server.url("/v1/check"), json=batch).json()
    assert plain["citations"][0]["status"] in ("not_found", "unavailable")
    rendered = httpx.post(server.url("/v1/check"), json={**batch, "render": "auto"}, timeout=60)
    report = rendered.json()
    assert report["citations"][0]["status"] == "exact"
    assert report["sources"][0]["retrieval"]["rendered"] is True


@needs_chromium
def test_mcp_check_quote_renders_when_asked(root: Path) -> None:
    (root / "letters.html").write_text(SCRIPT_PAGE, encoding="utf-8")
    tools = _Tools(api.confine(api.Settings(), root))
    report = asyncio.run(tools.check_quote(SENTENCE, "letters.html", render="always"))
    assert report["citations"][0]["status"] == "exact"
    assert report["sources"][0]["retrieval"]["rendered"] is True
