"""The one place that forks this process (``os.fork``).

A fork copies one thread, the caller's, with every lock as it stood: a lock another thread held
stays taken for good in the copy. So a copy is forked only where that is known to be safe or
is bounded: the reader pool's own server, which runs no other thread, forks a child per read
(``sources.readers.isolated``); a command-line run forks copies of itself to split a large
source across cores, each under a deadline from the citations' budgets (``batch.split``). A
server (``serve``, ``mcp``), which runs threads, never forks itself: its settings say so
(``Settings.fork_copies``) and a large source is split across spawned workers instead.
"""

from __future__ import annotations

import os
from collections.abc import Callable

__all__ = ["fork_child"]


def fork_child(child: Callable[[], int]) -> int:
    """Fork; the copy runs ``child`` and leaves with its exit code, running none of this
    process's exit handlers (``os._exit``), and 1 when ``child`` raises.

    Returns:
        The copy's process id (in this process; the copy never returns).
    """
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            code = child()
        finally:
            os._exit(code)
    return pid
