"""``quote-tui check MANUSCRIPT --gate``: the sentence around each quotation is checked as an
item's prose, with findings at the manuscript's own lines and columns; and SARIF output for
``check`` and ``gate``, validated against the SARIF 2.1.0 schema."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.cli_docs import run_cli
from tests.gate.example import SOURCE_TEXT, write_example

SCHEMA = json.loads((Path(__file__).parent / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))

BIB = """@misc{lincoln1863,
  title = {Address delivered at the dedication of the Cemetery at Gettysburg},
  author = {Lincoln, Abraham},
  year = {1863},
  file = {gettysburg.txt}
}
"""

PAPER = """# Gettysburg

In 1863 Lincoln opened with "Four score and seven years ago our fathers brought forth on this \
continent, a new nation" [@lincoln1863, p. 1], that is 87 years, in front of Everett.

He spoke of a nation "dedicated to the proposition that all men are created equal" \
[@lincoln1863, p. 2].

Lincoln closed with these words, which Seward admired:

> It is for us the living, rather, to be dedicated here to the unfinished work which they who \
fought here have thus far so nobly advanced. [@lincoln1863]

He said "we can not dedicate, we can not consecrate" and that "The brave men, living and dead, \
who struggled here, have consecrated it" [@lincoln1863].
"""


def position(text: str, needle: str) -> tuple[int, int]:
    at = text.index(needle)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


@pytest.fixture
def paper(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "gettysburg.txt").write_text(SOURCE_TEXT, encoding="utf-8")
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    (tmp_path / "paper.md").write_text(PAPER, encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # as in CI: paths relative to the repository's root
    return tmp_path / "paper.md"


def test_gate_reads_and_extracts_the_manuscript_once(
    paper: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib

    # the package's ``scan`` is the function; the module is read from the import system
    scan = importlib.import_module("quote_tui.manuscripts.scan")
    gate_manuscript = importlib.import_module("quote_tui.gate.manuscript")
    calls: list[str] = []

    def counted(module: Any, name: str) -> None:
        real = getattr(module, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            calls.append(name)
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, wrapper)

    for module in (scan, gate_manuscript):
        counted(module, "read_manuscript")
        counted(module, "extract")
    run = run_cli(["check", "paper.md", "--bib", "refs.bib", "--gate", "--allow", "Lincoln"])
    assert run.code == 1 and "number_not_in_quotes" in run.err  # the gate ran
    assert sorted(calls) == ["extract", "read_manuscript"]


def test_gate_checks_the_sentence_around_each_quotation(paper: Path) -> None:
    run = run_cli(["check", "paper.md", "--bib", "refs.bib", "--gate", "--allow", "Lincoln"])
    assert run.code == 1  # a number failure
    lines = [line.strip() for line in run.err.splitlines() if line.startswith("  ")]
    line, column = position(PAPER, "1863 Lincoln")
    everett = position(PAPER, "Everett")
    seward = position(PAPER, "Seward")
    assert lines == [
        f"FAIL [c1] paper.md:{line}:{column} number_not_in_quotes: number(s) 1863, 87 in the "
        "prose stand in none of the item's quotations",
        f"warn [c1] paper.md:{everett[0]}:{everett[1]} unsourced_name: possible unsourced name: "
        "Everett stands in none of the quotations",
        # A block quotation's prose is the sentence that introduces it.
        f"warn [c3] paper.md:{seward[0]}:{seward[1]} unsourced_name: possible unsourced name: "
        "Seward stands in none of the quotations",
    ]
    # The page in [@lincoln1863, p. 2] is the reference's, not a claim: no finding for c2; the
    # two quotations of the last sentence share it and hold each other's words.
    report = run.json()
    assert [c["status"] for c in report["citations"]] == ["exact"] * 3 + ["near", "exact"]
    gate = report["gate"]
    assert (gate["failures"], gate["warnings"]) == (1, 2)
    assert [f["code"] for f in gate["findings"]] == [
        "number_not_in_quotes",
        "unsourced_name",
        "unsourced_name",
    ]
    assert gate["findings"][0]["location"]["line"] == line
    from importlib import resources

    schema = resources.files("quote_tui.batch").joinpath("report.schema.json").read_text("utf-8")
    jsonschema.validate(report, json.loads(schema))


def test_without_gate_the_prose_is_not_checked(paper: Path) -> None:
    run = run_cli(["check", "paper.md", "--bib", "refs.bib"])
    assert run.code == 0 and "number_not_in_quotes" not in run.err
    assert run_cli(["check", "paper.md", "--bib", "refs.bib", "--strict"]).code == 1  # the near


def test_copy_run_and_allow_flags(paper: Path) -> None:
    (paper.parent / "short.md").write_text(
        "Lincoln held, with Everett, that all men are created equal: a nation "
        '"dedicated to the proposition that all men are created equal" [@lincoln1863].\n',
        encoding="utf-8",
    )

    def codes(*flags: str) -> list[str]:
        run = run_cli(["check", "short.md", "--bib", "refs.bib", "--gate", *flags])
        return [line.split()[3] for line in run.err.splitlines() if line.startswith("  ")]

    assert codes() == ["unsourced_name:"]  # Everett
    assert codes("--allow", "Everett") == []
    # "that all men are created equal": six words shared with the quotation
    assert codes("--allow", "Everett", "--copy-run", "6") == ["copied_run:"]
    assert codes("--allow", "Everett", "--copy-run", "7") == []


def validate(log: dict[str, Any]) -> None:
    jsonschema.Draft4Validator(SCHEMA).validate(log)


def results_by_rule(log: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for result in log["runs"][0]["results"]:
        out.setdefault(result["ruleId"], []).append(result)
    return out


def region(result: dict[str, Any]) -> tuple[str, int, int]:
    physical = result["locations"][0]["physicalLocation"]
    where = physical["region"]
    return physical["artifactLocation"]["uri"], where["startLine"], where["startColumn"]


def test_check_sarif_validates_and_points_at_the_manuscript(paper: Path) -> None:
    run = run_cli(
        ["check", "paper.md", "--bib", "refs.bib", "--gate", "--allow", "Lincoln"]
        + ["--format", "sarif", "-o", "out.sarif"]
    )
    assert run.code == 1
    log = json.loads((paper.parent / "out.sarif").read_text(encoding="utf-8"))
    validate(log)
    results = results_by_rule(log)
    assert set(results) == {"citation/near", "gate/number_not_in_quotes", "gate/unsourced_name"}
    (near,) = results["citation/near"]
    assert region(near) == ("paper.md", *position(PAPER, "we can not dedicate, we"))
    assert near["level"] == "error" and "The source reads" in near["message"]["text"]
    assert region(results["gate/number_not_in_quotes"][0]) == (
        "paper.md",
        *position(PAPER, "1863 Lincoln"),
    )
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert all(r["help"]["text"] and r["shortDescription"]["text"] for r in rules)
    for result in log["runs"][0]["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]


def test_gate_sarif_validates_with_the_three_findings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_example(tmp_path)
    monkeypatch.chdir(tmp_path)
    run = run_cli(["gate", "claims.json", "--format", "sarif"])
    assert run.code == 1
    log = json.loads(run.out)
    validate(log)
    results = results_by_rule(log)
    assert {k: len(v) for k, v in results.items()} == {
        "gate/number_not_in_quotes": 1,
        "gate/quote_not_in_source": 1,
        "gate/copied_run": 1,
    }
    claims_text = (tmp_path / "claims.json").read_text(encoding="utf-8")
    assert region(results["gate/copied_run"][0]) == (
        "claims.json",
        *position(claims_text, "it is for us the living"),
    )
    levels = {k: v[0]["level"] for k, v in results.items()}
    assert levels["gate/copied_run"] == "warning" and levels["gate/quote_not_in_source"] == "error"


def test_batch_sarif_names_the_batch_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    batch = {
        "sources": [{"id": "s1", "text": SOURCE_TEXT, "truncated": False}],
        "citations": [
            {"id": "c1", "source": "s1", "quote": "government of the people"},
            {"id": "c2", "source": "s1", "quote": "a house divided against itself cannot stand"},
        ],
    }
    (tmp_path / "batch.json").write_text(json.dumps(batch), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    run = run_cli(["check", "batch.json", "-o", "report.sarif"])
    log = json.loads((tmp_path / "report.sarif").read_text(encoding="utf-8"))
    validate(log)
    (result,) = log["runs"][0]["results"]
    assert result["ruleId"] == "citation/not_found"
    assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "batch.json"
    assert run.code == 0


def test_the_schema_check_catches_a_broken_log(paper: Path) -> None:
    run = run_cli(["check", "paper.md", "--bib", "refs.bib", "--format", "sarif"])
    log = json.loads(run.out)
    validate(log)
    log["runs"][0]["results"][0]["level"] = "fatal"
    with pytest.raises(jsonschema.ValidationError):
        validate(log)


def test_gate_config_file_brings_cite_gates_keys_to_manuscripts(paper: Path) -> None:
    (paper.parent / "era.md").write_text(
        "In the Victorian era, Lincoln said that "
        '"government of the people, by the people, for the people, shall not perish from the '
        'earth" [@lincoln1863].\n',
        encoding="utf-8",
    )
    # A claims file may be named too: its "config" applies.
    config = {"config": {"allow": ["Lincoln"], "era": {"name": "Victorian", "tie": "18[3-9]"}}}
    (paper.parent / "gate.json").write_text(json.dumps({**config, "sections": []}), "utf-8")
    run = run_cli(["check", "era.md", "--bib", "refs.bib", "--gate", "--gate-config", "gate.json"])
    codes = [line.split()[3] for line in run.err.splitlines() if line.startswith("  ")]
    assert codes == ["era_phrase_not_in_quotes:", "era_not_tied:", "unsourced_name:"]
    assert run.code == 1
    bad = paper.parent / "bad.json"
    bad.write_text('{"allow": "Lincoln"}', encoding="utf-8")
    refused = run_cli(["check", "era.md", "--bib", "refs.bib", "--gate", "--gate-config", str(bad)])
    assert refused.code == 2 and "bad_option" in refused.err


@pytest.mark.parametrize(
    ("content", "code"),
    [
        ("{not json", "bad_manuscript"),
        ('{"items": []}', "bad_manuscript"),
        ('{"sections": [{"items": [{"text": "x", "claims": ["q"]}]}]}', "bad_manuscript"),
        ('{"config": {"copy_run": "many"}, "sections": []}', "bad_option"),
    ],
)
def test_malformed_claims_files_exit_2(tmp_path: Path, content: str, code: str) -> None:
    path = tmp_path / "claims.json"
    path.write_text(content, encoding="utf-8")
    run = run_cli(["gate", str(path)])
    assert run.code == 2 and f"quote-tui: {code}:" in run.err and run.out == ""


def test_a_misquotation_finding_gives_the_sources_words(tmp_path: Path) -> None:
    claims = {
        "sections": [
            {
                "items": [
                    {
                        "id": "misquoted",
                        "text": "He spoke of the living.",
                        "claims": [
                            {
                                "src": "gettysburg",
                                "quote": "It is for us the living, rather, to be devoted here "
                                "to the unfinished work",
                            }
                        ],
                    }
                ]
            }
        ]
    }
    path = write_example(tmp_path, claims)
    (finding,) = run_cli(["gate", str(path), "--format", "json"]).json()["findings"]
    assert finding["code"] == "quote_not_in_source"
    assert (
        "(near; the source reads 'It is for us the living, rather, to be dedicated"
        in (finding["message"])
    )
