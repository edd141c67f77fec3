"""Run the corpus batch many times, several at once, and count how the runs ended.

    python scripts/stress_batch.py [--runs 20] [--parallel 4] [--corpus DIR] [--keep]

Each run is a real ``quote-tui check`` process over every HTML page and PDF of the shared
corpus (the batch is written by ``scripts/corpus_batch.py`` into a temporary folder). The summary
counts exit codes, deaths by signal (an abort is -6), runs that left no report, and the spread of
wall times; the exit code is 1 when any run did not end with a report.

    python scripts/stress_batch.py --compare [--rounds 3]

instead times the same batch in this process through the service, reading PDFs and HTML in
child processes (the default) and in threads (unsafe with PyMuPDF), alternately.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus_batch import DEFAULT_CORPUS, write_batch  # noqa: E402


def _one(batch: Path, out: Path, timeout: float) -> tuple[int | None, float, bool]:
    started = time.monotonic()
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "quote_tui", "check", str(batch), "-o", str(out)],
            capture_output=True,
            timeout=timeout,
        )
        code: int | None = proc.returncode
    except subprocess.TimeoutExpired:
        code = None
    elapsed = time.monotonic() - started
    ok = False
    if out.exists():
        try:
            ok = bool(json.loads(out.read_text(encoding="utf-8"))["citations"])
        except (ValueError, KeyError):
            ok = False
    return code, elapsed, ok


def stress(batch: Path, runs: int, parallel: int, timeout: float) -> int:
    folder = batch.parent
    with ThreadPoolExecutor(parallel) as pool:
        futures = [
            pool.submit(_one, batch, folder / f"report-{n}.json", timeout) for n in range(runs)
        ]
        results = [f.result() for f in futures]
    codes = Counter("timeout" if c is None else c for c, _, _ in results)
    times = [t for _, t, _ in results]
    missing = sum(1 for _, _, ok in results if not ok)
    signals = sum(1 for c, _, _ in results if c is not None and c < 0)
    print(f"runs: {runs}, {parallel} at once")
    print(f"exit codes: {dict(sorted(codes.items(), key=str))}")
    print(f"killed by a signal (an abort is -6): {signals}")
    print(f"runs without a report: {missing}")
    print(
        f"wall per run: median {statistics.median(times):.1f} s, "
        f"min {min(times):.1f} s, max {max(times):.1f} s"
    )
    return 0 if not missing and not signals and set(codes) <= {0} else 1


def compare(batch_path: Path, rounds: int) -> int:
    from quote_tui.batch.batchfile import parse_batch
    from quote_tui.batch.pipeline import check_batch
    from quote_tui.batch.specs import Settings

    batch = parse_batch(json.loads(batch_path.read_text(encoding="utf-8")), base_dir=None)

    async def run(isolate: bool) -> float:
        started = time.perf_counter()
        await check_batch(batch, Settings(isolate_readers=isolate))
        return time.perf_counter() - started

    times: dict[str, list[float]] = {"child processes": [], "threads": []}
    for _ in range(rounds):
        times["child processes"].append(asyncio.run(run(True)))
        times["threads"].append(asyncio.run(run(False)))
    for name, values in times.items():
        shown = ", ".join(f"{v:.1f}" for v in values)
        print(f"{name}: median {statistics.median(values):.1f} s ({shown})")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--parallel", type=int, default=4)
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per run")
    parser.add_argument("--compare", action="store_true")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--keep", action="store_true", help="keep the batch and the reports")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="quote_tui-stress-"))
    try:
        batch = write_batch(args.corpus, folder / "batch.json")
        data = json.loads(batch.read_text(encoding="utf-8"))
        print(f"batch: {len(data['sources'])} sources, {len(data['citations'])} citations")
        if args.compare:
            return compare(batch, args.rounds)
        return stress(batch, args.runs, args.parallel, args.timeout)
    finally:
        if args.keep:
            print(f"kept in {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
