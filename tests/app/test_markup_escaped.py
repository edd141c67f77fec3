"""Names from a manuscript, a bibliography or a source reach the app's widgets as text.

A title ``[bold red]x[/]`` or ``[@click=app.quit]`` is Textual markup: read as markup it would
style the label, vanish from it, or run an action when clicked. Every place that shows such a
name must show it literally.
"""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import Input, Label, Select, Static

from quote_tui.app import make_app
from quote_tui.app.screens.dialogs import ChoiceDialog, PromptDialog
from quote_tui.app.screens.edit_citation import EditCitationScreen
from quote_tui.app.toasts import TOAST
from quote_tui.app.widgets.detail import CitationDetail
from quote_tui.app.widgets.source_viewer import SourceViewer
from tests.app.conftest import settle

TITLE = "[bold red]Red title[/]"
CLICK = "[@click=app.quit]quit[/]"
SOURCE_ID = "[b]s'1[/b]"


def _batch(tmp: Path) -> Path:
    source = tmp / "[@click=app.quit]notes.txt"  # a file name cannot hold the closing [/]
    source.write_text("The lamp burned [red]all[/] night over the square.\n", encoding="utf-8")
    batch = tmp / "[b]paper.json"
    citations = [{"id": "c1", "source": SOURCE_ID, "quote": f"The lamp burned {CLICK}"}]
    sources = [{"id": SOURCE_ID, "ref": source.name, "title": TITLE}]
    batch.write_text(json.dumps({"sources": sources, "citations": citations}), encoding="utf-8")
    return batch


async def test_names_from_files_are_shown_as_written(tmp_path: Path, data_dir: Path) -> None:
    app = make_app(_batch(tmp_path), data_dir=data_dir)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(app, pilot)
        viewer = app.screen.query_one(SourceViewer)
        assert TITLE in viewer._border_title.plain and SOURCE_ID in viewer._border_title.plain
        detail = app.screen.query_one(CitationDetail)
        body = str(detail.query_one("#detail-body", Static).render())
        assert CLICK in body and SOURCE_ID in body
        app.notify(f"Read {TITLE} from {CLICK}", title=SOURCE_ID)
        await pilot.pause(0.3)
        toasts = [str(t.render()) for t in app.screen.query(TOAST)]
        assert any(f"Read {TITLE} from {CLICK}" in t for t in toasts), toasts
        assert app.is_running  # a click on the toast's text would have quit

        await pilot.press("enter")  # edit c1
        await settle(app, pilot)
        assert isinstance(app.screen, EditCitationScreen)
        assert "Edit citation c1" in app.screen.query_one("#edit-box")._border_title.plain
        select = app.screen.query_one("#edit-source", Select)
        assert str(select.query_one("SelectCurrent Static").render()) == SOURCE_ID
        await pilot.press("escape")
        await settle(app, pilot)

        app.push_screen(PromptDialog(f"Rename {SOURCE_ID}", hint=TITLE))
        await settle(app, pilot)
        assert SOURCE_ID in app.screen.query_one(".dialog-box")._border_title.plain
        assert str(app.screen.query_one(".hint", Label).render()) == TITLE
        app.pop_screen()
        app.push_screen(ChoiceDialog(TITLE, CLICK, yes="Yes", no="No"))
        await settle(app, pilot)
        assert app.screen.query_one(".dialog-box")._border_title.plain == TITLE
        assert str(app.screen.query_one(".dialog-box Static", Static).render()) == CLICK


async def test_the_palette_shows_source_titles_as_written(tmp_path: Path, data_dir: Path) -> None:
    from textual.command import CommandList, CommandPalette

    app = make_app(_batch(tmp_path), data_dir=data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        await pilot.press("ctrl+p")
        await settle(app, pilot)
        assert isinstance(app.screen, CommandPalette)
        for query in ("", "show source"):
            app.screen.query_one(Input).value = query
            await pilot.pause(0.5)
            options = app.screen.query_one(CommandList)
            shown = [
                str(options.get_option_at_index(i).prompt) for i in range(options.option_count)
            ]
            assert any(f"Show source {SOURCE_ID}" in s and TITLE in s for s in shown), shown
        await pilot.press("enter")  # the action's argument is the id, quotes and all
        await settle(app, pilot)
        assert app.screen.current_source == SOURCE_ID
