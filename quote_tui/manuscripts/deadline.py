"""A scan's time limit: extraction stops taking quotations once it is spent, and says where.

A manuscript nobody writes (tens of thousands of quoted phrases without a citation, thousands of
nested brackets around quotations) can keep the phrase and context rules busy for minutes. The
scan then returns what it found before the limit, and the report says from which line on
quotations were not looked at, as ``--max-quotes`` says where it stopped.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from quote_tui.manuscripts.model import Location

__all__ = ["DEFAULT_SCAN_SECONDS", "Deadline"]

DEFAULT_SCAN_SECONDS = 60.0
"""The longest a manuscript's extraction runs: a book of 10,000 cited quotations takes about
ten seconds; past a minute the file is one nobody wrote by hand."""


class Deadline:
    """The moment extraction stops, and the place it stopped at once it has.

    ``passed(where)`` is asked before each quotation: once the time is spent it records the
    first place not looked at and answers True from then on.
    """

    __slots__ = ("_clock", "_end", "seconds", "stopped_at")

    def __init__(self, seconds: float, clock: Callable[[], float] | None = None) -> None:
        self.seconds = seconds
        self._clock = clock if clock is not None else _now
        self._end = self._clock() + seconds
        self.stopped_at: Location | None = None

    def passed(self, where: Callable[[], Location]) -> bool:
        """Whether the time is spent; ``where`` gives the place not looked at (asked once)."""
        if self.stopped_at is not None:
            return True
        if self._clock() <= self._end:
            return False
        self.stopped_at = where()
        return True


def _now() -> float:
    return time.monotonic()
