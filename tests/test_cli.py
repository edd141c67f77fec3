from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from quote_tui.cli import main

TEXT = "It was the best of times, it was the worst of times.\nIt was the age of wisdom.\n"


def _batch(tmp_path: Path, quote: str = "it was the worst of times") -> Path:
    (tmp_path / "book.txt").write_text(TEXT, encoding="utf-8")
    path = tmp_path / "batch.json"
    path.write_text(
        json.dumps(
            {
                "sources": [{"id": "s1", "ref": "book.txt"}],
                "citations": [{"id": "c1", "source": "s1", "quote": quote}],
            }
        ),
        encoding="utf-8",
    )
    return path


def test_check_writes_report_atomically(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    assert main(["check", str(_batch(tmp_path)), "-o", str(out)]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["citations"][0]["status"] == "exact"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_check_prints_to_stdout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(_batch(tmp_path))]) == 0
    assert json.loads(capsys.readouterr().out)["summary"]["exact"] == 1


def test_strict_exit_code(tmp_path: Path) -> None:
    batch = _batch(tmp_path, quote="it was the worst of crimes")
    assert main(["check", str(batch), "-o", str(tmp_path / "r.json")]) == 0
    assert main(["check", str(batch), "--strict", "-o", str(tmp_path / "r.json")]) == 1


def test_malformed_batch_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["check", str(bad)]) == 2
    assert "bad_batch" in capsys.readouterr().err


def test_usage_error_exits_2() -> None:
    with pytest.raises(SystemExit) as info:
        main(["check"])
    assert info.value.code == 2


def test_quote_command_and_stdin(tmp_path: Path) -> None:
    (tmp_path / "book.txt").write_text(TEXT, encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "quote_tui", "quote", "-", "book.txt"],
        input="It was the age of wisdom",
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["citations"][0]["status"] == "exact"
    assert report["citations"][0]["matches"][0]["line_start"] == 2


def test_text_command_prints_checked_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "book.txt").write_text(TEXT, encoding="utf-8")
    assert main(["text", str(tmp_path / "book.txt")]) == 0
    assert capsys.readouterr().out == TEXT


def test_text_command_unreadable_source(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["text", str(tmp_path / "missing.pdf")]) == 3
    )  # as `quote` says of a source it could not read
    assert "file_not_found" in capsys.readouterr().err


def test_strict_fails_when_an_ellipsis_hides_a_negation(tmp_path: Path) -> None:
    (tmp_path / "lease.txt").write_text(
        "Under the lease the landlord is not permitted to terminate the tenancy early.\n",
        encoding="utf-8",
    )
    batch = tmp_path / "batch.json"
    quote = "the landlord is ... permitted to terminate"
    batch.write_text(
        json.dumps(
            {
                "sources": [{"id": "s1", "ref": "lease.txt"}],
                "citations": [{"id": "c1", "source": "s1", "quote": quote}],
            }
        ),
        encoding="utf-8",
    )
    out = tmp_path / "r.json"
    assert main(["check", str(batch), "-o", str(out)]) == 0
    citation = json.loads(out.read_text(encoding="utf-8"))["citations"][0]
    assert citation["status"] == "normalized"
    assert citation["matches"][0]["critical"] is True
    assert main(["check", str(batch), "--strict", "-o", str(out)]) == 1


@pytest.mark.parametrize("suffix", [".json", ".md", ".html"])
def test_a_report_follows_the_umask_and_a_replaced_one_keeps_its_mode(
    tmp_path: Path, suffix: str
) -> None:
    (tmp_path / "t.txt").write_text("the words of the source\n", encoding="utf-8")
    batch = {
        "sources": [{"id": "s1", "ref": "t.txt"}],
        "citations": [{"id": "c1", "source": "s1", "quote": "the words"}],
    }
    (tmp_path / "b.json").write_text(json.dumps(batch), encoding="utf-8")
    out = tmp_path / f"report{suffix}"
    old = os.umask(0o022)
    try:
        main(["check", str(tmp_path / "b.json"), "-o", str(out)])
        assert stat.S_IMODE(out.stat().st_mode) == 0o644
        out.chmod(0o640)
        main(["check", str(tmp_path / "b.json"), "-o", str(out)])
        assert stat.S_IMODE(out.stat().st_mode) == 0o640
    finally:
        os.umask(old)
