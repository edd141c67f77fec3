"""The app as a researcher's desk (issue 29): each test fails on the code before it."""

from __future__ import annotations

from pathlib import Path

from quote_tui.app import make_app
from quote_tui.app.widgets.citation_list import CitationList
from quote_tui.app.widgets.detail import CitationDetail
from tests.app.conftest import settle
from tests.app.test_workflow_polish import write_paper


def _detail(app) -> str:
    return str(app.screen.query_one(CitationDetail).query_one("#detail-body").render())


async def test_a_manuscripts_sources_take_its_bib_keys_and_the_detail_shows_the_reference(
    tmp_path: Path, data_dir: Path
) -> None:
    paper = write_paper(tmp_path / "paper")
    app = make_app(paper, data_dir=data_dir)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(app, pilot)
        ws = app.screen.workspace
        assert [s.id for s in ws.sources] == ["austen1813"]
        assert [c.source for c in ws.citations] == ["austen1813"]
        body = _detail(app)
        assert "[@austen1813, p. 1]" in body
        assert "austen1813 · Austen (1813). Pride and Prejudice" in body
        listed = str(app.screen.query_one(CitationList).get_option_at_index(0).prompt)
        assert "austen1813" in listed
