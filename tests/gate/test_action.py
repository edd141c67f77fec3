"""The GitHub Action and the pre-commit hooks, run as CI would run them on a sample repository.

The action's ``run:`` steps are executed with bash in order, with its inputs, ``github.action_path``
and earlier steps' outputs put in for their ``${{ }}`` expressions; ``uses:`` steps (setting up
Python, uploading SARIF) are skipped and recorded. ``python -m pip`` is answered by a stand-in that
records what would be installed (the package is already installed here); every other command is
the real one.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import stat
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from tests.cli_docs import run_cli
from tests.gate.example import CLAIMS, SOURCE_TEXT, write_example
from tests.gate.test_check_gate import BIB, PAPER, SCHEMA

PROJECT_ROOT = Path(__file__).resolve().parents[2]
ACTION = yaml.safe_load((PROJECT_ROOT / "action.yml").read_text(encoding="utf-8"))
HOOKS = yaml.safe_load((PROJECT_ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
EXPRESSION = re.compile(r"\$\{\{\s*(.+?)\s*\}\}")


@dataclass
class Job:
    code: int
    outputs: dict[str, dict[str, str]] = field(default_factory=dict)
    uses: list[str] = field(default_factory=list)  # actions whose ``if`` held, not run here
    log: str = ""


def _environment(tmp: Path) -> dict[str, str]:
    shims = tmp / "shims"
    shims.mkdir(exist_ok=True)
    python = shims / "python"
    python.write_text(
        "#!/bin/sh\n"
        'if [ "$1" = "-m" ] && [ "$2" = "pip" ]; then echo "$@" >> "$PIP_LOG"; exit 0; fi\n'
        f'exec {shlex.quote(sys.executable)} "$@"\n',
        encoding="utf-8",
    )
    python.chmod(python.stat().st_mode | stat.S_IXUSR)
    venv_bin = str(Path(sys.executable).parent)
    return {
        "PATH": os.pathsep.join([str(shims), venv_bin, os.environ.get("PATH", "")]),
        "HOME": str(tmp / "home"),
        "XDG_DATA_HOME": str(tmp / "home" / "data"),
        "PIP_LOG": str(tmp / "pip.log"),
    }


def run_action(inputs: dict[str, str], repo: Path, tmp: Path) -> Job:
    values = {name: str(spec.get("default", "")) for name, spec in ACTION["inputs"].items()}
    missing = [n for n, s in ACTION["inputs"].items() if s.get("required") and n not in inputs]
    assert not missing, f"required inputs not given: {missing}"
    values.update(inputs)
    job = Job(0)

    def expand(text: str) -> str:
        def one(m: re.Match[str]) -> str:
            expr = m.group(1)
            if expr.startswith("inputs."):
                return values[expr.removeprefix("inputs.")]
            if expr == "github.action_path":
                return str(PROJECT_ROOT)
            step = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expr)
            if step:
                return job.outputs.get(step.group(1), {}).get(step.group(2), "")
            raise AssertionError(f"expression the test does not know: {expr}")

        return EXPRESSION.sub(one, text)

    base = _environment(tmp)
    for n, step in enumerate(ACTION["runs"]["steps"]):
        if "uses" in step:
            if _condition(step.get("if", "true"), values):
                job.uses.append(step["uses"])
            continue
        assert "if" not in step and "${{" not in step["run"], "run steps take values from env"
        assert step["shell"] == "bash"
        out_file = tmp / f"output-{n}"
        out_file.write_text("", encoding="utf-8")
        env = {**base, **{k: expand(str(v)) for k, v in (step.get("env") or {}).items()}}
        env["GITHUB_OUTPUT"] = str(out_file)
        # GitHub runs bash steps as: bash --noprofile --norc -eo pipefail {0}
        proc = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
            cwd=repo,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        job.log += proc.stdout + proc.stderr
        pairs = [line.split("=", 1) for line in out_file.read_text().splitlines() if "=" in line]
        job.outputs[step.get("id", str(n))] = dict(pairs)
        if proc.returncode != 0:
            job.code = proc.returncode
            return job
    return job


def _condition(text: str, values: dict[str, str]) -> bool:
    """The few expression forms the action's ``if:`` uses: always(), &&, ||, ==, inputs.X."""
    expr = EXPRESSION.sub(lambda m: m.group(1), text)
    expr = re.sub(r"inputs\.([\w-]+)", lambda m: repr(values[m.group(1)]), expr)
    expr = expr.replace("always()", "True").replace("&&", " and ").replace("||", " or ")
    assert re.fullmatch(r"[\w\s'=!()-]*", expr), expr
    return bool(eval(expr, {"__builtins__": {}}, {"true": True, "false": False}))


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "gettysburg.txt").write_text(SOURCE_TEXT, encoding="utf-8")
    (root / "docs" / "refs.bib").write_text(BIB, encoding="utf-8")
    (root / "docs" / "paper.md").write_text(PAPER, encoding="utf-8")
    write_example(root / "script")
    return root


