"""The quote finder: type a quotation, see the engine's verdict on the current source as you type.

Each keystroke starts an exclusive worker that first sleeps (the debounce), then runs the pure
engine in a thread. A newer keystroke cancels the older worker, and every answer carries the
generation it was asked for, so a late answer to an old query is dropped rather than shown.
"""

from __future__ import annotations

import asyncio

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.widgets import Input, Static
from textual.worker import get_current_worker

from quote_tui.api import CheckResult, MatchOptions, PreparedText, QuoteTuiError
from quote_tui.app.widgets.status import look, status_label

__all__ = ["DEBOUNCE_SECONDS", "Finder"]

DEBOUNCE_SECONDS = 0.15


class Finder(Horizontal):
    """A search field over the current source with a live verdict."""

    BINDINGS = [Binding("escape", "close", "Close finder", id="close_finder")]

    class ResultReady(Message):
        """The engine answered for the query as it now stands (None clears the highlights)."""

        def __init__(self, query: str, result: CheckResult | None) -> None:
            super().__init__()
            self.query = query
            self.result = result

    class Submitted(Message):
        """Enter: make the query a new citation of the current source."""

        def __init__(self, query: str) -> None:
            super().__init__()
            self.query = query

    class Closed(Message):
        """Escape: the finder was hidden."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.prepared: PreparedText | None = None
        """The text searched (set by the screen)."""
        self.options: MatchOptions = MatchOptions()
        """Matching options, the same the service uses."""
        self._generation = 0

    def compose(self) -> ComposeResult:
        yield Input(placeholder="Type a quotation to find in this source…", id="finder-input")
        yield Static("", id="finder-verdict")

    def open(self, prepared: PreparedText | None, options: MatchOptions) -> None:
        """Show the finder over ``prepared`` and focus its field."""
        self.prepared = prepared
        self.options = options
        self.display = True
        field = self.query_one(Input)
        field.focus()
        if field.value:
            self._start(field.value)

    def action_close(self) -> None:
        """Hide the finder and drop its highlights."""
        self._generation += 1
        self.workers.cancel_group(self, "finder")
        self.display = False
        self.post_message(self.ResultReady("", None))
        self.post_message(self.Closed())

    @on(Input.Changed, "#finder-input")
    def _changed(self, event: Input.Changed) -> None:
        event.stop()
        self._start(event.value)

    @on(Input.Submitted, "#finder-input")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip():
            self.post_message(self.Submitted(event.value.strip()))

    def _start(self, query: str) -> None:
        self._generation += 1
        if not query.strip() or self.prepared is None:
            self.workers.cancel_group(self, "finder")
            self._show_verdict(Content("") if self.prepared else Content("no source to search"))
            self.post_message(self.ResultReady(query, None))
            return
        self._show_verdict(Content.from_markup("[$text-muted]…[/]"))
        self._search(query, self.prepared, self.options, self._generation)

    @work(exclusive=True, group="finder", exit_on_error=False)
    async def _search(
        self, query: str, prepared: PreparedText, options: MatchOptions, generation: int
    ) -> None:
        await asyncio.sleep(DEBOUNCE_SECONDS)
        try:
            # the session's budget applies; a newer keystroke cancels this worker, and the
            # engine then stops at its next checkpoint
            result = await self.app.session.find(prepared, query, options=options)  # type: ignore[attr-defined]
        except QuoteTuiError as exc:
            if not get_current_worker().is_cancelled and generation == self._generation:
                self._show_verdict(Content.styled(exc.message, "$text-error"))
            return
        if get_current_worker().is_cancelled or generation != self._generation:
            return
        lk = look(str(result.status))
        at_least = "at least " if result.match_count_lower_bound else ""
        plural = "es" if result.match_count != 1 else ""
        where = f"  {at_least}{result.match_count} match{plural}"
        # A changed number is what a reader must see before Enter, not only "near 98%".
        critical = (
            [d for d in result.matches[0].differences if d.critical] if result.matches else []
        )
        changed = ", ".join(_change(d.quote, d.source) for d in critical[:3])
        self._show_verdict(
            Content.assemble(
                (status_label(str(result.status), result.best_similarity), f"bold {lk.colour}"),
                (where if result.matches else "", "$text-muted"),
                (f"  ‼ {changed}" if changed else "", "bold $text-error"),
            )
        )
        self.post_message(self.ResultReady(query, result))

    def _show_verdict(self, content: Content) -> None:
        self.query_one("#finder-verdict", Static).update(content)

    @property
    def generation(self) -> int:
        """How many queries were asked (tests wait on it)."""
        return self._generation


def _change(quote: str, source: str) -> str:
    """One critical difference in a few words (∅ is the list's mark for "no reference")."""
    if not quote:
        return f"“{source}” missing"
    if not source:
        return f"“{quote}” added"
    return f"{quote} → {source}"
