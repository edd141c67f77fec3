"""Strings that cannot be written, JSON that blows the stack, a store that is not one: each is
an error of the entry or the input it belongs to, never a traceback or a 500."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from quote_tui import cli
from quote_tui._untrusted import has_lone_surrogate, loads, scrub
from tests.server.conftest import TEXT, StartServer

# JSON spelling of a lone surrogate: Python decodes it into a str no UTF-8 writer accepts
LONE = "\\ud800"
SURROGATE_BATCH = (
    '{"sources": [{"id": "t", "text": "abc ' + LONE + ' def", "title": "T' + LONE + '"},'
    ' {"id": "ok", "text": "' + TEXT + '"}, {"id": "i' + LONE + '", "text": "' + TEXT + '"}],'
    ' "citations": [{"id": "c' + LONE + '", "source": "ok", "quote": "universally acknowledged"},'
    ' {"id": "q", "source": "ok", "quote": "a truth ' + LONE + ' universally"},'
    ' {"id": "u", "source": "t", "quote": "abc def"}]}'
)


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "quote_tui", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_scrub_and_loads() -> None:
    assert not has_lone_surrogate("a \U0001f600 b") and has_lone_surrogate("a \udc80")
    value = {"k\ud800": ["x\udfff", {"y": "\ud800"}], "n": 1}
    assert scrub(value) == {"k\ufffd": ["x\ufffd", {"y": "\ufffd"}], "n": 1}
    clean = {"a": ["b"]}
    assert scrub(clean) is clean
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep, "\ud800"]
    scrub(deep)  # no RecursionError
    with pytest.raises(json.JSONDecodeError, match="nested too deeply"):
        loads("[" * 200_000 + "]" * 200_000)


def _entries(report: dict) -> tuple[dict, dict]:
    sources = {s["id"]: s for s in report["sources"]}
    citations = {c["id"]: c for c in report["citations"]}
    return sources, citations


def _assert_surrogates_in_their_entries(report: dict) -> None:
    sources, citations = _entries(report)
    assert sources["t"]["status"] == "unavailable"
    assert sources["t"]["error"]["code"] == "decode_error"
    assert sources["ok"]["error"] is None and "i\ufffd" in sources
    assert citations["c\ufffd"]["status"] == "exact"
    assert citations["q"]["status"] == "error"
    assert citations["q"]["error"]["code"] == "decode_error"
    assert citations["q"]["quote"] == "a truth \ufffd universally"
    assert citations["u"]["status"] == "unavailable"


def test_lone_surrogates_in_a_batch_stay_in_their_entries(tmp_path: Path) -> None:
    (tmp_path / "b.json").write_text(SURROGATE_BATCH, encoding="utf-8")
    proc = _run("check", "b.json", "-o", "r.json", cwd=tmp_path)
    assert "Traceback" not in proc.stderr, proc.stderr
    _assert_surrogates_in_their_entries(json.loads((tmp_path / "r.json").read_text("utf-8")))


def test_lone_surrogates_in_a_jsonl_batch(tmp_path: Path) -> None:
    data = json.loads(SURROGATE_BATCH)
    lines = [json.dumps({"type": "source", **s}) for s in data["sources"]]
    lines += [json.dumps({"type": "citation", **c}) for c in data["citations"]]
    (tmp_path / "b.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    proc = _run("check", "b.jsonl", "-o", "r.jsonl", cwd=tmp_path)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert (tmp_path / "r.jsonl").read_bytes().decode("utf-8")


def test_lone_surrogates_over_http_are_a_200_report(start_server: StartServer) -> None:
    server = start_server()
    answer = httpx.post(server.url("/v1/check"), content=SURROGATE_BATCH.encode())
    assert answer.status_code == 200, answer.text
    _assert_surrogates_in_their_entries(answer.json())
    read = httpx.post(
        server.url("/v1/read"), content=('{"text": "a ' + LONE + '", "title": "x"}').encode()
    )
    assert read.status_code < 500, read.text
    assert read.json()["source"]["error"]["code"] == "decode_error"


def test_deep_json_is_a_bad_batch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "deep.json").write_text("[" * 200_000 + "]" * 200_000)
    nested = '{"sources": [], "citations": [{"id": "a", "x": ' + "[" * 200_000
    (tmp_path / "deep2.json").write_text(nested + "]" * 200_000 + "}]}")
    (tmp_path / "deep.jsonl").write_text("[" * 200_000 + "]" * 200_000 + "\n")
    for name in ("deep.json", "deep2.json", "deep.jsonl"):
        assert cli.main(["check", str(tmp_path / name), "-o", str(tmp_path / "r")]) == 2
        assert "bad_batch" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["not_sqlite", "folder"])
def test_a_store_that_is_not_one_is_bad_store(
    tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "store.db"
    if kind == "folder":
        store.mkdir()
    else:
        store.write_text("this is not SQLite at all, just some words in a file\n" * 20)
    for command in (["list"], ["show", "doi:10.1/x"], ["prune", "--older-than", "1"]):
        code = cli.main(["snapshots", *command, "--store", str(store)])
        err = capsys.readouterr().err
        assert code == 2 and "bad_store" in err and "--store" in err, err
