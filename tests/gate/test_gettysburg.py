"""Done when: cite-gate's own Gettysburg example gives the same three findings as cite-gate
(two failures, one warning, on the same items), with our locations, through the real CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_docs import run_cli
from tests.gate.example import CLAIMS, LIVING, line_column, write_example

# What cite-gate prints for its example:
#   FAIL [number-not-in-quote] number(s) ['1776', '87'] not in the quotes
#   FAIL [quote-not-in-source] quote not found in 'gettysburg': 'this nation shall endure ...'
#   warn [copied-not-retold] 26 consecutive words shared with the quotes; retell, don't copy
CITE_GATE = [
    ("failure", "number-not-in-quote", ["87", "1776"]),
    ("failure", "quote-not-in-source", ["this nation shall endure forever and ever"]),
    ("warning", "copied-not-retold", [LIVING[0].lower() + LIVING[1:-1]]),
]


def test_gate_gives_cite_gates_three_findings_with_locations(tmp_path: Path) -> None:
    claims = write_example(tmp_path)
    run = run_cli(["gate", str(claims), "--format", "json"])
    assert run.code == 1, run.err
    out = run.json()
    assert (out["items"], out["words"], out["failures"], out["warnings"]) == (5, 91, 2, 1)
    found = [(f["severity"], f["location"]["item"], f["words"]) for f in out["findings"]]
    assert sorted(found) == sorted(CITE_GATE)
    by_item = {f["location"]["item"]: f for f in out["findings"]}
    assert by_item["number-not-in-quote"]["code"] == "number_not_in_quotes"
    assert by_item["quote-not-in-source"]["code"] == "quote_not_in_source"
    assert by_item["copied-not-retold"]["code"] == "copied_run"
    assert "26 consecutive words" in by_item["copied-not-retold"]["message"]
    # Locations: the words concerned, inside the claims file.
    where = {k: (v["location"]["line"], v["location"]["column"]) for k, v in by_item.items()}
    assert where["number-not-in-quote"] == line_column(claims, "87 years")
    assert where["quote-not-in-source"] == line_column(claims, "this nation shall")
    assert where["copied-not-retold"] == line_column(claims, "it is for us the living")
    assert all(f["location"]["file"] == str(claims) for f in out["findings"])
    # Every quotation went through the service: the good ones stand in the source.
    statuses = [c["status"] for c in out["report"]["citations"]]
    assert statuses[:-1] == ["exact", "normalized", "exact", "exact", "exact", "exact"]
    assert statuses[-1] in ("near", "not_found")


def test_text_output_and_strict(tmp_path: Path) -> None:
    claims = write_example(tmp_path)
    run = run_cli(["gate", str(claims)])
    assert run.code == 1
    lines = run.out.splitlines()
    assert lines[0] == "5 items · 91 words · 2 failures · 1 warning"
    assert lines[1].startswith("  FAIL [number-not-in-quote] ")
    assert lines[3].startswith("  warn [copied-not-retold] ")
    # Without the mistakes there is nothing to fail; the warning alone fails only --strict.
    fixed = json.loads(json.dumps(CLAIMS))
    mistakes = fixed["sections"][1]["items"]
    fixed["sections"][1]["items"] = [i for i in mistakes if i["id"] == "copied-not-retold"]
    fine = write_example(tmp_path / "fixed", fixed)
    assert run_cli(["gate", str(fine)]).code == 0
    assert run_cli(["gate", str(fine), "--strict"]).code == 1


@pytest.mark.parametrize(
    ("config", "expected"),
    [
        ({"copy_run": 30}, set()),  # 26 shared words no longer count as copying
        # "at the dedication of the cemetery at Gettysburg": 7 words, "four score and seven
        # years": 5
        ({"copy_run": 5}, {"copied-not-retold", "opening", "number-not-in-quote", "date"}),
        ({"allow": []}, {"copied-not-retold"}),  # Lincoln and Gettysburg are in quotations
        ({"allow": [], "min_quote_chars": 60}, {"copied-not-retold"}),
    ],
)
def test_config_keys_are_honoured(
    tmp_path: Path, config: dict[str, object], expected: set[str]
) -> None:
    claims = json.loads(json.dumps(CLAIMS))
    claims["config"] = {**claims["config"], **config}
    path = write_example(tmp_path, claims)
    out = run_cli(["gate", str(path), "--format", "json"]).json()
    warned = {f["location"]["item"] for f in out["findings"] if f["severity"] == "warning"}
    assert warned == expected
    short = [f for f in out["findings"] if f["code"] == "quote_too_short"]
    assert len(short) == (3 if config.get("min_quote_chars") == 60 else 0)


def test_check_on_a_claims_file_makes_the_number_rule_a_failure(tmp_path: Path) -> None:
    claims = write_example(tmp_path)
    run = run_cli(["check", str(claims)])
    assert run.code == 1
    assert "FAIL" in run.err and "number_not_in_quotes" in run.err
    assert "87, 1776" in run.err
    assert len(run.json()["citations"]) == 7
    # Without the number mistake the check passes; the copying warning needs --gate.
    fixed = json.loads(json.dumps(CLAIMS))
    fixed["sections"][1]["items"] = fixed["sections"][1]["items"][1:2]
    fine = write_example(tmp_path / "fixed", fixed)
    assert run_cli(["check", str(fine)]).code == 0
    gated = run_cli(["check", str(fine), "--gate", "--strict"])
    assert gated.code == 1 and "copied_run" in gated.err


def test_check_refuses_a_claims_file_with_a_bad_config(tmp_path: Path) -> None:
    claims = json.loads(json.dumps(CLAIMS))
    claims["config"]["copy_run"] = "eleven"
    path = write_example(tmp_path, claims)
    run = run_cli(["check", str(path)])
    assert run.code == 2 and "bad_option" in run.err


def test_the_shipped_example_runs_as_docs_gate_md_shows(tmp_path: Path, monkeypatch) -> None:
    from tests.cli_docs import PROJECT_ROOT

    shipped = PROJECT_ROOT / "examples" / "gettysburg"
    written = write_example(tmp_path)
    assert (shipped / "claims.json").read_text(encoding="utf-8") == written.read_text("utf-8")
    source = "sources/gettysburg.txt"
    assert (shipped / source).read_text("utf-8") == (tmp_path / source).read_text("utf-8")
    docs = (PROJECT_ROOT / "docs" / "gate.md").read_text(encoding="utf-8")
    block = docs.split("$ quote-tui gate examples/gettysburg/claims.json\n", 1)[1]
    shown = block.split("```", 1)[0].splitlines()
    monkeypatch.chdir(PROJECT_ROOT)
    run = run_cli(["gate", "examples/gettysburg/claims.json"])
    assert run.code == 1
    assert run.out.splitlines() == shown
    assert "OWNER" not in docs and "@REF" not in docs
