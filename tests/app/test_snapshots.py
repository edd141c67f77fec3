"""Snapshot tests: the demo at fixed sizes, built by one factory, with the cursor blink off."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.app.widgets.citation_list import CitationList
from quote_tui.app.widgets.source_viewer import SourceViewer
from tests.app.conftest import make_demo_app, settle


@pytest.fixture
def demo_app(data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # The file picker lists the working folder: make it a fixed, empty one.
    folder = tmp_path / "cwd"
    folder.mkdir()
    (folder / "paper.pdf").write_bytes(b"%PDF-1.4\n")
    monkeypatch.chdir(folder)
    return make_demo_app(data_dir)


def _ready(select: str | None = None, *, keys: tuple[str, ...] = ()):
    async def run_before(pilot) -> None:
        app = pilot.app
        await settle(app, pilot)
        # Select explicitly (c1 by default) so the viewer's scroll never depends on whether
        # the verdict or the source arrived first.
        cid = select or "c1"
        app.screen.query_one(CitationList).select_citation(cid)
        await settle(app, pilot)
        app.screen.query_one(SourceViewer).select(cid)
        await settle(app, pilot)
        app.clear_notifications()
        for key in keys:
            await pilot.press(key)
        await settle(app, pilot)
        app.clear_notifications()
        await pilot.pause()

    return run_before


def test_main_screen(snap_compare, demo_app) -> None:
    assert snap_compare(demo_app, terminal_size=(80, 24), run_before=_ready())


def test_main_screen_wide(snap_compare, demo_app) -> None:
    assert snap_compare(demo_app, terminal_size=(140, 40), run_before=_ready("c10"))


def test_near_match_detail(snap_compare, demo_app) -> None:
    assert snap_compare(demo_app, terminal_size=(100, 32), run_before=_ready("c3"))


def test_loading_modal(snap_compare, demo_app) -> None:
    assert snap_compare(demo_app, terminal_size=(80, 24), run_before=_ready(keys=("o",)))


def test_help_screen(snap_compare, demo_app) -> None:
    assert snap_compare(demo_app, terminal_size=(80, 24), run_before=_ready(keys=("f1",)))


def test_narrow_zoomed_detail(snap_compare, demo_app) -> None:
    # 80×24 with the near match's detail zoomed to the whole screen (z).
    assert snap_compare(demo_app, terminal_size=(80, 24), run_before=_ready("c3", keys=("z",)))


def test_page_differs_detail(snap_compare, demo_app) -> None:
    # a near match with a critical number, cited on another page than where it stands
    assert snap_compare(demo_app, terminal_size=(120, 36), run_before=_ready("c12"))


def test_main_screen_medium(snap_compare, demo_app) -> None:
    # the list's border names its order whole ("in text order") at 120 columns, as at 80
    assert snap_compare(demo_app, terminal_size=(120, 36), run_before=_ready())
