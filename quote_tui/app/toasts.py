"""Which toasts are shown: the newest, and a warning or error still standing behind it.

The app shows one toast at a time (stacked, they reached down onto the viewer's text). Hiding
all but the newest by CSS alone hid the very toasts that matter: a save's "another window
changed c1 too" warning (15 s) was covered at once by the "Checked c1" that follows every edit,
and once that expired the warning stayed hidden (Textual does not recompute ``:last-child``
when the sibling after it is removed). So the app marks what is shown itself.
"""

from __future__ import annotations

from textual.app import App, ScreenStackError
from textual.css.query import NoMatches
from textual.widgets._toast import Toast, ToastHolder, ToastRack

__all__ = ["arrange_toasts", "schedule_arrangement"]

_RANK = {"-information": 0, "-warning": 1, "-error": 2}
_SETTLE = 0.1
"""Seconds after a notice or an expiry: the rack mounts and removes toasts on a later turn."""


def _rank(holder: ToastHolder) -> int:
    return max(
        (r for cls, r in _RANK.items() for t in holder.query(Toast) if t.has_class(cls)), default=0
    )


def arrange_toasts(app: App[object]) -> None:
    """Show the newest toast, and the most severe one still standing when it outranks it."""
    try:
        rack = app.screen.get_child_by_type(ToastRack)
    except (NoMatches, ScreenStackError):  # no screen yet, or a screen without a rack
        return
    # a holder whose toast the rack took away (expired) is empty until it is removed
    holders = [h for h in rack.query_children(ToastHolder) if h.query(Toast)]
    if not holders:
        return
    newest = holders[-1]
    worst = max(reversed(holders), key=_rank)
    shown = {newest, worst} if _rank(worst) > _rank(newest) else {newest}
    for holder in holders:
        holder.set_class(holder in shown, "-shown")


def schedule_arrangement(app: App[object], timeout: float) -> None:
    """Arrange once the new toast is mounted and again once it has gone."""
    app.set_timer(_SETTLE, lambda: arrange_toasts(app))
    app.set_timer(timeout + _SETTLE, lambda: arrange_toasts(app))
