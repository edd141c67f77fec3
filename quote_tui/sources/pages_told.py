"""Who is told of the OCR pages a read goes through: set around a read, picked up by the loader.

The loader is reached through the batch's stages and the service; a listener handed down
through each of them would widen every signature between the front end and the reader. A
context variable reaches the loader through the awaits (and asyncio's tasks copy it), and the
listener it holds is called in the thread that set it: posted to its asyncio loop, or, in a run
without a loop, called where the read runs, since that run waits on nothing else meanwhile.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress

from quote_tui import _waits

__all__ = ["PageListener", "page_listener", "pages_told_to"]

PageListener = Callable[[int, int], None]
"""Told (page n, of m) as OCR reads page n of a scan of m pages."""

_LISTENER: contextvars.ContextVar[PageListener | None] = contextvars.ContextVar(
    "quote_tui_page_listener", default=None
)


@contextmanager
def pages_told_to(listener: PageListener | None) -> Iterator[None]:
    """Within: the OCR pages of the reads started here are told to ``listener``."""
    token = _LISTENER.set(_in_this_thread(listener) if listener is not None else None)
    try:
        yield
    finally:
        _LISTENER.reset(token)


def page_listener() -> PageListener | None:
    """The listener for the read about to start (None: nobody asked)."""
    return _LISTENER.get()


def _in_this_thread(listener: PageListener) -> PageListener:
    if _waits.on_the_spot():
        return listener
    import asyncio

    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return listener

    def post(n: int, m: int) -> None:
        # a loop closed meanwhile leaves nobody to tell, and the read goes on
        with suppress(RuntimeError):
            loop.call_soon_threadsafe(listener, n, m)

    return post
