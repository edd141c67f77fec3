"""How much OCR a read may do: a scan's budget grows with its pages, and counts the OCR work's
processor time, not the clock.

A read's budget (``--read-timeout``, 60 s by default) suits a document with a text layer, read
in a second or two whatever its length. OCR takes seconds a page, so one budget for every scan
cut long ones short: at the default, on a loaded two-core machine, OCR read 13 of a 28-page
scan's pages, and a quotation on page 26 could only be ``inconclusive``. So once a read knows
it must OCR pages, it may spend ``PER_PAGE`` seconds a page on them, up to ``CAP`` (or the
read's own time left, if that is more).

Those seconds are processor time of the OCR work (rendering a page and the ``tesseract``
program reading it), not time on the clock. A clock budget read a scan's pages on a quiet
machine and cut them on a loaded one: the workers run at a lower priority, and at a load of 8
to 16 on two cores Tesseract waited minutes for a core, so the same scan gave a quotation's page
one run and ``inconclusive`` the next (the 28-page and the 21-page image-only scans of p3 and
p9, the 1974 typewritten report's pages read again). Processor time is what the page costs
wherever it runs, so a read does the same OCR work, and gives the same text, on a quiet and a
loaded machine; a loaded one takes longer.

The clock still bounds a read whose OCR makes no progress: ``STALL`` seconds without a page
read end the OCR (a machine that gives it no core, or a hung program), the pages read kept.
The waits outside the reader (the reader pool's, which kills a child past it, and the loader's)
hear of each page read (``progress``) and wait ``STALL`` seconds past the last one, a little
more than the reader itself, so the reader stops first and hands over the pages it read.
"""

from __future__ import annotations

import resource
import time

__all__ = ["CAP", "PER_PAGE", "STALL", "Budget", "cpu_seconds", "scan_seconds"]

PER_PAGE = 10.0
"""Processor seconds a page is given: rendering it and Tesseract reading it take 2.4 to 3.3 s
(a page of the sets' scans on one core, quiet or loaded)."""
CAP = 600.0
"""Most processor seconds a read's OCR is given (a 60-page scan at ``PER_PAGE``): a longer scan
is read to where the budget runs out, its unread pages named in the source's note."""
STALL = 300.0
"""Seconds on the clock without a page read after which OCR stops: as long as Tesseract itself
may take a page (``pdf_ocr_tesseract.PAGE_TIMEOUT``), so only a machine that gives the OCR no
core for minutes, or a hung program, meets it."""


def scan_seconds(pages: int) -> float:
    """Processor seconds OCR of ``pages`` pages is given."""
    return min(CAP, PER_PAGE * max(0, pages))


def cpu_seconds() -> float:
    """Processor seconds this process and the children it waited for (Tesseract) have used."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


class Budget:
    """The OCR work a read may still do on ``pages`` pages; ``deadline`` is the read's own
    (a ``time.monotonic()`` value; None: no budget at all, every page is read).

    Told each page's processor seconds as it is read (``spend``, from any one thread at a
    time), it is ``over`` once they add up to the budget, or when no page was read for
    ``STALL`` seconds."""

    def __init__(self, pages: int, deadline: float | None) -> None:
        now = time.monotonic()
        self.limit = None if deadline is None else max(scan_seconds(pages), deadline - now)
        self.spent = 0.0
        self.last = now

    def spend(self, seconds: float) -> None:
        """A page was read, at ``seconds`` of processor time."""
        self.spent += max(0.0, seconds)
        self.last = time.monotonic()

    def over(self) -> bool:
        """Whether OCR should stop: its processor time spent, or no page read for long."""
        if self.limit is None:
            return False
        return self.spent >= self.limit or time.monotonic() - self.last >= STALL
