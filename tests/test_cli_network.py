"""The ``quote-tui`` command with network sources, end to end on a loopback server.

The CLI never exempts any address from the guard, so a run that must really fetch goes through
the service with the test-only ``allow_addresses`` exemption; everything after that (offline
re-checks, the snapshot commands) is the command itself, reading the store that run wrote.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from quote_tui.batch.batchfile import load_batch
from quote_tui.batch.pipeline import check_batch
from quote_tui.batch.specs import Settings
from quote_tui.sources.net.settings import RemoteSettings
from tests.cli_docs import pdf_bytes, run_cli, run_subprocess
from tests.net_fixtures import LoopbackServer

ARTICLE = """<!doctype html>
<html><head><title>Tide ledgers of the northern coast</title></head>
<body><header><nav><a href="/">Home</a> | <a href="/about">About</a></nav></header>
<main><article>
<h1>Tide ledgers of the northern coast</h1>
<p>The harbour master kept a ledger of every tide from 1843 until the great flood, and the ledger
survives in the county archive with most of its pages intact.</p>
<p>Readings were taken at dawn and at dusk, and each entry was signed by the clerk on duty, who
also noted the wind and the state of the sea beyond the breakwater.</p>
<p>Historians have used the ledger to date the silting of the inner basin, which closed the old
quay to deep-water ships within a single generation.</p>
</article></main>
<footer>Published by the Coastal History Society.</footer>
</body></html>
"""

NOTES = (
    "Minutes of the council, spring session.\n\n"
    "The committee\u2019s report called the plan \u201ca careful and modest proposal\u201d and "
    "recommended it to the council without amendment.\n\n"
    "The treasurer asked that the cost be spread over three years, and the motion carried.\n"
)

PDF_PAGES = (
    "Seabird survey of the eastern cliffs\n\n"
    "In the survey of 2019 the team counted 412 nesting pairs along the eastern cliffs, "
    "most of them kittiwakes and guillemots.",
    "Methods\n\nCounts were made from the sea on calm mornings, with two observers in each boat "
    "and photographs to settle any disagreement.",
)

SECOND_PAGE = """<!doctype html>
<html><head><title>Letters from the lighthouse</title></head>
<body><article><h1>Letters from the lighthouse</h1>
<p>The keeper wrote to his sister every week, and his letters describe the long winter nights,
the oil that froze in the tanks and the supply boat that came only when the weather allowed.</p>
<p>Only forty of the letters survive, bound together in a single volume by a later keeper.</p>
</article></body></html>
"""


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    with LoopbackServer() as srv:
        srv.route("/article.html", ARTICLE, headers={"ETag": '"a1"'})
        srv.route("/survey.pdf", pdf_bytes(PDF_PAGES), content_type="application/pdf")
        srv.route("/notes.txt", NOTES, content_type="text/plain; charset=utf-8")
        srv.route("/letters.html", SECOND_PAGE)
        srv.redirect("/old-letters", "/letters.html", 301)
        srv.route("/later.html", "gone for now", status=404, content_type="text/plain")
        yield srv


def _fetching_settings(server: LoopbackServer, store: Path) -> Settings:
    remote = RemoteSettings(
        timeout=5.0, allow_addresses=frozenset({server.address}), store_path=store
    )
    return Settings(remote=remote)


def _service_report(batch_path: Path, settings: Settings) -> dict[str, Any]:
    return asyncio.run(check_batch(load_batch(batch_path), settings))


# -- a: the command refuses loopback, whatever the spelling ------------------------------------


@pytest.mark.parametrize(
    "spell",
    [
        lambda port: f"http://127.0.0.1:{port}/page.html",
        lambda port: f"http://localhost:{port}/",
        lambda port: f"http://2130706433:{port}/",
        lambda port: f"http://0x7f.1:{port}/page.html",
    ],
    ids=["dotted", "localhost", "decimal", "hex-short"],
)
def test_quote_refuses_loopback_without_a_request(server: LoopbackServer, tmp_path: Path, spell):
    server.route("/page.html", "<html><body><p>some words of the page</p></body></html>")
    server.route("/", "<html><body><p>some words of the root</p></body></html>")
    url = spell(server.port)
    store = str(tmp_path / "store.sqlite")

    run = run_cli(["quote", "some words", url, "--store", store])
    assert run.code == 3, run.err  # the one source could not be read
    report = run.json()
    source, citation = report["sources"][0], report["citations"][0]
    assert source["status"] == "unavailable"
    assert source["error"]["code"] == "blocked_address"
    assert source["error"]["recovery"] == "check_url"
    assert citation["status"] == "unavailable"
    assert report["summary"]["unavailable"] == 1

    strict = run_cli(["quote", "some words", url, "--store", store, "--strict"])
    assert strict.code == 3
    assert server.total_hits == 0, dict(server.hits)


def test_refusal_names_the_url_the_user_gave(server: LoopbackServer, tmp_path: Path) -> None:
    url = server.url("/article.html")
    run = run_cli(["quote", "some words", url, "--store", str(tmp_path / "s.sqlite")])
    error = run.json()["sources"][0]["error"]
    assert error["details"]["url"] == url
    assert "robots.txt" not in error["message"]


# -- b, c: fetch once, then re-check offline from the store; the snapshot commands -------------


def _write_batch(server: LoopbackServer, folder: Path) -> Path:
    batch = {
        "sources": [
            {"id": "article", "ref": server.url("/article.html")},
            {"id": "survey", "ref": server.url("/survey.pdf")},
            {"id": "notes", "ref": server.url("/notes.txt")},
            {"id": "letters", "ref": server.url("/old-letters#keeper")},
            {"id": "later", "ref": server.url("/later.html")},
        ],
        "citations": [
            {
                "id": "exact",
                "source": "article",
                "quote": "each entry was signed by the clerk on duty",
            },
            {
                "id": "normalized",
                "source": "notes",
                "quote": 'The committee\'s report called the plan "a careful and modest proposal"',
            },
            {
                "id": "near",
                "source": "survey",
                "quote": "the team counted 415 nesting pairs along the eastern cliffs",
                "locator": "p. 1",
            },
            {
                "id": "missing",
                "source": "notes",
                "quote": "the council rejected the plan and dismissed the committee",
            },
            {"id": "pdf-exact", "source": "survey", "quote": "with two observers in each boat"},
            {"id": "link", "source": "letters", "quote": None},
            {"id": "letters", "source": "letters", "quote": "Only forty of the letters survive"},
            {"id": "later", "source": "later", "quote": "anything at all from that page"},
        ],
    }
    path = folder / "batch.json"
    path.write_text(json.dumps(batch, indent=2), encoding="utf-8")
    return path


EXPECTED = {
    "exact": "exact",
    "normalized": "normalized",
    "near": "near",
    "missing": "not_found",
    "pdf-exact": "exact",
    "link": "link_ok",
    "letters": "exact",
    "later": "unavailable",
}
SAVED = ("article", "survey", "notes", "letters")


@pytest.fixture
def fetched(server: LoopbackServer, tmp_path: Path) -> tuple[Path, Path, dict[str, Any]]:
    """A batch, the store its fetching run filled, and that run's report."""
    batch = _write_batch(server, tmp_path)
    store = tmp_path / "store.sqlite"
    report = _service_report(batch, _fetching_settings(server, store))
    return batch, store, report


