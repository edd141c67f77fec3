"""Add or edit a citation: its id, source, quotation and locator."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, TextArea

from quote_tui.api import BatchInputError, CitationSpec, parse_batch

__all__ = ["EditCitationScreen"]


class EditCitationScreen(ModalScreen[CitationSpec | None]):
    """A form for one citation; Ctrl+S saves, Escape cancels.

    Args:
        citation: the citation to edit (its id is kept), or a new one with a suggested id.
        source_ids: the workspace's sources, for the source picker.
        taken_ids: ids other citations use (a new id must differ).
    """

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="cancel_dialog"),
        Binding("ctrl+s", "save", "Save", priority=True, id="save_citation"),
    ]

    def __init__(
        self, citation: CitationSpec, source_ids: list[str], *, taken_ids: set[str], new: bool
    ) -> None:
        super().__init__(classes="dialog")
        self._citation = citation
        self._source_ids = source_ids
        self._taken = taken_ids
        self._new = new

    def compose(self) -> ComposeResult:
        c = self._citation
        with Vertical(classes="dialog-box", id="edit-box") as box:
            box.border_title = Content("New citation" if self._new else f"Edit citation {c.id}")
            box.border_subtitle = "ctrl+s saves · escape cancels"
            with Horizontal(classes="field"):
                yield Label("Id", classes="field-label")
                yield Input(c.id, id="edit-id", disabled=not self._new)
            with Horizontal(classes="field"):
                yield Label("Source", classes="field-label")
                yield Select(
                    [(Content(s), s) for s in self._source_ids],
                    value=c.source if c.source in self._source_ids else Select.NULL,
                    prompt="(no source)",
                    id="edit-source",
                )
            yield Label("Quotation", classes="field-label")
            yield TextArea(c.quote or "", soft_wrap=True, id="edit-quote")
            with Horizontal(classes="field"):
                yield Label("Cited page", classes="field-label")
                value = (c.locator or {}).get("value", "") if c.locator else ""
                yield Input(str(value), placeholder="e.g. p. 12 or pp. 3-4", id="edit-locator")
            yield Label("", id="edit-error", classes="error-text")
            with Horizontal(classes="buttons"):
                yield Button("Save", variant="primary", id="save")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#edit-quote" if not self._new else "#edit-id").focus()
        if self._new:
            self.query_one("#edit-quote", TextArea).focus()

    @on(Button.Pressed, "#save")
    def action_save(self) -> None:
        """Validate and return the citation."""
        cid = self.query_one("#edit-id", Input).value.strip()
        source = self.query_one("#edit-source", Select).value
        quote = self.query_one("#edit-quote", TextArea).text.strip()
        locator = self.query_one("#edit-locator", Input).value.strip()
        error = self.query_one("#edit-error", Label)
        if not cid:
            error.update("The id cannot be empty.")
            return
        if self._new and cid in self._taken:
            error.update(Content(f"Another citation already uses the id {cid!r}."))
            return
        if not quote:
            error.update("Type the quotation to check.")
            return
        item: dict = {"id": cid, "source": source if isinstance(source, str) else None}
        item["quote"] = quote
        if locator:
            item["locator"] = locator
        try:
            parsed = parse_batch({"sources": [], "citations": [item]}).citations[0]
        except BatchInputError as exc:
            error.update(Content(exc.message))
            return
        extra = self._citation.extra
        self.dismiss(
            CitationSpec(parsed.id, parsed.source, parsed.quote, parsed.locator, extra=extra)
        )

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Close without saving."""
        self.dismiss(None)
