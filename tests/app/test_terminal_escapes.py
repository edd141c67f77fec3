"""The app shows a source's escape sequences, never sends them: Rich strips BEL and CR from a
line but passes ESC, so a fetched page's OSC 52 (clipboard) or clear-screen would reach the
terminal through the source viewer."""

from __future__ import annotations

from pathlib import Path

from quote_tui.app.widgets.source_viewer import SourceViewer
from quote_tui.engine.text import PreparedText
from tests.app.conftest import make_demo_app, settle

ESCAPES = "\x1b]52;c;aGVsbG8=\x07\x1b]0;pwned\x07\x1b[2J\x9b31m"


async def test_the_source_viewer_draws_no_escape_sequence(data_dir: Path) -> None:
    app = make_demo_app(data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        viewer = app.screen.query_one(SourceViewer)
        viewer.highlights = ()
        viewer.prepared = PreparedText(f"before {ESCAPES} after\nsecond line\n")
        await pilot.pause()
        drawn = "".join(
            segment.text for y in range(3) for segment in viewer.render_line(y)._segments
        )
        assert "before" in drawn and "after" in drawn
        assert not any(c in drawn for c in "\x1b\x07\x9b")
        assert "\u241b]52;" in drawn
