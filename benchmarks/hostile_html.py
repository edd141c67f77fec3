"""Hostile HTML pages: read time per page shape beside a plain lxml baseline from the same run.

Run: python benchmarks/hostile_html.py [--size-mb 2] [--cap 120] [--only NAME]

Each shape is a page of about ``--size-mb`` whose structure makes an article extractor slow:
deep nesting (past the parser's 256 levels, and just under it, repeated), nested tables and
inline elements, tens of thousands of links, paragraphs or candidate blocks. Each page hides the
sentence ``NEEDLE`` near its end. For each it prints the seconds of one ``extract_html`` beside
the baseline (``lxml.html.document_fromstring`` plus the body's ``text_content``), the
representation chosen and whether the sentence was found. "At the cap" rows are the largest
page of a shape that readability still reads: the slowest pages that keep main-text extraction.

Each read runs in a child process stopped at ``--cap`` seconds (printed ``>cap``), so the
script can time code without the bound too (point PYTHONPATH at an older checkout).

Prints figures only; nothing here passes or fails (wall clocks on shared machines vary).
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from collections.abc import Callable
from multiprocessing.connection import Connection

import lxml.html

from quote_tui.sources.readers import html

NEEDLE = "NEEDLE sentence hidden near the end of the page."
_WORDS = (
    *("the", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog"),
    *("while", "scholars", "argue", "about", "citations"),
)


def _words(i: int, n: int) -> str:
    return " ".join(_WORDS[(i + k) % len(_WORDS)] for k in range(n))


def _page(parts: list[str]) -> str:
    return "<html><head><title>Hostile</title></head><body>" + "".join(parts) + "</body></html>"


def deep_divs(size: int) -> str:
    """One chain of nested divs, each with words and a link, far past 256 levels."""
    unit = 60
    n = max(1, size // unit)
    opening = [
        f'<div class="c{i % 7}">{_words(i, 2)} <a href="/l{i}">link {i}</a>' for i in range(n)
    ]
    return _page([*opening, f"<p>{NEEDLE}</p>", "</div>" * n])


def deep_blocks(size: int, depth: int = 250) -> str:
    """Chains of divs nested ``depth`` deep (under the parser's limit), repeated."""
    block = "".join(
        f'<div class="c{j % 5}">{_WORDS[j % len(_WORDS)]} <a href="/x{j}">ln</a>'
        for j in range(depth)
    )
    block += "</div>" * depth
    return _page([block] * max(1, size // len(block)) + [f"<p>{NEEDLE}</p>"])


def deep_tables(size: int) -> str:
    """Tables nested in table cells, far past 256 levels."""
    unit = 50
    n = max(1, size // unit)
    opening = [f"<table><tr><td>{_words(i, 2)} <a href='#{i}'>x</a>" for i in range(n)]
    return _page([*opening, NEEDLE, "</td></tr></table>" * n])


def nested_inline(size: int) -> str:
    """Spans nested in spans inside one paragraph, far past 256 levels."""
    unit = 35
    n = max(1, size // unit)
    opening = [f"<span><a href='#'>{_WORDS[i % len(_WORDS)]}</a> " for i in range(n)]
    return _page(["<p>", *opening, NEEDLE, "</span>" * n, "</p>"])


def many_links(size: int) -> str:
    """One div of links and nothing else."""
    n = max(1, size // 33)
    links = [f'<a href="/p{i}">{_WORDS[i % len(_WORDS)]} {i}</a> ' for i in range(n)]
    return _page(["<div>", *links, f"<p>{NEEDLE}</p></div>"])


def flat_paragraphs(size: int) -> str:
    """Sibling paragraphs of prose: every one a readability candidate."""
    n = max(1, size // 150)
    return _page(
        [f"<p>{_words(i, 12)}, {_words(i + 3, 12)}.</p>" for i in range(n)] + [f"<p>{NEEDLE}</p>"]
    )


def many_candidates(size: int) -> str:
    """Divs each holding a paragraph: candidates and their parents both scored."""
    n = max(1, size // 230)
    blocks = [
        f"<div><p>{_words(i, 12)}, {_words(i + 1, 12)}, {_words(i + 2, 12)}.</p></div>"
        for i in range(n)
    ]
    return _page([*blocks, f"<div><p>{NEEDLE}</p></div>"])


def one_huge_paragraph(size: int) -> str:
    """Prose in a single paragraph: few elements, much text."""
    sentence = _words(0, 15) + ". "
    return _page(["<p>", sentence * max(1, size // len(sentence)), NEEDLE, "</p>"])


SHAPES: dict[str, Callable[[int], str]] = {
    "deep_divs": deep_divs,
    "deep_blocks": deep_blocks,
    "deep_tables": deep_tables,
    "nested_inline": nested_inline,
    "many_links": many_links,
    "flat_paragraphs": flat_paragraphs,
    "many_candidates": many_candidates,
    "one_huge_paragraph": one_huge_paragraph,
}
"""Page builders: each takes a size in characters and returns a page of about that size."""


def at_the_cap(shape: Callable[[int], str]) -> str | None:
    """The largest page of a shape that readability still reads, or None if none stays under."""
    cost = getattr(html, "_extraction_cost", None)
    cap = getattr(html, "MAX_EXTRACTION_COST", None)
    if cost is None or cap is None:
        return None

    def fits(size: int) -> bool:
        page, cut_short = html._parse(shape(size))
        return not cut_short and bool(cost(page) <= cap)

    low, high = 1_000, 16_000_000
    if not fits(low):
        return None
    while high - low > low // 50:
        mid = (low + high) // 2
        low, high = (mid, high) if fits(mid) else (low, mid)
    return shape(low)


def _read_child(data: bytes, conn: Connection) -> None:
    t = time.perf_counter()
    try:
        result = html.extract_html(data)
    except Exception as exc:  # the figure is the error's code, not a traceback
        conn.send((time.perf_counter() - t, getattr(exc, "code", type(exc).__name__), False))
        return
    conn.send((time.perf_counter() - t, str(result.representation), "NEEDLE" in result.text))


def timed_read(data: bytes, cap: float) -> tuple[float | None, str, bool]:
    """(seconds, representation, needle found) for one read in a child; None past ``cap``."""
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_read_child, args=(data, child))
    proc.start()
    child.close()
    if parent.poll(cap):
        try:
            seconds, representation, found = parent.recv()
        except EOFError:  # the child died without an answer
            seconds, representation, found = None, "crashed", False
        proc.join()
        return seconds, representation, found
    proc.kill()
    proc.join()
    return None, "-", False


def baseline(data: bytes) -> float:
    """Seconds to parse the page with lxml and take its body's text_content."""
    t = time.perf_counter()
    root = lxml.html.document_fromstring(data)
    body = root.find("body")
    (body if body is not None else root).text_content()
    return time.perf_counter() - t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=float, default=2)
    parser.add_argument("--cap", type=float, default=120, help="seconds per read")
    parser.add_argument("--only", help="run only the shapes whose name contains this")
    args = parser.parse_args()
    size = int(args.size_mb * 1_000_000)
    pages: list[tuple[str, str]] = []
    for name, shape in SHAPES.items():
        if args.only and args.only not in name:
            continue
        pages.append((name, shape(size)))
        capped = at_the_cap(shape)
        if capped is not None:
            pages.append((f"{name} at the cap", capped))
    print(f"{'page':<30} {'bytes':>10} {'read s':>8} {'lxml s':>8}  {'representation':<16} found")
    for name, page in pages:
        data = page.encode("utf-8")
        seconds, representation, found = timed_read(data, args.cap)
        shown = f"{seconds:8.2f}" if seconds is not None else f"{'>' + format(args.cap, 'g'):>8}"
        print(
            f"{name:<30} {len(data):>10,} {shown} {baseline(data):8.2f}  "
            f"{representation:<16} {'yes' if found else 'NO'}",
            flush=True,
        )


if __name__ == "__main__":
    main()
