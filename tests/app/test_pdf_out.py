"""The app's way out to PDFs: E exports the report with highlighted copies of its PDFs, and v
opens the shown PDF at the current match's page in the viewer the user named."""

from __future__ import annotations

import json
import stat
import time
from pathlib import Path

import pymupdf
import pytest

from quote_tui.app import make_app
from quote_tui.app.open_external import VIEWER_ENV, viewer_command
from quote_tui.app.widgets.citation_list import CitationList
from quote_tui.app.widgets.source_viewer import SourceViewer
from tests.app.conftest import settle
from tests.app.helpers import PDF_PAGES, write_sources

QUOTE = "the committee reported 42 cases in the northern district"


def _batch(tmp_path: Path, quote: str = QUOTE) -> Path:
    paths = write_sources(tmp_path / "docs")
    batch = {
        "sources": [{"id": "s1", "ref": str(paths["pdf"])}],
        "citations": [{"id": "c1", "source": "s1", "quote": quote}],
    }
    path = tmp_path / "batch.json"
    path.write_text(json.dumps(batch), encoding="utf-8")
    return path


def _highlighted_words(page: pymupdf.Page) -> list[str]:
    words = page.get_text("words")
    out = []
    for annot in page.annots(types=[pymupdf.PDF_ANNOT_HIGHLIGHT]):
        rect = annot.rect
        out.append(" ".join(w[4] for w in words if rect.contains(pymupdf.Rect(w[:4]).tl + (1, 1))))
    return out


async def test_export_with_pdfs_writes_highlights_on_the_match_page(
    tmp_path: Path, data_dir: Path
) -> None:
    app = make_app(_batch(tmp_path), data_dir=data_dir)
    out = tmp_path / "report.json"
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        main = app.screen
        await pilot.press("C")
        await settle(app, pilot)
        await pilot.press("E")
        await settle(app, pilot)
        app.screen.query_one("#prompt-input").value = str(out)
        await pilot.press("enter")
        await settle(app, pilot, 0.2)
        assert out.is_file(), [n.message for n in app._notifications]
        written = main.last_annotated
    folder = tmp_path / "report-annotated"
    assert written == (folder / "s1-minutes.pdf",)
    doc = pymupdf.open(written[0])
    marks = [_highlighted_words(page) for page in doc]
    assert marks[0] == [] and marks[2] == []
    assert len(marks[1]) == 1 and "42 cases" in marks[1][0]
    # the source the report names is left as it was
    assert not list(pymupdf.open(tmp_path / "docs" / "minutes.pdf")[1].annots())


async def test_plain_export_writes_no_pdfs(tmp_path: Path, data_dir: Path) -> None:
    app = make_app(_batch(tmp_path), data_dir=data_dir)
    out = tmp_path / "report.json"
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("e")
        await settle(app, pilot)
        app.screen.query_one("#prompt-input").value = str(out)
        await pilot.press("enter")
        await settle(app, pilot, 0.2)
    assert out.is_file()
    assert not (tmp_path / "report-annotated").exists()


def _recorder(tmp_path: Path) -> tuple[Path, Path]:
    """A viewer stand-in that writes its arguments, one a line, to a file."""
    log = tmp_path / "viewer-args.txt"
    script = tmp_path / "viewer.sh"
    script.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{log}.part"\nmv "{log}.part" "{log}"\n')
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return script, log


def _wait_for(path: Path, seconds: float = 10.0) -> str:
    end = time.monotonic() + seconds
    while not path.exists():
        if time.monotonic() > end:
            pytest.fail(f"the viewer command never ran ({path} missing)")
        time.sleep(0.05)
    return path.read_text(encoding="utf-8")


