"""``--baseline REPORT``: what changed since an earlier references report, in ``changes`` and
first in every human view; ``--fail-on-change`` for a weekly watch.

The registries' answers come from a store a loopback run filled; the runs under test are
offline, so only the Retraction Watch file differs between them.
"""

from __future__ import annotations

import asyncio
import json
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from quote_tui import api
from quote_tui.batch.specs import Settings
from quote_tui.engine.errors import BatchInputError
from quote_tui.references.changes import changes_since, read_baseline
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
HEADER = RETRACTION_CSV.splitlines()[0] + "\n"
# made up for the test: a retraction of a paper that was never retracted
NEW_ROW = (
    '9,"Deep learning",,,Nature,,,Yann LeCun,,Research Article;,11/30/2026 0:00,'
    "10.9999/test-retraction,,5/27/2015 0:00,10.1038/nature14539,,Retraction,"
    "+Test reason;,No,\n"
)


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("watch")
    bib = folder / "paper.bib"
    bib.write_text(BIB, encoding="utf-8")
    store = folder / "store.sqlite3"
    with LoopbackServer() as server:
        serve_registries(server)
        settings = Settings(remote=registry_settings(server, store))
        report = asyncio.run(api.check_references(api.read_references(bib), settings=settings))
    assert {r["key"]: r["status"] for r in report["references"]} == EXPECTED
    return bib, store


def _refs(bib: Path, store: Path, csv: Path, *more: str) -> list[str]:
    return ["refs", str(bib), "--offline", "--store", str(store), "--retractions", str(csv), *more]


def test_a_new_retraction_is_the_one_change(filled: tuple[Path, Path], tmp_path: Path) -> None:
    bib, store = filled
    old, new = tmp_path / "rw-old.csv", tmp_path / "rw-new.csv"
    old.write_text(HEADER + RETRACTION_CSV.splitlines()[1] + "\n", encoding="utf-8")
    new.write_text(old.read_text(encoding="utf-8") + NEW_ROW, encoding="utf-8")
    r1 = tmp_path / "r1.json"
    assert run_cli(_refs(bib, store, old, "-o", str(r1))).code == 0
    assert "changes" not in json.loads(r1.read_text())

    run = run_cli(_refs(bib, store, new, "--baseline", str(r1)))
    assert run.code == 0, run.err
    report = json.loads(run.out)
    jsonschema.validate(report, SCHEMA)
    assert report["baseline"] == {"file": "r1.json", "references": len(EXPECTED)}
    assert [(c["key"], c["change"], c["before"], c["after"]) for c in report["changes"]] == [
        ("lecun2015", "retracted", "verified", "retracted")
    ]
    # first in every human view
    head = "Since r1.json: 1 newly retracted"
    assert api.render_references(report, "terminal").splitlines()[0] == head
    assert (
        api.render_references(report, "terminal")
        .splitlines()[1]
        .startswith("  lecun2015: newly retracted (was verified)")
    )
    md = api.render_references(report, "markdown")
    assert md.index(head) < md.index("references:") and "- lecun2015: newly retracted" in md
    html = api.render_references(report, "html")
    assert html.index(head) < html.index("<table>")

    watch = _refs(bib, store, new, "--baseline", str(r1), "--fail-on-change")
    assert run_cli(watch).code == 1
    r2 = tmp_path / "r2.json"
    r2.write_text(run.out, encoding="utf-8")
    again = run_cli(_refs(bib, store, new, "--baseline", str(r2), "--fail-on-change"))
    assert again.code == 0, again.err
    quiet = json.loads(again.out)
    assert quiet["changes"] == []
    text = api.render_references(quiet, "terminal")
    assert text.startswith(f"No changes since r2.json ({len(EXPECTED)} references)")


def test_check_refs_takes_a_baseline(filled: tuple[Path, Path], tmp_path: Path) -> None:
    bib, store = filled
    ms = tmp_path / "essay.md"
    ms.write_text("# Essay\n\nAs shown [@lecun2015].\n", encoding="utf-8")
    old, new = tmp_path / "rw-old.csv", tmp_path / "rw-new.csv"
    old.write_text(HEADER, encoding="utf-8")
    new.write_text(HEADER + NEW_ROW, encoding="utf-8")
    base = ["check", str(ms), "--bib", str(bib), "--refs", "--offline", "--store", str(store)]
    first = run_cli([*base, "--retractions", str(old), "--format", "json"])
    r1 = tmp_path / "r1.json"
    r1.write_text(first.out, encoding="utf-8")  # a check report: its references are read
    run = run_cli([*base, "--retractions", str(new), "--baseline", str(r1), "--format", "json"])
    assert run.code == 0, run.err
    changes = json.loads(run.out)["references"]["changes"]
    assert [(c["key"], c["change"]) for c in changes] == [("lecun2015", "retracted")]


def _ref(key: str, status: str, doi: str | None = None) -> dict:
    return {"key": key, "status": status, "cited": {"doi": doi} if doi else {}}


def test_what_counts_as_a_change() -> None:
    before = [
        _ref("a", "verified"),
        _ref("b", "metadata_mismatch"),
        _ref("c", "verified"),
        _ref("d", "verified"),
        _ref("old-key", "verified", "10.1/X"),
        _ref("f", "retracted"),
        _ref("g", "verified"),
    ]
    after = [
        _ref("a", "unverifiable"),  # a registry out of reach is no change
        _ref("b", "verified"),  # fixed
        _ref("c", "not_found"),  # mismatched
        _ref("d", "corrected"),
        _ref("new-key", "retracted", "10.1/x"),  # the same DOI under a new key
        _ref("f", "expression_of_concern"),  # a retraction stays the worse news
        _ref("g", "verified"),
        _ref("h", "retracted"),  # cited since the baseline, already retracted
    ]
    got = [(c.key, c.change, c.before) for c in changes_since(before, after)]
    assert got == [
        ("new-key", "retracted", "verified"),
        ("h", "retracted", None),
        ("d", "corrected", "verified"),
        ("c", "mismatched", "verified"),
        ("b", "fixed", "metadata_mismatch"),
    ]


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("not json", "is not JSON"),
        ('{"summary": {}}', "is not a references report"),
        ('{"references": [{"key": "a"}]}', "is not a references report"),
        ("[]", "is not a references report"),
    ],
)
def test_a_baseline_that_is_not_a_report_is_refused(tmp_path: Path, text: str, says: str) -> None:
    path = tmp_path / "r.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BatchInputError, match=says) as err:
        read_baseline(path)
    assert err.value.code == "bad_batch"


def test_baseline_errors_reach_the_cli_typed(tmp_path: Path) -> None:
    bib = tmp_path / "a.bib"
    bib.write_text(BIB, encoding="utf-8")
    missing = run_cli(["refs", str(bib), "--offline", "--baseline", str(tmp_path / "no.json")])
    assert missing.code == 2 and "bad_batch" in missing.err and "Traceback" not in missing.err
    alone = run_cli(["refs", str(bib), "--offline", "--fail-on-change"])
    assert alone.code == 2 and "--baseline" in alone.err


def test_the_baseline_size_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from quote_tui.references import changes

    monkeypatch.setattr(changes, "MAX_BASELINE_BYTES", 100)
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"references": [_ref(f"k{n}", "verified") for n in range(9)]}))
    with pytest.raises(BatchInputError, match="larger than"):
        read_baseline(path)