def test_first_run_fetches_and_reads_every_kind(
    server: LoopbackServer, fetched: tuple[Path, Path, dict[str, Any]]
) -> None:
    _batch, _store, report = fetched
    statuses = {c["id"]: c["status"] for c in report["citations"]}
    assert statuses == EXPECTED
    sources = {s["id"]: s for s in report["sources"]}
    assert sources["article"]["representation"] in ("html_main_text", "html_full_text")
    assert sources["survey"]["representation"] == "pdf_text_layer"
    assert sources["survey"]["pages"] == 2
    assert sources["notes"]["representation"] == "plain_text"
    assert sources["later"]["error"]["code"] == "http_error"
    assert all(not sources[s]["retrieval"]["from_snapshot"] for s in SAVED)
    near = next(c for c in report["citations"] if c["id"] == "near")
    changed = [(d["quote"], d["source"]) for d in near["matches"][0]["differences"]]
    assert ("415", "412") in changed
    assert any(d["critical"] for d in near["matches"][0]["differences"])
    assert near["matches"][0]["page_start"] == 1
    normalized = next(c for c in report["citations"] if c["id"] == "normalized")
    assert "quotes" in normalized["matches"][0]["rules"]
    # every page once, the unfetchable one once, robots.txt once for the host
    assert server.hits["/article.html"] == 1
    assert server.hits["/survey.pdf"] == 1
    assert server.hits["/old-letters"] == 1
    assert server.hits["/robots.txt"] == 1


