"""Nothing a batch holds keeps the report from being written: `quote-tui check`, as a real
process, on broken, hostile, hanging and crashing entries beside good ones."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from quote_tui.sources.readers.isolated import FAULT_ENV, isolation_available
from tests.hostile_batch import Expected, write_hostile_batch

BOUND_SECONDS = 60


def test_hostile_batch_writes_a_report(tmp_path: Path, corpus_dir: Path) -> None:
    batch_path, expected = write_hostile_batch(tmp_path / "folder", corpus_dir)
    batch = json.loads(batch_path.read_text(encoding="utf-8"))
    env = dict(os.environ)
    if isolation_available():
        # a reader that dies in native code: SIGABRT in the child reading this file
        shutil.copyfile(corpus_dir / "pdf" / "dmca-summary-1998.pdf", batch_path.parent / "x.pdf")
        batch["sources"].append({"id": "crash", "ref": "x.pdf"})
        batch["citations"].append({"id": "c_crash", "source": "crash", "quote": "copyright"})
        expected["c_crash"] = Expected(frozenset({"unavailable"}), frozenset({"reader_crashed"}))
        env[FAULT_ENV] = "abort:x.pdf"
        batch_path.write_text(json.dumps(batch), encoding="utf-8")
    report_path = tmp_path / "report.json"
    started = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "quote_tui", "check", str(batch_path), "-o", str(report_path)]
        + ["--citation-timeout", "3", "--read-timeout", "20"],
        capture_output=True,
        text=True,
        timeout=BOUND_SECONDS + 30,
        env=env,
    )
    elapsed = time.monotonic() - started
    assert proc.returncode == 0, proc.stderr
    assert elapsed < BOUND_SECONDS
    report = json.loads(report_path.read_text(encoding="utf-8"))
    sources = {s["id"]: s for s in report["sources"]}
    citations = {c["id"]: c for c in report["citations"]}
    assert set(citations) == set(expected)
    for cid, want in expected.items():
        got = citations[cid]
        assert got["status"] in want.statuses, (cid, got["status"], got["error"])
        if got["status"] == "unavailable":
            source = sources[got["source"]]
            assert source["status"] == "unavailable"
            assert source["error"]["code"] in want.codes, (cid, source["error"])
            assert source["error"]["recovery"]
        if got["status"] == "inconclusive":
            assert got["reason"] == "time_budget", cid
    assert citations["c_long"]["error"]["code"] == "quote_too_long"
    for good in ("c_good_txt", "c_good_pdf", "c_good_html"):
        assert citations[good]["matches"], good
