"""The quote finder: type a quotation, see its verdict on the current source as you type.

Each keystroke starts an exclusive worker that first sleeps (the debounce), then checks the
quotation through the session as ``c`` would check it as a citation of the source (the
service's one outcome: a quotation that differs only at glyphs the text layer cannot read is
``inconclusive`` here as in every report, never "near"). A newer keystroke cancels the older
worker, and every answer carries the generation it was asked for, so a late answer to an old
query is dropped rather than shown.
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

from quote_tui.api import (
    CheckResult,
    CitationSpec,
    SourceOutcome,
    outcome_of_check,
)
from quote_tui.app.widgets.status import outcome_label, outcome_look, short_why

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
        self.source: SourceOutcome | None = None
        """The source searched, as read (set by the screen); checked with the session's
        settings, as ``c`` checks a citation."""
        self._generation = 0

    def compose(self) -> ComposeResult:
        yield Input(placeholder="Type a quotation to find in this source…", id="finder-input")
        yield Static("", id="finder-verdict")

    def open(self, source: SourceOutcome | None) -> None:
        """Show the finder over a source read and focus its field."""
        self.source = source
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
        source = self.source
        if not query.strip() or source is None or source.loaded is None:
            self.workers.cancel_group(self, "finder")
            self._show_verdict(Content("") if source else Content("no source to search"))
            self.post_message(self.ResultReady(query, None))
            return
        self._show_verdict(Content.from_markup("[$text-muted]…[/]"))
        self._search(query, source, self._generation)

    @work(exclusive=True, group="finder", exit_on_error=False)
    async def _search(self, query: str, source: SourceOutcome, generation: int) -> None:
        await asyncio.sleep(DEBOUNCE_SECONDS)
        # checked as a citation of the source would be, so the finder's verdict is the one
        # ``c`` and every report give; the session's budget applies, and a newer keystroke
        # cancels this worker (the engine then stops at its next checkpoint)
        spec = CitationSpec("finder", source.spec.id, query)
        checked = await self.app.session.check(spec, source)  # type: ignore[attr-defined]
        if get_current_worker().is_cancelled or generation != self._generation:
            return
        result = checked.result
        if checked.status == "error" and checked.error is not None:
            self._show_verdict(Content.styled(checked.error.message, "$text-error"))
            return
        outcome = outcome_of_check(
            checked.status,
            result,
            page_check=checked.page_check,
            outside_main_text=checked.outside_main_text,
            reason=checked.why,
            note=checked.note,
        )
        lk = outcome_look(outcome)
        why = short_why(outcome)
        count = ""
        # the reason says more than "1 match" where the finder's field leaves little room
        if result is not None and result.matches and not why:
            at_least = "at least " if result.match_count_lower_bound else ""
            plural = "es" if result.match_count != 1 else ""
            count = f"  {at_least}{result.match_count} match{plural}"
        # A changed number is what a reader must see before Enter, not only "near 98%".
        critical = (
            [d for d in result.matches[0].differences if d.critical]
            if result is not None and result.matches
            else []
        )
        changed = ", ".join(_change(d.quote, d.source) for d in critical[:3])
        self._show_verdict(
            Content.assemble(
                (outcome_label(outcome), f"bold {lk.colour}"),
                # what changed first: at 80 columns the count after it is what gets cut
                (f"  ‼ {changed}" if changed else "", "bold $text-error"),
                (f" · {why}" if why else "", "$text-warning"),
                (count, "$text-muted"),
            )
        )
        # a match outside the main text has offsets in the page's whole text: none to light
        shown = None if checked.outside_main_text else result
        self.post_message(self.ResultReady(query, shown))

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
