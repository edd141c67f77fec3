"""Loading a cited work while a citation with an unresolved key is selected links the work to
that key at once; with no citation selected the file becomes a source of its own."""

from __future__ import annotations

from pathlib import Path

from quote_tui.api import CitationSpec, SourceSpec
from quote_tui.app import make_app
from quote_tui.app.screens.main import MainScreen
from quote_tui.app.widgets.citation_list import CitationList
from quote_tui.workspace import Workspace, load_workspace, save_workspace
from tests.app.conftest import record_notifications, settle
from tests.app.test_app import _load

TEXT = "The committee found that the harbour wall held through every winter storm.\n"
MISSING = {
    "code": "unknown_reference",
    "message": "The pandoc reference 'harbour2020' matches no entry of the bibliography.",
    "recovery": "fix_input",
}


def _workspace(tmp_path: Path) -> Path:
    ws = Workspace(name="w").with_source(
        SourceSpec("harbour2020", title="harbour2020", extra={"unavailable": MISSING})
    )
    ws = ws.with_citation(CitationSpec("c1", "harbour2020", "the harbour wall held"))
    ws = ws.with_citation(CitationSpec("c2", "harbour2020", "every winter storm"))
    ws = ws.with_citation(CitationSpec("c3", None, "a quotation with no reference"))
    path = tmp_path / "ws.json"
    save_workspace(ws, path)
    (tmp_path / "wall-report.txt").write_text(TEXT, encoding="utf-8")
    return path


async def test_loading_a_work_for_a_citation_with_an_unresolved_key_links_it(
    tmp_path: Path, data_dir: Path
) -> None:
    path = _workspace(tmp_path)
    app = make_app(path, data_dir=data_dir)
    said = record_notifications(app)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        main = app.screen
        assert isinstance(main, MainScreen)
        main.query_one(CitationList).select_citation("c1")
        await pilot.pause()
        await _load(app, pilot, "file", str(tmp_path / "wall-report.txt"))
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        ws = main.workspace
        # no second source named after the file: the key's own source now reads it
        assert [s.id for s in ws.sources] == ["harbour2020"]
        key = ws.source("harbour2020")
        assert key is not None and key.ref and key.ref.endswith("wall-report.txt")
        assert not key.extra.get("unavailable")
        assert {c.source for c in ws.citations if c.id in ("c1", "c2")} == {"harbour2020"}
        assert ws.verdicts["c1"].status == "exact" and ws.verdicts["c2"].status == "exact"
        assert any("now the source of harbour2020" in message for message in said)
        saved = load_workspace(path)
        assert saved.source("harbour2020").ref.endswith("wall-report.txt")
        assert not saved.source("harbour2020").extra.get("unavailable")
        await pilot.press("ctrl+z")
        await settle(app, pilot)
        assert main.workspace.source("harbour2020").ref is None
        # what the undone link read is not used for the key any more
        assert "harbour2020" not in main.outcomes


async def test_loading_with_a_citation_that_has_no_key_adds_a_source_of_its_own(
    tmp_path: Path, data_dir: Path
) -> None:
    path = _workspace(tmp_path)
    app = make_app(path, data_dir=data_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        main = app.screen
        main.query_one(CitationList).select_citation("c3")
        await pilot.pause()
        await _load(app, pilot, "file", str(tmp_path / "wall-report.txt"))
        await pilot.press("ctrl+s")
        ws = main.workspace
        assert len(ws.sources) == 2
        assert ws.source("harbour2020").extra.get("unavailable")
        assert ws.citation("c3").source is None


async def test_a_file_already_loaded_under_its_own_name_still_links_the_key(
    tmp_path: Path, data_dir: Path
) -> None:
    path = _workspace(tmp_path)
    app = make_app(path, data_dir=data_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        main = app.screen
        main.query_one(CitationList).select_citation("c3")
        await pilot.pause()
        await _load(app, pilot, "file", str(tmp_path / "wall-report.txt"))
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert len(main.workspace.sources) == 2
        main.query_one(CitationList).select_citation("c1")
        await pilot.pause()
        await _load(app, pilot, "file", str(tmp_path / "wall-report.txt"))
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        key = main.workspace.source("harbour2020")
        assert key.ref and key.ref.endswith("wall-report.txt")
        assert main.workspace.verdicts["c1"].status == "exact"


def test_the_detail_says_loading_links_the_key() -> None:
    from quote_tui.app.widgets.detail import detail_content
    from quote_tui.workspace import Verdict

    for code in ("no_source", "unknown_reference"):
        error = {"code": code, "message": "No way to the text.", "recovery": "fix_input"}
        shown = detail_content(
            CitationSpec("c1", "harbour2020", "the harbour wall held"),
            Verdict("unavailable", error=error),
            None,
        ).plain
        assert "(o) with this citation selected" in shown
