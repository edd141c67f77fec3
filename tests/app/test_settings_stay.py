"""Settings that stay between runs (theme, list width, zoom, last source) and the user keymap."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import OptionList

from quote_tui.app import make_app
from quote_tui.app.prefs import DETAIL_HEIGHT_RANGE, LIST_WIDTH_RANGE, SETTINGS_FILE, load_prefs

from .conftest import record_notifications, settle

SIZE = (120, 40)


def _config() -> Path:
    import os

    return Path(os.environ["QUOTE_TUI_CONFIG_DIR"])


async def test_theme_and_list_width_are_there_after_a_restart(data_dir: Path) -> None:
    app = make_app(demo=True, data_dir=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert app.theme != "textual-light"
        app.theme = "textual-light"
        start = app.screen.query_one("#left").outer_size.width
        await pilot.press("greater_than_sign", "greater_than_sign")
        await pilot.pause()
        wider = app.screen.query_one("#left").outer_size.width
        assert wider == start + 8
    again = make_app(demo=True, data_dir=data_dir)
    async with again.run_test(size=SIZE) as pilot:
        await settle(again, pilot)
        assert again.theme == "textual-light"
        assert again.screen.query_one("#left").outer_size.width == wider


async def test_zoom_and_the_last_source_are_there_after_a_restart(data_dir: Path) -> None:
    app = make_app(demo=True, data_dir=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        sources = [s.id for s in app.screen.workspace.sources]
        assert len(sources) > 1
        await pilot.press("right_square_bracket")
        await settle(app, pilot)
        shown = app.screen.current_source
        assert shown is not None and shown != sources[0]
        await pilot.press("z")
        await pilot.pause()
        assert app.screen.maximized is not None
    assert load_prefs(_config())[0].last_source == shown
    again = make_app(demo=True, data_dir=data_dir)
    async with again.run_test(size=SIZE) as pilot:
        await settle(again, pilot)
        assert again.screen.current_source == shown
        assert again.screen.maximized is not None
        await pilot.press("z")
        await pilot.pause()
        assert again.screen.maximized is None
    assert load_prefs(_config())[0].zoom is None


async def test_the_list_width_stops_at_its_limits(data_dir: Path) -> None:
    low, high = LIST_WIDTH_RANGE
    _config().mkdir(parents=True)
    (_config() / SETTINGS_FILE).write_text(json.dumps({"list_width": 10_000}), encoding="utf-8")
    app = make_app(demo=True, data_dir=data_dir)
    async with app.run_test(size=(200, 40)) as pilot:
        await settle(app, pilot)
        assert app.screen.query_one("#left").outer_size.width == high
        await pilot.press(*["less_than_sign"] * 40)
        await pilot.pause()
        assert app.screen.query_one("#left").outer_size.width == low
    assert load_prefs(_config())[0].list_width == low


async def test_a_damaged_settings_file_is_kept_aside_and_said(data_dir: Path) -> None:
    _config().mkdir(parents=True)
    damaged = _config() / SETTINGS_FILE
    damaged.write_text('{"theme": "textual-light",', encoding="utf-8")
    app = make_app(demo=True, data_dir=data_dir)
    said = record_notifications(app)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert any("could not be read" in m and "corrupt-" in m for m in said)
        app.theme = "textual-light"
        await pilot.pause()
    kept = list(_config().glob(f"{SETTINGS_FILE}.corrupt-*"))
    assert len(kept) == 1
    assert kept[0].read_text(encoding="utf-8") == '{"theme": "textual-light",'
    assert load_prefs(_config())[0].theme == "textual-light"


async def test_a_value_of_the_wrong_type_is_dropped_alone(data_dir: Path) -> None:
    _config().mkdir(parents=True)
    (_config() / SETTINGS_FILE).write_text(
        json.dumps({"theme": "textual-light", "list_width": "wide", "zoom": "everything"}),
        encoding="utf-8",
    )
    prefs, said = load_prefs(_config())
    assert said is None
    assert (prefs.theme, prefs.list_width, prefs.zoom) == ("textual-light", None, None)


async def test_a_keymap_file_rebinds_a_key(data_dir: Path) -> None:
    _config().mkdir(parents=True)
    (_config() / "keymap.json").write_text(
        json.dumps({"zoom": "Z", "widen_list": 7}), encoding="utf-8"
    )
    app = make_app(demo=True, data_dir=data_dir)
    said = record_notifications(app)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert any("widen_list" in m for m in said)
        assert isinstance(app.focused, OptionList)
        await pilot.press("z")
        await pilot.pause()
        assert app.screen.maximized is None
        await pilot.press("Z")
        await pilot.pause()
        assert app.screen.maximized is not None


def test_every_binding_of_the_main_panes_has_an_id_and_docs_list_them() -> None:
    from quote_tui.app.app import QuoteApp
    from quote_tui.app.screens.main import MainScreen
    from quote_tui.app.widgets.citation_list import CitationList
    from quote_tui.app.widgets.detail import CitationDetail
    from quote_tui.app.widgets.finder import Finder
    from quote_tui.app.widgets.source_viewer import SourceViewer

    documented = (Path(__file__).parents[2] / "docs" / "settings.md").read_text(encoding="utf-8")
    for owner in (QuoteApp, MainScreen, CitationList, CitationDetail, SourceViewer, Finder):
        for binding in owner.BINDINGS:
            assert binding.id, (owner.__name__, binding)
            assert f"`{binding.id}`" in documented, binding.id


async def test_a_folder_where_the_settings_go_is_said_and_the_app_goes_on(data_dir: Path) -> None:
    (_config() / SETTINGS_FILE).mkdir(parents=True)
    app = make_app(demo=True, data_dir=data_dir)
    said = record_notifications(app)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        app.theme = "textual-light"
        await pilot.pause()
        assert any("Could not save settings" in m for m in said)
        assert app.theme == "textual-light"
    assert (_config() / SETTINGS_FILE).is_dir()


async def test_a_theme_chosen_in_the_palette_is_there_after_a_restart(data_dir: Path) -> None:
    from textual.command import CommandPalette

    from .helpers import keys_for

    app = make_app(demo=True, data_dir=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        app.action_change_theme()
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*keys_for("textual-light"))
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause()
        assert app.theme == "textual-light"
    again = make_app(demo=True, data_dir=data_dir)
    async with again.run_test(size=SIZE) as pilot:
        await settle(again, pilot)
        assert again.theme == "textual-light"


async def test_the_footer_shows_the_keys_a_keymap_gives(data_dir: Path) -> None:
    from textual.widgets._footer import FooterKey

    _config().mkdir(parents=True)
    (_config() / "keymap.json").write_text(json.dumps({"zoom": "Z"}), encoding="utf-8")
    app = make_app(demo=True, data_dir=data_dir)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(app, pilot)
        for width in (140, 110):  # every key, then the essential ones
            await pilot.resize_terminal(width, 40)
            await settle(app, pilot)
            keys = {k.action.rpartition(".")[2]: k.key for k in app.screen.query(FooterKey)}
            assert keys["zoom"] == "Z", (width, keys)


async def test_dialog_keys_are_rebound_by_their_ids(data_dir: Path) -> None:
    from quote_tui.app.screens.load_source import LoadSourceScreen

    _config().mkdir(parents=True)
    (_config() / "keymap.json").write_text(
        json.dumps({"cancel_dialog": "f2", "next_tab": "ctrl+n"}), encoding="utf-8"
    )
    app = make_app(demo=True, data_dir=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("o")
        await settle(app, pilot)
        assert isinstance(app.screen, LoadSourceScreen)
        await pilot.press("escape")
        await settle(app, pilot)
        assert isinstance(app.screen, LoadSourceScreen)  # escape is no longer its key
        await pilot.press("f2")
        await settle(app, pilot)
        assert not isinstance(app.screen, LoadSourceScreen)


def test_every_dialog_binding_has_an_id_and_docs_list_them() -> None:
    from quote_tui.app.screens import dialogs
    from quote_tui.app.screens.edit_citation import EditCitationScreen
    from quote_tui.app.screens.help import HelpScreen
    from quote_tui.app.screens.load_source import LoadSourceScreen

    documented = (Path(__file__).parents[2] / "docs" / "settings.md").read_text(encoding="utf-8")
    owners = [LoadSourceScreen, EditCitationScreen, HelpScreen]
    owners += [getattr(dialogs, name) for name in dialogs.__all__]
    for owner in owners:
        for binding in owner.BINDINGS:
            assert binding.id, (owner.__name__, binding)
            assert f"`{binding.id}`" in documented, binding.id


async def test_the_detail_height_stays(data_dir: Path) -> None:
    from quote_tui.app.widgets.detail import CitationDetail

    app = make_app(demo=True, data_dir=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        before = app.screen.query_one(CitationDetail).outer_size.height
        for _ in range(2):
            await pilot.press("plus")
        await pilot.pause()
        taller = app.screen.query_one(CitationDetail).outer_size.height
        assert taller == before + 4
    saved = json.loads((_config() / SETTINGS_FILE).read_text(encoding="utf-8"))
    assert saved["detail_height"] == taller
    again = make_app(demo=True, data_dir=data_dir)
    async with again.run_test(size=SIZE) as pilot:
        await settle(again, pilot)
        assert again.screen.query_one(CitationDetail).outer_size.height == taller
        for _ in range(40):
            await pilot.press("minus")
        await pilot.pause()
        assert again.screen.query_one(CitationDetail).outer_size.height == DETAIL_HEIGHT_RANGE[0]
    (_config() / SETTINGS_FILE).write_text(json.dumps({"detail_height": 999}), encoding="utf-8")
    assert load_prefs(_config())[0].detail_height == DETAIL_HEIGHT_RANGE[1]


async def test_the_help_shows_the_keys_a_keymap_gives(data_dir: Path) -> None:
    from quote_tui.app.screens.dialogs import PromptDialog
    from quote_tui.app.screens.help import HelpScreen

    _config().mkdir(parents=True)
    # zoom moves to Z; export takes o, so load (o by default) is left with no key
    (_config() / "keymap.json").write_text(
        json.dumps({"zoom": "Z", "export": "o", "help": "f1"}), encoding="utf-8"
    )
    app = make_app(demo=True, data_dir=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("f1")
        await settle(app, pilot)
        assert isinstance(app.screen, HelpScreen)
        text = str(app.screen.query_one("#help-text").render())
        rows = {line: line for line in text.splitlines() if line.startswith("  ")}
        assert "Z" in next(r for r in rows.values() if "zoom the detail" in r).split("zoom")[0]
        export_row = next(r for r in rows.values() if "export the report (" in r)
        assert export_row.split("export")[0].strip() == "o"
        load_row = next(r for r in rows.values() if "load a source" in r)
        assert load_row.split("load")[0].strip() == "unbound"
        assert "? / F1" not in text and "f1" in text
        # rows the keymap left alone keep their written keys
        assert "j / k  ↓ / ↑" in text and "c / C" in text
        await pilot.press("escape")
        await settle(app, pilot)
        await pilot.press("o")  # the footer and the help agree: o exports now
        await settle(app, pilot)
        assert isinstance(app.screen, PromptDialog)


async def test_the_palette_names_the_keys_a_keymap_gives(data_dir: Path) -> None:
    from textual.command import CommandList, CommandPalette
    from textual.widgets import Input

    _config().mkdir(parents=True)
    (_config() / "keymap.json").write_text(json.dumps({"zoom": "Z"}), encoding="utf-8")
    app = make_app(demo=True, data_dir=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("ctrl+p")
        await settle(app, pilot)
        assert isinstance(app.screen, CommandPalette)
        app.screen.query_one(Input).value = "zoom"
        await pilot.pause(0.5)
        options = app.screen.query_one(CommandList)
        shown = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        zoom = next(s for s in shown if s.startswith("Zoom"))
        assert zoom.endswith("(Z)") and "(z)" not in zoom, zoom
