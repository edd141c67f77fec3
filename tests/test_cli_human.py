"""``quote-tui quote`` for people at a terminal, exit codes, and a description for every option."""

from __future__ import annotations

import argparse
import io
import json
import sys
from pathlib import Path

import pytest

from quote_tui.cli import build_parser, main

TEXT = "It was the best of times, it was the worst of times.\nIt was the age of wisdom.\n"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True

    def readouterr(self) -> _Terminal:
        return self

    @property
    def out(self) -> str:
        return self.getvalue()


def _terminal(monkeypatch: pytest.MonkeyPatch) -> _Terminal:
    """stdout that says it is a terminal, without NO_COLOR (set inside the test: pytest puts
    its own capture back on sys.stdout between fixture setup and the test)."""
    screen = _Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    return screen


def test_unreadable_source_at_a_terminal_is_short_and_exits_3(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    terminal = _terminal(monkeypatch)
    assert main(["quote", "some words here", str(tmp_path / "missing.txt")]) == 3
    out = terminal.readouterr().out
    assert len(out.splitlines()) <= 5, out
    assert "Unavailable" in out and "file_not_found" in out
    assert "to do" in out and "check the path" in out
    assert not out.lstrip().startswith("{")


def test_unreadable_source_exits_3_in_json_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["quote", "x", str(tmp_path / "missing.txt")]) == 3
    report = json.loads(capsys.readouterr().out)  # not a terminal: JSON
    assert report["citations"][0]["error"]["code"] == "file_not_found"


def test_near_quotation_summary_marks_the_differences(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    terminal = _terminal(monkeypatch)
    (tmp_path / "book.txt").write_text(TEXT, encoding="utf-8")
    code = main(["quote", "it was the worst of crimes", str(tmp_path / "book.txt")])
    out = terminal.readouterr().out
    assert code == 0
    assert out.startswith("\x1b[")  # coloured at a terminal
    assert "Near" in out and "line 1" in out
    assert "crimes → times" in out
    assert "it was the worst of times" in out.replace("\x1b[1;33m", "").replace("\x1b[0m", "")


def test_no_color_is_respected(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    terminal = _terminal(monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")
    (tmp_path / "book.txt").write_text(TEXT, encoding="utf-8")
    main(["quote", "it was the worst of crimes", str(tmp_path / "book.txt")])
    out = terminal.readouterr().out
    assert "\x1b[" not in out
    assert "⟦crimes⟧" in out and "⟦times⟧" in out  # marked without colour


def test_json_flag_keeps_json_at_a_terminal(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    terminal = _terminal(monkeypatch)
    (tmp_path / "book.txt").write_text(TEXT, encoding="utf-8")
    assert main(["quote", "--json", "the age of wisdom", str(tmp_path / "book.txt")]) == 0
    assert json.loads(terminal.readouterr().out)["citations"][0]["status"] == "exact"


def _parsers(parser: argparse.ArgumentParser, name: str = "quote-tui"):
    yield name, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub_name, sub in action.choices.items():
                yield from _parsers(sub, f"{name} {sub_name}")


def test_every_option_of_every_command_has_a_description() -> None:
    missing = [
        f"{name}: {'/'.join(action.option_strings) or action.dest}"
        for name, parser in _parsers(build_parser())
        for action in parser._actions
        if not isinstance(action, argparse._SubParsersAction)
        and (not action.help or action.help == argparse.SUPPRESS)
    ]
    assert missing == []
    names = [name for name, _ in _parsers(build_parser())]
    assert "quote-tui quote" in names and "quote-tui snapshots" in names
