"""Reference checks against a loopback Crossref and PubMed: every status, the store, offline
re-runs, the retraction CSV, politeness (contact address, rate limits)."""

from __future__ import annotations

from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest

from quote_tui.manuscripts.bibliography import parse_bibtex
from quote_tui.references.check import check_references
from quote_tui.references.entries import keyed_entries
from quote_tui.references.retractions import read_retractions
from tests.net_fixtures import LoopbackServer
from tests.references.registry_fixtures import (
    BIB,
    DEEP_LEARNING,
    EXPECTED,
    RETRACTION_CSV,
    _json,
    registry_settings,
    serve_registries,
)


@pytest.fixture
def server():
    with LoopbackServer() as srv:
        yield srv


def entries():
    return keyed_entries(parse_bibtex(BIB))


async def test_every_status(server: LoopbackServer, tmp_path: Path) -> None:
    serve_registries(server)
    checks = await check_references(entries(), settings=registry_settings(server, tmp_path / "s"))
    by_key = {c.key: c for c in checks}
    assert {k: str(c.status) for k, c in by_key.items()} == EXPECTED
    assert [c.key for c in checks] == list(EXPECTED)  # input order kept
    for check in checks:
        assert "fabricat" not in repr(check.to_dict()).lower()


async def test_wrong_year_is_a_mismatch_with_the_registered_value(
    server: LoopbackServer, tmp_path: Path
) -> None:
    serve_registries(server)
    checks = await check_references(entries(), settings=registry_settings(server, tmp_path / "s"))
    by_key = {c.key: c.to_dict() for c in checks}
    watson = by_key["watson1954"]
    assert watson["differences"] == [{"field": "year", "cited": "1954", "registered": "1953"}]
    assert watson["registered"]["doi"] == "10.1038/171737a0"
    no_doi = by_key["watsonNoDoi"]
    assert no_doi["differences"] == [{"field": "year", "cited": "1954", "registered": "1953"}]
    assert no_doi["registered"]["doi"] == "10.1038/171737a0"
    typo = by_key["typoDoi"]
    assert typo["differences"][0] == {
        "field": "doi",
        "cited": "10.1038/nature14593",
        "registered": "10.1038/nature14539",
    }
    assert "Deep learning" in typo["reason"]


async def test_notices_and_close_matches_are_named(server: LoopbackServer, tmp_path: Path) -> None:
    serve_registries(server)
    checks = await check_references(entries(), settings=registry_settings(server, tmp_path / "s"))
    by_key = {c.key: c.to_dict() for c in checks}
    kinds = {(n["kind"], n["source"]) for n in by_key["wakefield1998"]["notices"]}
    assert ("retraction", "crossref") in kinds and ("retraction", "pubmed") in kinds
    assert by_key["silver2016"]["notices"][0]["kind"] == "correction"
    assert by_key["jinek2012"]["checked_with"] == ["pubmed"]
    assert "resolves to nothing" in by_key["invented"]["reason"]
    assert "no DOI or PMID" in by_key["nodoi"]["reason"]


async def test_answers_are_kept_and_offline_reruns_read_them(
    server: LoopbackServer, tmp_path: Path
) -> None:
    serve_registries(server)
    store = tmp_path / "s.sqlite3"
    first = await check_references(entries(), settings=registry_settings(server, store))
    hits = server.total_hits
    again = await check_references(
        entries(), settings=registry_settings(server, store, offline=True)
    )
    assert server.total_hits == hits
    assert [str(c.status) for c in again] == [str(c.status) for c in first]
    assert all(c.from_store for c in again)


async def test_offline_without_answers_is_unverifiable_but_the_csv_still_counts(
    server: LoopbackServer, tmp_path: Path
) -> None:
    index = read_retractions(RETRACTION_CSV)
    checks = await check_references(
        entries(),
        settings=registry_settings(server, tmp_path / "s", offline=True),
        retractions=index,
    )
    by_key = {c.key: c for c in checks}
    assert str(by_key["wakefield1998"].status) == "retracted"
    notice = by_key["wakefield1998"].notices[0]
    assert notice.source == "retraction_watch" and notice.date == "2010-02-06"
    others = {k: str(c.status) for k, c in by_key.items() if k != "wakefield1998"}
    assert set(others.values()) == {"unverifiable"}
    assert "offline" in (by_key["lecun2015"].reason or "")
    assert server.total_hits == 0


async def test_a_service_that_is_down_is_unverifiable(
    server: LoopbackServer, tmp_path: Path
) -> None:
    serve_registries(server, crossref_down=True)
    checks = await check_references(
        entries()[:1], settings=registry_settings(server, tmp_path / "s")
    )
    assert str(checks[0].status) == "unverifiable"
    assert "http_error" in (checks[0].reason or "")


