"""How many checks run at once, and how many may wait for their turn.

A request takes a ticket once its body is in and valid (a slow body holds no ticket) and a
running slot before the service runs. Tickets are capped at running plus waiting; past the cap,
or when the queue ahead would not drain before the request's deadline, the answer is 503
``busy`` with a Retry-After computed from the measured drain rate: how many requests left the
queue per second lately (finished, past their deadline, or gone), so the hint grows with the
real wait rather than with a guess, and never past the deadline, when the queue of now is gone.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from quote_tui.server.errors import ApiCode, ApiError, ApiRecovery

_SMOOTHING = 0.2  # weight of the newest duration in the running average
_WINDOW = 64  # finished checks kept to measure the drain rate over
_RATE_SECONDS = 5.0
"""The drain rate counts the checks finished in the last few seconds: a cold first check (a
source read, a reader warmed) once kept the hint at 63 s for a queue that drained in 6."""


class Admission:
    """Bounds the requests in flight.

    Args:
        max_running: checks that run at the same time.
        max_waiting: admitted requests that may wait for a running slot.
    """

    def __init__(
        self, max_running: int, max_waiting: int, *, deadline: float | None = None
    ) -> None:
        self.max_running = max_running
        self.max_waiting = max_waiting
        self.deadline = deadline
        self.admitted = 0
        self.running = 0
        self._slots = asyncio.Semaphore(max_running)
        self._mean_seconds = 0.5
        self._finished: deque[float] = deque(maxlen=_WINDOW)

    @property
    def waiting(self) -> int:
        return self.admitted - self.running

    def drain_rate(self) -> float:
        """Requests leaving the queue per second (finished, past their deadline or gone),
        measured over the last few seconds while the queue was busy, else what the running
        slots would finish at the mean duration of a check. What was measured wins over the
        mean: a slow first check must not hold the hint up once the queue drains fast."""
        assumed = self.max_running / max(self._mean_seconds, 1e-3)
        now = time.monotonic()
        recent = [t for t in self._finished if now - t <= _RATE_SECONDS]
        if len(recent) < 2:
            return assumed
        # the window ends now: a stall since the last finish counts against the rate
        span = now - recent[0]
        if span <= 0:
            return assumed
        return (len(recent) - 1) / span

    def expected_wait(self) -> float:
        """Seconds until a request admitted now likely gets its running slot and finishes."""
        return (self.waiting + 1) / self.drain_rate()

    def retry_after(self) -> int:
        """Whole seconds until the queue ahead has likely drained (at least 1), and never past
        the deadline: by then every request queued now has finished or been given up."""
        wait = self.expected_wait()
        if self.deadline is not None:
            wait = min(wait, self.deadline)
        return max(1, math.ceil(wait))

    @asynccontextmanager
    async def ticket(self) -> AsyncIterator[None]:
        """Admit one request or refuse it with 503 ``busy``: past the cap, or when the queue
        would not drain before the deadline (then waiting would only end in a 504)."""
        full = self.admitted >= self.max_running + self.max_waiting
        hopeless = (
            self.deadline is not None and self.waiting > 0 and self.expected_wait() > self.deadline
        )
        if full or hopeless:
            seconds = self.retry_after()
            raise ApiError(
                "the server is busy with other checks",
                status=503,
                code=ApiCode.BUSY,
                recovery=ApiRecovery.RETRY_LATER,
                headers={"Retry-After": str(seconds)},
                details={"retry_after": seconds},
            )
        self.admitted += 1
        try:
            yield
        finally:
            self.admitted -= 1
            # the queue drains by every request that leaves it, past its deadline or gone
            # (a client that hung up) as well as finished: each counts toward the drain rate
            now = time.monotonic()
            if self.admitted == 0:
                # the queue ran dry: what drained before says nothing of the next burst
                self._finished.clear()
            self._finished.append(now)

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        """Wait for a running slot (call inside ``ticket``)."""
        async with self._slots:
            self.running += 1
            started = time.monotonic()
            try:
                yield
            finally:
                self.running -= 1
                now = time.monotonic()
                self._mean_seconds += _SMOOTHING * (now - started - self._mean_seconds)
