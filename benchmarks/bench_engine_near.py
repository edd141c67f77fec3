"""Near tier on a 5 MB English text beside one raw edlib infix alignment over the whole text.

Prints figures only. The text is the corpus's plain-text books followed by word-shuffled copies of
their paragraphs (deterministic), so rare words stay rare and nothing repeats verbatim.

    python benchmarks/bench_engine_near.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import edlib

from quote_tui.engine.near import find_near
from quote_tui.engine.text import PreparedText

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
SIZE = 5_000_000
TRIALS = 12


def _five_megabytes() -> str:
    parts = []
    for path in sorted((CORPUS / "text").iterdir()):
        data = path.read_bytes()
        try:
            parts.append(data.decode("utf-8-sig"))
        except UnicodeDecodeError:
            parts.append(data.decode("latin-1"))
    base = "\n\n".join(p.replace("\r\n", "\n") for p in parts)
    rng = random.Random(7)
    paragraphs = [p for p in base.split("\n\n") if len(p) > 200]
    out, total = [base], len(base)
    while total < SIZE:
        words = rng.choice(paragraphs).split(" ")
        rng.shuffle(words)
        out.append(" ".join(words))
        total += len(out[-1]) + 2
    return "\n\n".join(out)[:SIZE]


def _timed(func: Callable[[], object], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def _quote(text: str, rng: random.Random, length: int, changes: int) -> tuple[str, int]:
    start = text.index(" ", rng.randrange(0, len(text) // 2)) + 1
    words = text[start : start + length].split(" ")
    for _ in range(changes):
        words[rng.randrange(len(words))] = "quixotic"
    return " ".join(words), start


def _report(label: str, body: str) -> None:
    print(f"\n{label}: {len(body):,} characters")
    prepared = PreparedText(body)
    build = _timed(lambda: _rebuild(prepared), repeat=1)
    print(f"  index build (once per text)            {build:8.1f} ms")
    rng = random.Random(11)
    for length, changes in ((200, 3), (2000, 10)):
        times, hits = [], 0
        for _ in range(TRIALS):
            quote, start = _quote(body, rng, length, changes)
            times.append(_timed(lambda q=quote: find_near(prepared, q)))
            best = find_near(prepared, quote)[0]
            hits += best.start <= start + length and best.end >= start
        median, worst = statistics.median(times), max(times)
        print(
            f"  {length:>5}-char quote, {changes:>2} words changed   median {median:6.1f} ms"
            f"  max {worst:6.1f} ms  found {hits}/{TRIALS}"
        )
    absent = (
        "The battery lasted a full eight hours during my demo, and the headset never felt "
        "warm against my face; our gate design requires cooling the crystal to the motional "
        "ground state before every single operation."
    )
    near_ms = _timed(lambda: find_near(prepared, absent))
    best = find_near(prepared, absent)[0]
    print(
        f"  absent {len(absent)}-char quote                  {near_ms:8.1f} ms"
        f"  (best similarity {best.similarity:.2f})"
    )
    quote, _ = _quote(body, random.Random(5), 200, 3)
    long_quote, _ = _quote(body, random.Random(6), 2000, 10)
    data = body.encode()
    raw = _timed(lambda: edlib.align(quote, body, mode="HW", task="locations"), repeat=1)
    raw_long = _timed(lambda: edlib.align(long_quote, body, mode="HW", task="locations"), repeat=1)
    raw_bytes = _timed(
        lambda: edlib.align(quote.encode(), data, mode="HW", task="locations"), repeat=1
    )
    print(f"  raw edlib HW, 200-char str quote       {raw:8.1f} ms")
    print(f"  raw edlib HW, 2000-char str quote      {raw_long:8.1f} ms")
    print(f"  raw edlib HW, 200-char, bytes given    {raw_bytes:8.1f} ms")


def main() -> None:
    if not CORPUS.is_dir():
        sys.exit(f"corpus not found at {CORPUS}")
    text = _five_megabytes()
    _report("mixed (curly quotes, UCS-2)", text)
    _report("ASCII-only", _ascii(text))


def _ascii(text: str) -> str:
    return text.encode("ascii", "replace").decode("ascii")


def _rebuild(prepared: PreparedText) -> None:
    prepared.cache.pop("near.index", None)
    find_near(prepared, "warm")


if __name__ == "__main__":
    main()