async def test_contact_address_and_rate_limits(server: LoopbackServer, tmp_path: Path) -> None:
    calls = []

    def crossref(req: BaseHTTPRequestHandler) -> None:
        calls.append(req.path)
        if len(calls) == 1:
            _json(req, 429, {"status": "error"}, {"Retry-After": "0"})
            return
        _json(
            req,
            200,
            {"status": "ok", "message": DEEP_LEARNING},
            {"X-Rate-Limit-Limit": "50", "X-Rate-Limit-Interval": "1s"},
        )

    server.route("/crossref/works/10.1038/nature14539", handler=crossref)
    checks = await check_references(
        entries()[:1], settings=registry_settings(server, tmp_path / "s")
    )
    assert str(checks[0].status) == "verified"
    assert len(calls) == 2  # the 429 was waited out and asked again, once
    assert "mailto=refs%40example.org" in calls[-1]
    agent = server.seen_headers[-1][1]["user-agent"]
    assert "mailto:refs@example.org" in agent


async def test_old_answers_are_pruned_with_old_snapshots(
    server: LoopbackServer, tmp_path: Path
) -> None:
    from quote_tui import api
    from quote_tui.sources.store.answers import AnswerStore

    serve_registries(server)
    store = tmp_path / "s.sqlite3"
    await check_references(entries()[:1], settings=registry_settings(server, store))
    assert AnswerStore(store).latest("crossref:works/10.1038/nature14539") is not None
    assert api.prune_snapshots(store, older_than_days=1) == 0
    assert api.prune_snapshots(store, older_than_days=0) >= 1
    assert AnswerStore(store).latest("crossref:works/10.1038/nature14539") is None


async def test_notices_pointing_at_the_work_are_found(
    server: LoopbackServer, tmp_path: Path
) -> None:
    # a made-up notice: the work's own record does not point back at it
    notice = {
        "DOI": "10.9999/notice-1",
        "title": ["Expression of concern: Deep learning"],
        "update-to": [
            {
                "DOI": "10.1038/NATURE14539",
                "type": "expression_of_concern",
                "label": "Expression of Concern",
                "updated": {"date-parts": [[2020, 1, 2]]},
            },
            {"DOI": "10.1038/other", "type": "retraction"},
        ],
    }
    asked = []

    def works(req: BaseHTTPRequestHandler) -> None:
        asked.append(req.path)
        if "filter=updates" in req.path:
            _json(req, 200, {"status": "ok", "message": {"items": [notice]}})
        else:
            _json(req, 200, {"status": "ok", "message": {"items": []}})

    server.route("/crossref/works", handler=works)
    server.route(
        "/crossref/works/10.1038/nature14539",
        handler=lambda req: _json(req, 200, {"status": "ok", "message": DEEP_LEARNING}),
    )
    checks = await check_references(
        entries()[:1], settings=registry_settings(server, tmp_path / "s")
    )
    check = checks[0]
    assert str(check.status) == "expression_of_concern"
    (found,) = check.notices
    assert (found.kind, found.doi, found.date) == (
        "expression_of_concern",
        "10.9999/notice-1",
        "2020-01-02",
    )
    assert any("filter=updates%3A10.1038%2Fnature14539" in p for p in asked)


async def test_a_short_doi_is_resolved_and_checked_by_its_full_doi(
    server: LoopbackServer, tmp_path: Path
) -> None:
    serve_registries(server)
    handles: list[str] = []

    def handle(req: BaseHTTPRequestHandler) -> None:
        handles.append(req.path)
        if req.path.endswith("/10/gf4fd9"):
            values = [
                {"index": 1, "type": "URL", "data": {"format": "string", "value": "https://x"}},
                {
                    "index": 2,
                    "type": "HS_ALIAS",
                    "data": {"format": "string", "value": "10.1038/nature14539"},
                },
            ]
            _json(req, 200, {"responseCode": 1, "handle": "10/gf4fd9", "values": values})
        else:
            _json(req, 404, {"responseCode": 100})

    server.route("/doi/api/handles/10/gf4fd9", handler=handle)
    server.route("/doi/api/handles/10/nothere", handler=handle)
    bib = (
        "@article{lecun, title = {Deep learning}, author = {LeCun, Yann and Bengio, Yoshua},"
        " journal = {Nature}, year = {2015}, doi = {10/gf4fd9}}\n"
        "@article{nowhere, title = {Deep learning}, author = {LeCun, Yann}, year = {2015},"
        " doi = {doi:10/nothere}}\n"
    )
    settings = registry_settings(server, tmp_path / "s", doi_resolver=server.url("/doi/"))
    found, unknown = await check_references(keyed_entries(parse_bibtex(bib)), settings=settings)
    assert str(found.status) == "verified"
    assert found.to_dict()["registered"]["doi"] == "10.1038/nature14539"
    assert "doi" in found.checked_with
    # the two references are checked side by side: the handles are asked in either order
    assert any(h.endswith("/api/handles/10/gf4fd9") for h in handles)
    # a shortDOI that names nothing is said to be missing, and the title search goes on
    # a shortDOI that names nothing stays as cited; the title search finds the work
    nowhere = unknown.to_dict()
    assert nowhere["reason"].startswith("The shortDOI 10/nothere resolves to nothing")
    assert nowhere["differences"] == [
        {"field": "doi", "cited": "10/nothere", "registered": "10.1038/nature14539"}
    ]
