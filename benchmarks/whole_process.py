"""Whole-process speed: the ``quote-tui`` command as a user runs it, beside plain baselines.

Run: python benchmarks/whole_process.py [--size-mb 5] [--repeat 5]

- 100 mixed quotations (exact, normalized, near, absent) on a 5 MB text, as one ``quote-tui check``
  process, beside ``str.find`` then raw edlib for each quotation in this process.
- One quotation on a small text file (``quote-tui quote``), beside a bare interpreter start.

Each figure is printed beside its goal (issue 18: at most 0.08x the ``str.find`` + edlib time, and
at most 8x a bare interpreter start). The commands run as a user runs them, with their compiled
bytecode cached (in a scratch folder, after one untimed run), as after any install.

Prints figures only (medians); nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import json
import os
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


def _median_seconds(command: list[str], repeat: int, env: dict[str, str]) -> float:
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True, env=env)  # warm-up
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        subprocess.run(command, cwd=ROOT, check=True, capture_output=True, env=env)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _env(scratch: Path) -> dict[str, str]:
    """The environment of the timed commands: bytecode written and read in a scratch folder,
    so no run compiles the package again (as none does after an install)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(scratch / "pycache")
    return env


def _engine(text: str, quotes: list[str]) -> float:
    """The same work in this process: the text indexed, then each quotation checked."""
    from quote_tui.engine.check import check, warm
    from quote_tui.engine.text import PreparedText

    started = time.perf_counter()
    prepared = PreparedText(text)
    warm(prepared)
    for q in quotes:
        check(prepared, q)
    return time.perf_counter() - started


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
        env = _env(folder)
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
            env,
        )
        rounds = max(1, args.repeat // 2)
        base = statistics.median(_baseline(text, quotes) for _ in range(rounds))
        engine = statistics.median(_engine(text, quotes) for _ in range(rounds))
        print(
            f"100 mixed quotations on {len(text):,} characters, whole process (median of "
            f"{args.repeat})"
        )
        print(f"  str.find + edlib     {base * 1000:9.0f} ms   (baseline)")
        print(
            f"  quote-tui check      {ours * 1000:9.0f} ms   {ours / base:.3f}x the baseline "
            "(goal: at most 0.08x)"
        )
        print(
            f"  engine, in process   {engine * 1000:9.0f} ms   {engine / base:.3f}x the baseline "
            "(index and check only)"
        )

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
            env,
        )
        bare = _median_seconds([python, "-c", "pass"], repeat, env)
        print(f"One quotation on a small text file (median of {repeat})")
        print(f"  python -c pass       {bare * 1000:9.0f} ms   (baseline)")
        print(
            f"  quote-tui quote      {one * 1000:9.0f} ms   {one / bare:.1f}x the baseline "
            "(goal: at most 8x)"
        )


if __name__ == "__main__":
    main()
