"""The notice after checking several citations counts those checked, and says apart the ones
whose source could not be read."""

from __future__ import annotations

from pathlib import Path

from quote_tui.app import make_app
from quote_tui.batch.specs import CitationSpec, SourceSpec
from quote_tui.workspace import Workspace, save_workspace
from tests.app.conftest import settle


async def test_checking_some_citations_counts_them_and_names_the_unread_source(
    tmp_path: Path, data_dir: Path
) -> None:
    path = tmp_path / "ws.json"
    ws = Workspace(
        name="paper",
        sources=(
            SourceSpec(id="s", text="alpha beta gamma delta epsilon"),
            SourceSpec(id="gone", ref=str(tmp_path / "missing.pdf")),
        ),
        citations=(
            CitationSpec(id="c1", source="s", quote="alpha beta gamma"),
            CitationSpec(id="c2", source="gone", quote="words of a lost book"),
            CitationSpec(id="c3", source="s", quote="gamma delta epsilon"),
            CitationSpec(id="c4", source=None, quote="a quotation whose citation was not read"),
        ),
    )
    save_workspace(ws, path)
    app = make_app(path, data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        main = app.screen
        main.run_checks(["c3"])
        await settle(app, pilot)
        main.run_checks(["c1", "c2", "c4"])
        await settle(app, pilot)
        assert main.workspace.verdicts["c2"].status == "unavailable"
        said = [n.message for n in app._notifications]
        want = (
            "Checked 3 citations: 1 found as quoted; 1 not checked: its source could not be "
            "read; 1 with no source."
        )
        assert want in said, said
