"""The acceptance journey, from the keyboard alone.

A new user opens the demo, loads a PDF and a pasted text, adds three quotations through the
finder, checks them, copies a verified passage and exports a report.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from quote_tui.app.screens.load_source import LoadSourceScreen
from quote_tui.app.screens.main import MainScreen
from quote_tui.app.widgets.source_viewer import SourceViewer
from tests.app.conftest import make_demo_app, settle
from tests.app.helpers import PASTED, keys_for, write_sources


async def test_keyboard_only_journey(
    tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_sources(tmp_path / "docs")
    monkeypatch.chdir(tmp_path / "docs")  # paths typed in the app are relative to here
    app = make_demo_app(data_dir)
    copied: list[str] = []
    app.copy_to_clipboard = copied.append  # type: ignore[method-assign]
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(app, pilot)
        main = app.screen
        assert isinstance(main, MainScreen)
        assert all(c.id in main.workspace.verdicts for c in main.workspace.citations)

        # Load the PDF through the modal: o, type the path, ctrl+l reads, ctrl+s adds.
        await pilot.press("o")
        await settle(app, pilot)
        assert isinstance(app.screen, LoadSourceScreen)
        await pilot.press(*keys_for("minutes.pdf"))
        await pilot.press("ctrl+l")
        await settle(app, pilot)
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert app.screen is main
        assert main.current_source == "minutes"
        assert main.query_one(SourceViewer).prepared.page_count == 3

        # Add two quotations through the finder, Enter after each.
        await pilot.press("slash")
        for quote in ("committee reported 42 cases", "rivers and of the long road"):
            await pilot.press(*keys_for(quote))
            await settle(app, pilot, 0.2)
            await pilot.press("enter")
            await settle(app, pilot)
        await pilot.press("escape")

        # Paste a text source: o, the Paste tab, type the text, read, add.
        await pilot.press("o")
        await settle(app, pilot)
        # shift+tab reaches the tab strip; right goes File → URL → DOI → PMID → Paste.
        await pilot.press("shift+tab", "right", "right", "right", "right", "tab")
        await settle(app, pilot)
        assert app.screen.focused is app.screen.query_one("#ref-paste")
        await pilot.press(*keys_for(PASTED))
        await pilot.press("ctrl+l")
        await settle(app, pilot)
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert main.current_source == "pasted"

        # A third quotation through the finder, on the pasted text.
        await pilot.press("slash")
        await pilot.press(*keys_for("lantern burned until dawn"))
        await settle(app, pilot, 0.2)
        await pilot.press("enter")
        await settle(app, pilot)
        await pilot.press("escape")

        added = list(main.workspace.citations[13:])
        assert [c.id for c in added] == ["c14", "c15", "c16"]  # one id scheme
        # They were checked on the way in; check them all again with C.
        await pilot.press("C")
        await settle(app, pilot)
        for c in added:
            assert main.workspace.verdicts[c.id].status == "exact", c

        # Copy the verified passage of the PDF quotation (select it in the list first).
        main.query_one("#citations").focus()
        await pilot.press("end")
        while main.selected_id != added[0].id:
            await pilot.press("up")
        await pilot.press("y")
        await settle(app, pilot)
        # no printed number on the page: its PDF page, never passed off as the printed one
        assert copied == ['"committee reported 42 cases" (PDF p. 2)']

        # Export a report to a path typed in the prompt.
        report = tmp_path / "docs" / "out" / "report.json"
        report.parent.mkdir()
        await pilot.press("e")
        await settle(app, pilot)
        await pilot.press("end", "ctrl+u")  # clear the suggested path
        await pilot.press(*keys_for("out/report.json"))
        await pilot.press("enter")
        await settle(app, pilot)
        data = json.loads(report.read_text(encoding="utf-8"))
        assert data["schema"] == "quote_tui.report"
        statuses = {c["id"]: c["status"] for c in data["citations"]}
        assert all(statuses[c.id] == "exact" for c in added)
        assert statuses["c1"] == "exact"
