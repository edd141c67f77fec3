"""The pipeline's waits, settled in asyncio's event loop or, for local work, on the spot.

The pipeline is written once, as coroutines. Checking quotations in one local text file waits on
nothing but blocking work in daemon threads, one piece at a time, and starting asyncio (loading
it, then its loop) cost a fifth of a one-line ``quote-tui quote``. So ``run(on_the_spot=True)``
drives the same coroutines without an event loop, each wait here blocking until its work is
done. Whether a run may go so is decided before it starts, from what it will read
(``api.runs_without_loop``); a run is never started twice. A step that waits on the network, or
on several things at once, calls ``need_loop`` first: in a run planned without a loop that is a
planning mistake, and it stops the run at once rather than waiting wrongly.
"""

from __future__ import annotations

import contextvars
from collections.abc import Awaitable, Callable, Coroutine, Generator
from typing import TYPE_CHECKING, Any, TypeVar

from quote_tui._threads import in_daemon_thread, start_in_daemon_thread

if TYPE_CHECKING:
    import asyncio

__all__ = [
    "LoopNeeded",
    "Open",
    "begin",
    "in_thread",
    "need_loop",
    "run",
    "semaphore",
    "task_group",
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


def _finish(coro: Coroutine[Any, Any, _T]) -> _T:
    try:
        coro.send(None)
    except StopIteration as done:
        found: _T = done.value
        return found
    coro.close()
    raise RuntimeError("a coroutine run without a loop waited on one")


async def in_thread(
    fn: Callable[[], _T], wait: float | None, abandon: Callable[[], None] | None = None
) -> _T:
    """Blocking work in a daemon thread (``_threads``), waited for at most ``wait`` seconds.

    Args:
        abandon: called when the wait ends without the result (past ``wait``, or cancelled),
            so the work can stop at its next checkpoint.

    Raises:
        TimeoutError: past ``wait``.
    """
    if _ON_THE_SPOT.get():
        try:
            return start_in_daemon_thread(fn)(wait)
        except TimeoutError:
            if abandon is not None:
                abandon()
            raise
    import asyncio

    try:
        return await asyncio.wait_for(in_daemon_thread(fn), wait)
    except (TimeoutError, asyncio.CancelledError):
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


class Open:
    """A semaphore that never makes anyone wait: on the spot, one thing runs at a time."""

    async def acquire(self) -> bool:
        return True

    def release(self) -> None:
        pass

    async def __aenter__(self) -> None:
        return None

    async def __aexit__(self, *exc_info: object) -> None:
        return None


def semaphore(value: int) -> asyncio.Semaphore | Open:
    """``asyncio.Semaphore(value)``; on the spot, one that lets everyone through."""
    if _ON_THE_SPOT.get():
        return Open()
    import asyncio

    return asyncio.Semaphore(value)


class _InTurn:
    """A task group whose tasks run to their end as they are made (``run`` without a loop).

    As ``asyncio.TaskGroup``: a task's error ends the group, which raises the errors together
    once its block ends, and the tasks made after it do not run."""

    def __init__(self) -> None:
        self._errors: list[Exception] = []

    async def __aenter__(self) -> _InTurn:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        if self._errors:
            raise BaseExceptionGroup("unhandled errors in a TaskGroup", self._errors)

    def create_task(self, coro: Coroutine[Any, Any, Any]) -> None:
        if self._errors:
            coro.close()
            return
        try:
            _finish(coro)
        except Exception as exc:
            self._errors.append(exc)


def task_group() -> asyncio.TaskGroup | _InTurn:
    """``asyncio.TaskGroup()``; on the spot, one that runs each task as it is made."""
    if _ON_THE_SPOT.get():
        return _InTurn()
    import asyncio

    return asyncio.TaskGroup()
