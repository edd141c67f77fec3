"""The CLI's rough edges from the researcher's-desk walk (issue 29); each fails without its fix."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from quote_tui.cli import main
from tests.app.helpers import write_sources

DEMO = Path(__file__).resolve().parents[1] / "quote_tui" / "demo" / "demo.json"


@pytest.mark.parametrize("pages", [True, False])
def test_text_into_a_closed_pipe_ends_quietly(tmp_path: Path, pages: bool) -> None:
    pdf = write_sources(tmp_path / "src")["pdf"]
    # A reader that has already gone, as `| head` is after its first line: every write fails.
    read_end, write_end = os.pipe()
    os.close(read_end)
    cmd = [sys.executable, "-m", "quote_tui.cli", "text", str(pdf), *(["--pages"] if pages else [])]
    done = subprocess.run(cmd, stdout=write_end, stderr=subprocess.PIPE, text=True, check=False)
    os.close(write_end)
    assert "Traceback" not in done.stderr and "BrokenPipeError" not in done.stderr
    assert done.returncode == 141


def test_an_output_suffix_that_names_no_format_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report.xyz"
    assert main(["check", str(DEMO), "-o", str(out), "--offline"]) == 2
    err = capsys.readouterr().err
    assert ".xyz names no report format" in err and "--format" in err
    assert not out.exists()
    # saying the format keeps any name
    assert main(["check", str(DEMO), "-o", str(out), "--format", "json", "--offline"]) == 0
    assert out.read_text(encoding="utf-8").startswith("{")


def test_a_folder_that_is_no_batch_names_both_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(tmp_path)]) == 2
    assert "neither file: a batch folder holds sources.jsonl and citations.jsonl" in (
        capsys.readouterr().err
    )
    (tmp_path / "citations.jsonl").write_text("", encoding="utf-8")
    assert main(["check", str(tmp_path)]) == 2
    assert "has no sources.jsonl" in capsys.readouterr().err


def test_text_help_describes_the_command_and_offers_no_check_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["text", "--help"])
    out = capsys.readouterr().out
    assert "Print the text a check searches" in out
    assert "--citation-timeout" not in out
    assert "--read-timeout" in out


def test_both_reports_name_the_manuscript_in_their_heading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paper = DEMO.with_name("manuscript.md")
    md, html = tmp_path / "r.md", tmp_path / "r.html"
    for out in (md, html):
        main(["check", str(paper), "-o", str(out), "--offline"])
    assert md.read_text(encoding="utf-8").startswith("# Quotation check report: manuscript.md\n")
    page = html.read_text(encoding="utf-8")
    assert "<h1>Quotation check report: manuscript.md</h1>" in page
    assert "<title>Quotation check report: manuscript.md</title>" in page
    # a batch written by hand names no manuscript: the plain heading stays
    main(["check", str(DEMO), "-o", str(md), "--offline"])
    assert md.read_text(encoding="utf-8").startswith("# Quotation check report\n")
