"""Which toasts are shown: the newest, and a warning or error still standing behind it.

The app shows one toast at a time (stacked, they reached down onto the viewer's text). Hiding
all but the newest by CSS alone hid the very toasts that matter: a save's "another window
changed c1 too" warning (15 s) was covered at once by the "Checked c1" that follows every edit,
and once that expired the warning stayed hidden (Textual does not recompute ``:last-child``
when the sibling after it is removed). So the app marks what is shown itself.

Textual exports no toast class (``Toast`` "isn't designed to be used directly"): its documented
surface is the CSS types ``ToastRack`` and ``Toast`` and the severity classes. So the widgets are
found by those type names, never imported from the private ``textual.widgets._toast``; the one
thing assumed beyond the documented names, that the rack holds each toast in a ``ToastHolder``,
is checked by ``tests/app/test_toast_structure.py`` against the pinned Textual, which fails
saying so when an upgrade changes it.
"""

from __future__ import annotations

from textual.app import App, ScreenStackError
from textual.css.query import NoMatches
from textual.widget import Widget

__all__ = ["HOLDER", "RACK", "TOAST", "arrange_toasts", "schedule_arrangement"]

RACK, HOLDER, TOAST = "ToastRack", "ToastHolder", "Toast"
"""The CSS type names of Textual's toast widgets: the rack, each toast's holder, the toast."""

_RANK = {"-information": 0, "-warning": 1, "-error": 2}
_SETTLE = 0.1
"""Seconds after a notice or an expiry: the rack mounts and removes toasts on a later turn."""


def _rank(holder: Widget) -> int:
    return max(
        (r for cls, r in _RANK.items() for t in holder.query(TOAST) if t.has_class(cls)), default=0
    )


def arrange_toasts(app: App[object]) -> None:
    """Show the newest toast, and the most severe one still standing when it outranks it."""
    try:
        rack = app.screen.query_children(RACK).first()
    except (NoMatches, ScreenStackError):  # no screen yet, or a screen without a rack
        return
    # a holder whose toast the rack took away (expired) is empty until it is removed
    holders = [h for h in rack.query_children(HOLDER) if h.query(TOAST)]
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
