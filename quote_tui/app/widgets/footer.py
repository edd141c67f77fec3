"""The footer: every key of the focused pane, or only the essential ones in a narrow terminal."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.reactive import var
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel

__all__ = ["ESSENTIAL", "QuoteFooter"]

ESSENTIAL = frozenset({"load_source", "find", "check", "zoom", "help", "quit"})
"""Actions whose keys stay in a narrow footer; the help (?) lists the rest."""


class QuoteFooter(Footer):
    """A compact footer that keeps only the essential keys when ``essential_only``."""

    DEFAULT_CSS = """
    QuoteFooter FooterLabel {
        padding: 0 1 0 0;
    }
    """

    essential_only: var[bool] = var(False)
    """Set by the screen when the terminal is too narrow for every key."""

    def __init__(self) -> None:
        super().__init__(compact=True)

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if self.essential_only and (
                # a group's label (j k Move): no essential key is grouped
                isinstance(widget, FooterLabel)
                or (
                    isinstance(widget, FooterKey)
                    and "-command-palette" not in widget.classes
                    and widget.action.rpartition(".")[2] not in ESSENTIAL
                )
            ):
                continue
            yield widget

    def watch_essential_only(self) -> None:
        self.call_after_refresh(self.recompose)
