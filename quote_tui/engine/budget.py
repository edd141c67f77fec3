"""A cooperative time budget for one check, without a clock in the engine.

The engine stays pure: it never reads the time. The caller arms a budget with a predicate that
says whether time is up (the service builds it from its own clock); the engine's long loops call
``checkpoint()``, which raises ``BudgetExceeded`` once the predicate says so. With nothing armed,
``checkpoint()`` costs one context-variable lookup.

The predicate lives in a ``ContextVar``, so a budget armed in one thread or task never leaks into
another, and ``asyncio.to_thread`` (which copies the context) carries it into its worker.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from quote_tui.engine.errors import ErrorCode, QuoteTuiError, Recovery

__all__ = ["BudgetExceeded", "armed", "checkpoint"]

_EXPIRED: ContextVar[Callable[[], bool] | None] = ContextVar("quote_tui_budget", default=None)


class BudgetExceeded(QuoteTuiError):
    """A check ran past its time budget; the citation is ``inconclusive`` (``time_budget``)."""

    def __init__(self, message: str = "The check ran past its time budget.") -> None:
        super().__init__(message, code=ErrorCode.TIME_BUDGET, recovery=Recovery.RAISE_TIME_BUDGET)


@contextmanager
def armed(expired: Callable[[], bool] | None) -> Iterator[None]:
    """Run the body under a budget: ``checkpoint()`` raises once ``expired()`` is true.

    ``None`` runs the body without a budget (and shields it from one armed further out).
    """
    token = _EXPIRED.set(expired)
    try:
        yield
    finally:
        _EXPIRED.reset(token)


def checkpoint() -> None:
    """Raise ``BudgetExceeded`` if the armed budget has run out; otherwise return at once."""
    expired = _EXPIRED.get()
    if expired is not None and expired():
        raise BudgetExceeded()
