"""A quotation checked against a DOI's open preprint: the verdict stands, a notice says the
published wording may differ, and every rendering names the copy read, online and offline."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from quote_tui.batch.batchfile import load_batch
from quote_tui.batch.pipeline import check_batch
from quote_tui.batch.specs import Settings
from quote_tui.reports.html import render_html
from quote_tui.reports.markdown import render_markdown
from quote_tui.reports.terminal import render_terminal
from tests.cli_docs import run_cli
from tests.net_fixtures import LoopbackServer
from tests.sources.test_openaccess import DOI, location, serve_walled_publisher, settings, work

QUOTE = "In the monarchE study, the Ki67 index was assessed centrally with the Ki67 PharmDx"


@pytest.fixture
def servers() -> Iterator[tuple[LoopbackServer, LoopbackServer]]:
    with LoopbackServer() as registry, LoopbackServer() as web:
        yield registry, web


def _run(
    servers: tuple[LoopbackServer, LoopbackServer], tmp_path: Path, corpus_dir: Path, version: str
) -> tuple[dict[str, Any], Path, Path]:
    registry, web = servers
    serve_walled_publisher(web)
    pdf = web.url("/preprints/ki67.pdf")
    answer = work(location(pdf=pdf, version=version, host="medRxiv", licence="cc-by-nc"))
    registry.route(
        f"/openalex/works/doi:{DOI}", json.dumps(answer), content_type="application/json"
    )
    web.route(
        "/preprints/ki67.pdf",
        (corpus_dir / "pdf" / "faragalla-ki67-curroncol.pdf").read_bytes(),
        content_type="application/pdf",
    )
    batch = tmp_path / "batch.json"
    batch.write_text(
        json.dumps(
            {
                "sources": [{"id": "ki67", "ref": f"doi:{DOI}"}],
                "citations": [{"id": "c1", "source": "ki67", "quote": QUOTE}],
            }
        ),
        encoding="utf-8",
    )
    store = tmp_path / "store.sqlite"
    remote = settings(registry, web, store)
    report = asyncio.run(check_batch(load_batch(batch), Settings(remote=remote)))
    return report, batch, store


def test_preprint_copy_gives_the_notice_and_every_rendering_names_it(
    servers: tuple[LoopbackServer, LoopbackServer], tmp_path: Path, corpus_dir: Path
) -> None:
    report, _batch, _store = _run(servers, tmp_path, corpus_dir, "submittedVersion")
    citation = report["citations"][0]
    assert citation["status"] == "exact"  # the verdict is the copy's, unchanged
    assert citation["copy_version"] == "submittedVersion"
    kinds = [n["kind"] for n in citation["outcome"]["notices"]]
    assert kinds == ["other_version"]
    assert "preprint" in citation["outcome"]["notices"][0]["text"]
    assert report["outcomes"]["other_version"] == 1
    copy = report["sources"][0]["retrieval"]["copy"]
    assert copy["host"] == "medRxiv" and copy["version"] == "submittedVersion"
    assert copy["license"] == "cc-by-nc" and copy["listed_by"] == "openalex"
    said = "preprint at medRxiv (cc-by-nc)"
    assert said in render_terminal(report)
    assert "published wording may differ" in render_terminal(report)
    assert said in render_markdown(report)
    assert said in render_html(report)


def test_published_copy_gives_no_notice(
    servers: tuple[LoopbackServer, LoopbackServer], tmp_path: Path, corpus_dir: Path
) -> None:
    report, _batch, _store = _run(servers, tmp_path, corpus_dir, "publishedVersion")
    citation = report["citations"][0]
    assert citation["status"] == "exact"
    assert "copy_version" not in citation
    assert citation["outcome"]["notices"] == []
    assert "published version at medRxiv" in render_terminal(report)


def test_offline_check_replays_the_copy_and_its_notice(
    servers: tuple[LoopbackServer, LoopbackServer], tmp_path: Path, corpus_dir: Path
) -> None:
    first, batch, store = _run(servers, tmp_path, corpus_dir, "acceptedVersion")
    registry, web = servers
    hits = registry.total_hits + web.total_hits
    out = tmp_path / "offline.json"
    run = run_cli(["check", str(batch), "--offline", "--store", str(store), "-o", str(out)])
    assert run.code == 0, run.err
    assert registry.total_hits + web.total_hits == hits, "an offline run sends no request"
    second = json.loads(out.read_text(encoding="utf-8"))
    assert second["citations"][0]["outcome"] == first["citations"][0]["outcome"]
    assert second["citations"][0]["copy_version"] == "acceptedVersion"
    assert second["sources"][0]["retrieval"]["copy"] == first["sources"][0]["retrieval"]["copy"]
    assert second["sources"][0]["retrieval"]["from_snapshot"] is True


def test_the_command_finds_the_pmc_copy_through_the_configured_base_urls(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.sources.test_openaccess import BOT_WALL, JATS

    with LoopbackServer() as mirror:
        # everything under the base URLs the user chose, as a self-hosted mirror would be
        monkeypatch.setenv("QUOTE_TUI_DOI_URL", mirror.url("/doi/"))
        monkeypatch.setenv("QUOTE_TUI_OPENALEX_URL", mirror.url("/openalex/"))
        monkeypatch.setenv("QUOTE_TUI_EUROPEPMC_URL", mirror.url("/europepmc/rest/"))
        mirror.redirect(f"/doi/{DOI}", "/doi/publisher/article")
        mirror.route("/doi/publisher/article", BOT_WALL, status=403)
        mirror.route(
            f"/openalex/works/doi:{DOI}",
            json.dumps(work(pmcid="PMC10047385")),
            content_type="application/json",
        )
        mirror.route(
            "/europepmc/rest/PMC10047385/fullTextXML", JATS, content_type="application/xml"
        )
        store = str(tmp_path / "store.sqlite")
        run = run_cli(["quote", "every tide from 1843", f"doi:{DOI}", "--store", store])
        assert run.code == 0, run.err
        report = run.json()
        assert report["citations"][0]["status"] == "exact"
        copy = report["sources"][0]["retrieval"]["copy"]
        assert copy["host"] == "Europe PMC" and copy["url"].endswith("/PMC10047385/fullTextXML")
        # the publisher's page could not be read (its host's robots.txt lies outside the base)
        assert "the publisher's page (" in report["sources"][0]["retrieval"]["note"]
        hits = mirror.total_hits
        monkeypatch.delenv("QUOTE_TUI_OPENALEX_URL")
        again = run_cli(
            ["quote", "every tide from 1843", f"doi:{DOI}", "--offline", "--store", store]
        )
        assert again.code == 0, again.err
        assert again.json()["sources"][0]["retrieval"]["copy"] == copy
        assert mirror.total_hits == hits
