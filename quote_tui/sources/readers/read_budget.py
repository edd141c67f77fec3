"""A reader child's budget counts its processor time, not the clock.

A document with a text layer is read in a second or two of processor time, and a read's budget
(``--read-timeout``, 60 s by default) was kept on the clock: at a load of 20 or more on two
cores a reader child waits for a core most of the time, and a read that had used a few
seconds of its 60 was ended as too long (``timeout``), where a quiet run read the document. A
scan's OCR already counts processor time (``ocr_budget``); so does the read around it now.

When the clock budget has passed, the parent asks the child how much processor time it has
used (Linux's ``/proc``): a child under its budget that was given time since it was last asked
is waited for on, until it has used the budget or stops being given time; one that used none
(hung, or waiting on what never comes) is ended as before, and so is every child where the
system does not say (the clock alone, as before).
"""

from __future__ import annotations

import os

__all__ = ["ChildTime"]

_STEP = 5.0
"""Seconds on the clock between looks at a child past its clock budget: long enough for a
starved child to be given some time (a share of a core at a load of 30 is a tenth of a
second in five), short enough to end a hung one soon."""
_MOVING = 0.01
"""Processor seconds a child must have used since the last look to count as being read."""
_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def child_seconds(pid: int) -> float | None:
    """The processor seconds (user and system) process ``pid`` has used; None where the
    system does not say (no ``/proc``, or the process is gone)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return None
    try:
        # after the name: state is field 3, utime and stime fields 14 and 15
        return (int(fields[11]) + int(fields[12])) / _TICKS
    except (IndexError, ValueError):
        return None


class ChildTime:
    """The processor-time budget of one reader child (``pid``), of ``budget`` seconds."""

    def __init__(self, pid: int, budget: float) -> None:
        self._pid = pid
        self._budget = budget
        self._last = child_seconds(pid) or 0.0  # what it used before its read began

    def more(self) -> float:
        """Seconds on the clock to wait on for the child, asked once its clock budget (or the
        last wait this gave) has passed; 0 to end it now."""
        used = child_seconds(self._pid)
        if used is None or used >= self._budget or used - self._last < _MOVING:
            return 0.0
        self._last = used
        return max(_STEP, self._budget - used)
