"""A scan's pages read by Tesseract in worker processes, one per core.

OCR takes seconds a page, so a long scan read in one process does not fit a read's budget.
Workers are fresh interpreters (``python -m quote_tui.sources.readers.pdf_ocr``), not forks:
the reader may run where forking is not safe, and ``multiprocessing``'s spawn would re-import
the caller's main module. Each worker gets the PDF's bytes and its share of the pages on stdin
and answers with their blocks on stdout. Tesseract in each worker runs one thread
(``OMP_THREAD_LIMIT=1``): its OpenMP threads on top of one process per core only contend (3.3 s
a page instead of 5.1 on a loaded two-core machine). A worker whose parent dies (the reader
killed at its budget) stops too.
"""

from __future__ import annotations

import contextlib
import io
import os
import pickle
import subprocess
import sys
import threading
import time
from pathlib import Path

from quote_tui.sources.readers.pdf_layout import PageBlocks

__all__ = ["ocr_in_workers", "watch_parent"]

_PACKAGE_ROOT = str(Path(__file__).resolve().parents[3])
"""The folder holding the quote_tui package, so a worker imports this very copy of it."""
_WATCH = 0.5
"""Seconds between a worker's looks at whether its parent is still there."""


def ocr_in_workers(
    data: bytes,
    password: str | None,
    folder: str,
    count: int,
    workers: int,
    stop: float | None = None,
) -> dict[int, PageBlocks | None]:
    """Pages 0..count-1 of the PDF in ``data``, read in ``workers`` processes until ``stop``
    (a ``time.monotonic()`` value; None: until done).

    Returns:
        Blocks by page index, for the pages a worker finished (a worker that failed, or was
        stopped, answers for the pages it finished; the caller deals with the rest).
    """
    env = dict(os.environ)
    env["OMP_THREAD_LIMIT"] = "1"
    env["PYTHONPATH"] = os.pathsep.join(p for p in (_PACKAGE_ROOT, env.get("PYTHONPATH")) if p)
    procs: list[subprocess.Popen[bytes]] = []
    outputs: list[bytearray] = []
    readers: list[threading.Thread] = []
    try:
        for k in range(workers):
            share = list(range(k, count, workers))
            proc = subprocess.Popen(
                [sys.executable, "-m", "quote_tui.sources.readers.pdf_ocr"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                env=env,
            )
            procs.append(proc)
            # the pipes may fill: write and read from threads, wait here
            payload = pickle.dumps((data, password, folder, share), pickle.HIGHEST_PROTOCOL)
            threading.Thread(target=_send, args=(proc, payload), daemon=True).start()
            outputs.append(bytearray())
            readers.append(threading.Thread(target=_take, args=(proc, outputs[-1]), daemon=True))
            readers[-1].start()
        for reader in readers:
            reader.join(None if stop is None else max(0.0, stop - time.monotonic()))
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


def _take(proc: subprocess.Popen[bytes], into: bytearray) -> None:
    """A worker's output as it comes, until it ends or is killed."""
    assert proc.stdout is not None
    with contextlib.suppress(OSError, ValueError):
        while chunk := proc.stdout.read1(1 << 16):
            into.extend(chunk)


def _records(output: bytes) -> dict[int, PageBlocks | None]:
    """The whole page records in a worker's output (a record cut off by a kill is dropped)."""
    stream = io.BytesIO(output)
    found: dict[int, PageBlocks | None] = {}
    while stream.tell() < len(output):
        try:
            # our own worker's answer, over a pipe only it and this process hold
            index, blocks = pickle.load(stream)  # noqa: S301
        except (pickle.UnpicklingError, EOFError, ValueError, TypeError):
            break
        found[index] = blocks
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
