"""A warning stays in sight: the notice that follows it must not hide it."""

from __future__ import annotations

from pathlib import Path

from quote_tui.app import make_app
from quote_tui.app.toasts import TOAST
from quote_tui.batch.specs import CitationSpec, SourceSpec
from quote_tui.workspace import Workspace, save_workspace
from quote_tui.workspace.shared import WorkspaceFile
from tests.app.conftest import settle


def _shown(app) -> list[str]:
    return [
        str(t.render()).removeprefix("Merged\n")
        for t in app.screen.query(TOAST)
        if t.parent is not None and t.parent.display
    ]


async def test_the_other_windows_warning_is_not_hidden_by_the_check_after_it(
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
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(app, pilot)
        # another window changes c1 and saves; this one changes c1 too
        WorkspaceFile(path).save(ws.with_citation(CitationSpec(id="c1", source="s", quote="beta")))
        main = app.screen
        main.call_later(
            lambda: main.commit(ws.with_citation(CitationSpec(id="c1", source="s", quote="alpha")))
        )
        await settle(app, pilot)
        # what every edit is followed by: a short notice of the check
        app.notify("Checked c1: ✓ verbatim.", timeout=0.4)
        await pilot.pause(0.3)
        shown = _shown(app)
        assert any("changed c1 too" in m for m in shown), shown
        assert "Checked c1: ✓ verbatim." in shown
        # and once the short notice has gone, the warning is still there to read
        await pilot.pause(0.5)
        shown = _shown(app)
        assert any("changed c1 too" in m for m in shown), shown
        assert "Checked c1: ✓ verbatim." not in shown
