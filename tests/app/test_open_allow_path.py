"""``quote-tui open MANUSCRIPT --allow-path DIR``: the app reads a bibliography's attached
files from DIR, as ``check`` does, instead of taking the flag and opening every such citation
unavailable with a message asking for the same flag."""

from __future__ import annotations

from pathlib import Path

from quote_tui.app import make_app
from quote_tui.cli import build_parser
from quote_tui.cli.serve import _scan_of
from tests.app.conftest import settle

PAPER = """---
bibliography: refs.bib
---

Like every program it becomes a vision of “the ends of human life, the shape of our society”
[@battistoni2017].
"""
SOURCE = "A broader vision of the ends of human life, and the shape of our society.\n"


def _library_and_paper(tmp_path: Path) -> tuple[Path, Path]:
    library = tmp_path / "library"  # a reference manager's attachments, not the manuscript's
    library.mkdir()
    (library / "battistoni.txt").write_text(SOURCE, encoding="utf-8")
    writing = tmp_path / "writing"
    writing.mkdir()
    (writing / "refs.bib").write_text(
        "@article{battistoni2017,\n  title = {The False Promise of Universal Basic Income},\n"
        f"  year = {{2017}},\n  file = {{{library / 'battistoni.txt'}}}\n}}\n",
        encoding="utf-8",
    )
    paper = writing / "paper.md"
    paper.write_text(PAPER, encoding="utf-8")
    return library, paper


def test_open_passes_allow_path_and_the_limits_to_the_app(tmp_path: Path) -> None:
    args = build_parser().parse_args(
        ["open", "paper.md", "--allow-path", str(tmp_path), "--max-quotes", "7"]
    )
    scan = _scan_of(args)
    assert scan["allowed"] == (tmp_path,)
    assert scan["max_quotes"] == 7


async def test_the_app_reads_a_file_from_an_allowed_folder(tmp_path: Path, data_dir: Path) -> None:
    library, paper = _library_and_paper(tmp_path)
    app = make_app(paper, data_dir=data_dir, scan={"allowed": (library,)})
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        assert app.screen.workspace.verdicts["c1"].status == "near"


async def test_without_it_the_file_stays_unread(tmp_path: Path, data_dir: Path) -> None:
    _, paper = _library_and_paper(tmp_path)
    app = make_app(paper, data_dir=data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        verdict = app.screen.workspace.verdicts["c1"]
        assert verdict.status == "unavailable"
        assert (verdict.error or {}).get("code") == "outside_root"


async def test_reopened_with_it_the_saved_workspace_reads_the_file(
    tmp_path: Path, data_dir: Path
) -> None:
    # the first opening forgot the flag; the second gives it: the saved verdicts must not stand
    library, paper = _library_and_paper(tmp_path)
    app = make_app(paper, data_dir=data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        assert app.screen.workspace.verdicts["c1"].status == "unavailable"
    again = make_app(paper, data_dir=data_dir, scan={"allowed": (library,)})
    async with again.run_test(size=(120, 40)) as pilot:
        await settle(again, pilot)
        assert again.screen.workspace.verdicts["c1"].status == "near"


def test_defaults_leave_the_saved_workspace_fingerprint_as_it_was(tmp_path: Path) -> None:
    # what the scan settings put in a workspace's fingerprint decides "the file has changed":
    # only --min-words was there by default, and a default added would say it of every file
    scan = _scan_of(build_parser().parse_args(["open", "paper.md"]))
    given = {k for k, v in scan.items() if v not in (None, (), [])}
    assert given == {"min_words"}
