"""How long a scan's OCR may take: the read's budget grows with the scan's pages.

A read's budget (``--read-timeout``, 60 s by default) suits a document with a text layer, read
in a second or two whatever its length. OCR takes seconds a page, so one budget for every scan
cut long ones short: at the default, on a loaded two-core machine, OCR read 13 of a 28-page
scan's pages, and a quotation on page 26 could only be ``inconclusive``. So once a read knows
it must OCR a scan, its deadline moves to ``PER_PAGE`` seconds a page from then, if that is
later, up to ``CAP`` seconds: a budget set larger than that is kept as it is.

Three waits hold a read to its budget, and each moves the same way: the reader's own deadline
(``pdf._extract``), the reader pool's, which kills a child past it (``isolated``), and the
loader's (``load``). The two outer ones learn the scan's pages from the first page OCR tells
(``progress``), and give it ``scan_seconds`` from then: a little later than the reader's own,
so the reader stops first and hands over the pages it read.
"""

from __future__ import annotations

import time

__all__ = ["CAP", "PER_PAGE", "grown", "scan_seconds"]

PER_PAGE = 10.0
"""Seconds a scan's page is given: Tesseract reads a page in 2.4 to 3.3 s on one idle core, and
took 14 s a page on a two-core machine whose load average stood at 9."""
CAP = 600.0
"""Longest a scan's budget grows to (a 60-page scan at ``PER_PAGE``): a longer scan is read to
where the budget runs out, its unread pages named in the source's note."""


def scan_seconds(pages: int) -> float:
    """Seconds a scan of ``pages`` pages is given to be read by OCR."""
    return min(CAP, PER_PAGE * max(0, pages))


def grown(deadline: float | None, pages: int) -> float | None:
    """A read's deadline (a ``time.monotonic()`` value; None for none) moved later, as a scan of
    ``pages`` pages about to be read by OCR needs."""
    if deadline is None:
        return None
    return max(deadline, time.monotonic() + scan_seconds(pages))
