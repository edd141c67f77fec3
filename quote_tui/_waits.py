"""The pipeline's waits, settled in asyncio's event loop or, for local work, on the spot.

The pipeline is written once, as coroutines. Checking quotations in one local text file waits on
nothing but blocking work in daemon threads, one piece at a time, and starting asyncio (loading
it, then its loop) cost a fifth of a one-line ``quote-tui quote``. So ``run(on_the_spot=True)``
drives the same coroutines without an event loop, each wait here blocking until its work is
done. Whether a run may go so is decided before it starts, from what it will read
(``api.runs_without_loop``); a run is never started twice. A step that waits on the network, or
on several things at once, calls ``need_loop`` first: in a run planned without a loop that is a
planning mistake, and it stops the run at once rather than waiting wrongly. Nothing here stands
in for asyncio's semaphores or task groups: a run of one source has nothing to wait for
together (``batch.pipeline``), and a run of several uses asyncio's own.
"""

from __future__ import annotations

import contextvars
from collections.abc import Awaitable, Callable, Coroutine, Generator
from typing import Any, TypeVar

from quote_tui._threads import in_daemon_thread, start_in_daemon_thread

__all__ = [
    "LoopNeeded",
    "begin",
    "in_thread",
    "need_loop",
    "on_the_spot",
    "run",
]

_T = TypeVar("_T")

_ON_THE_SPOT: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "quote_tui_on_the_spot", default=False
)


class LoopNeeded(BaseException):
    """A step that waits in asyncio's loop was reached in a run planned without one.

    A BaseException, as cancellation is: the handlers that turn a failure into a report entry
    must let it pass, so the mistake is seen rather than reported as a source's error."""


def run(start: Callable[[], Coroutine[Any, Any, _T]], *, on_the_spot: bool = True) -> _T:
    """Run a coroutine to its end from synchronous code, once: without an event loop
    (``on_the_spot``), every wait settled where it stands, or in a new asyncio loop.

    Args:
        start: makes the coroutine.
        on_the_spot: go without a loop; only for a run that reaches no ``need_loop`` (one local
            source, no cluster: ``api.runs_without_loop``).

    Raises:
        LoopNeeded: a run on the spot reached a step that needs the loop.
    """
    if not on_the_spot:
        import asyncio

        return asyncio.run(start())
    token = _ON_THE_SPOT.set(True)
    try:
        return _finish(start())
    finally:
        _ON_THE_SPOT.reset(token)


def need_loop() -> None:
    """Say that the step about to run waits in asyncio's loop.

    Raises:
        LoopNeeded: in a run on the spot (see ``run``).
    """
    if _ON_THE_SPOT.get():
        raise LoopNeeded("this run waits on the network or on several sources at once")


def on_the_spot() -> bool:
    """Whether this run goes without an event loop (see ``run``)."""
    return _ON_THE_SPOT.get()


def _finish(coro: Coroutine[Any, Any, _T]) -> _T:
    try:
        coro.send(None)
    except StopIteration as done:
        found: _T = done.value
        return found
    coro.close()
    raise RuntimeError("a coroutine run without a loop waited on one")


async def in_thread(
    fn: Callable[[], _T],
    wait: float | None,
    abandon: Callable[[], None] | None = None,
    *,
    more: Callable[[], float] | None = None,
) -> _T:
    """Blocking work in a daemon thread (``_threads``), waited for at most ``wait`` seconds.

    Args:
        abandon: called when the wait ends without the result (past ``wait``, or cancelled),
            so the work can stop at its next checkpoint.
        more: asked when ``wait`` has passed: seconds more to wait (a budget the work itself
            grew: a scan's OCR), or 0 for none.

    Raises:
        TimeoutError: past ``wait`` and what ``more`` gave.
    """
    if _ON_THE_SPOT.get():
        result = start_in_daemon_thread(fn)
        try:
            while True:
                try:
                    return result(wait)
                except TimeoutError:
                    wait = more() if more is not None else 0.0
                    if wait <= 0:
                        raise
        except TimeoutError:
            if abandon is not None:
                abandon()
            raise
    import asyncio

    if more is None:
        try:
            return await asyncio.wait_for(in_daemon_thread(fn), wait)
        except (TimeoutError, asyncio.CancelledError):
            if abandon is not None:
                abandon()
            raise
    task = asyncio.ensure_future(in_daemon_thread(fn))
    try:
        while True:
            done, _ = await asyncio.wait({task}, timeout=wait)
            if done:
                return task.result()
            wait = more()
            if wait <= 0:
                raise TimeoutError
    except (TimeoutError, asyncio.CancelledError):
        task.cancel()
        if abandon is not None:
            abandon()
        raise


def begin(fn: Callable[[], _T]) -> Awaitable[_T]:
    """Start blocking work in a daemon thread now, to await its result later (no time limit:
    ``fn`` keeps its own)."""
    if _ON_THE_SPOT.get():
        return _Later(start_in_daemon_thread(fn))
    import asyncio

    return asyncio.ensure_future(in_daemon_thread(fn))


class _Later:
    """Work started in a daemon thread, its result waited for here once awaited."""

    def __init__(self, wait: Callable[[float | None], Any]) -> None:
        self._wait = wait

    def __await__(self) -> Generator[Any, None, Any]:
        return self._wait(None)
        yield  # a generator, as ``__await__`` must be, that never suspends
