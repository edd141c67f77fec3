"""Whole-process speed: the ``quote-tui`` command as a user runs it, beside plain baselines.

Run: python benchmarks/whole_process.py [--size-mb 5] [--repeat 5]

- 100 mixed quotations (exact, normalized, near, absent) on a 5 MB text, as one ``quote-tui check``
  process, beside ``str.find`` then raw edlib for each quotation in this process.
- One quotation on a small text file (``quote-tui quote``), beside a bare interpreter start.

Prints figures only (medians); nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import edlib

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import absent_quote, at_word, mutate, synthetic_text  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _median_seconds(command: list[str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _mixed(text: str, rng: random.Random) -> list[str]:
    quotes = []
    kinds = ["exact", "normalized", "near", "absent"]
    for i in range(100):
        kind = kinds[i % 4]
        length = rng.choice([50, 100, 200, 500, 1000, 2000])
        start = at_word(text, rng.randrange(0, len(text) - 3000))
        q = text[start : at_word(text, start + length) - 1]
        if kind == "normalized":
            q = q.replace(" ", "\n", 2)
        elif kind == "near":
            q = mutate(q, rng, 2)
        elif kind == "absent":
            q = absent_quote(text, length, rng)
        quotes.append(q)
    return quotes


def _baseline(text: str, quotes: list[str]) -> float:
    started = time.perf_counter()
    for q in quotes:
        if text.find(q) < 0:
            edlib.align(q, text, mode="HW", task="locations")
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=float, default=5.0)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    python = sys.executable
    with tempfile.TemporaryDirectory(prefix="quote_tui-bench-") as scratch:
        folder = Path(scratch)
        text = synthetic_text(int(args.size_mb * 1_000_000), random.Random(20261202))
        (folder / "big.txt").write_text(text, encoding="utf-8")
        quotes = _mixed(text, random.Random(7))
        batch = {
            "sources": [{"id": "s1", "ref": str(folder / "big.txt")}],
            "citations": [
                {"id": f"c{i}", "source": "s1", "quote": q} for i, q in enumerate(quotes)
            ],
        }
        (folder / "batch.json").write_text(json.dumps(batch), encoding="utf-8")
        ours = _median_seconds(
            [
                python,
                "-m",
                "quote_tui.cli",
                "check",
                str(folder / "batch.json"),
                "-o",
                str(folder / "report.json"),
            ],
            args.repeat,
        )
        base = statistics.median(_baseline(text, quotes) for _ in range(max(1, args.repeat // 2)))
        print(
            f"100 mixed quotations on {len(text):,} characters, whole process (median of "
            f"{args.repeat})"
        )
        print(f"  quote-tui check      {ours * 1000:9.0f} ms")
        print(f"  str.find + edlib     {base * 1000:9.0f} ms   ratio {ours / base:.3f}x")

        small = folder / "small.txt"
        small.write_text("It is a truth universally acknowledged, that a single man.\n")
        repeat = max(5, args.repeat * 2)
        one = _median_seconds(
            [
                python,
                "-m",
                "quote_tui.cli",
                "quote",
                "a truth universally acknowledged",
                str(small),
                "--json",
            ],
            repeat,
        )
        bare = _median_seconds([python, "-c", "pass"], repeat)
        print(f"One quotation on a small text file (median of {repeat})")
        print(f"  quote-tui quote      {one * 1000:9.0f} ms")
        print(f"  python -c pass       {bare * 1000:9.0f} ms   ratio {one / bare:.1f}x")


if __name__ == "__main__":
    main()
