"""A writer's first ``quote-tui check`` of their own manuscript, at a terminal: each quotation
that needs work says where it stands in the manuscript, and a reference with no text to check
says how to attach one, not "look at the source" (there is none)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from quote_tui.cli import main

PAPER = """---
title: A short paper
bibliography: refs.bib
---

First line of prose.

As she writes, “the ends of human life, the shape of our society” [@battistoni2017].

Even Friedman excludes “costs of public health activities, state and local expenditures on
hospitals” [@friedman2002, 193].
"""

BIB = """@article{battistoni2017,
  title = {The False Promise of Universal Basic Income},
  author = {Battistoni, Alyssa}, year = {2017},
  file = {battistoni.txt}
}
@book{friedman2002,
  title = {Capitalism and Freedom}, author = {Friedman, Milton}, year = {2002}
}
"""

SOURCE = "A broader vision of the ends of human life, and the shape of our society.\n"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def paper(tmp_path: Path) -> Path:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    (tmp_path / "battistoni.txt").write_text(SOURCE, encoding="utf-8")
    path = tmp_path / "paper.md"
    path.write_text(PAPER, encoding="utf-8")
    return path


def _check_at_a_terminal(monkeypatch: pytest.MonkeyPatch, paper: Path) -> str:
    screen = _Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.setenv("NO_COLOR", "1")
    assert main(["check", str(paper)]) == 0
    return screen.getvalue()


def _block(out: str, ident: str) -> str:
    """The lines of one citation's summary."""
    blocks = [b for b in out.split("\n\n") if b.startswith(f"[{ident}]")]
    assert blocks, out
    return blocks[0]


def test_a_misquotation_says_where_it_stands_in_the_manuscript(
    monkeypatch: pytest.MonkeyPatch, paper: Path
) -> None:
    out = _check_at_a_terminal(monkeypatch, paper)
    near = _block(out, "c1")
    assert "Near" in near, out
    assert "in      paper.md, line 8, column" in near, out


def test_a_reference_without_text_says_how_to_attach_it(
    monkeypatch: pytest.MonkeyPatch, paper: Path
) -> None:
    out = _check_at_a_terminal(monkeypatch, paper)
    missing = _block(out, "c2")
    assert "no_source" in missing, out
    assert "in      paper.md, line 10, column" in missing, out
    assert "could not be read" not in missing  # nothing was there to read
    assert "look at it" not in missing  # there is no source to look at
    assert "`file` field" in missing and "--pdfs DIR" in missing, out


def test_the_markdown_report_says_how_to_attach_it_too(paper: Path) -> None:
    report = paper.with_name("report.md")
    assert main(["check", str(paper), "-o", str(report)]) == 0
    text = report.read_text(encoding="utf-8")
    assert "--pdfs DIR" in text and "look at it" not in text, text


def test_every_format_names_the_manuscript_wording_of_an_edited_quotation(
    paper: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from quote_tui import api

    assert main(["check", str(paper), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    entry = report["citations"][0]
    entry["manuscript_quote"] = "the shape of their society"  # as the app's u leaves it
    for fmt in ("terminal", "markdown", "html"):
        text = api.render(report, fmt)
        assert "the shape of their society" in text, (fmt, text)
        assert "change it there too" in text, (fmt, text)


def test_a_file_outside_the_allowed_folders_says_to_allow_its_folder(tmp_path: Path) -> None:
    # a reference manager's attachments live in their own folder, not beside the manuscript
    library = tmp_path / "library"
    library.mkdir()
    (library / "battistoni.txt").write_text(SOURCE, encoding="utf-8")
    writing = tmp_path / "writing"
    writing.mkdir()
    (writing / "refs.bib").write_text(
        BIB.replace("{battistoni.txt}", "{" + str(library / "battistoni.txt") + "}"),
        encoding="utf-8",
    )
    paper = writing / "paper.md"
    paper.write_text(PAPER, encoding="utf-8")
    report = writing / "report.md"
    assert main(["check", str(paper), "-o", str(report)]) == 0
    problem = next(
        line
        for line in report.read_text(encoding="utf-8").splitlines()
        if line.startswith("- Problem:")
    )
    assert "run again with --allow-path DIR" in problem, problem
    assert "check the path or reference you gave" not in problem  # the path is right
    assert "DIR. To do:" in problem  # two sentences, not one run together
    allowed = writing / "allowed.json"
    assert main(["check", str(paper), "--allow-path", str(library), "-o", str(allowed)]) == 0
    assert json.loads(allowed.read_text(encoding="utf-8"))["citations"][0]["status"] == "near"


def test_an_output_in_a_missing_folder_is_refused_before_any_work(
    paper: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # it was a traceback once every source had been read and checked, the report lost
    missing = paper.parent / "reports" / "report.md"
    assert main(["check", str(paper), "-o", str(missing)]) == 2
    err = capsys.readouterr().err
    assert "bad_option" in err and "does not exist" in err and "mkdir -p" in err, err
    assert "Traceback" not in err
    assert not missing.parent.exists()
    assert main(["quote", "the shape of our society", str(paper), "-o", str(missing)]) == 2
    assert main(["check", str(paper), "-o", str(paper.parent)]) == 2
    assert "is a folder" in capsys.readouterr().err


def test_the_terminal_summary_says_how_to_write_the_full_report(
    monkeypatch: pytest.MonkeyPatch, paper: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _check_at_a_terminal(monkeypatch, paper)
    assert "Full report: add -o paper-report.html" in capsys.readouterr().err
    report = paper.with_name("r.json")
    assert main(["check", str(paper), "-o", str(report)]) == 0
    assert "Full report" not in capsys.readouterr().err  # it was written


def test_the_cited_page_is_said_once(paper: Path) -> None:
    # "Cited: cited p. 193" read as a stutter in every reference without a paged source
    report = paper.with_name("report.md")
    assert main(["check", str(paper), "-o", str(report)]) == 0
    text = report.read_text(encoding="utf-8")
    assert "- Cited: p. 193" in text, text
    assert "Cited: cited" not in text
