"""Rendering in headless Chromium: how long a render takes, and what ``auto`` decides.

For a small page built by a script, served on loopback, and for the corpus pages given to the
browser with every request refused (no network at all), prints the seconds per render (browser
start included) and whether ``--render auto`` would render the page. Asserts nothing.

Usage: python benchmarks/render.py [CORPUS_DIR]
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path

from quote_tui.sources.net.bodies import local_page
from quote_tui.sources.net.render import RenderLimits, render_page
from quote_tui.sources.readers.html import needs_script

SCRIPT_PAGE = (
    b"<!doctype html><html><body><div id='root'></div><script>"
    b"document.getElementById('root').innerHTML='<p>Built by a script.</p>';"
    b"</script></body></html>"
)


async def _seconds(body: bytes, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        page = local_page("page.html", body)
        await render_page(page.url, document=page, limits=RenderLimits(timeout=60))
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    default = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    times = asyncio.run(_seconds(SCRIPT_PAGE, 5))
    print(
        f"script page: median {statistics.median(times):.2f} s, min {min(times):.2f} s "
        f"(5 renders; auto renders it: {needs_script(SCRIPT_PAGE)})"
    )
    pages = sorted(p for p in (corpus / "html").glob("*.html") if ".expected" not in p.name)
    print(f"\n{'page':<28} {'auto':<10} {'render s':>8}")
    for page in pages[:8]:
        body = page.read_bytes()
        (seconds,) = asyncio.run(_seconds(body, 1))
        print(f"{page.stem:<28} {needs_script(body) or '-':<10} {seconds:8.2f}")
    decided = [needs_script(p.read_bytes()) for p in pages]
    print(f"\nauto would render {sum(1 for d in decided if d)} of {len(pages)} corpus pages")


if __name__ == "__main__":
    main()
