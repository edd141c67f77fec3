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


SECOND = "It is a truth universally acknowledged"


def _two_quotes(paper: Path, second: str) -> None:
    text = paper.read_text(encoding="utf-8")
    paper.write_text(text + f'\nShe began: "{second}" [@austen1813].\n', encoding="utf-8")


async def test_a_manuscript_opens_checked_and_escape_cancels_the_check(
    tmp_path: Path, data_dir: Path, monkeypatch
) -> None:
    import asyncio

    from quote_tui.api import Session

    paper = write_paper(tmp_path / "paper")
    app = make_app(paper, data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        # no key pressed: the one citation is checked
        assert [v.status for v in app.screen.workspace.verdicts.values()] == ["exact"]
    real_check_all = Session.check_all

    async def slow_check_all(self, *args, **kwargs):
        await asyncio.sleep(5)
        return await real_check_all(self, *args, **kwargs)

    monkeypatch.setattr(Session, "check_all", slow_check_all)
    app = make_app(paper, data_dir=tmp_path / "data2")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.3)
        assert app.screen.has_class("-checking")
        await pilot.press("escape")
        await pilot.pause(0.3)
        assert not app.screen.has_class("-checking")
        assert app.screen.workspace.verdicts == {}


async def test_reloading_a_changed_manuscript_checks_what_changed_only(
    tmp_path: Path, data_dir: Path, monkeypatch
) -> None:
    from quote_tui.api import Session
    from quote_tui.app.screens.dialogs import ChoiceDialog

    checked: list[list[str]] = []
    real_check_all = Session.check_all

    async def recording(self, batch, *args, **kwargs):
        checked.append([c.id for c in batch.citations])
        return await real_check_all(self, batch, *args, **kwargs)

    monkeypatch.setattr(Session, "check_all", recording)

    paper = write_paper(tmp_path / "paper")
    _two_quotes(paper, SECOND)
    app = make_app(paper, data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        before = dict(app.screen.workspace.verdicts)
    assert [v.status for v in before.values()] == ["exact", "exact"]
    # the second quotation is edited in the manuscript: the reload re-checks it alone
    paper.write_text(paper.read_text(encoding="utf-8").replace("truth", "fact"), encoding="utf-8")
    checked.clear()
    app = make_app(paper, data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, ChoiceDialog)
        app.screen.dismiss(True)
        await settle(app, pilot)
        after = app.screen.workspace.verdicts
        assert checked == [["c2"]]
        assert after["c1"] == before["c1"]
        assert after["c2"].status != "exact"  # "fact" is not the source's word
        assert app.screen.workspace.citation("c2").quote.startswith("It is a fact")
