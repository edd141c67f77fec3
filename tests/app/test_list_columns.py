"""Wide list rows: the sources line up in one column when the citations' ids differ in length
(``q7`` and ``q123``), so they can be read down the list."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.app import make_app
from quote_tui.app.widgets.citation_list import CitationList
from quote_tui.batch.specs import CitationSpec, SourceSpec
from quote_tui.workspace import Workspace, save_workspace
from tests.app.conftest import settle

TEXT = "The harbour master counted seventeen ships at anchor before the storm arrived."


@pytest.fixture
def ids_of_three_lengths(tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    ws = Workspace(
        name="harbour",
        sources=(SourceSpec(id="harbour", text=TEXT), SourceSpec(id="log", text=TEXT)),
        citations=(
            CitationSpec(id="q7", source="harbour", quote="seventeen ships"),
            CitationSpec(id="q123", source="log", quote="before the storm"),
            CitationSpec(id="q45", source="harbour", quote="the harbour master"),
        ),
    )
    path = tmp_path / "ws.json"
    save_workspace(ws, path)
    return make_app(path, data_dir=data_dir)


def _source_columns(app) -> list[int]:
    rows = app.screen.query_one(CitationList)
    firsts = [str(rows.get_option_at_index(i).prompt).split("\n")[0] for i in range(3)]
    return [row.index("  harbour") if "harbour" in row else row.index("  log") for row in firsts]


async def test_sources_start_in_one_column(ids_of_three_lengths) -> None:
    app = ids_of_three_lengths
    async with app.run_test(size=(120, 24)) as pilot:
        await settle(app, pilot)
        columns = _source_columns(app)
        assert len(set(columns)) == 1, columns


def test_wide_rows_with_ids_of_three_lengths(snap_compare, ids_of_three_lengths) -> None:
    async def run_before(pilot) -> None:
        await settle(pilot.app, pilot)
        pilot.app.clear_notifications()
        await pilot.pause()

    assert snap_compare(ids_of_three_lengths, terminal_size=(120, 24), run_before=run_before)
