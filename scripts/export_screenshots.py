"""Regenerate screenshots/*.svg from the bundled demo (run from the project root).

    python scripts/export_screenshots.py

Each screenshot drives the real app with ``run_test(size=...)``, as the snapshot tests do, so the
README only shows what the app really draws.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from quote_tui.app import make_app
from quote_tui.app.widgets.citation_list import CitationList

OUT = Path(__file__).resolve().parents[1] / "screenshots"
_GROUPS = {"check", "view", "export", "load-source", "finder"}

SHOTS = (
    # (file name, size, citation to select, keys to press, theme)
    ("main", (120, 36), "c1", (), "textual-dark"),
    ("near-match", (120, 36), "c3", (), "textual-dark"),
    ("wrong-number", (120, 36), "c12", (), "textual-light"),
    ("small-terminal", (80, 24), "c10", (), "textual-dark"),
    ("load-source", (100, 30), None, ("o",), "textual-dark"),
    ("finder", (120, 36), "c6", ("slash", *"unalienable Rights"), "textual-dark"),
    ("help", (100, 36), None, ("f1",), "textual-dark"),
)


async def _settle(app, pilot) -> None:
    await pilot.pause(0.1)
    while any(w.group in _GROUPS and not w.is_finished for w in app.workers):
        await pilot.pause(0.05)
    await pilot.pause(0.1)


async def _shot(name: str, size: tuple[int, int], select, keys, theme: str, data: Path) -> Path:
    app = make_app(demo=True, data_dir=data)
    async with app.run_test(size=size) as pilot:
        app.theme = theme
        await _settle(app, pilot)
        if select:
            app.screen.query_one(CitationList).select_citation(select)
            await _settle(app, pilot)
        app.clear_notifications()
        for key in keys:
            await pilot.press("space" if key == " " else key)
        await pilot.pause(0.3)
        await _settle(app, pilot)
        app.clear_notifications()
        return Path(app.save_screenshot(f"{name}.svg", path=str(OUT)))


async def main() -> None:
    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name, size, select, keys, theme in SHOTS:
            path = await _shot(name, size, select, keys, theme, Path(tmp))
            print(path.relative_to(OUT.parent))


if __name__ == "__main__":
    asyncio.run(main())
