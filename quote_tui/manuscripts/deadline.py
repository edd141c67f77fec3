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

__all__ = ["DEFAULT_SCAN_SECONDS", "SECONDS_PER_100K_CHARS", "Deadline", "scan_seconds"]

DEFAULT_SCAN_SECONDS = 60.0
"""The time extraction may take on any manuscript, before its length adds to it."""
SECONDS_PER_100K_CHARS = 15.0
"""What each 100,000 characters of text add. Timed at a load of 14 over every labelled
manuscript and the 196 Word documents of docx-extra (324 documents), extraction took at most
1.1 s per 100,000 characters (1.07 s for the slowest, a 95,000-character Word essay of 161
quoted spans); a limit that grows more than ten times as fast never cuts a real manuscript
short on a slower machine, and a book of 2 MB still has eight minutes."""


def scan_seconds(chars: int) -> float:
    """The default time limit of extraction for a manuscript of ``chars`` characters."""
    return DEFAULT_SCAN_SECONDS + SECONDS_PER_100K_CHARS * chars / 100_000


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
