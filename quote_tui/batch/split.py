"""The checks of one large source, split across copies of this process, one per core.

A check is CPU-bound Python (and edlib, which keeps the interpreter's lock), so threads in one
process share one core: six threads checking one source took longer than one. Forked copies do
not share a lock. The source has been read and indexed once, before the fork, so each copy
starts with the text and every index in hand (shared pages, copied only where written) and
checks its share of the citations through a ``Service`` of its own: the same code, budgets and
error wording as here. It sends back only the checked citations (small, picklable records), which
the caller hands on in batch order.

A copy that dies or sends nothing usable costs nothing but time: its citations are checked here
after all. Small sources are never split, since a fork costs more than their checks.

A process that runs threads must not fork itself (a copy starts with the locks other threads
held), so a server's settings turn forking off (``Settings.fork_copies``): its copies are
spawned instead (``python -m quote_tui.batch.split``), and the source, read and indexed once
here, is sent to each with its share of the citations. Only ``quote_tui._fork`` forks.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from quote_tui import _waits
from quote_tui._fork import fork_child
from quote_tui.batch.checked import CheckedCitation
from quote_tui.batch.outcomes import SourceOutcome
from quote_tui.batch.specs import CitationSpec, Settings

if TYPE_CHECKING:
    import subprocess

__all__ = ["check_split", "split_parts"]

_MIN_CHARS = 1_000_000
"""Shorter texts are checked in this process: their checks take a few milliseconds each."""

_MIN_PER_PART = 4
"""Fewest citations a part is worth forking for."""

_COPY_MARGIN = 30.0
"""Seconds a copy may take beyond its citations' budgets (starting, answering) before it is
taken for stuck: killed, and its citations checked here."""

_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
"""The folder holding the quote_tui package, so a spawned copy imports this very copy of it."""

CheckAll = Callable[[Sequence[CitationSpec]], Awaitable[list[CheckedCitation]]]
"""Checks citations in turn and returns their records (``runner.check_source``'s loop)."""


def _cores() -> int:
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def split_parts(citations: Sequence[CitationSpec], outcome: SourceOutcome | None) -> int:
    """How many processes should check these citations of this source (1: only this one).

    Args:
        citations: the source's citations.
        outcome: the source as read.

    Returns:
        One per core, on Linux, when the text is long, and each part gets at
        least a few quotations; else 1.
    """
    # Linux only: forking a process that runs threads is unsafe on macOS (its system libraries
    # may hold locks across the fork), which is why multiprocessing spawns there
    if not sys.platform.startswith("linux") or outcome is None or outcome.loaded is None:
        return 1
    if len(outcome.loaded.prepared.text) < _MIN_CHARS:
        return 1
    quoted = sum(1 for spec in citations if isinstance(spec.quote, str))
    return max(1, min(_cores(), quoted // _MIN_PER_PART))


async def check_split(
    citations: Sequence[CitationSpec],
    outcome: SourceOutcome,
    settings: Settings,
    parts: int,
    check_here: CheckAll,
) -> list[CheckedCitation]:
    """Check citations in ``parts`` processes (this one and forked copies); lines in order.

    Args:
        citations: in batch order.
        outcome: the source, read and indexed.
        settings: the run's settings, for each copy's ``Service``.
        parts: how many processes, this one included.
        check_here: checks citations in this process (the first share, and the share of any
            copy that failed).

    Returns:
        The checked citations, in batch order.
    """
    import signal  # as pickle, select: only a split run needs it

    shares = [list(range(i, len(citations), parts)) for i in range(parts)]
    # A copy forked from a process that runs threads could, in principle, start with a lock it
    # can never take; a deadline from the citations' own budgets keeps that from holding the run.
    budget = settings.citation_timeout

    def deadline(share: list[int]) -> float | None:
        return None if budget is None else budget * len(share) + _COPY_MARGIN

    forked: list[tuple[int, int]] = []
    spawned: list[subprocess.Popen[bytes]] = []
    waits = []
    for share in shares[1:]:
        mine = [citations[i] for i in share]
        if settings.fork_copies:
            pid, fd = _fork(mine, outcome, settings)
            forked.append((pid, fd))
            waits.append(_waits.begin(functools.partial(_collect, pid, fd, deadline(share))))
        else:
            proc, payload = _spawn(mine, outcome, settings)
            spawned.append(proc)
            waits.append(_waits.begin(functools.partial(_answer, proc, payload, deadline(share))))
    try:
        lines: dict[int, CheckedCitation] = {}
        here = await check_here([citations[i] for i in shares[0]])
        lines.update(zip(shares[0], here, strict=True))
        for share, wait in zip(shares[1:], waits, strict=True):
            got = await wait
            if got is None or len(got) != len(share):
                got = await check_here([citations[i] for i in share])
            lines.update(zip(share, got, strict=True))
    except BaseException:
        # a cancelled run stops its copies too; the waiting threads reap them
        for pid, _ in forked:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        for proc in spawned:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
        raise
    return [lines[i] for i in range(len(citations))]


def _fork(
    citations: Sequence[CitationSpec], outcome: SourceOutcome, settings: Settings
) -> tuple[int, int]:
    """Start a forked copy that checks ``citations`` and writes its lines to a pipe; (pid,
    read end)."""
    read_end, write_end = os.pipe()

    def copy() -> int:  # check, answer, and leave without running this process's exit
        os.close(read_end)
        _detach_signals()
        import pickle

        lines = _waits.run(lambda: _check_share(citations, outcome, settings))
        with os.fdopen(write_end, "wb") as pipe:
            pipe.write(pickle.dumps(lines, protocol=pickle.HIGHEST_PROTOCOL))
        return 0

    pid = fork_child(copy)
    os.close(write_end)
    return pid, read_end


def _spawn(
    citations: Sequence[CitationSpec], outcome: SourceOutcome, settings: Settings
) -> tuple[subprocess.Popen[bytes], bytes]:
    """Start a fresh interpreter that checks ``citations``; it and what to send it."""
    import pickle
    import subprocess  # only a server's split spawns

    payload = pickle.dumps((citations, outcome, settings), protocol=pickle.HIGHEST_PROTOCOL)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (_PACKAGE_ROOT, env.get("PYTHONPATH")) if p)
    # ``-m`` puts the working folder first on the path: a server started inside another copy
    # of quote_tui (a checkout beside the installed one) would check with that copy
    env["PYTHONSAFEPATH"] = "1"
    proc = subprocess.Popen(
        [sys.executable, "-m", "quote_tui.batch.split"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    return proc, payload


def _answer(
    proc: subprocess.Popen[bytes], payload: bytes, seconds: float | None
) -> list[CheckedCitation] | None:
    """A spawned copy's lines; None when it failed, answered nothing usable, or was still at
    work after ``seconds`` (then it is killed)."""
    import pickle
    import subprocess

    try:
        data, _ = proc.communicate(payload, timeout=seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return None
    if proc.returncode != 0 or not data:
        return None
    try:
        lines = pickle.loads(data)
    except Exception:  # a copy cut short mid-write: its citations are checked here instead
        return None
    return lines if isinstance(lines, list) else None


def _detach_signals() -> None:
    """In a copy: signals end it as they would any program, and none reaches the parent's event
    loop through the wake-up pipe it inherited."""
    import signal

    with contextlib.suppress(ValueError):  # not the main thread: nothing was set here either
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


async def _check_share(
    citations: Sequence[CitationSpec], outcome: SourceOutcome, settings: Settings
) -> list[CheckedCitation]:
    from quote_tui.batch.checked import checked_citation
    from quote_tui.batch.service import Service

    async with Service(settings) as service:
        return [
            checked_citation(await service.check_citation(spec, outcome), outcome)
            for spec in citations
        ]


def _collect(pid: int, read_end: int, seconds: float | None) -> list[CheckedCitation] | None:
    """A copy's lines, once it has exited; None when it died, answered nothing usable, or
    was still at work after ``seconds`` (then it is killed)."""
    import pickle  # only a split run needs it
    import select
    import signal

    deadline = None if seconds is None else time.monotonic() + seconds
    chunks: list[bytes] = []
    with os.fdopen(read_end, "rb", buffering=0) as pipe:
        while True:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            if not select.select([pipe], [], [], wait)[0]:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return None
            chunk = pipe.read(1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    data = b"".join(chunks)
    _, status = os.waitpid(pid, 0)
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0 or not data:
        return None
    try:
        lines = pickle.loads(data)
    except Exception:  # a copy cut short mid-write: its citations are checked here instead
        return None
    return lines if isinstance(lines, list) else None


def _main() -> int:
    """A spawned copy: the citations, the source and the settings come pickled on stdin from
    the process that spawned it (``_spawn``); the report lines go back pickled on stdout."""
    import pickle

    citations, outcome, settings = pickle.load(sys.stdin.buffer)
    lines = _waits.run(lambda: _check_share(citations, outcome, settings))
    sys.stdout.buffer.write(pickle.dumps(lines, protocol=pickle.HIGHEST_PROTOCOL))
    sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
