"""Copy (y) of a misquotation copies the source's wording: the notice says so, and does not
read as the quotation confirmed."""

from __future__ import annotations

from pathlib import Path

from quote_tui.api import CitationSpec, PreparedText, SourceSpec, check_text
from quote_tui.app import make_app
from quote_tui.app.widgets.citation_list import CitationList
from quote_tui.workspace import Verdict, Workspace, save_workspace
from tests.app.conftest import settle

TEXT = "These dead shall not have died in vain, and this nation shall have a new birth.\n"


async def test_copying_a_near_quotation_says_it_is_the_source_wording(
    tmp_path: Path, data_dir: Path
) -> None:
    quote = "these dead shall have died in vain"
    result = check_text(PreparedText(TEXT), quote)
    assert str(result.status) == "near"
    ws = Workspace(name="w").with_source(SourceSpec("s", text=TEXT))
    ws = ws.with_citation(CitationSpec("c1", "s", quote))
    ws = ws.with_verdict("c1", Verdict(str(result.status), result))
    save_workspace(ws, tmp_path / "ws.json")
    app = make_app(tmp_path / "ws.json", data_dir=data_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        main = app.screen
        main.query_one(CitationList).select_citation("c1")
        await settle(app, pilot)
        await pilot.press("y")
        await settle(app, pilot)
        assert "shall not have died in vain" in main.last_copied
        titles = [n.title for n in app._notifications]
        assert "Copied the source's wording (the quotation differs)" in titles, titles
