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
    data: bytes, password: str | None, folder: str, count: int, workers: int
) -> dict[int, PageBlocks | None]:
    """Pages 0..count-1 of the PDF in ``data``, read in ``workers`` processes.

    Returns:
        Blocks by page index, for the pages a worker answered for (a worker that failed
        answers for none of its pages; the caller reads those itself).
    """
    env = dict(os.environ)
    env["OMP_THREAD_LIMIT"] = "1"
    env["PYTHONPATH"] = os.pathsep.join(p for p in (_PACKAGE_ROOT, env.get("PYTHONPATH")) if p)
    procs = []
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
            # the pipe may fill before the worker reads: write from a thread, read here
            payload = pickle.dumps((data, password, folder, share), pickle.HIGHEST_PROTOCOL)
            threading.Thread(target=_send, args=(proc, payload), daemon=True).start()
        found: dict[int, PageBlocks | None] = {}
        for proc in procs:
            answer = proc.stdout.read() if proc.stdout else b""
            if proc.wait() != 0 or not answer:
                continue
            with contextlib.suppress(pickle.UnpicklingError, EOFError, ValueError):
                # our own worker's answer, over a pipe only it and this process hold
                found.update(pickle.loads(answer))  # noqa: S301
        return found
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()


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
