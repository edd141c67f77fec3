"""A registry out of reach is said once: in the references report (``unreached``), in each
reference's reason, in every view, and in ``check --refs``; never as if all were clear.

The registries are a closed loopback port (nothing listens, so every connection is refused),
never the public network.
"""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path

import pytest

from quote_tui import api
from quote_tui.sources.net.settings import RemoteSettings
from tests.references.registry_fixtures import BIB


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # closed on leaving: connections are refused


def _settings(tmp_path: Path) -> api.Settings:
    port = _closed_port()
    remote = RemoteSettings(
        timeout=5.0,
        store_path=tmp_path / "store.sqlite3",
        eutils_base=f"http://127.0.0.1:{port}/eutils/",
        crossref_api=f"http://127.0.0.1:{port}/crossref/",
        ncbi_email="refs@example.org",
    )
    return api.Settings(remote=remote)


@pytest.fixture
def report(tmp_path: Path) -> dict:
    bib = tmp_path / "paper.bib"
    bib.write_text(BIB, encoding="utf-8")
    entries = api.read_references(bib)
    return asyncio.run(api.check_references(entries, settings=_settings(tmp_path)))


def test_the_report_names_each_registry_out_of_reach_once(report: dict) -> None:
    refs = report["references"]
    asked_crossref = [r for r in refs if "crossref" in r["checked_with"]]
    unreached = {u["service"]: u for u in report["unreached"]}
    assert unreached["crossref"]["code"] == "connect_error"
    assert unreached["crossref"]["references"] == len(asked_crossref) > 1
    assert all("crossref" in r["unreached"] for r in asked_crossref)
    assert not any(r["status"] == "verified" for r in refs)
    schema = json.loads(
        (Path(api.__file__).parents[1] / "references" / "references.schema.json").read_text()
    )
    import jsonschema

    jsonschema.validate(report, schema)


def test_no_reference_says_the_same_failure_twice(report: dict) -> None:
    for ref in report["references"]:
        reason = ref.get("reason") or ""
        for name in ("Crossref", "PubMed", "DOI", "bibliographic search"):
            # one failure per registry: the DOI lookup or the search, not both
            assert reason.count("connect_error") <= len(ref["unreached"]), reason
            assert reason.count(f"{name} could not") <= 1, reason


def test_every_view_says_it_once(report: dict) -> None:
    n = report["unreached"][0]["references"]
    line = f"Crossref could not be reached: {n} references not checked"
    for fmt in ("terminal", "markdown", "html"):
        text = api.render_references(report, fmt)
        assert text.count(line) == 1, fmt
    assert api.render_references(report, "terminal").splitlines()[1].startswith(line)


def test_check_refs_in_a_quotation_report_says_it_once(report: dict) -> None:
    quotes = api.run(
        lambda: api.check_batch(
            api.parse_batch(
                {
                    "sources": [{"id": "s", "text": "Four score and seven years ago."}],
                    "citations": [{"id": "c1", "source": "s", "quote": "seven years ago"}],
                }
            )
        )
    )
    quotes["references"] = report
    for fmt in ("markdown", "html"):
        text = api.render(quotes, fmt)
        assert text.count("Crossref could not be reached: ") == 1
        assert text.count("All connection attempts failed") == 2  # Crossref's, PubMed's


def test_offline_without_a_stored_answer_is_not_all_clear(tmp_path: Path) -> None:
    bib = tmp_path / "paper.bib"
    bib.write_text(BIB, encoding="utf-8")
    settings = _settings(tmp_path)
    offline = api.Settings(remote=RemoteSettings(**{**vars_of(settings.remote), "offline": True}))
    got = asyncio.run(api.check_references(api.read_references(bib), settings=offline))
    services = {u["service"]: u for u in got["unreached"]}
    assert services["crossref"]["code"] == "offline"
    text = api.render_references(got, "terminal")
    line = "Crossref was not asked (offline, no stored answer): "
    assert text.count(line) == 1 and text.count("has no stored answer") == 0


def vars_of(remote: RemoteSettings) -> dict:
    import dataclasses

    return {f.name: getattr(remote, f.name) for f in dataclasses.fields(remote)}


def test_the_cli_says_it_once_on_stderr(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.cli_docs import run_cli

    bib = tmp_path / "paper.bib"
    bib.write_text(BIB, encoding="utf-8")
    settings = _settings(tmp_path)
    monkeypatch.setattr("quote_tui.cli.refs.settings_from", lambda _args: settings)
    run = run_cli(["refs", str(bib), "--format", "json"])
    assert run.code == 0, run.err
    assert run.err.count("Crossref could not be reached: ") == 1
    assert json.loads(run.out)["unreached"][0]["service"] == "crossref"
    # check --refs: a manuscript whose source is a local file, its reference searched for
    monkeypatch.setattr("quote_tui.cli.check.settings_from", lambda _args: settings)
    (tmp_path / "src.txt").write_text("Four score and seven years ago.", encoding="utf-8")
    (tmp_path / "refs.bib").write_text(
        "@book{lincoln1863, title = {Gettysburg Address}, author = {Lincoln, Abraham},"
        " year = {1863}, file = {src.txt}}\n",
        encoding="utf-8",
    )
    paper = tmp_path / "paper.md"
    paper.write_text('He said "four score and seven years ago" [@lincoln1863].\n', encoding="utf-8")
    refs = str(tmp_path / "refs.bib")
    run = run_cli(["check", str(paper), "--bib", refs, "--refs", "--format", "markdown"])
    assert run.code == 0, run.err
    assert "| ~ Near | 1 |" in run.out  # checked in its local source (a case differs)
    assert run.err.count("Crossref could not be reached: 1 reference not checked") == 1
    assert run.out.count("Crossref could not be reached: 1 reference not checked") == 1
