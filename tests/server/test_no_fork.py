"""``os.fork`` lives in one module, and no server forks itself: ``serve`` and ``mcp`` split a
large source across spawned workers, which give the report checked in turn."""

from __future__ import annotations

import ast
import asyncio
import json
import os
from pathlib import Path
from typing import Any

import httpx
import pytest

from quote_tui import api
from quote_tui.batch import split
from quote_tui.mcp_server import build_server
from quote_tui.server.config import ServerConfig
from tests.batch.test_split import TEXT
from tests.server.conftest import StartServer

PACKAGE = Path(api.__file__).resolve().parents[1]


def _batch() -> dict[str, Any]:
    citations = []
    for i in range(12):
        start = TEXT.index(" ", 150 * i) + 1
        quote = TEXT[start : start + 60 + 5 * i]
        if i % 3 == 1:
            quote = quote[:20] + "x" + quote[21:]
        elif i % 3 == 2:
            quote = "a sentence that the text never holds, in any form at all"
        citations.append({"id": f"c{i}", "source": "s", "quote": quote})
    return {"sources": [{"id": "s", "text": TEXT}], "citations": citations}


def _verdicts(report: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [
        (c["id"], c["status"], json.dumps(c.get("matches"), sort_keys=True))
        for c in report["citations"]
    ]


@pytest.fixture
def in_turn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    monkeypatch.setattr(split, "_cores", lambda: 1)
    report = api.run(lambda: api.check_batch(api.parse_batch(_batch())))
    return _verdicts(report)


@pytest.fixture
def no_fork(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A large source splits in three; forking fails the test; the spawned workers counted."""
    monkeypatch.setattr(split, "_MIN_CHARS", 1000)
    monkeypatch.setattr(split, "_cores", lambda: 3)

    def fork() -> int:
        raise AssertionError("a server forked itself")

    monkeypatch.setattr(os, "fork", fork)
    spawned: list[int] = []
    spawn = split._spawn

    def counted(*args: Any) -> Any:
        proc, payload = spawn(*args)
        spawned.append(proc.pid)
        return proc, payload

    monkeypatch.setattr(split, "_spawn", counted)
    return spawned


def test_only_one_module_calls_os_fork() -> None:
    callers = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = isinstance(node, ast.Attribute) and node.attr in ("fork", "forkpty")
            if called and isinstance(node.value, ast.Name) and node.value.id == "os":
                callers.append(path.relative_to(PACKAGE).as_posix())
    assert callers == ["_fork.py"]


def test_server_settings_never_fork() -> None:
    assert api.Settings().fork_copies
    assert not ServerConfig().settings.fork_copies
    assert not ServerConfig(settings=api.Settings()).settings.fork_copies


def test_the_http_api_splits_without_forking(
    in_turn: list[tuple[Any, ...]], no_fork: list[int], start_server: StartServer
) -> None:
    server = start_server()
    answer = httpx.post(server.url("/v1/check"), json=_batch(), timeout=120)
    assert answer.status_code == 200, answer.text
    assert len(no_fork) == 2  # two spawned workers beside the server's own share
    assert _verdicts(answer.json()) == in_turn


def test_the_mcp_server_splits_without_forking(
    in_turn: list[tuple[Any, ...]], no_fork: list[int]
) -> None:
    server = build_server()
    result = asyncio.run(server.call_tool("check_citations", _batch()))
    text = result.content[0].text  # type: ignore[union-attr]
    report = json.loads(text[text.index("{") :])
    assert len(no_fork) == 2
    assert _verdicts(report) == in_turn


def test_a_command_line_run_still_forks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(split, "_MIN_CHARS", 1000)
    monkeypatch.setattr(split, "_cores", lambda: 3)
    forks: list[int] = []
    real = os.fork

    def fork() -> int:
        pid = real()
        if pid:
            forks.append(pid)
        return pid

    monkeypatch.setattr(os, "fork", fork)
    api.run(lambda: api.check_batch(api.parse_batch(_batch())))
    assert len(forks) == 2


def test_a_spawned_worker_runs_this_copy_not_the_working_folders(
    in_turn: list[tuple[Any, ...]],
    no_fork: list[int],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    # ``python -m`` puts the working folder first on the path: a server started inside another
    # checkout of quote_tui (here a broken one) must still check with its own copy
    other = tmp_path / "quote_tui"
    other.mkdir()
    (other / "__init__.py").write_text("raise ImportError('the working folder copy')\n")
    monkeypatch.chdir(tmp_path)
    answered: list[bool] = []
    answer = split._answer

    def counted(*args: Any) -> Any:
        got = answer(*args)
        answered.append(got is not None)
        return got

    monkeypatch.setattr(split, "_answer", counted)
    result = asyncio.run(build_server().call_tool("check_citations", _batch()))
    text = result.content[0].text  # type: ignore[union-attr]
    report = json.loads(text[text.index("{") :])
    assert answered == [True, True]  # no share fell back to being checked here
    assert _verdicts(report) == in_turn