def test_offline_recheck_in_a_new_process_gives_the_same_report(
    server: LoopbackServer, tmp_path: Path, fetched: tuple[Path, Path, dict[str, Any]]
) -> None:
    batch, store, first = fetched
    hits_before = server.total_hits
    out = tmp_path / "report2.json"

    run = run_subprocess(
        ["check", str(batch), "--offline", "--store", str(store), "-o", str(out)], cwd=tmp_path
    )
    assert run.code == 0, run.err
    assert server.total_hits == hits_before, "an offline run must send no request"
    second = json.loads(out.read_text(encoding="utf-8"))

    one = {c["id"]: c for c in first["citations"]}
    two = {c["id"]: c for c in second["citations"]}
    for cid in EXPECTED:
        if cid == "later":
            continue
        assert two[cid]["status"] == one[cid]["status"] == EXPECTED[cid], cid
        # verdict, offsets, lines, pages, differences: the whole evidence is the same
        assert two[cid] == one[cid], cid
    assert two["near"]["page_check"] == one["near"]["page_check"]

    first_sources = {s["id"]: s for s in first["sources"]}
    for source in second["sources"]:
        if source["id"] == "later":
            continue
        old = first_sources[source["id"]]
        assert source["checked_text_sha256"] == old["checked_text_sha256"], source["id"]
        assert source["content_sha256"] == old["content_sha256"], source["id"]
        assert source["characters"] == old["characters"]
        assert source["pages"] == old["pages"]
        assert source["retrieval"]["from_snapshot"] is True
        assert source["retrieval"]["final_url"] == old["retrieval"]["final_url"]

    later_source = next(s for s in second["sources"] if s["id"] == "later")
    assert later_source["status"] == "unavailable"
    assert later_source["error"]["code"] == "offline"
    assert later_source["error"]["recovery"] == "retry_later"
    assert two["later"]["status"] == "unavailable"
    assert two["later"]["error"]["code"] == "offline"

    strict = run_cli(["check", str(batch), "--offline", "--store", str(store), "--strict"])
    assert strict.code == 1  # near, not_found and unavailable are not passing verdicts
    assert server.total_hits == hits_before


