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


REFRAIN = "the river runs down to the sea"
RIVER = (
    f"First, {REFRAIN}. Then the plain opens wide under a pale sky.\n"
    f"Again {REFRAIN}, slower now.\nThe mill turns its wheel by the bridge at noon.\n"
    f"At last {REFRAIN} and is gone.\n"
)


async def test_n_cycles_the_selected_citations_matches_and_m_walks_every_match(
    tmp_path: Path, data_dir: Path
) -> None:
    from quote_tui.api import CitationSpec, SourceSpec, check_text
    from quote_tui.app.widgets.source_viewer import SourceViewer
    from quote_tui.workspace import Verdict, Workspace, save_workspace

    ws = Workspace(name="w").with_source(SourceSpec("river", text=RIVER))
    for cid, quote in (("mill", "The mill turns its wheel by the bridge"), ("refrain", REFRAIN)):
        result = check_text(RIVER, quote)
        ws = ws.with_citation(CitationSpec(cid, "river", quote))
        ws = ws.with_verdict(cid, Verdict(str(result.status), result))
    assert len(ws.verdicts["refrain"].result.matches) == 3
    save_workspace(ws, tmp_path / "ws.json")
    app = make_app(tmp_path / "ws.json", data_dir=data_dir)
    async with app.run_test(size=(110, 30)) as pilot:
        await settle(app, pilot)
        main = app.screen
        main.query_one(CitationList).select_citation("refrain")
        await settle(app, pilot)
        viewer = main.query_one(SourceViewer)
        viewer.focus()
        seen = []
        for _ in range(4):
            await pilot.press("n")
            await pilot.pause()
            seen.append((viewer.current.citation_id, viewer.current.index))
        # the mill's match stands between the second and third: n never leaves "refrain"
        assert seen == [("refrain", 1), ("refrain", 2), ("refrain", 0), ("refrain", 1)]
        assert main.selected_id == "refrain"
        await pilot.press("N")
        await pilot.pause()
        assert (viewer.current.citation_id, viewer.current.index) == ("refrain", 0)
        # m walks the source's highlights in text order, whichever citation they belong to
        walked = []
        for _ in range(4):
            await pilot.press("m")
            await pilot.pause()
            walked.append(viewer.current.citation_id)
        assert walked == ["refrain", "mill", "refrain", "refrain"]
        assert main.selected_id == "refrain"
        bindings = {b.key for b in SourceViewer.BINDINGS}
        assert {"m", "M"} <= bindings


def test_the_detail_and_reports_say_a_cited_place_once() -> None:
    from quote_tui.api import CitationSpec
    from quote_tui.app.widgets.detail import detail_content
    from quote_tui.reports.common import facts

    for locator, said in (
        ({"label": "page", "value": "p. 4", "pages": [4]}, "p. 4"),
        ({"label": "page", "value": "33-35", "pages": [33, 34, 35]}, "pp. 33-35"),
        ({"label": "chapter", "value": "12"}, "chapter 12"),
    ):
        text = detail_content(CitationSpec("c1", "s1", "words", locator), None, None).plain
        line = next(row for row in text.splitlines() if row.startswith("Cited"))
        assert line.split(None, 1)[1] == said
        rows = {f.label: f.text for f in facts({"locator": locator}, {})}
        assert "Page" not in rows and rows["Cited"] == said  # under "Cited", not "cited" again
    checked = {"page_check": {"status": "differs", "cited": "p. 103", "found": 101}}
    rows = {f.label: f.text for f in facts(checked, {})}
    assert rows["Page"] == "✗ cited page 103, found on page 101"


async def test_a_second_demo_says_it_is_fresh_and_keeps_the_last_one(data_dir: Path) -> None:
    import json

    from quote_tui.demo import PREVIOUS_DEMO

    app = make_app(demo=True, data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        # the first demo has nothing to say about an earlier one
        assert not any("A fresh demo" in n.message for n in app._notifications)
        app.screen.commit(app.screen.workspace.without_citation("c1"))
        await settle(app, pilot)
    app = make_app(demo=True, data_dir=data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        said = [n.message for n in app._notifications]
        assert any("A fresh demo" in m and PREVIOUS_DEMO in m for m in said)
        assert app.screen.workspace.citation("c1") is not None
    kept = json.loads((data_dir / "demo" / PREVIOUS_DEMO).read_text(encoding="utf-8"))
    assert "c1" not in [c["id"] for c in kept["citations"]]


async def test_the_header_and_the_list_count_in_one_order(data_dir: Path) -> None:
    app = make_app(demo=True, data_dir=data_dir)
    async with app.run_test(size=(160, 40)) as pilot:
        await settle(app, pilot)
        # an edited citation is unchecked beside the demo's noticed ones (a page that differs)
        from dataclasses import replace

        ws = app.screen.workspace
        app.screen.commit(ws.with_citation(replace(ws.citation("c1"), quote="Four score")))
        await settle(app, pilot)
        listing = app.screen.query_one(CitationList)
        in_list = str(listing.border_title).split()[1:]
        in_header = str(app.sub_title).split(" citations ", 1)[1].split()
        assert len(in_list) >= 4
        assert in_header == in_list


async def test_the_load_dialog_says_and_takes_a_key_for_its_tabs(data_dir: Path) -> None:
    from textual.widgets import TabbedContent

    from quote_tui.app.screens.load_source import LoadSourceScreen

    app = make_app(demo=True, data_dir=data_dir)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(app, pilot)
        await pilot.press("o")
        await settle(app, pilot)
        dialog = app.screen
        assert isinstance(dialog, LoadSourceScreen)
        assert "ctrl+t next tab" in str(dialog.query_one("#load-box").border_subtitle)
        seen = []
        for _ in range(5):
            await pilot.press("ctrl+t")
            await pilot.pause()
            tabs = dialog.query_one(TabbedContent)
            seen.append(tabs.active)
            assert app.focused is not None and tabs.get_pane(tabs.active) in app.focused.ancestors
        assert seen == ["tab-url", "tab-doi", "tab-pmid", "tab-paste", "tab-file"]


async def test_the_finder_shows_a_changed_number_before_enter(
    tmp_path: Path, data_dir: Path
) -> None:
    from quote_tui.api import SourceSpec
    from quote_tui.app.widgets.finder import Finder
    from quote_tui.workspace import Workspace, save_workspace
    from tests.app.helpers import keys_for

    text = "In its report the committee counted 42 cases in the northern district last spring.\n"
    ws = Workspace(name="w").with_source(SourceSpec("minutes", text=text))
    save_workspace(ws, tmp_path / "ws.json")
    app = make_app(tmp_path / "ws.json", data_dir=data_dir)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(app, pilot)
        app.screen.show_source("minutes")
        await settle(app, pilot)
        await pilot.press("slash")
        await pilot.press(*keys_for("the committee counted 36 cases in the northern district"))
        await settle(app, pilot, 0.4)
        shown = str(app.screen.query_one(Finder).query_one("#finder-verdict").render())
        assert "36 → 42" in shown
