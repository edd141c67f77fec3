"""``quote-tui refs`` and ``check --refs``: the store a loopback run filled, read offline by the
command; the Retraction Watch CSV with no network at all; JSON, Markdown, HTML; --strict."""

from __future__ import annotations

import asyncio
import hashlib
import json
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from quote_tui import api
from quote_tui.batch.specs import Settings
from tests.cli_docs import run_cli
from tests.net_fixtures import LoopbackServer
from tests.references.registry_fixtures import (
    BIB,
    EXPECTED,
    RETRACTION_CSV,
    registry_settings,
    serve_registries,
)

SCHEMA = json.loads(
    resources.files("quote_tui.references").joinpath("references.schema.json").read_text("utf-8")
)


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A bibliography and a store filled by one loopback run."""
    folder = tmp_path_factory.mktemp("refs")
    bib = folder / "paper.bib"
    bib.write_text(BIB, encoding="utf-8")
    store = folder / "store.sqlite3"
    with LoopbackServer() as server:
        serve_registries(server)
        settings = Settings(remote=registry_settings(server, store))
        entries = api.read_references(bib)
        report = asyncio.run(api.check_references(entries, settings=settings))
    assert {r["key"]: r["status"] for r in report["references"]} == EXPECTED
    return bib, store


def test_refs_json_offline_from_the_store(filled: tuple[Path, Path]) -> None:
    bib, store = filled
    run = run_cli(["refs", str(bib), "--offline", "--store", str(store)])
    assert run.code == 0, run.err
    report = json.loads(run.out)
    jsonschema.validate(report, SCHEMA)
    assert {r["key"]: r["status"] for r in report["references"]} == EXPECTED
    assert report["summary"]["total"] == len(EXPECTED)
    assert report["summary"]["metadata_mismatch"] == 3
    strict = run_cli(["refs", str(bib), "--offline", "--store", str(store), "--strict"])
    assert strict.code == 1


def test_refs_markdown_and_html(filled: tuple[Path, Path], tmp_path: Path) -> None:
    bib, store = filled
    md = run_cli(["refs", str(bib), "--offline", "--store", str(store), "--format", "markdown"])
    assert "## watson1954: metadata mismatch" in md.out
    assert "year: cited 1954; registered 1953" in md.out
    out = tmp_path / "refs.html"
    run = run_cli(["refs", str(bib), "--offline", "--store", str(store), "-o", str(out)])
    assert run.code == 0
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "class=retracted" in page


def test_retractions_offline_from_the_csv_alone(tmp_path: Path) -> None:
    bib = tmp_path / "paper.bib"
    bib.write_text(BIB, encoding="utf-8")
    csv = tmp_path / "retraction_watch.csv"
    csv.write_text(RETRACTION_CSV, encoding="utf-8")
    empty = tmp_path / "empty.sqlite3"
    args = ["refs", str(bib), "--offline", "--store", str(empty), "--retractions", str(csv)]
    run = run_cli(args)
    assert run.code == 0, run.err
    report = json.loads(run.out)
    jsonschema.validate(report, SCHEMA)
    statuses = {r["key"]: r["status"] for r in report["references"]}
    assert statuses.pop("wakefield1998") == "retracted"
    assert set(statuses.values()) == {"unverifiable"}
    held = report["retractions"]
    assert held["file"] == "retraction_watch.csv" and held["records"] == held["rows"] == 1
    assert held["sha256"] == hashlib.sha256(csv.read_bytes()).hexdigest()
    assert held["newest"] == "2010-02-06"
    assert run_cli([*args, "--strict"]).code == 1
    # every view says which data it held: the file, its rows, its newest notice, its hash
    for fmt in ("markdown", "html"):
        text = run_cli([*args, "--format", fmt]).out
        assert held["sha256"] in text and "1 rows (1 notices)" in text, fmt
        assert "newest notice 2010-02-06" in text, fmt
    assert "Retraction Watch: retraction_watch.csv, 1 rows" in api.render_references(
        report, "terminal"
    )
    assert held["sha256"][:16] in api.render_references(report, "terminal")


def test_a_broken_retractions_file_is_a_typed_error(tmp_path: Path) -> None:
    bib = tmp_path / "paper.bib"
    bib.write_text(BIB, encoding="utf-8")
    csv = tmp_path / "other.csv"
    csv.write_text("a,b\n1,2\n", encoding="utf-8")
    run = run_cli(["refs", str(bib), "--offline", "--retractions", str(csv)])
    assert run.code == 2
    assert "bad_batch" in run.err and "Traceback" not in run.err


def test_check_refs_on_a_manuscript(filled: tuple[Path, Path], tmp_path: Path) -> None:
    bib, store = filled
    ms = tmp_path / "essay.md"
    ms.write_text(
        "# Essay\n\nThe authors call it \u201ca new way of representing data in layers\u201d "
        "[@lecun2015].\n",
        encoding="utf-8",
    )
    base = ["check", str(ms), "--bib", str(bib), "--refs", "--offline", "--store", str(store)]
    run = run_cli([*base, "--format", "json"])
    assert run.code == 0, run.err
    report = json.loads(run.out)
    refs = report["references"]
    jsonschema.validate(refs, SCHEMA)
    assert {r["key"]: r["status"] for r in refs["references"]} == EXPECTED
    assert run_cli([*base, "--format", "json", "--strict"]).code == 1
    md = run_cli([*base, "--format", "markdown"])
    assert "## References" in md.out and "watson1954: metadata mismatch" in md.out
    assert run_cli([*base, "--format", "jsonl"]).code == 2


def test_check_refs_on_a_batch_reads_the_bib(filled: tuple[Path, Path], tmp_path: Path) -> None:
    bib, store = filled
    batch = tmp_path / "batch.json"
    batch.write_text(
        json.dumps(
            {
                "sources": [{"id": "s1", "text": "Deep learning allows models to learn."}],
                "citations": [{"id": "c1", "source": "s1", "quote": "allows models to learn"}],
            }
        ),
        encoding="utf-8",
    )
    base = ["check", str(batch), "--refs", "--offline", "--store", str(store), "--format", "json"]
    assert run_cli(base).code == 2  # a batch has no bibliography of its own
    run = run_cli([*base, "--bib", str(bib)])
    assert run.code == 0, run.err
    assert json.loads(run.out)["references"]["summary"]["total"] == len(EXPECTED)


def test_refs_errors_are_typed(tmp_path: Path) -> None:
    missing = run_cli(["refs", str(tmp_path / "nope.bib"), "--offline"])
    assert missing.code == 2 and "bad_manuscript" in missing.err
    assert "Traceback" not in missing.err
    bib = tmp_path / "a.bib"
    bib.write_text(BIB, encoding="utf-8")
    sarif = run_cli(["refs", str(bib), "--offline", "-o", str(tmp_path / "x.sarif")])
    assert sarif.code == 2 and "bad_option" in sarif.err


def test_refs_names_every_entry_it_could_not_check(
    filled: tuple[Path, Path], tmp_path: Path
) -> None:
    """A file of seven entries: five checked, and a warning with its line for the repeated
    field, the second use of a key and the block that cannot be read."""
    _, store = filled
    bib = tmp_path / "seven.bib"
    bib.write_text(
        "@article{one, title = {One}}\n"
        "@article{two, title = {Two}, title = {Two again}}\n"
        "@article{three, title = {Three}}\n"
        "@article{three, title = {Three again}}\n"
        "@article{five, title = {Five unclosed\n"
        "@article{six, title = {Six}}\n"
        "@article{seven, title = {Seven}}\n",
        encoding="utf-8",
    )
    run = run_cli(["refs", str(bib), "--offline", "--store", str(store)])
    report = json.loads(run.out)
    jsonschema.validate(report, SCHEMA)
    assert report["summary"]["total"] == 5
    assert [(w["code"], w["line"]) for w in report["warnings"]] == [
        ("repeated_field", 2),
        ("duplicate_key", 4),
        ("unparsable", 5),
    ]
    assert all(w["file"] == str(bib) for w in report["warnings"])
    terminal = api.render_references(report, "terminal")
    assert f"warning: {bib}:4: key three is used again" in terminal
