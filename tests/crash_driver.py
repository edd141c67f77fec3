"""A child process for the kill tests: it forks writers that loop writing until they are killed.

Run as ``python tests/crash_driver.py KIND TARGET LOG``. The driver imports everything once and
then answers commands on stdin, so each of the many rounds of a kill test costs a ``fork`` rather
than a fresh interpreter:

- ``fork SEED``: fork a writer; print its pid. The writer writes KIND (``store``, ``workspace``
  or ``report``) to TARGET in a loop, forever, and appends ``begin N`` before and ``done N``
  after each write to LOG. A ``done`` line is only written once the write has returned, so
  every ``done`` names a write that completed.
- ``reap PID``: wait for that writer and print how it ended (``signal 9``, ``exit 1``).
- ``bulk N PREFIX``: write N snapshots keyed ``PREFIX-i`` to the store at TARGET in this
  process, then print ``done`` (the two-writer test runs two drivers at once).

The expected content of every write is a pure function of its number, so the test can check
what it finds against what was written (``store_payload``, ``workspace_state``, ``report_state``).
"""

from __future__ import annotations

import os
import sys
import traceback
from pathlib import Path
from typing import Any

from quote_tui.batch.report import write_report
from quote_tui.batch.specs import CitationSpec, SourceSpec
from quote_tui.engine.text import PreparedText
from quote_tui.sources.records import RefKind, Representation, Retrieval
from quote_tui.sources.store.snapshots import SnapshotStore
from quote_tui.workspace import Workspace, save_workspace


def store_payload(key: str) -> tuple[bytes, str]:
    """The raw bytes and text saved under ``key``: large enough that a write takes a while."""
    return (key.encode() + b"\x00" * 150_000, f"text of {key} " * 4_000)


def _save_snapshot(store: SnapshotStore, key: str) -> int:
    raw, text = store_payload(key)
    retrieval = Retrieval(
        ref=key,
        kind=RefKind.URL,
        representation=Representation.PLAIN_TEXT,
        content_sha256=key.ljust(64, "0")[:64],
        retrieved_at="2024-01-01T00:00:00Z",
    )
    return store.save(key, raw, retrieval, PreparedText(text), max_chars=10**7)


def workspace_state(n: int) -> Workspace:
    """Workspace number ``n``: its name says ``n``, and it holds ``n % 40 + 1`` citations."""
    count = n % 40 + 1
    return Workspace(
        name=f"state {n}",
        sources=(SourceSpec(id="s1", text="words " * 2_000),),
        citations=tuple(
            CitationSpec(id=f"c{i}", source="s1", quote=f"quotation {n} {i} " * 30)
            for i in range(count)
        ),
    )


def report_state(n: int) -> dict[str, Any]:
    """Report number ``n``, shaped like a real one and of a size that varies with ``n``."""
    count = 50 + n % 150
    return {
        "schema": "quote_tui.report",
        "schema_version": 1,
        "created": f"state {n}",
        "summary": {"citations": count},
        "sources": [],
        "citations": [
            {"id": f"c{i}", "quote": f"quotation {n} {i} " * 20, "status": "exact"}
            for i in range(count)
        ],
    }


def _log(fd: int, line: str) -> None:
    # One short write() to an O_APPEND file: a kill cannot leave half of it.
    os.write(fd, (line + "\n").encode())


def _write_forever(kind: str, target: Path, log: int, seed: int) -> None:
    store = SnapshotStore(target) if kind == "store" else None
    n = seed * 1_000_000
    while True:
        n += 1
        _log(log, f"begin {n}")
        if store is not None:
            _save_snapshot(store, f"k{n}")
        elif kind == "workspace":
            save_workspace(workspace_state(n), target)
        else:
            write_report(report_state(n), target)
        _log(log, f"done {n}")


def main(argv: list[str]) -> int:
    kind, target, log_path = argv[0], Path(argv[1]), Path(argv[2])
    for line in sys.stdin:
        command, *args = line.split()
        if command == "fork":
            log = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
            pid = os.fork()
            if pid == 0:
                try:
                    _write_forever(kind, target, log, int(args[0]))
                except BaseException:
                    traceback.print_exc()
                finally:
                    os._exit(1)  # only reached when a write failed: the test sees "exit 1"
            os.close(log)
            print(pid, flush=True)
        elif command == "reap":
            _, status = os.waitpid(int(args[0]), 0)
            if os.WIFSIGNALED(status):
                print(f"signal {os.WTERMSIG(status)}", flush=True)
            else:
                print(f"exit {os.WEXITSTATUS(status)}", flush=True)
        elif command == "bulk":
            store = SnapshotStore(target)
            count, prefix = int(args[0]), args[1]
            for i in range(count):
                _save_snapshot(store, f"{prefix}-{i}")
                _save_snapshot(store, f"shared-{i}")  # both writers also write the same keys
            print("done", flush=True)
        elif command == "quit":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
