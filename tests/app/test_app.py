"""Pilot tests of the real app: sources of each kind, checking, navigation, editing, export."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from quote_tui.app import make_app
from quote_tui.app.screens.help import HelpScreen
from quote_tui.app.screens.load_source import LoadSourceScreen
from quote_tui.app.screens.main import MainScreen
from quote_tui.app.widgets.citation_list import CitationList
from quote_tui.app.widgets.finder import Finder
from quote_tui.app.widgets.source_viewer import SourceViewer
from quote_tui.workspace import load_workspace
from tests.app.conftest import make_demo_app, settle
from tests.app.helpers import PASTED, keys_for, write_sources


async def _load(app, pilot, tab: str, value: str) -> LoadSourceScreen:
    await pilot.press("o")
    await settle(app, pilot)
    modal = app.screen
    assert isinstance(modal, LoadSourceScreen)
    # Focus follows the active pane, so move the focus into the pane being chosen.
    field = modal.query_one(f"#ref-{tab}")
    modal.query_one("#load-tabs").active = f"tab-{tab}"
    field.focus()
    await pilot.pause()
    assert modal.query_one("#load-tabs").active == f"tab-{tab}"
    if tab == "paste":
        modal.query_one("#ref-paste").text = value
    else:
        modal.query_one(f"#ref-{tab}").value = value
    await pilot.press("ctrl+l")
    await settle(app, pilot)
    return modal


async def test_demo_opens_checked_with_counts(data_dir: Path) -> None:
    app = make_demo_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        main = app.screen
        assert isinstance(main, MainScreen)
        counts = main.workspace.counts()
        assert counts.get("exact", 0) >= 2
        assert counts.get("near", 0) >= 1
        assert counts.get("unavailable") == 1  # the report that is not bundled
        assert counts.get("not_found", 0) >= 1
        # At 80 columns the list is narrow: the counts are in the header.
        assert "✓" in app.sub_title and "⊘1" in app.sub_title
        assert "demo" in app.sub_title
        # The first citation's source is shown with its match current.
        viewer = main.query_one(SourceViewer)
        assert main.current_source == "gettysburg"
        assert viewer.current is not None and viewer.current.citation_id == "c1"


async def test_next_match_selects_its_citation(data_dir: Path) -> None:
    app = make_demo_app(data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        main = app.screen
        viewer = main.query_one(SourceViewer)
        viewer.focus()
        seen = []
        for _ in range(len(viewer.highlights) + 1):
            await pilot.press("n")
            await pilot.pause()
            seen.append(viewer.current.citation_id)
            assert main.selected_id == viewer.current.citation_id
        assert seen[-1] == seen[0]  # wrapped around
        await pilot.press("N")
        await pilot.pause()
        assert viewer.current.citation_id == seen[-2]


async def test_load_each_kind_of_source(tmp_path: Path, data_dir: Path) -> None:
    paths = write_sources(tmp_path / "docs")
    app = make_app(tmp_path / "ws.json", data_dir=data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        main = app.screen
        for kind, value, pages in (
            ("file", str(paths["pdf"]), 3),
            ("file", str(paths["html"]), 0),
            ("file", str(paths["text"]), 0),
            ("paste", PASTED, 0),
        ):
            modal = await _load(app, pilot, kind, value)
            record = str(modal.query_one("#load-record").render())
            assert "✓ Read" in record, record
            await pilot.press("ctrl+s")
            await settle(app, pilot)
            viewer = main.query_one(SourceViewer)
            assert viewer.prepared is not None
            assert viewer.prepared.page_count == pages
        ids = [s.id for s in main.workspace.sources]
        assert ids == ["minutes", "harbour", "orchards", "pasted"]
        saved = load_workspace(tmp_path / "ws.json")
        assert saved.source("pasted").text == PASTED
        assert set(saved.snapshots) == set(ids)


async def test_unreadable_sources_show_error_and_hint(tmp_path: Path, data_dir: Path) -> None:
    app = make_app(tmp_path / "ws.json", data_dir=data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        modal = await _load(app, pilot, "file", str(tmp_path / "missing.pdf"))
        record = str(modal.query_one("#load-record").render())
        assert "Could not read" in record and "file_not_found" in record
        assert modal.query_one("#add").disabled
        # Loopback is refused by the address guard (or not supported): never a crash.
        modal.query_one("#load-tabs").active = "tab-url"
        modal.query_one("#ref-url").focus()
        modal.query_one("#ref-url").value = "http://127.0.0.1:9/paper.html"
        await pilot.press("ctrl+l")
        await settle(app, pilot)
        record = str(modal.query_one("#load-record").render())
        assert "Could not read" in record
        await pilot.press("escape")
        await settle(app, pilot)
        assert isinstance(app.screen, MainScreen)
        assert app.screen.workspace.sources == ()


async def test_finder_shows_only_the_latest_answer(tmp_path: Path, data_dir: Path) -> None:
    paths = write_sources(tmp_path / "docs")
    app = make_app(tmp_path / "ws.json", data_dir=data_dir)
    messages: list = []
    async with app.run_test(size=(80, 24), message_hook=messages.append) as pilot:
        await settle(app, pilot)
        await _load(app, pilot, "file", str(paths["text"]))
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        main = app.screen
        await pilot.press("slash")
        await pilot.press(*keys_for("quiet orchards"))  # typed faster than the debounce
        await settle(app, pilot, 0.3)
        finder = main.query_one(Finder)
        final = [m for m in messages if isinstance(m, Finder.ResultReady) and m.result is not None]
        assert final and final[-1].query == "quiet orchards"
        # A stale answer never follows a newer one: the queries answered only grow.
        lengths = [len(a.query) for a in final]
        assert lengths == sorted(lengths)
        assert "exact" in str(finder.query_one("#finder-verdict").render())
        assert main.query_one(SourceViewer).highlights[0].status == "finder"


async def test_edit_delete_undo_and_use_source_wording(tmp_path: Path, data_dir: Path) -> None:
    paths = write_sources(tmp_path / "docs")
    ws_path = tmp_path / "ws.json"
    app = make_app(ws_path, data_dir=data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await _load(app, pilot, "file", str(paths["html"]))
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        main = app.screen
        main.query_one(CitationList).focus()
        await pilot.press("a")
        await settle(app, pilot)
        app.screen.query_one(
            "#edit-quote"
        ).text = "The harbour master counted seventeen boats at anchor before the storm arrived."
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        cid = main.selected_id
        verdict = main.workspace.verdicts[cid]
        assert verdict.status in ("near", "not_found")
        if verdict.status == "near":
            await pilot.press("u")
            await settle(app, pilot)
            assert "ships" in main.workspace.citation(cid).quote
            assert main.workspace.verdicts[cid].status == "exact"
        await pilot.press("d")
        await settle(app, pilot)
        assert main.workspace.citation(cid) is None
        assert load_workspace(ws_path).citation(cid) is None  # autosaved
        await pilot.press("ctrl+z")
        await settle(app, pilot)
        assert main.workspace.citation(cid) is not None
        assert load_workspace(ws_path).citation(cid) is not None


async def test_copy_passage_with_line_for_unpaged_source(data_dir: Path) -> None:
    app = make_demo_app(data_dir)
    copied: list[str] = []
    app.copy_to_clipboard = copied.append  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        main = app.screen
        main.query_one(CitationList).select_citation("c6")
        await pilot.press("y")
        await settle(app, pilot)
        assert copied == ['"When in the Course of human events" (line 5)']
        main.query_one(CitationList).select_citation("c10")
        await pilot.press("y")
        await pilot.press("Y")
        await settle(app, pilot)
        assert copied[-1].endswith("(p. 101)")
        assert app.screen.query_one("#passage").text == copied[-1]


async def test_export_and_reopen_report(tmp_path: Path, data_dir: Path) -> None:
    app = make_demo_app(data_dir)
    out = tmp_path / "demo-report.json"
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        main = app.screen
        main.export_report(out)
        await settle(app, pilot)
        shown = {cid: v.status for cid, v in main.workspace.verdicts.items()}
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["schema"] == "quote_tui.report"
    assert {c["id"]: c["status"] for c in report["citations"]} == shown
    reopened = make_app(out, data_dir=data_dir)
    async with reopened.run_test(size=(80, 24)) as pilot:
        await settle(reopened, pilot)
        main = reopened.screen
        assert {cid: v.status for cid, v in main.workspace.verdicts.items()} == shown
        c1 = main.workspace.verdicts["c1"].result
        assert c1 is not None and c1.matches[0].text.startswith("Four score")


async def test_corrupt_workspace_is_reported_and_kept(tmp_path: Path, data_dir: Path) -> None:
    path = tmp_path / "ws.json"
    path.write_text('{"format": "quote_tui.workspace", "citations": [1, 2', encoding="utf-8")
    app = make_app(path, data_dir=data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert any("kept as" in n.message for n in app._notifications)
    assert list(tmp_path.glob("ws.json.corrupt-*"))


@pytest.mark.parametrize("key", ["question_mark", "f1"])
async def test_help_screen(data_dir: Path, key: str) -> None:
    app = make_demo_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)


async def test_command_palette_runs_actions(data_dir: Path) -> None:
    app = make_demo_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Show source declaration".replace(" ", "|").split("|")[0])
        for word in ("space", *"source", "space", *"declaration"):
            await pilot.press(word)
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.screen.current_source == "declaration"


async def test_check_can_be_cancelled(data_dir: Path) -> None:
    app = make_demo_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        main = app.screen
        main.run_checks([c.id for c in main.workspace.citations])
        await pilot.press("escape")
        await settle(app, pilot)
        assert main.query_one(CitationList).checking == frozenset()
        assert not main.has_class("-checking")
