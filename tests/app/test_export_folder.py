"""Exporting into a folder that does not exist says so, with what to do, before the export
checks the citations not yet checked; it said only "No such file or directory" after them."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from quote_tui.api import CitationSpec, SourceSpec
from quote_tui.app import make_app
from quote_tui.app.screens.dialogs import PromptDialog
from quote_tui.workspace import Workspace, save_workspace
from tests.app.conftest import settle


def _messages(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_export_into_a_missing_folder_says_which_and_checks_nothing(
    tmp_path: Path, data_dir: Path
) -> None:
    path = tmp_path / "ws.json"
    ws = Workspace(
        name="paper",
        sources=(SourceSpec(id="s", text="alpha beta gamma delta"),),
        citations=(CitationSpec(id="c1", source="s", quote="alpha beta"),),
    )
    save_workspace(ws, path)
    app = make_app(path, data_dir=data_dir)
    missing = tmp_path / "reports" / "paper.html"
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        main = app.screen
        await pilot.press("e")
        await settle(app, pilot)
        assert isinstance(app.screen, PromptDialog)
        app.screen.query_one("#prompt-input", Input).value = str(missing)
        await pilot.press("enter")
        await settle(app, pilot)
        said = " ".join(_messages(app))
        assert f"The folder {missing.parent} does not exist" in said, said
        assert "press e again" in said
        assert "c1" not in main.workspace.verdicts  # nothing was checked for a lost export
        assert not missing.parent.exists()
