"""Copy (y) gives the match the detail shows: after n, the second place, not the first."""

from __future__ import annotations

from pathlib import Path

from quote_tui.api import CitationSpec, PreparedText, SourceSpec, check_text
from quote_tui.app import make_app
from quote_tui.app.widgets.citation_list import CitationList
from quote_tui.workspace import Verdict, Workspace, save_workspace
from tests.app.conftest import settle


async def test_copy_gives_the_match_the_detail_shows(tmp_path: Path, data_dir: Path) -> None:
    text = "First line says the tide turns.\nSecond line.\nThird line: the tide turns.\n"
    result = check_text(PreparedText(text), "the tide turns")
    assert len(result.matches) == 2
    ws = Workspace(name="w").with_source(SourceSpec("s", text=text))
    ws = ws.with_citation(CitationSpec("c1", "s", "the tide turns"))
    ws = ws.with_verdict("c1", Verdict(str(result.status), result))
    save_workspace(ws, tmp_path / "ws.json")
    app = make_app(tmp_path / "ws.json", data_dir=data_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        main = app.screen
        main.query_one(CitationList).select_citation("c1")
        await settle(app, pilot)
        await pilot.press("y")
        assert main.last_copied == '"the tide turns" (line 1)'
        main.action_viewer_next()
        await settle(app, pilot)
        assert main.match_shown == ("c1", 1)
        await pilot.press("y")
        assert main.last_copied == '"the tide turns" (line 3)'
