"""A manuscript nobody writes by hand (tens of thousands of quoted phrases, thousands of nested
brackets around quotations) must not hold a scan for minutes: the phrase and context rules read
the document's citations once, and extraction stops at a time limit the report names."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from quote_tui import cli
from quote_tui.manuscripts import deadline, refs
from quote_tui.manuscripts.deadline import scan_seconds
from quote_tui.manuscripts.scan import DEFAULT_SCAN_SECONDS, scan

_WORDS = [
    "the",
    "power",
    "of",
    "history",
    "and",
    "each",
    "state",
    "made",
    "new",
    "order",
    "while",
    "people",
    "argue",
    "about",
    "time",
]


def _words(i: int, n: int) -> str:
    return " ".join(_WORDS[(i * 7 + k) % len(_WORDS)] for k in range(n))


def _cited(path: Path, count: int) -> None:
    line = 'Smith (2020) wrote that "the words of quotation number {n} stand here" and more.\n'
    path.write_text("".join(line.format(n=n) for n in range(count)), encoding="utf-8")


class _Clock:
    """A clock that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_the_scan_stops_at_its_time_limit_and_says_where(tmp_path: Path, monkeypatch) -> None:
    manuscript = tmp_path / "book.txt"
    _cited(manuscript, 300)
    monkeypatch.setattr(deadline, "_now", _Clock())
    result = scan(manuscript, max_seconds=40)
    assert 0 < len(result.citations) < 300
    said = result.warnings[0]
    assert "longer than 40 s" in said and "--max-scan-seconds" in said
    # the place named is the first quotation not looked at: after the last one taken
    line = int(said.split("stopped at book.txt:")[1].split(":")[0])
    assert result.citations[-1].location.line < line <= 300
    assert result.citations[-1].quote.startswith("the words of quotation number")


def test_an_ordinary_manuscript_is_not_cut(tmp_path: Path) -> None:
    manuscript = tmp_path / "book.txt"
    _cited(manuscript, 300)
    result = scan(manuscript)
    assert len(result.citations) == 300
    assert not any("--max-scan-seconds" in w for w in result.warnings)
    assert DEFAULT_SCAN_SECONDS >= 30


def test_the_default_limit_grows_with_the_manuscript(tmp_path: Path, monkeypatch) -> None:
    """A minute, and 15 s more per 100,000 characters: ten times the slowest rate measured on
    real manuscripts, so a long one on a slow machine is never cut short."""
    assert scan_seconds(0) == DEFAULT_SCAN_SECONDS == 60
    assert scan_seconds(1_000_000) == 210
    manuscript = tmp_path / "book.txt"
    _cited(manuscript, 3_000)
    monkeypatch.setattr(deadline, "_now", _Clock())
    said = scan(manuscript).warnings[0]
    limit = scan_seconds(len(manuscript.read_text(encoding="utf-8")))
    assert f"longer than {limit:.0f} s" in said and limit > 90


def test_the_report_carries_the_time_limit(tmp_path: Path, monkeypatch) -> None:
    manuscript = tmp_path / "book.txt"
    _cited(manuscript, 100)
    monkeypatch.setattr(deadline, "_now", _Clock())
    out = tmp_path / "r.json"
    argv = ["check", str(manuscript), "--max-scan-seconds", "20", "--offline", "-o", str(out)]
    cli.main(argv)
    report = json.loads(out.read_text("utf-8"))
    assert 0 < len(report["citations"]) < 100
    assert any("--max-scan-seconds" in w for w in report["warnings"])


def test_the_time_limit_must_be_a_positive_number(tmp_path: Path) -> None:
    manuscript = tmp_path / "book.txt"
    _cited(manuscript, 1)
    with pytest.raises(SystemExit):
        cli.main(["scan", str(manuscript), "--max-scan-seconds", "0"])


@pytest.mark.parametrize(
    "body",
    [
        # a paragraph of uncited quotations inside ever deeper brackets
        lambda n: "".join(f'({_words(i, 3)} "{_words(i + 3, 6)}" ' for i in range(n)) + ")" * n,
        # uncited phrases of two words, each in its sentence
        lambda n: " ".join(
            f'{_words(i, 6).capitalize()} "{_words(i + 3, 2)}" {_words(i + 5, 4)}.'
            for i in range(n)
        ),
    ],
    ids=["nested", "phrases"],
)
def test_citations_are_read_once_not_per_quotation(tmp_path: Path, monkeypatch, body) -> None:
    """Each quotation's rules ask the document's citations read once (``mentions_in``), not
    read their own window again: a window read per quotation made these shapes take minutes."""
    calls: list[str] = []
    real = refs.find_mentions

    def counted(*args, **kwargs):
        calls.append(sys._getframe(1).f_code.co_name)
        return real(*args, **kwargs)

    for name, module in list(sys.modules.items()):
        if name.startswith("quote_tui.") and getattr(module, "find_mentions", None) is real:
            monkeypatch.setattr(module, "find_mentions", counted)
    manuscript = tmp_path / "essay.md"
    manuscript.write_text(f"# Essay\n\n{body(300)}\n", encoding="utf-8")
    scan(manuscript)
    assert len(calls) <= 3, calls
