"""Web references: a reference that is only a URL is fetched through the guard (robots.txt, the
wall check) and its page's title compared, instead of being ``unverifiable``; the titles are
kept in the store, so ``--offline`` replays them. Pages are served on loopback."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

import pytest

from quote_tui import api
from quote_tui.batch.specs import Settings
from quote_tui.sources.net.registry import page_titles
from quote_tui.sources.net.settings import RemoteSettings
from tests.net_fixtures import LoopbackServer

PAGE = (
    "<!DOCTYPE html><html><head><title>RFC 9110: HTTP Semantics | RFC Editor</title></head>"
    "<body><h1>HTTP Semantics</h1></body></html>"
)


def _bib(server: LoopbackServer) -> str:
    return f"""
@misc{{rfc9110,
  author = {{Fielding, R. and Nottingham, M. and Reschke, J.}},
  title = {{{{RFC}} 9110: {{HTTP}} Semantics}},
  year = {{2022}},
  url = {{{server.url("/rfc/rfc9110.html")}}}
}}
@misc{{wrongtitle,
  title = {{A guide to garden sheds}},
  url = {{{server.url("/rfc/rfc9110.html")}}}
}}
@misc{{gone,
  title = {{A page that was taken down}},
  url = {{{server.url("/gone")}}}
}}
"""


def _settings(server: LoopbackServer, store: Path, **kw: object) -> Settings:
    remote = RemoteSettings(
        timeout=5.0,
        store_path=store,
        # pages are anyone's: the test-only exemption, not a configured registry
        allow_addresses=frozenset({server.address}),
        crossref_api=server.url("/crossref/"),
        eutils_base=server.url("/eutils/"),
        datacite_api=server.url("/datacite/"),
        **kw,  # type: ignore[arg-type]
    )
    return Settings(remote=remote)


def _statuses(report: dict) -> dict[str, dict]:
    return {r["key"]: r for r in report["references"]}


@pytest.fixture
def served(tmp_path: Path):
    with LoopbackServer() as server:
        server.route("/rfc/rfc9110.html", PAGE)
        server.route("/gone", "not here", status=404)
        server.route("/robots.txt", "User-agent: *\nAllow: /\n", content_type="text/plain")
        server.route(
            "/crossref/works",
            '{"status": "ok", "message": {"items": []}}',
            content_type="application/json",
        )
        bib = tmp_path / "web.bib"
        bib.write_text(_bib(server), encoding="utf-8")
        yield server, bib, tmp_path / "store.sqlite3"


def test_a_url_reference_is_checked_by_its_page(served) -> None:
    server, bib, store = served
    report = asyncio.run(
        api.check_references(api.read_references(bib), settings=_settings(server, store))
    )
    refs = _statuses(report)
    assert refs["rfc9110"]["status"] == "verified", refs["rfc9110"]
    assert refs["rfc9110"]["registered"] == {"source": "web", "title": "RFC 9110: HTTP Semantics"}
    assert "web reference" in refs["rfc9110"]["reason"]
    assert refs["wrongtitle"]["status"] == "metadata_mismatch"
    assert [d["field"] for d in refs["wrongtitle"]["differences"]] == ["title"]
    assert refs["gone"]["status"] == "not_found", refs["gone"]
    assert "404" in refs["gone"]["reason"]
    assert server.hits["/rfc/rfc9110.html"] == 1  # one fetch for two references of one page

    with LoopbackServer() as quiet:  # offline: the store answers, nothing is fetched
        again = asyncio.run(
            api.check_references(
                api.read_references(bib), settings=_settings(quiet, store, offline=True)
            )
        )
    assert _statuses(again)["rfc9110"]["status"] == "verified"
    assert _statuses(again)["rfc9110"]["from_store"] is True


def test_without_web_a_url_reference_stays_unverifiable(served) -> None:
    server, bib, store = served
    report = asyncio.run(
        api.check_references(
            api.read_references(bib),
            settings=_settings(server, store),
            registries=["crossref", "pubmed"],
        )
    )
    assert {r["status"] for r in report["references"]} == {"unverifiable"}
    assert server.hits["/rfc/rfc9110.html"] == 0


def test_page_titles() -> None:
    assert page_titles(PAGE.encode()) == [
        "RFC 9110: HTTP Semantics | RFC Editor",
        "RFC 9110: HTTP Semantics",
        "RFC Editor",
    ]
    og = b'<html><head><meta property="og:title" content="The Real Title"><title>x</title>'
    assert page_titles(og)[0] == "The Real Title"
    assert page_titles(b"%PDF-1.7 binary") == []


def test_a_page_the_guard_refuses_is_unverifiable(tmp_path: Path) -> None:
    bib = tmp_path / "w.bib"
    bib.write_text("@misc{local, title = {Router admin}, url = {http://127.0.0.1:9/admin}}\n")
    with LoopbackServer() as server:
        settings = _settings(server, tmp_path / "s.sqlite3")
        settings = dataclasses.replace(
            settings, remote=dataclasses.replace(settings.remote, allow_addresses=frozenset())
        )
        report = asyncio.run(api.check_references(api.read_references(bib), settings=settings))
    ref = report["references"][0]
    assert ref["status"] == "unverifiable" and "blocked_address" in ref["reason"]
