"""App figures: open the demo, open a 5 MB source in the viewer, step to the next match.

    python benchmarks/bench_app.py

Prints figures and asserts nothing (targets: 1.5 s, 0.5 s and 50 ms); wall clocks on shared
machines vary, so the blocking checks are the tests, not these numbers.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from quote_tui.app import make_app
from quote_tui.app.widgets.source_viewer import Highlight, SourceViewer
from quote_tui.engine.text import PreparedText

_WORDS = tuple(
    [
        "the",
        "of",
        "and",
        "a",
        "to",
        "in",
        "is",
        "was",
        "that",
        "for",
        "on",
        "with",
        "as",
        "by",
        "at",
        "from",
        "his",
        "her",
        "it",
        "be",
        "this",
        "which",
        "or",
        "river",
        "harbour",
        "council",
        "evidence",
        "study",
        "patients",
        "measure",
        "report",
        "market",
        "season",
        "rate",
    ]
)
_MS = 1000


def _big_text(size: int, seed: int = 7) -> PreparedText:
    rng = random.Random(seed)
    paragraphs = []
    total = 0
    while total < size:
        words = [rng.choice(_WORDS) for _ in range(rng.randint(40, 220))]
        paragraph = " ".join(words).capitalize() + "."
        paragraphs.append(paragraph)
        total += len(paragraph) + 2
    text = "\n\n".join(paragraphs)[:size]
    page = 3000
    return PreparedText(text, page_starts=range(0, len(text), page))


async def _idle(app, pilot) -> None:
    await pilot.pause(0.05)
    while any(not w.is_finished for w in app.workers if w.group in {"check", "view"}):
        await pilot.pause(0.01)


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        app = make_app(demo=True, data_dir=Path(tmp))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause(0)
            shown = time.perf_counter() - t0
            await _idle(app, pilot)
            checked = time.perf_counter() - t0
            print(f"open the demo: first screen {shown:.2f} s; all checked {checked:.2f} s")

            prepared = _big_text(5_000_000)
            viewer = app.screen.query_one(SourceViewer)
            t1 = time.perf_counter()
            viewer.prepared = prepared
            await pilot.pause(0)
            opened = time.perf_counter() - t1
            rows = len(viewer.layout_rows)
            print(
                f"open a {len(prepared.text) / 1e6:.1f} MB source ({prepared.line_count:,} lines, "
                f"{prepared.page_count:,} pages, {rows:,} rows): {opened * 1000:.0f} ms"
            )

            # Every occurrence of a word as a highlight: thousands of matches, as a busy source has.
            text = prepared.text
            spans, at = [], text.find("harbour")
            while at != -1 and len(spans) < 20_000:
                spans.append(Highlight(at, at + 7, "exact", None, len(spans)))
                at = text.find("harbour", at + 1)
            viewer.highlights = tuple(spans)
            viewer.focus()
            await pilot.pause(0)
            times = []
            for _ in range(40):
                t2 = time.perf_counter()
                await pilot.press("n")
                times.append(time.perf_counter() - t2)
            median = statistics.median(times) * _MS
            print(
                f"next match (n) over {len(spans):,} matches: median {median:.1f} ms, "
                f"max {max(times) * _MS:.1f} ms (includes Pilot's own key round trip)"
            )
            # The app's own work per key: move the match and draw every visible row again.
            direct = []
            height = viewer.scrollable_content_region.height
            for _ in range(200):
                t4 = time.perf_counter()
                viewer.action_next_match()
                viewer._cache.clear()
                for y in range(height):
                    viewer.render_line(y)
                direct.append(time.perf_counter() - t4)
            print(
                f"next match, handler + full redraw of {height} rows: median "
                f"{statistics.median(direct) * 1000:.2f} ms, max {max(direct) * 1000:.2f} ms"
            )
            t3 = time.perf_counter()
            for _ in range(20):
                viewer.scroll_page_down(animate=False)
                await pilot.pause(0)
            print(f"page down: {(time.perf_counter() - t3) / 20 * 1000:.1f} ms per page")


if __name__ == "__main__":
    asyncio.run(main())
