"""The Load dialog's URL tab offers the render mode; a script page read with it is rendered."""

from __future__ import annotations

import json
from pathlib import Path

from quote_tui.api import Session, Settings
from quote_tui.app import make_app
from quote_tui.app.screens.load_source import LoadSourceScreen
from quote_tui.sources.net.settings import RemoteSettings
from tests.app.conftest import settle
from tests.net_fixtures import LoopbackServer
from tests.sources.test_render import APP_JS, needs_chromium

PAGE = (
    "<!doctype html><html><head><title>Letters</title></head><body><div id='root'></div>"
    f"<script>{APP_JS}</script></body></html>"
)


async def _open_url_tab(app, pilot) -> LoadSourceScreen:
    await pilot.press("o")
    await settle(app, pilot)
    modal = app.screen
    assert isinstance(modal, LoadSourceScreen)
    modal.query_one("#load-tabs").active = "tab-url"
    modal.query_one("#ref-url").focus()
    await pilot.pause()
    return modal


async def test_the_url_tab_offers_the_render_mode(tmp_path: Path, data_dir: Path) -> None:
    app = make_app(tmp_path / "ws.json", data_dir=data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        modal = await _open_url_tab(app, pilot)
        choice = modal.query_one("#render-mode")
        assert choice.value == "never"  # the session's setting is the default


@needs_chromium
async def test_a_script_page_read_with_always_is_rendered(tmp_path: Path, data_dir: Path) -> None:
    with LoopbackServer() as server:
        server.route("/letters.html", PAGE)
        app = make_app(tmp_path / "ws.json", data_dir=data_dir)
        app.session = Session(
            Settings(
                remote=RemoteSettings(
                    allow_addresses=frozenset({server.address}),
                    store_path=tmp_path / "store.sqlite",
                    respect_robots=False,
                )
            )
        )
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            modal = await _open_url_tab(app, pilot)
            modal.query_one("#render-mode").value = "always"
            modal.query_one("#ref-url").value = server.url("/letters.html")
            await pilot.press("ctrl+l")
            began = False
            for _ in range(100):
                await pilot.pause(0.1)
                # a worker not yet started is not running either; a finished one leaves the list
                began = began or bool(modal.workers)
                if began and all(w.is_finished for w in modal.workers):
                    break
            await settle(app, pilot)
            record = str(modal.query_one("#load-record").render())
            assert "✓ Read" in record and "Rendered" in record, record
            await pilot.press("ctrl+s")
            await settle(app, pilot)
            (source,) = app.screen.workspace.sources
            assert source.extra == {"render": "always"}  # kept, so a re-read renders too
        saved = json.loads((tmp_path / "ws.json").read_text(encoding="utf-8"))
        assert saved["sources"][0]["render"] == "always"
