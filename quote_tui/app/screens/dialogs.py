"""Small modal dialogs: a one-line prompt, an error with its recovery hint, a passage to select."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static, TextArea

from quote_tui.app.widgets.detail import recovery_hint

__all__ = ["ChoiceDialog", "ErrorDialog", "PassageDialog", "PromptDialog"]


class PromptDialog(ModalScreen[str | None]):
    """Ask for one line of text; returns it, or None on Escape."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel_dialog")]

    def __init__(
        self, title: str, *, value: str = "", placeholder: str = "", hint: str = ""
    ) -> None:
        super().__init__(classes="dialog")
        self._title = title
        self._value = value
        self._placeholder = placeholder
        self._hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = Content(self._title)
            yield Input(self._value, placeholder=self._placeholder, id="prompt-input")
            if self._hint:
                yield Label(Content(self._hint), classes="hint")
            with Horizontal(classes="buttons"):
                yield Button("OK", variant="primary", id="ok")
                yield Button("Cancel", id="cancel")

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _ok(self) -> None:
        self.dismiss(self.query_one("#prompt-input", Input).value.strip())

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Close without an answer."""
        self.dismiss(None)


class ChoiceDialog(ModalScreen[bool]):
    """A question with two answers; returns True for ``yes``, False for ``no`` (and Escape)."""

    BINDINGS = [Binding("escape", "no", "Keep", id="cancel_dialog")]

    def __init__(self, title: str, message: str, *, yes: str, no: str) -> None:
        super().__init__(classes="dialog")
        self._title = title
        self._message = message
        self._yes = yes
        self._no = no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = Content(self._title)
            yield Static(Content(self._message))
            with Horizontal(classes="buttons"):
                yield Button(self._no, variant="primary", id="no")
                yield Button(self._yes, id="yes")

    @on(Button.Pressed, "#yes")
    def _yes_pressed(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#no")
    def action_no(self) -> None:
        """The safe answer."""
        self.dismiss(False)


class ErrorDialog(ModalScreen[None]):
    """An unexpected failure: what happened, its code, and what to do."""

    BINDINGS = [Binding("escape,enter", "close", "Close", id="close_dialog")]

    def __init__(self, title: str, message: str, *, code: str = "", recovery: str | None = None):
        super().__init__(classes="dialog")
        self._title = title
        self._message = message
        self._code = code
        self._recovery = recovery

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box -error") as box:
            box.border_title = Content(self._title)
            yield Static(Content.styled(self._message, "$text-error"))
            if self._code:
                yield Label(f"code: {self._code}", classes="hint")
            hint = recovery_hint(self._recovery)
            if hint:
                yield Label(hint)
            with Horizontal(classes="buttons"):
                yield Button("Close", variant="primary", id="close")

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        """Close the dialog."""
        self.dismiss(None)


class PassageDialog(ModalScreen[None]):
    """Shows a passage in a read-only field, for terminals that cannot set the clipboard."""

    BINDINGS = [Binding("escape", "close", "Close", id="close_dialog")]

    def __init__(self, passage: str) -> None:
        super().__init__(classes="dialog")
        self._passage = passage

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = "Verified passage"
            yield Label("Select the text below with the mouse (Shift-drag in most terminals).")
            yield TextArea(self._passage, read_only=True, soft_wrap=True, id="passage")
            with Horizontal(classes="buttons"):
                yield Button("Close", variant="primary", id="close")

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        """Close the dialog."""
        self.dismiss(None)