def _sarif(repo: Path, name: str = "quote-tui.sarif") -> dict[str, Any]:
    log = json.loads((repo / name).read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(SCHEMA).validate(log)
    return log


def test_action_checks_a_manuscript_and_leaves_sarif_for_upload(repo: Path, tmp_path: Path) -> None:
    job = run_action(
        {"path": "docs/paper.md", "args": "--bib docs/refs.bib --gate --allow Lincoln"},
        repo,
        tmp_path,
    )
    assert job.code == 1, job.log  # the number failure fails the job, in the last step
    assert job.outputs["run"] == {"exit-code": "1", "report": "quote-tui.sarif"}
    assert job.uses == ["actions/setup-python@v5", "github/codeql-action/upload-sarif@v3"]
    pip = (tmp_path / "pip.log").read_text(encoding="utf-8").split()
    assert pip[:3] == ["-m", "pip", "install"] and pip[-1] == str(PROJECT_ROOT)
    results = _sarif(repo)["runs"][0]["results"]
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
    assert uris == {"docs/paper.md"}  # relative to the repository, so code hosts annotate it
    assert {r["ruleId"] for r in results} == {
        "citation/near",
        "gate/number_not_in_quotes",
        "gate/unsourced_name",
    }


def test_action_gate_and_strict(repo: Path, tmp_path: Path) -> None:
    fixed = json.loads(json.dumps(CLAIMS))
    fixed["sections"][1]["items"] = fixed["sections"][1]["items"][1:2]  # only the copying
    write_example(repo / "fixed", fixed)
    inputs = {"command": "gate", "path": "fixed/claims.json"}
    job = run_action(inputs, repo, tmp_path)
    assert job.code == 0, job.log
    (result,) = _sarif(repo)["runs"][0]["results"]
    assert result["ruleId"] == "gate/copied_run"
    # The warning fails under strict; a text report is not uploaded.
    text = run_action(
        {**inputs, "strict": "true", "format": "text", "output": "g.txt"}, repo, tmp_path
    )
    assert text.code == 1 and text.outputs["run"]["exit-code"] == "1"
    assert text.uses == ["actions/setup-python@v5"]
    assert (repo / "g.txt").read_text(encoding="utf-8").startswith("3 items · ")


def test_offline_input_keeps_the_check_off_the_network(repo: Path, tmp_path: Path) -> None:
    (repo / "web.md").write_text(
        'The page says "words that would need fetching from the web" (https://example.org/page).\n',
        encoding="utf-8",
    )
    job = run_action(
        {"path": "web.md", "offline": "true", "format": "json", "output": "r.json"}, repo, tmp_path
    )
    assert job.code == 0, job.log
    (citation,) = json.loads((repo / "r.json").read_text(encoding="utf-8"))["citations"]
    assert citation["status"] == "unavailable" and citation["error"]["code"] == "offline"


def test_a_bad_command_input_is_refused(repo: Path, tmp_path: Path) -> None:
    job = run_action({"command": "publish", "path": "docs/paper.md"}, repo, tmp_path)
    assert job.code == 2 and "command must be check or gate" in job.log


def test_pre_commit_hooks_run_their_entries(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hooks = {h["id"]: h for h in HOOKS}
    assert set(hooks) == {"quote-tui-check", "quote-tui-gate"}
    for hook in hooks.values():
        assert hook["language"] == "python" and hook["pass_filenames"] is False
    assert re.search(hooks["quote-tui-check"]["files"], "docs/paper.md")
    assert re.search(hooks["quote-tui-gate"]["files"], "script/claims.json")
    # The gate hook as pre-commit runs it: its entry, then the args the user names.
    gate = [*shlex.split(hooks["quote-tui-gate"]["entry"]), "script/claims.json"]
    proc = subprocess.run(
        gate, cwd=repo, env=_environment(tmp_path), capture_output=True, text=True
    )
    assert proc.returncode == 1 and "number_not_in_quotes" in proc.stdout
    # The check hook's entry, in process (the action's test runs the same command).
    entry = shlex.split(hooks["quote-tui-check"]["entry"])
    assert entry[0] == "quote-tui"
    monkeypatch.chdir(repo)
    run = run_cli([*entry[1:], "docs/paper.md", "--bib", "docs/refs.bib", "--gate"])
    assert run.code == 1 and run.out.startswith("#") and "number_not_in_quotes" in run.err
