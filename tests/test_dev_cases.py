"""The labelled development cases on real documents, scored through the CLI's batch check.

Uses the shared scorer (../shared/tools/score_cases.py), the same one that scores unseen cases, so
this test measures what users get: the CLI, the readers and the engine together.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import CORPUS_MISSING

SCORER = Path(__file__).resolve().parents[1].parent / "shared" / "tools" / "score_cases.py"
LINE = re.compile(
    r"verdict=(?P<verdict>[\d.]+)% span=(?P<span>[\d.]+)% page=(?P<page>[\d.]+)% "
    r"false_found=(?P<false_found>\d+) false_exact=(?P<false_exact>\d+)"
)


@pytest.mark.corpus
def test_dev_cases_accuracy(corpus_dir: Path, tmp_path: Path) -> None:
    if not SCORER.is_file():
        pytest.skip(CORPUS_MISSING)
    cmd = shlex.join([sys.executable, "-m", "quote_tui"])
    proc = subprocess.run(
        [
            sys.executable,
            str(SCORER),
            str(corpus_dir / "dev-cases.jsonl"),
            str(corpus_dir),
            "--cmd",
            cmd,
            "--out",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    print(proc.stdout)
    found = LINE.search(proc.stdout)
    assert found, proc.stdout + proc.stderr
    figures = {k: float(v) for k, v in found.groupdict().items()}
    assert figures["false_found"] == 0, "a misquotation was accepted as exact or normalized"
    assert figures["false_exact"] == 0
    assert figures["verdict"] >= 97.0
    assert figures["span"] >= 97.0
    assert figures["page"] >= 97.0
