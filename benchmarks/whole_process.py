"""Whole-process speed: the ``quote-tui`` command as a user runs it, beside plain baselines.

Run: python benchmarks/whole_process.py [--size-mb 5] [--repeat 5]

- 100 mixed quotations (exact, normalized, near, absent) on a 5 MB text, as one ``quote-tui check``
  process, beside ``str.find`` then raw edlib for each quotation in this process.
- One quotation on a small text file (``quote-tui quote``), beside a bare interpreter start.

Ours and the baselines alternate, and each is given as wall time and CPU time (the CPU time of a
command counts every process it waited for), since on a shared machine the wall time follows the
machine's load. Each ratio is printed beside its goal (issue 18: at most 0.08x the ``str.find`` +
edlib time, and at most 8x a bare interpreter start). The commands run as a user runs them, with
their compiled bytecode cached (in a scratch folder, after one untimed run), as after any
install.

Prints figures only (medians); nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import edlib

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import absent_quote, at_word, mutate, synthetic_text  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


Timing = tuple[float, float]
"""(wall seconds, CPU seconds) of one run."""


def _run(command: list[str], env: dict[str, str]) -> Timing:
    """One run of a command as a fresh process: its wall time and the CPU time of it and of
    every process it waited for (a split check's forked copies included)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True, env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def _in_process(fn: Callable[[], object]) -> Timing:
    started, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - started, time.process_time() - cpu


def _medians(timings: list[Timing]) -> Timing:
    return statistics.median(t[0] for t in timings), statistics.median(t[1] for t in timings)


def _row(label: str, ours: Timing, base: Timing | None, goal: str) -> None:
    wall, cpu = ours
    line = f"  {label:<22}{wall * 1000:9.0f} ms wall {cpu * 1000:9.0f} ms CPU"
    if base is None:
        print(f"{line}   (baseline)")
        return
    ratio, cpu_ratio = wall / base[0], cpu / base[1]
    digits = 3 if ratio < 1 else 1
    print(f"{line}   {ratio:.{digits}f}x the baseline ({cpu_ratio:.{digits}f}x in CPU){goal}")


def _env(scratch: Path) -> dict[str, str]:
    """The environment of the timed commands: bytecode written and read in a scratch folder,
    so no run compiles the package again (as none does after an install)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(scratch / "pycache")
    return env


def _engine(text: str, quotes: list[str]) -> None:
    """The same work in this process: the text indexed, then each quotation checked."""
    from quote_tui.engine.check import check, warm
    from quote_tui.engine.text import PreparedText

    prepared = PreparedText(text)
    warm(prepared)
    for q in quotes:
        check(prepared, q)


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


def _baseline(text: str, quotes: list[str]) -> None:
    for q in quotes:
        if text.find(q) < 0:
            edlib.align(q, text, mode="HW", task="locations")


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
        check = [python, "-m", "quote_tui.cli", "check", str(folder / "batch.json")]
        check += ["-o", str(folder / "report.json")]
        small = folder / "small.txt"
        small.write_text("It is a truth universally acknowledged, that a single man.\n")
        quote = [python, "-m", "quote_tui.cli", "quote", "a truth universally acknowledged"]
        quote += [str(small), "--json"]
        bare = [python, "-c", "pass"]
        for command in (check, quote, bare):  # warm-up: bytecode written, files cached
            _run(command, env)

        # ours and the baselines alternate, so a busy spell on a shared machine falls on both
        ours: list[Timing] = []
        base: list[Timing] = []
        engine: list[Timing] = []
        for i in range(args.repeat):
            ours.append(_run(check, env))
            if i % 2 == 0:
                base.append(_in_process(lambda: _baseline(text, quotes)))
                engine.append(_in_process(lambda: _engine(text, quotes)))
        print(
            f"100 mixed quotations on {len(text):,} characters, as a whole process (medians of "
            f"{args.repeat}, baselines of {len(base)})"
        )
        base_m = _medians(base)
        _row("str.find + edlib", base_m, None, "")
        _row("quote-tui check", _medians(ours), base_m, "   goal: at most 0.08x")
        _row("engine, in process", _medians(engine), base_m, "   (index and check only)")

        repeat = max(5, args.repeat * 2)
        one: list[Timing] = []
        start: list[Timing] = []
        for _ in range(repeat):
            one.append(_run(quote, env))
            start.append(_run(bare, env))
        print(f"One quotation on a small text file (medians of {repeat})")
        start_m = _medians(start)
        _row("python -c pass", start_m, None, "")
        _row("quote-tui quote", _medians(one), start_m, "   goal: at most 8x")


if __name__ == "__main__":
    main()
