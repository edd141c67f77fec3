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


# -- rough edges a new user met: numbers, quotations, exit codes, help, summaries ----------------


@pytest.mark.parametrize(
    ("flag", "value", "allowed"),
    [
        ("--near-threshold", "-1", "from 0 to 1"),
        ("--near-threshold", "1.5", "from 0 to 1"),
        ("--max-matches", "-1", "at least 1"),
        ("--context", "-5", "at least 0"),
        ("--max-source-chars", "0", "at least 1"),
    ],
)
def test_numbers_out_of_range_are_usage_errors_naming_the_range(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flag: str, value: str, allowed: str
) -> None:
    (tmp_path / "t.txt").write_text(TEXT, encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        main(["quote", "best of times", str(tmp_path / "t.txt"), flag, value])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert flag in err and allowed in err


@pytest.mark.parametrize("quote", ["", "word " * 5000], ids=["empty", "too long"])
def test_an_unusable_quotation_exits_2_with_its_own_hint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, quote: str
) -> None:
    (tmp_path / "t.txt").write_text(TEXT, encoding="utf-8")
    screen = _terminal(monkeypatch)
    assert main(["quote", quote, str(tmp_path / "t.txt")]) == 2
    assert "check the path or reference" not in screen.out
    assert "quotation" in screen.out


def test_text_of_an_unreadable_source_exits_3_like_quote(tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.txt")
    assert main(["text", missing]) == main(["quote", "x", missing, "--json"]) == 3


def test_gate_on_a_missing_file_says_file_not_found_without_errno_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["gate", str(tmp_path / "nosuch.json")]) == 2
    err = capsys.readouterr().err
    assert "file_not_found" in err and "Errno" not in err


def test_an_unsupported_scheme_is_named_not_read_as_a_path(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    main(["quote", "x", "ftp://x.org/a", "-o", str(out)])
    error = json.loads(out.read_text(encoding="utf-8"))["sources"][0]["error"]
    assert error["code"] == "bad_ref" and "ftp://" in error["message"]
    assert "http and https" in error["message"]


@pytest.mark.parametrize("command", ["text", "gate"])
def test_help_lists_only_options_that_mean_something(command: str) -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    flags = {f for action in sub.choices[command]._actions for f in action.option_strings}
    assert not flags & {"--max-matches", "--near-threshold", "--context"}
    assert "--read-timeout" in flags


def test_check_at_a_terminal_prints_the_summary_and_json_on_request(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "t.txt").write_text(TEXT, encoding="utf-8")
    batch = {
        "sources": [{"id": "s1", "ref": "t.txt"}],
        "citations": [
            {"id": "c1", "source": "s1", "quote": "the best of times"},
            {"id": "c2", "source": "s1", "quote": "it was the age of folly"},
        ],
    }
    (tmp_path / "b.json").write_text(json.dumps(batch), encoding="utf-8")
    screen = _terminal(monkeypatch)
    main(["check", str(tmp_path / "b.json")])
    assert screen.out.startswith("2 citations: 1 found as quoted")
    assert "[c2]" in screen.out and "folly" in screen.out and '"schema"' not in screen.out
    screen.seek(0)
    screen.truncate()
    main(["check", str(tmp_path / "b.json"), "--json"])
    assert json.loads(screen.out)["summary"]["citations"] == 2


def test_open_refuses_a_file_that_does_not_exist(tmp_path, capsys) -> None:
    from quote_tui.cli import main

    assert main(["open", str(tmp_path / "nosuch.json")]) == 2
    err = capsys.readouterr().err
    assert "No file at" in err and "--new" in err


def test_serve_refuses_a_bad_port_and_a_port_in_use_in_one_line(capsys) -> None:
    import socket

    import pytest

    from quote_tui.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["serve", "--port", "99999"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "out of range" in err
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = str(taken.getsockname()[1])
        for argv in (["serve", "--port", port], ["mcp", "--http", "--port", port]):
            assert main(argv) == 2
            err = capsys.readouterr().err
            assert err.count("\n") == 1 and "in use" in err
            assert "startup complete" not in err
    finally:
        taken.close()
