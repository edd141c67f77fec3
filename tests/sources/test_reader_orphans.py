"""A reader child whose caller is gone stops reading: a killed ``check`` leaves no child (and so
no OCR workers) reading a scan on for minutes for nobody."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from quote_tui.sources.readers.isolated import FAULT_ENV, isolation_available

pytestmark = pytest.mark.skipif(not isolation_available(), reason="needs fork and Unix sockets")

# the caller: starts a read that never ends, says its child's process id, then waits
CALLER = textwrap.dedent(
    """
    import sys, threading, time
    from quote_tui.sources.readers.isolated import ReaderPool

    pool = ReaderPool(None)
    threading.Thread(target=pool.read, args=(sys.argv[1],), kwargs={"max_chars": 1000},
                     daemon=True).start()
    while not pool._children:
        time.sleep(0.02)
    print(next(iter(pool._children)), flush=True)
    time.sleep(600)
    """
)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a child the server has not reaped yet is a zombie: gone for every purpose here (and one
    # reaped between the two looks has no stat left to read)
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(") ")[-1]
    except FileNotFoundError:
        return not Path("/proc").is_dir()  # no /proc to ask: the signal's answer stands
    return not state.startswith("Z")


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_a_reader_child_stops_when_its_caller_dies(tmp_path: Path, how: signal.Signals) -> None:
    stuck = tmp_path / "stuck.txt"
    stuck.write_text("A text the reader never finishes reading.\n")
    env = {**os.environ, FAULT_ENV: f"hang:{stuck.name}"}
    caller = subprocess.Popen(
        [sys.executable, "-c", CALLER, str(stuck)], stdout=subprocess.PIPE, text=True, env=env
    )
    child = 0
    try:
        assert caller.stdout is not None
        child = int(caller.stdout.readline())
        assert _alive(child)
        caller.send_signal(how)
        caller.wait(10)
        ends = time.monotonic() + 10
        while _alive(child) and time.monotonic() < ends:
            time.sleep(0.05)
        assert not _alive(child), "the reader child read on after its caller died"
    finally:
        caller.kill()
        caller.wait()
        if child and _alive(child):
            os.kill(child, signal.SIGKILL)  # leave no hung reader behind a failed run