def test_snapshot_commands_list_show_prune(
    server: LoopbackServer, fetched: tuple[Path, Path, dict[str, Any]]
) -> None:
    _batch, store, report = fetched
    sources = {s["id"]: s for s in report["sources"]}

    listed = run_cli(["snapshots", "list", "--store", str(store)])
    assert listed.code == 0, listed.err
    items = listed.json()
    assert sorted(i["ref"] for i in items) == sorted(
        server.url(p) for p in ("/article.html", "/survey.pdf", "/notes.txt", "/old-letters")
    )
    by_ref = {i["ref"]: i for i in items}
    survey = by_ref[server.url("/survey.pdf")]
    assert survey["checked_text_sha256"] == sources["survey"]["checked_text_sha256"]
    assert survey["content_sha256"] == sources["survey"]["content_sha256"]
    assert survey["representation"] == "pdf_text_layer"
    assert by_ref[server.url("/old-letters")]["final_url"] == server.url("/letters.html")

    # the fragment is not part of the key: the ref as the user wrote it finds the snapshot
    shown = run_cli(["snapshots", "show", server.url("/old-letters#keeper"), "--store", str(store)])
    assert shown.code == 0, shown.err
    snap = shown.json()
    assert "Only forty of the letters survive" in snap["text"]
    digest = hashlib.sha256(snap["text"].encode("utf-8")).hexdigest()
    assert digest == snap["checked_text_sha256"] == sources["letters"]["checked_text_sha256"]
    assert snap["retrieval"]["redirects"] == [{"url": server.url("/old-letters"), "status": 301}]
    by_id = run_cli(["snapshots", "show", str(snap["id"]), "--store", str(store)])
    assert by_id.json()["text"] == snap["text"]

    absent = run_cli(["snapshots", "show", server.url("/later.html"), "--store", str(store)])
    assert absent.code == 1
    assert "no snapshot" in absent.err

    kept = run_cli(["snapshots", "prune", "--older-than", "1", "--store", str(store)])
    assert kept.code == 0 and kept.json() == {"removed": 0}
    # stored times have whole seconds: wait for the clock to leave the newest one
    newest = max(i["retrieved_at"] for i in items)
    while datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ") <= newest:
        time.sleep(0.05)
    pruned = run_cli(["snapshots", "prune", "--older-than", "0", "--store", str(store)])
    assert pruned.code == 0 and pruned.json() == {"removed": 4}
    assert run_cli(["snapshots", "list", "--store", str(store)]).json() == []

    hits = server.total_hits
    offline = run_cli(["quote", "clerk on duty", server.url("/article.html")] + _offline(store))
    assert offline.json()["sources"][0]["error"]["code"] == "offline"
    assert server.total_hits == hits


def _offline(store: Path) -> list[str]:
    return ["--offline", "--store", str(store)]


# -- d: a URL with no quotation is a link check ------------------------------------------------


def test_link_check_reports_the_retrieval(server: LoopbackServer, tmp_path: Path) -> None:
    batch = tmp_path / "links.json"
    batch.write_text(
        json.dumps(
            {
                "sources": [
                    {"id": "moved", "ref": server.url("/old-letters")},
                    {"id": "pdf", "ref": server.url("/survey.pdf")},
                    {"id": "dead", "ref": server.url("/later.html")},
                ],
                "citations": [
                    {"id": "l1", "source": "moved"},
                    {"id": "l2", "source": "pdf", "quote": None},
                    {"id": "l3", "source": "dead"},
                ],
            }
        ),
        encoding="utf-8",
    )
    report = _service_report(batch, _fetching_settings(server, tmp_path / "store.sqlite"))
    statuses = {c["id"]: c["status"] for c in report["citations"]}
    assert statuses == {"l1": "link_ok", "l2": "link_ok", "l3": "unavailable"}
    assert report["summary"]["link_ok"] == 2

    sources = {s["id"]: s for s in report["sources"]}
    moved = sources["moved"]["retrieval"]
    assert moved["final_url"] == server.url("/letters.html")
    assert moved["http_status"] == 200
    assert moved["content_type"] == "text/html"
    assert moved["redirects"] == [{"url": server.url("/old-letters"), "status": 301}]
    pdf = sources["pdf"]["retrieval"]
    assert (pdf["final_url"], pdf["http_status"], pdf["content_type"]) == (
        server.url("/survey.pdf"),
        200,
        "application/pdf",
    )
    dead = sources["dead"]
    assert dead["error"]["code"] == "http_error"
    assert dead["error"]["details"]["status"] == 404

    # the same link check from the command, offline, reads the record back from the store
    out = tmp_path / "links-report.json"
    run = run_cli(["check", str(batch), "-o", str(out), *_offline(tmp_path / "store.sqlite")])
    assert run.code == 0, run.err
    again = json.loads(out.read_text(encoding="utf-8"))
    assert {c["id"]: c["status"] for c in again["citations"]} == {
        "l1": "link_ok",
        "l2": "link_ok",
        "l3": "unavailable",
    }
    again_moved = next(s for s in again["sources"] if s["id"] == "moved")["retrieval"]
    assert again_moved["final_url"] == moved["final_url"]
    assert again_moved["http_status"] == 200
    assert again_moved["from_snapshot"] is True
