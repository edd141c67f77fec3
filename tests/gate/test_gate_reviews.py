"""Reviews honoured by the claims gate: a reviewed finding is shown as reviewed, with its note,
and does not fail the gate until it changes (the same fingerprint rule as ``refs --strict``).
On cite-gate's own Gettysburg example, through the real CLI."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli_docs import run_cli
from tests.gate.example import CLAIMS, write_example


def _fixed_but_numbers() -> dict:
    """The example with only its number finding left (a failure) and the copied run (a
    warning)."""
    claims = json.loads(json.dumps(CLAIMS))
    items = claims["sections"][1]["items"]
    claims["sections"][1]["items"] = [
        i for i in items if i["id"] in ("number-not-in-quote", "copied-not-retold")
    ]
    return claims


def test_a_reviewed_failure_is_shown_and_passes_until_it_changes(tmp_path: Path) -> None:
    claims = write_example(tmp_path, _fixed_but_numbers())
    first = run_cli(["gate", str(claims), "--format", "json"])
    assert first.code == 1
    report = tmp_path / "gate.json"
    report.write_text(first.out, encoding="utf-8")
    by_item = {f["location"]["item"]: f for f in first.json()["findings"]}
    number = by_item["number-not-in-quote"]["fingerprint"]

    review = run_cli(
        ["review", str(report), number[:12], "--note", "1776 is worked out from 87 on purpose"]
    )
    assert review.code == 0, review.err
    file = tmp_path / ".quote-tui-review.json"  # beside the claims file
    assert file.is_file()

    again = run_cli(["gate", str(claims), "--format", "json"])
    assert again.code == 0, again.out  # the failure is reviewed; the warning needs --strict
    out = again.json()
    assert (out["failures"], out["warnings"], out["reviewed"]) == (0, 1, 1)
    shown = {f["location"]["item"]: f for f in out["findings"]}
    assert shown["number-not-in-quote"]["review"] == {
        "note": "1776 is worked out from 87 on purpose"
    }
    text = run_cli(["gate", str(claims)])
    assert text.code == 0
    assert text.out.splitlines()[0].endswith("0 failures · 1 warning · 1 reviewed")
    assert any(
        line.startswith("  rev  [number-not-in-quote]") and "reviewed: 1776 is" in line
        for line in text.out.splitlines()
    )
    assert run_cli(["gate", str(claims), "--strict"]).code == 1  # the warning is not reviewed

    # another number in the same item is another finding: it fails again
    changed = json.loads(claims.read_text(encoding="utf-8"))
    for section in changed["sections"]:
        for item in section["items"]:
            if item["id"] == "number-not-in-quote":
                item["text"] = item["text"].replace("1776", "1775")
    claims.write_text(json.dumps(changed, indent=2), encoding="utf-8")
    back = run_cli(["gate", str(claims), "--format", "json"])
    assert back.code == 1
    assert back.json()["reviewed"] == 0


def test_a_review_file_given_elsewhere_and_a_bad_one(tmp_path: Path) -> None:
    claims = write_example(tmp_path, _fixed_but_numbers())
    first = run_cli(["gate", str(claims), "--format", "json"])
    report = tmp_path / "gate.json"
    report.write_text(first.out, encoding="utf-8")
    elsewhere = tmp_path / "notes" / "reviews.json"
    elsewhere.parent.mkdir()
    warn = next(f for f in first.json()["findings"] if f["severity"] == "warning")
    run = run_cli(
        [
            "review",
            str(report),
            warn["fingerprint"],
            "--note",
            "the words are Lincoln's, retold on purpose",
            "--review",
            str(elsewhere),
        ]
    )
    assert run.code == 0, run.err
    strict = run_cli(["gate", str(claims), "--strict", "--review", str(elsewhere)])
    assert strict.code == 1  # the number failure is not reviewed
    assert "rev  [copied-not-retold]" in strict.out
    sarif = run_cli(["gate", str(claims), "--format", "sarif", "--review", str(elsewhere)])
    results = json.loads(sarif.out)["runs"][0]["results"]
    suppressed = [r for r in results if r.get("suppressions")]
    assert [r["properties"]["item"] for r in suppressed] == ["copied-not-retold"]
    assert suppressed[0]["suppressions"][0]["justification"].startswith("the words are")
    assert all(r["partialFingerprints"]["quoteTuiFinding/v1"] for r in results)

    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    refused = run_cli(["gate", str(claims), "--review", str(bad)])
    assert refused.code == 2 and "bad_batch" in refused.err
    assert bad.read_text(encoding="utf-8") == "{not json"  # left as it was

    unknown = run_cli(["review", str(report), "deadbeefdeadbeef", "--note", "x"])
    assert unknown.code == 2 and "bad_option" in unknown.err
    too_short = run_cli(["review", str(report), warn["fingerprint"][:4], "--note", "x"])
    assert too_short.code == 2


def test_check_gate_honours_the_review_file_beside_the_manuscript(tmp_path: Path) -> None:
    claims = write_example(tmp_path, _fixed_but_numbers())
    first = run_cli(["check", str(claims), "--format", "json"])
    assert first.code == 1, first.err
    report = tmp_path / "check.json"
    report.write_text(first.out, encoding="utf-8")
    (number,) = [f for f in first.json()["gate"]["findings"] if f["severity"] == "failure"]
    assert run_cli(["review", str(report), number["fingerprint"], "--note", "on purpose"]).code == 0
    again = run_cli(["check", str(claims), "--format", "json"])
    assert again.code == 0, again.err
    gate = again.json()["gate"]
    assert (gate["failures"], gate["reviewed"]) == (0, 1)
    assert gate["findings"][0]["review"] == {"note": "on purpose"}
