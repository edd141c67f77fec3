"""Daemon threads for blocking work, shared by reading sources and checking citations.

A source read and a citation check both run blocking code that may never return (native code
past its budget); both wait for it from the event loop here, so neither the loop's shutdown nor
the interpreter's exit waits on work nobody needs any more.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import queue
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    import asyncio

__all__ = ["in_daemon_thread", "margin", "start_in_daemon_thread"]

_T = TypeVar("_T")


def margin(budget: float) -> float:
    """How long past a budget a caller still waits for a cooperative stop."""
    return min(5.0, 0.5 + budget / 4)


class _DaemonThreads:
    """Daemon threads that run blocking work, reused from call to call.

    Daemon, unlike ``asyncio.to_thread``'s executor: a thread that never returns (a check past
    its budget in native code) holds neither the event loop's shutdown nor the interpreter's
    exit. Reused, unlike a thread per call: starting a thread waits until it runs, and with
    checks holding the GIL the event loop spent a fifth of a batch's time waiting there. A
    thread kept by abandoned work is simply not idle, so the next call starts another.
    """

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._idle = 0
        self._lock = threading.Lock()
        # a forked child inherits the counts but none of the threads
        os.register_at_fork(after_in_child=self._forget)

    def submit(self, job: Callable[[], None]) -> None:
        with self._lock:
            start = self._idle == 0
            if not start:
                self._idle -= 1
        if start:
            threading.Thread(target=self._serve, daemon=True, name="quote_tui-work").start()
        self._jobs.put(job)

    def _serve(self) -> None:
        while True:
            self._jobs.get()()
            with self._lock:
                self._idle += 1

    def _forget(self) -> None:
        self._jobs = queue.SimpleQueue()
        self._idle = 0
        self._lock = threading.Lock()


_THREADS = _DaemonThreads()


async def in_daemon_thread(fn: Callable[..., _T], *args: Any, **kwargs: Any) -> _T:
    """Run blocking work in a daemon thread (see ``_DaemonThreads``), with the caller's context.

    A caller that stops waiting can still finish its own work: the thread is never joined.
    """
    import asyncio  # loaded only by a run that has a loop (see ``_waits``)

    loop = asyncio.get_running_loop()
    future: asyncio.Future[_T] = loop.create_future()
    context = contextvars.copy_context()

    def settle(result: Any, error: BaseException | None) -> None:
        if future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)

    def target() -> None:
        try:
            result, error = context.run(fn, *args, **kwargs), None
        except BaseException as exc:  # handed to the waiting coroutine, which decides
            result, error = None, exc
        # a closed loop raises RuntimeError: nobody waits for this result any more
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(settle, result, error)

    _THREADS.submit(target)
    return await future


def start_in_daemon_thread(fn: Callable[[], _T]) -> Callable[[float | None], _T]:
    """Start blocking work in a daemon thread (``in_daemon_thread`` for a caller without an
    event loop), with the caller's context.

    Returns:
        A wait for the result: it blocks at most the seconds it is given (None: no limit) and
        raises ``TimeoutError`` past them, leaving the thread to finish on its own.
    """
    done = threading.Event()
    outcome: list[tuple[Any, BaseException | None]] = []
    context = contextvars.copy_context()

    def target() -> None:
        try:
            outcome.append((context.run(fn), None))
        except BaseException as exc:  # handed to the waiting caller, which decides
            outcome.append((None, exc))
        done.set()

    def wait(seconds: float | None) -> _T:
        if not done.wait(seconds):
            raise TimeoutError
        result, error = outcome[0]
        if error is not None:
            raise error
        found: _T = result
        return found

    _THREADS.submit(target)
    return wait
