"""Speed of reading bibliographies: every ``.bib`` file of a folder read as ``refs`` reads it.

Run: python benchmarks/bibliographies.py FOLDER [--baseline ROOT] [--repeat 3]

FOLDER holds real BibTeX files (Better BibTeX's import fixtures are 99 files and 11,556
entries). ``--baseline ROOT`` names a folder holding another version's ``quote_tui`` package
(a checkout of an older commit): it reads the same files in the same run, the two taking turns,
so a shared machine's load weighs on both alike.

Each version runs in a fresh interpreter: it imports the readers, reads one file to warm them
(the parsers' tables are built once), then reads them all; the least of the repeats is printed
with the entries read. Figures only; nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

_ONE_RUN = """
import json, sys, time
from pathlib import Path
from quote_tui.manuscripts import bibliography
files = sorted(Path(sys.argv[1]).glob("*.bib"))
read = getattr(bibliography, "read_bibliography", None)
def entries(path):
    try:
        return len(read(path).entries) if read else len(bibliography.load_bibliography(path))
    except Exception:
        return 0
entries(files[0])
start, cpu = time.perf_counter(), time.process_time()
n = sum(entries(f) for f in files)
print(json.dumps({"files": len(files), "entries": n,
                  "wall": time.perf_counter() - start, "cpu": time.process_time() - cpu}))
"""


def _run(folder: Path, root: Path | None) -> dict[str, float]:
    env = dict(os.environ)
    if root is not None:
        env["PYTHONPATH"] = str(root)
    done = subprocess.run(
        [sys.executable, "-c", _ONE_RUN, str(folder)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=root or Path(__file__).resolve().parent.parent,
    )
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--baseline", type=Path, help="a folder holding an older quote_tui")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    versions: dict[str, Path | None] = {"this": None}
    if args.baseline is not None:
        versions["baseline"] = args.baseline.resolve()
    best: dict[str, dict[str, float]] = {}
    for _ in range(args.repeat):
        for name, root in versions.items():
            got = _run(args.folder, root)
            if name not in best or got["wall"] < best[name]["wall"]:
                best[name] = got
    for name, got in best.items():
        print(
            f"{name}: {int(got['files'])} files, {int(got['entries'])} entries, "
            f"{got['wall']:.2f} s wall, {got['cpu']:.2f} s CPU"
        )
    if "baseline" in best:
        wall = best["this"]["wall"] / best["baseline"]["wall"]
        cpu = best["this"]["cpu"] / best["baseline"]["cpu"]
        print(f"ratio: {wall:.2f}x the baseline's wall time, {cpu:.2f}x its CPU time")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
