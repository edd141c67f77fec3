"""Crash safety: writers killed with SIGKILL at random points lose nothing they completed.

A driver process (``tests/crash_driver.py``) forks a writer that loops writing the snapshot store,
a workspace or a report and logs ``begin N`` / ``done N`` around each write. The test kills the
writer with SIGKILL after a short random delay, many times, and after every kill checks what is
on disk against what the log says was completed:

- the store passes SQLite's integrity check and holds every completed snapshot whole, and
  nothing but completed snapshots and the one in flight;
- the workspace and the report hold the last completed state, or the one in flight complete
  (its rename may have happened before the kill), never a half file; no workspace is set aside
  as corrupt; temporary files left by killed writers are removed by the next write.

Each test also demands that a fair share of the kills landed inside a write (between ``begin``
and ``done``), so it cannot pass by killing only between writes.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from quote_tui.batch.report import write_report
from quote_tui.sources.store.snapshots import SnapshotStore
from quote_tui.workspace import load_workspace, save_workspace
from tests.crash_driver import report_state, store_payload, workspace_state

pytestmark = pytest.mark.skipif(
    not hasattr(os, "fork"), reason="the kill tests fork writers and send SIGKILL (POSIX only)"
)

DRIVER = Path(__file__).with_name("crash_driver.py")
ROUNDS = 25
ROUND_SPAN = 1_000_000  # the driver numbers round r's writes r * ROUND_SPAN + 1, + 2, ...


class Driver:
    """The driver process: forks writers on request and reaps them."""

    def __init__(self, kind: str, target: Path, log: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(DRIVER), kind, str(target), str(log)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, command: str) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().strip()
        assert answer, f"the driver died answering {command!r}"
        return answer

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=10)


@contextmanager
def driver(kind: str, target: Path, log: Path) -> Iterator[Driver]:
    d = Driver(kind, target, log)
    try:
        yield d
    finally:
        d.close()


def _round_log(log: Path, round_no: int) -> tuple[list[int], int | None]:
    """The writes round ``round_no`` completed, and the one it was killed in (if any)."""
    done: list[int] = []
    begun: list[int] = []
    for line in log.read_text().splitlines():
        word, n = line.split()
        if int(n) // ROUND_SPAN == round_no:
            (done if word == "done" else begun).append(int(n))
    in_flight = [n for n in begun if n not in done]
    assert len(in_flight) <= 1
    return done, (in_flight[0] if in_flight else None)


def kill_rounds(
    kind: str,
    target: Path,
    tmp_path: Path,
    check: Callable[[list[int], int | None], None],
    *,
    seed: int,
) -> None:
    """Fork a writer, kill it after a random delay, check the target; ``ROUNDS`` times."""
    log = tmp_path / f"{kind}.log"
    rng = random.Random(seed)
    mid_write = 0
    with driver(kind, target, log) as d:
        for round_no in range(1, ROUNDS + 1):
            pid = int(d.ask(f"fork {round_no}"))
            # The writer runs on its own meanwhile; the kill lands wherever it happens to be.
            time.sleep(rng.uniform(0.005, 0.1))
            os.kill(pid, signal.SIGKILL)
            assert d.ask(f"reap {pid}") == f"signal {signal.SIGKILL}", "the writer failed"
            done, in_flight = _round_log(log, round_no)
            mid_write += in_flight is not None
            check(done, in_flight)
    assert mid_write >= ROUNDS // 3, f"only {mid_write} of {ROUNDS} kills landed inside a write"


def test_store_keeps_every_completed_snapshot_through_kills(tmp_path: Path) -> None:
    target = tmp_path / "snapshots.sqlite3"
    completed: set[str] = set()

    def check(done: list[int], in_flight: int | None) -> None:
        store = SnapshotStore(target)
        assert store.integrity_ok()
        ids = {info.ref: info.id for info in store.list_snapshots()}
        completed.update(f"k{n}" for n in done)
        assert completed <= ids.keys(), f"lost: {sorted(completed - ids.keys())}"
        allowed = completed | ({f"k{in_flight}"} if in_flight is not None else set())
        assert ids.keys() <= allowed, f"unexpected: {sorted(ids.keys() - allowed)}"
        for n in [*done, *([in_flight] if in_flight is not None else [])]:
            key = f"k{n}"
            if key in ids:
                snap = store.get(ids[key])
                assert snap is not None and (snap.raw, snap.text) == store_payload(key)
        # The in-flight snapshot, if it made it, is now as durable as the completed ones.
        completed.update(ids)

    kill_rounds("store", target, tmp_path, check, seed=1)
    assert len(completed) >= 10  # kills also came after completed writes, not only in the first


def _leftover_temps(target: Path) -> list[Path]:
    return sorted(target.parent.glob(f".{target.name}.*.tmp"))


def test_workspace_holds_its_last_saved_state_through_kills(tmp_path: Path) -> None:
    target = tmp_path / "workspace.json"
    save_workspace(workspace_state(0), target)
    current = [0]

    def check(done: list[int], in_flight: int | None) -> None:
        allowed = {done[-1] if done else current[0]}
        if in_flight is not None:
            allowed.add(in_flight)
        ws = load_workspace(target)  # a half file would raise WorkspaceCorruptError here
        n = int(ws.name.removeprefix("state "))
        assert n in allowed
        assert ws.to_dict() == workspace_state(n).to_dict()
        current[0] = n

    kill_rounds("workspace", target, tmp_path, check, seed=2)
    assert not list(tmp_path.glob("*.corrupt-*"))
    # Temporary files of killed writers are harmless (the loader never reads them) and the
    # next write by a live process removes them.
    save_workspace(workspace_state(7), target)
    assert _leftover_temps(target) == []
    assert load_workspace(target).name == "state 7"


def test_no_half_written_report_replaces_a_good_one(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    write_report(report_state(0), target)
    current = [0]

    def check(done: list[int], in_flight: int | None) -> None:
        allowed = {done[-1] if done else current[0]}
        if in_flight is not None:
            allowed.add(in_flight)
        data = json.loads(target.read_text(encoding="utf-8"))
        n = int(data["created"].removeprefix("state "))
        assert n in allowed
        assert data == report_state(n)
        current[0] = n

    kill_rounds("report", target, tmp_path, check, seed=3)
    write_report(report_state(9), target)
    assert _leftover_temps(target) == []


def test_two_processes_writing_one_store_lose_nothing(tmp_path: Path) -> None:
    target = tmp_path / "snapshots.sqlite3"  # new: both also race to create the schema
    drivers = [Driver("store", target, tmp_path / f"{p}.log") for p in ("alpha", "beta")]
    try:
        for d, prefix in zip(drivers, ("alpha", "beta"), strict=True):
            assert d.proc.stdin is not None
            d.proc.stdin.write(f"bulk 30 {prefix}\n")
            d.proc.stdin.flush()
        for d in drivers:
            assert d.proc.stdout is not None and d.proc.stdout.readline().strip() == "done"
    finally:
        for d in drivers:
            d.close()
    store = SnapshotStore(target)
    assert store.integrity_ok()
    refs = sorted(info.ref for info in store.list_snapshots())
    expected = sorted(f"{p}-{i}" for p in ("alpha", "beta", "shared") for i in range(30))
    assert refs == expected
    for info in store.list_snapshots()[::10]:
        snap = store.get(info.id)
        assert snap is not None and (snap.raw, snap.text) == store_payload(info.ref)
