"""Fetched PDF and HTML are parsed in the isolated reader children, like local files: a reader
that aborts or hangs on a fetched body costs only that source, and the snapshot store records the
same thing as a read in this process. Pages come from a loopback server, never the network."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from quote_tui.batch.pipeline import check_batch
from quote_tui.batch.specs import Batch, CitationSpec, Settings, SourceSpec
from quote_tui.sources.net.settings import RemoteSettings
from quote_tui.sources.readers.isolated import FAULT_ENV, ReaderPool, isolation_available
from quote_tui.sources.readers.local import read_bytes
from quote_tui.sources.records import RefKind
from quote_tui.sources.refs import parse_ref
from quote_tui.sources.store.snapshots import SnapshotStore, ref_key
from tests.cli_docs import pdf_bytes
from tests.net_fixtures import LoopbackServer

pytestmark = pytest.mark.skipif(not isolation_available(), reason="needs fork and Unix sockets")

ARTICLE = """<!doctype html><html><head><title>Harbour records</title></head><body><article>
<h1>Harbour records</h1>
<p>The harbour master kept a ledger of every ship that entered the port, noting its cargo, its
crew and the weather on the day it arrived, and the ledgers survive for forty years.</p>
<p>Historians have used them to trace the trade in salt fish and timber along the coast.</p>
</article></body></html>"""
PDF_PAGES = ["The survey counted nesting terns on the northern islands in early June."]
HTML_QUOTE = "noting its cargo, its crew and the weather"
PDF_QUOTE = "counted nesting terns on the northern islands"


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    with LoopbackServer() as srv:
        srv.route("/article.html", ARTICLE)
        srv.route("/crash.html", ARTICLE)
        srv.route("/survey.pdf", pdf_bytes(PDF_PAGES), content_type="application/pdf")
        srv.route("/stuck.pdf", pdf_bytes(PDF_PAGES), content_type="application/pdf")
        yield srv


def _settings(server: LoopbackServer, store: Path, **kwargs: Any) -> Settings:
    remote = RemoteSettings(
        timeout=5.0, allow_addresses=frozenset({server.address}), store_path=store
    )
    return Settings(remote=remote, **kwargs)


async def _run(batch: Batch, settings: Settings) -> dict[str, Any]:
    return await check_batch(batch, settings)


async def test_fetched_page_whose_reader_aborts_costs_only_its_source(
    server: LoopbackServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(FAULT_ENV, "abort:crash.html")
    batch = Batch(
        (
            SourceSpec("html", ref=server.url("/article.html")),
            SourceSpec("crash", ref=server.url("/crash.html")),
            SourceSpec("pdf", ref=server.url("/survey.pdf")),
            SourceSpec("text", text="Plain words stay readable."),
        ),
        (
            CitationSpec("c1", "html", HTML_QUOTE),
            CitationSpec("c2", "crash", HTML_QUOTE),
            CitationSpec("c3", "pdf", PDF_QUOTE),
            CitationSpec("c4", "text", "Plain words"),
        ),
    )
    store = tmp_path / "store.sqlite"
    report = await _run(batch, _settings(server, store))
    sources = {s["id"]: s for s in report["sources"]}
    assert sources["crash"]["status"] == "unavailable"
    assert sources["crash"]["error"]["code"] == "reader_crashed"
    assert sources["crash"]["error"]["recovery"] == "use_supplied_text"
    assert sources["html"]["status"] == sources["pdf"]["status"] == "readable"
    assert [c["status"] for c in report["citations"]] == ["exact", "unavailable", "exact", "exact"]
    # the page was fetched; only its reading failed, and nothing half-read was stored
    assert server.hits["/crash.html"] == 1
    assert SnapshotStore(store).latest(ref_key(parse_ref(server.url("/crash.html")))) is None


async def test_fetched_pdf_whose_reader_hangs_is_stopped_at_the_read_budget(
    server: LoopbackServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(FAULT_ENV, "hang:stuck.pdf")
    batch = Batch(
        (SourceSpec("stuck", ref=server.url("/stuck.pdf")), SourceSpec("t", text="Plain words.")),
        (CitationSpec("c1", "stuck", PDF_QUOTE), CitationSpec("c2", "t", "Plain words")),
    )
    report = await _run(batch, _settings(server, tmp_path / "store.sqlite", read_timeout=1.0))
    source = report["sources"][0]
    assert source["status"] == "unavailable"
    assert source["error"]["code"] == "timeout"
    assert [c["status"] for c in report["citations"]] == ["unavailable", "exact"]


async def test_stored_bytes_reread_at_another_size_go_to_a_child(
    server: LoopbackServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = tmp_path / "store.sqlite"
    batch = Batch(
        (SourceSpec("html", ref=server.url("/crash.html")),),
        (CitationSpec("c1", "html", HTML_QUOTE),),
    )
    first = await _run(batch, _settings(server, store))
    assert first["sources"][0]["status"] == "readable"
    monkeypatch.setenv(FAULT_ENV, "abort:crash.html")
    offline = dataclasses.replace(
        _settings(server, store, max_source_chars=10_000),
        remote=RemoteSettings(offline=True, store_path=store),
    )
    again = await _run(batch, offline)
    assert again["sources"][0]["error"]["code"] == "reader_crashed"


async def test_store_records_the_same_as_a_read_in_this_process(
    server: LoopbackServer, tmp_path: Path
) -> None:
    refs = [server.url("/article.html"), server.url("/survey.pdf")]
    batch = Batch(tuple(SourceSpec(f"s{i}", ref=ref) for i, ref in enumerate(refs)), ())
    isolated, inline = tmp_path / "isolated.sqlite", tmp_path / "inline.sqlite"
    await _run(batch, _settings(server, isolated))
    await _run(batch, _settings(server, inline, isolate_readers=False))
    for ref in refs:
        key = ref_key(parse_ref(ref))
        a, b = SnapshotStore(isolated).latest(key), SnapshotStore(inline).latest(key)
        assert a is not None and b is not None
        assert a.raw == b.raw and a.text == b.text and a.page_starts == b.page_starts
        assert a.line_boxes == b.line_boxes and a.info.text_sha256 == b.info.text_sha256
        ra, rb = a.info.retrieval, b.info.retrieval
        assert dataclasses.replace(ra, retrieved_at=rb.retrieved_at) == rb


def test_read_body_matches_read_bytes() -> None:
    data = ARTICLE.encode("utf-8")
    facts: dict[str, Any] = {
        "name": "/a/article.html",
        "content_type": "text/html; charset=utf-8",
        "max_chars": 120,
        "ref": "https://example.org/a/article.html",
        "kind": RefKind.URL,
        "location": "https://example.org/a/article.html",
        "url": "https://example.org/a/article.html",
    }
    pool = ReaderPool(1)
    try:
        isolated = pool.read_body(data, timeout=30, **facts)
    finally:
        pool.close()
    inline = read_bytes(data, **facts)
    assert isolated.retrieval == inline.retrieval
    assert isolated.prepared.text == inline.prepared.text
    assert isolated.prepared.truncated and inline.prepared.truncated


async def test_doi_pages_and_linked_pdfs_are_read_in_children(
    server: LoopbackServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    landing = (
        "<html><head><title>Terns</title>"
        '<meta name="citation_title" content="Terns of the north">'
        '<meta name="citation_pdf_url" content="/files/terns.pdf">'
        "</head><body><h1>Terns of the north</h1><p>Abstract. A short survey of terns.</p>"
        "</body></html>"
    )
    server.redirect("/resolve/10.1234/terns", "/abs/terns")
    server.route("/abs/terns", landing)
    server.route("/files/terns.pdf", pdf_bytes(PDF_PAGES), content_type="application/pdf")
    server.redirect("/resolve/10.1234/broken", "/abs/broken.html")
    server.route("/abs/broken.html", landing)
    monkeypatch.setenv(FAULT_ENV, "abort:terns.pdf")
    settings = _settings(server, tmp_path / "store.sqlite")
    assert settings.remote is not None
    settings = dataclasses.replace(
        settings, remote=dataclasses.replace(settings.remote, doi_resolver=server.url("/resolve/"))
    )
    batch = Batch(
        (SourceSpec("terns", ref="doi:10.1234/terns"),),
        (CitationSpec("c1", "terns", "A short survey of terns"),),
    )
    report = await _run(batch, settings)
    # the linked PDF's reader died: only that attempt is lost, the landing page is checked
    source = report["sources"][0]
    assert source["status"] == "readable"
    assert source["retrieval"]["representation"] == "doi_landing_page"
    assert "reader_crashed" in source["retrieval"]["note"]
    assert report["citations"][0]["status"] == "exact"

    monkeypatch.setenv(FAULT_ENV, "abort:broken.html")
    batch = Batch(
        (SourceSpec("broken", ref="doi:10.1234/broken"),),
        (CitationSpec("c1", "broken", "A short survey of terns"),),
    )
    report = await _run(batch, settings)
    assert report["sources"][0]["error"]["code"] == "reader_crashed"
