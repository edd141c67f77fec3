"""How many checks run at once, and how many may wait for their turn.

A request takes a ticket before its body is read (so a refused request costs almost nothing) and
a running slot before the service runs. Tickets are capped at running plus waiting; past the cap
the answer is 503 ``busy`` with a Retry-After estimated from how long recent checks took.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from quote_tui.server.errors import ApiCode, ApiError, ApiRecovery

_SMOOTHING = 0.2  # weight of the newest duration in the running average


class Admission:
    """Bounds the requests in flight.

    Args:
        max_running: checks that run at the same time.
        max_waiting: admitted requests that may wait for a running slot.
    """

    def __init__(self, max_running: int, max_waiting: int) -> None:
        self.max_running = max_running
        self.max_waiting = max_waiting
        self.admitted = 0
        self.running = 0
        self._slots = asyncio.Semaphore(max_running)
        self._mean_seconds = 0.5

    @property
    def waiting(self) -> int:
        return self.admitted - self.running

    def retry_after(self) -> int:
        """Whole seconds until the queue ahead has likely drained (at least 1)."""
        rounds = (self.waiting + 1) / self.max_running
        return max(1, math.ceil(self._mean_seconds * rounds))

    @asynccontextmanager
    async def ticket(self) -> AsyncIterator[None]:
        """Admit one request or refuse it with 503 ``busy``."""
        if self.admitted >= self.max_running + self.max_waiting:
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
                took = time.monotonic() - started
                self._mean_seconds += _SMOOTHING * (took - self._mean_seconds)
