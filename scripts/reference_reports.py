"""Write the reports of four reference batches, to compare two versions of the code.

    python scripts/reference_reports.py OUT_DIR [--corpus DIR]
    python scripts/reference_reports.py --compare OLD_DIR NEW_DIR

The batches are the corpus batch (every format), the demo, its manuscript and the hostile batch
(``tests.hostile_batch``). Each runs through the CLI as a user runs it, in JSON, Markdown, HTML
and JSONL where it applies. ``--compare`` says which reports differ once the fields that change
from run to run (``created``, ``retrieved_at``, elapsed times, temporary paths) are set aside;
reshaping code must leave them all the same.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = ROOT / ".." / "shared" / "corpus"
_VOLATILE = {"created", "retrieved_at", "elapsed", "elapsed_seconds"}
_DEMO = re.compile(r"[^\s\"'`(]*?/quote(?:\\)?_tui/demo/")
_STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(\+00:00|Z)?")


def _cli(*args: str | Path) -> None:
    cmd = [sys.executable, "-m", "quote_tui.cli", *map(str, args)]
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, check=False)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} exited {done.returncode}:\n{done.stderr}")


def write(out: Path, corpus: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    work = out / "inputs"
    work.mkdir(exist_ok=True)
    subprocess.run(
        [sys.executable, "scripts/corpus_batch.py", "--corpus", corpus, "-o", work / "corpus.json"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    sys.path.insert(0, str(ROOT))
    from tests.hostile_batch import write_hostile_batch

    hostile, _ = write_hostile_batch(work / "hostile", corpus)
    demo = ROOT / "quote_tui" / "demo"
    batches = {
        "corpus": work / "corpus.json",
        "demo": demo / "demo.json",
        "manuscript": demo / "manuscript.md",
        "hostile": hostile,
    }
    for name, path in batches.items():
        for fmt in ("json", "markdown", "html", "jsonl"):
            _cli("check", path, "--format", fmt, "-o", out / f"{name}.{fmt}", "--offline")


def _scrub(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _scrub(v) for k, v in value.items() if k not in _VOLATILE}
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    if isinstance(value, str):
        return _STAMP.sub("<time>", value)
    return value


def _load(path: Path) -> Any:
    # the inputs are written inside the output folder: its path is not part of the result
    out = str(path.parent.resolve())
    text = path.read_text(encoding="utf-8")
    # Markdown escapes the underscores of a path; the demo's files lie in each checkout's own tree
    text = text.replace(out, "<out>").replace(out.replace("_", "\\_"), "<out>")
    text = _DEMO.sub("<repo>/quote_tui/demo/", text)
    if path.suffix == ".json":
        return _scrub(json.loads(text))
    if path.suffix == ".jsonl":
        # lines complete in any order across sources: compare them as a sorted list
        return sorted(json.dumps(_scrub(json.loads(x)), sort_keys=True) for x in text.splitlines())
    return _STAMP.sub("<time>", text)


def compare(old: Path, new: Path) -> int:
    differ = 0
    for path in sorted(old.glob("*.*")):
        other = new / path.name
        same = other.exists() and _load(path) == _load(other)
        differ += not same
        print(f"{'same  ' if same else 'DIFFER'} {path.name}")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, nargs="?")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--compare", type=Path, nargs=2, metavar=("OLD", "NEW"))
    args = parser.parse_args()
    if args.compare:
        return compare(*args.compare)
    if args.out is None:
        parser.error("give OUT_DIR or --compare OLD NEW")
    write(args.out, args.corpus.resolve())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
