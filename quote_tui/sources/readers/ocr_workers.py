"""A scan's pages read by Tesseract in worker processes, one per core.

OCR takes seconds a page, so a long scan read in one process does not fit a read's budget.
Workers are fresh interpreters (``python -m quote_tui.sources.readers.pdf_ocr``), not forks:
the reader may run where forking is not safe, and ``multiprocessing``'s spawn would re-import
the caller's main module. Each worker gets the PDF's bytes and its share of the pages on stdin
and answers with their blocks on stdout, each page with the processor time it took, which the
read's OCR budget counts (``ocr_budget``). Tesseract in each worker runs one thread
(``OMP_THREAD_LIMIT=1``): its OpenMP threads on top of one process per core only contend (3.3 s
a page instead of 5.1 on a loaded two-core machine). A worker whose parent dies (the reader
killed at its budget) stops too.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from quote_tui.sources.readers.ocr_budget import Budget
from quote_tui.sources.readers.pdf_layout import PageBlocks

__all__ = ["Progress", "frame", "ocr_in_workers", "watch_parent"]

Progress = Callable[[int, int], None]
"""Told (pages read, pages in all) each time a page of a scan is read, from any thread."""
_LENGTH = struct.Struct(">Qd")
"""Each page record is preceded by its length and the processor seconds its page took, so the
parent counts pages, and the OCR budget spent, as they arrive."""

_PACKAGE_ROOT = str(Path(__file__).resolve().parents[3])
"""The folder holding the quote_tui package, so a worker imports this very copy of it."""
_WATCH = 0.5
"""Seconds between a worker's looks at whether its parent is still there."""
_LOOK = 0.25
"""Seconds between the parent's looks at whether the OCR budget is spent."""


def ocr_in_workers(
    data: bytes,
    password: str | None,
    folder: str,
    indices: Sequence[int],
    workers: int,
    budget: Budget | None = None,
    progress: Progress | None = None,
    *,
    niceness: int = 10,
) -> dict[int, PageBlocks | None]:
    """The pages ``indices`` (0-based) of the PDF in ``data``, read in ``workers`` processes
    until ``budget`` is over (None: until done), ``progress`` told of each page read; each
    worker's priority set ``niceness`` lower.

    Returns:
        Blocks by page index, for the pages a worker finished (a worker that failed, or was
        stopped, answers for the pages it finished; the caller deals with the rest).
    """
    env = dict(os.environ)
    env["OMP_THREAD_LIMIT"] = "1"
    env["PYTHONPATH"] = os.pathsep.join(p for p in (_PACKAGE_ROOT, env.get("PYTHONPATH")) if p)
    env["PYTHONSAFEPATH"] = "1"  # not the working folder's copy of quote_tui (``isolated``)
    procs: list[subprocess.Popen[bytes]] = []
    outputs: list[bytearray] = []
    readers: list[threading.Thread] = []
    done = _Count(len(indices), progress, budget)
    try:
        for k in range(workers):
            share = list(indices[k::workers])
            proc = subprocess.Popen(
                [sys.executable, "-m", "quote_tui.sources.readers.pdf_ocr"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                env=env,
            )
            procs.append(proc)
            # the pipes may fill: write and read from threads, wait here
            payload = pickle.dumps(
                (data, password, folder, share, niceness), pickle.HIGHEST_PROTOCOL
            )
            threading.Thread(target=_send, args=(proc, payload), daemon=True).start()
            outputs.append(bytearray())
            readers.append(
                threading.Thread(target=_take, args=(proc, outputs[-1], done), daemon=True)
            )
            readers[-1].start()
        for reader in readers:
            while reader.is_alive() and not (budget is not None and budget.over()):
                reader.join(_LOOK)
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
    for reader in readers:
        reader.join()  # the killed worker's pipe is closed: its reader ends
    found: dict[int, PageBlocks | None] = {}
    for output in outputs:
        found.update(_records(bytes(output)))
    return found


class _Count:
    """Pages read so far across the workers, told to ``progress`` as each arrives, their
    processor time to ``budget``."""

    def __init__(self, total: int, progress: Progress | None, budget: Budget | None) -> None:
        self.total, self.progress, self.budget = total, progress, budget
        self.done = 0
        self.lock = threading.Lock()

    def add(self, seconds: list[float]) -> None:
        with self.lock:  # one worker's reader thread at a time, so counts arrive in order
            for cpu in seconds:
                self.done += 1
                if self.budget is not None:
                    self.budget.spend(cpu)
                if self.progress is not None:
                    with contextlib.suppress(Exception):  # a listener's fault costs no page
                        self.progress(self.done, self.total)


def frame(record: bytes, seconds: float) -> bytes:
    """A page record as a worker sends it: its length and its page's processor seconds, then
    it."""
    return _LENGTH.pack(len(record), seconds) + record


def _whole(output: bytearray, start: int) -> int:
    """Where the last whole record at or after ``start`` ends (``start`` if none has)."""
    while start + _LENGTH.size <= len(output):
        length, _ = _LENGTH.unpack_from(output, start)
        if start + _LENGTH.size + length > len(output):
            break
        start += _LENGTH.size + length
    return start


def _take(proc: subprocess.Popen[bytes], into: bytearray, done: _Count) -> None:
    """A worker's output as it comes, until it ends or is killed, each whole page counted."""
    assert proc.stdout is not None
    counted = 0  # offset up to which whole records were counted
    with contextlib.suppress(OSError, ValueError):
        while chunk := proc.stdout.read1(1 << 16):
            into.extend(chunk)
            end = _whole(into, counted)
            done.add(_seconds(into, counted, end))
            counted = end


def _seconds(output: bytearray, start: int, end: int) -> list[float]:
    """The processor seconds of each whole page record between ``start`` and ``end``."""
    seconds = []
    while start < end:
        length, cpu = _LENGTH.unpack_from(output, start)
        start += _LENGTH.size + length
        seconds.append(cpu)
    return seconds


def _records(output: bytes) -> dict[int, PageBlocks | None]:
    """The whole page records in a worker's output (a record cut off by a kill is dropped)."""
    found: dict[int, PageBlocks | None] = {}
    start, end = 0, _whole(bytearray(output), 0)
    while start < end:
        length, _ = _LENGTH.unpack_from(output, start)
        start += _LENGTH.size
        try:
            # our own worker's answer, over a pipe only it and this process hold
            index, blocks = pickle.loads(output[start : start + length])  # noqa: S301
        except (pickle.UnpicklingError, EOFError, ValueError, TypeError):
            break
        found[index] = blocks
        start += length
    return found


def _send(proc: subprocess.Popen[bytes], payload: bytes) -> None:
    with contextlib.suppress(OSError):
        assert proc.stdin is not None
        proc.stdin.write(payload)
        proc.stdin.close()


def watch_parent() -> None:
    """In a worker: leave when the parent goes (the reader killed at its budget)."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_WATCH)
        os._exit(1)  # the reader that wanted these pages is gone

    threading.Thread(target=watch, daemon=True).start()
