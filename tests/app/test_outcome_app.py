"""The app's list rows, title counts and Detail header show the one outcome: a critical
difference is named and counted apart from faithful citations, a cited page that differs is
named on its row and counted."""

from __future__ import annotations

from pathlib import Path

from quote_tui.api import CitationSpec, SourceSpec, check_text
from quote_tui.app import make_app
from quote_tui.app.screens.main import MainScreen
from quote_tui.app.widgets.citation_list import CitationList
from quote_tui.app.widgets.detail import CitationDetail
from quote_tui.workspace import Verdict, Workspace, save_workspace
from tests.app.conftest import make_demo_app, settle

TEXT = "In the trial, the vaccine was not effective in older patients, the authors said."


def _detail_text(main: MainScreen) -> str:
    return str(main.query_one(CitationDetail).query_one("#detail-body").render())


async def test_the_demo_names_critical_differences_and_a_page_that_differs(
    data_dir: Path,
) -> None:
    app = make_demo_app(data_dir)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(app, pilot)
        main = app.screen
        assert isinstance(main, MainScreen)
        listing = main.query_one(CitationList)
        rows = {
            listing.get_option_at_index(i).id: str(listing.get_option_at_index(i).prompt)
            for i in range(listing.option_count)
        }
        assert rows["c3"].startswith("‼ near 89% critical negation")
        assert rows["c4"].startswith("~ near 96%") and "critical" not in rows["c4"]
        assert "cited page 103, found on page 101" in rows["c12"]
        title = str(listing.border_title)
        assert "‼3" in title and "p≠1" in title  # counted apart from the faithful ones
        counts = main.workspace.counts()
        assert counts["critical"] == 3 and counts["page_differs"] == 1
        listing.select_citation("c12")
        await settle(app, pilot)
        header, *rest = _detail_text(main).splitlines()
        assert header.startswith("‼ near 96% critical number")
        assert "cited page 103, found on page 101" in rest[0]


async def test_a_normalized_quotation_hiding_not_is_listed_counted_and_detailed_apart(
    tmp_path: Path, data_dir: Path
) -> None:
    hides = check_text(TEXT, "vaccine was … effective in older patients")
    plain = check_text(TEXT, "the authors said")
    ws = Workspace(name="w").with_source(SourceSpec("s", text=TEXT))
    ws = ws.with_citation(CitationSpec("hides", "s", hides.quote))
    ws = ws.with_citation(CitationSpec("plain", "s", plain.quote))
    ws = ws.with_verdict("hides", Verdict(str(hides.status), hides))
    ws = ws.with_verdict(
        "plain",
        Verdict(str(plain.status), plain, claimed={"pages": [2, 2], "agrees": False}),
    )
    save_workspace(ws, tmp_path / "ws.json")
    app = make_app(tmp_path / "ws.json", data_dir=data_dir)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(app, pilot)
        main = app.screen
        assert isinstance(main, MainScreen)
        listing = main.query_one(CitationList)
        assert str(listing.get_option_at_index(0).prompt).startswith(
            "‼ normalized critical omission"
        )
        assert "claimed place disagrees (page 2)" in str(listing.get_option_at_index(1).prompt)
        title = str(listing.border_title)
        assert "‼1" in title and "✓1" in title and "≈" not in title and "claim≠1" in title
        listing.select_citation("hides")
        await settle(app, pilot)
        assert _detail_text(main).startswith("‼ normalized critical omission  hides")
        listing.select_citation("plain")
        await settle(app, pilot)
        text = _detail_text(main)
        assert "Claimed    ✗ claimed place disagrees (page 2)" in text