async def _press_v(batch: Path, data_dir: Path, *, check_first: bool = False) -> list[str]:
    """Open ``batch``, press ``v`` in the viewer (after one check and ``n`` when asked), and
    return what the app said."""
    app = make_app(batch, data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        if check_first:
            await pilot.press("c")
            await settle(app, pilot)
        app.screen.query_one(SourceViewer).focus()
        if check_first:
            await pilot.press("n")
        await pilot.press("v")
        await settle(app, pilot)
        return [n.message for n in app._notifications]


async def test_v_opens_the_pdf_at_the_match_page(
    tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script, log = _recorder(tmp_path)
    monkeypatch.setenv(VIEWER_ENV, f"{script} --page-index={{page}} {{path}}")
    said = await _press_v(_batch(tmp_path), data_dir, check_first=True)
    args = _wait_for(log).splitlines()
    assert args == ["--page-index=2", str(tmp_path / "docs" / "minutes.pdf")]
    assert any("at p. 2" in m for m in said)


async def test_v_says_when_no_viewer_exists(
    tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(VIEWER_ENV, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))
    said = await _press_v(_batch(tmp_path), data_dir)
    assert any("No PDF viewer found" in m and VIEWER_ENV in m for m in said)


def test_pages_fit_the_fixture() -> None:
    # the match sits on the second of three pages, so page 1 would be a wrong answer
    assert len(PDF_PAGES) == 3 and QUOTE in PDF_PAGES[1]


def _exe(folder: Path, name: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return path


def test_viewer_prefers_one_that_takes_a_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(VIEWER_ENV, raising=False)
    bin_dir = tmp_path / "bin"
    opener = _exe(bin_dir, "xdg-open")
    monkeypatch.setenv("PATH", str(bin_dir))
    pdf = tmp_path / "a b.pdf"
    # only the desktop opener: the file opens, the page cannot be passed
    assert viewer_command(pdf, 3) == ([str(opener), str(pdf)], False)
    evince = _exe(bin_dir, "evince")
    assert viewer_command(pdf, 3) == ([str(evince), "--page-index=3", str(pdf)], True)


def test_configured_viewer_keeps_a_path_with_spaces_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pdf = tmp_path / "a b.pdf"
    monkeypatch.setenv(VIEWER_ENV, "firefox file://{path}#page={page}")
    assert viewer_command(pdf, 7) == (["firefox", f"file://{pdf}#page=7"], True)
    # without {path} the file goes last; without {page} the page is not claimed
    monkeypatch.setenv(VIEWER_ENV, "'my viewer' --new-window")
    assert viewer_command(pdf, 7) == (["my viewer", "--new-window", str(pdf)], False)


@pytest.mark.parametrize("command", ["viewer {file}", "viewer 'unclosed {path}", "viewer {0}"])
def test_bad_viewer_command_is_named(monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    monkeypatch.setenv(VIEWER_ENV, command)
    with pytest.raises(ValueError, match=VIEWER_ENV):
        viewer_command(Path("x.pdf"), 1)


async def test_v_on_a_bad_viewer_command_says_so(
    tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(VIEWER_ENV, "viewer {file}")
    said = await _press_v(_batch(tmp_path), data_dir)
    assert any(VIEWER_ENV in m and "{path} and {page}" in m for m in said)


async def test_v_on_a_source_that_is_not_a_pdf_says_so(
    tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script, log = _recorder(tmp_path)
    monkeypatch.setenv(VIEWER_ENV, f"{script} {{path}}")
    paths = write_sources(tmp_path / "docs")
    batch = tmp_path / "batch.json"
    source = {"id": "s1", "ref": str(paths["text"])}
    batch.write_text(json.dumps({"sources": [source], "citations": []}), encoding="utf-8")
    said = await _press_v(batch, data_dir)
    assert any("not one" in m for m in said), said
    assert not log.exists()


def test_palette_names_both_actions() -> None:
    from quote_tui.app.commands import ACTIONS
    from quote_tui.app.screens.main import MainScreen

    actions = {action for _, action, _ in ACTIONS}
    assert {"export(True)", "open_in_viewer"} <= actions
    from quote_tui.app.app import QuoteApp

    for action in actions:
        owner, name = (QuoteApp, action[4:]) if action.startswith("app.") else (MainScreen, action)
        name = name.split("(")[0]
        assert callable(getattr(owner, f"action_{name}", None)), action


async def test_v_works_from_the_citation_list_too(
    tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the README's v, pressed where the citation was just picked, did nothing there
    script, log = _recorder(tmp_path)
    monkeypatch.setenv(VIEWER_ENV, f"{script} --page-index={{page}} {{path}}")
    app = make_app(_batch(tmp_path), data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        app.screen.query_one(CitationList).focus()
        await pilot.press("c")
        await settle(app, pilot)
        await pilot.press("v")
        await settle(app, pilot)
    assert _wait_for(log).splitlines() == ["--page-index=2", str(tmp_path / "docs" / "minutes.pdf")]
