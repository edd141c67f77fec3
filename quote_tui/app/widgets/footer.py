"""The footer: every key of the focused pane, or only the essential ones in a narrow terminal."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["ESSENTIAL", "QuoteFooter"]

ESSENTIAL = frozenset({"load_source", "find", "check", "zoom", "help", "quit"})
"""Actions whose keys stay in a narrow footer; the help (?) lists the rest."""


class QuoteFooter(Footer):
    """A footer that keeps only the essential keys when ``compact`` (set by the screen)."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if (
                self.compact
                and isinstance(widget, FooterKey)
                and "-command-palette" not in widget.classes
                and widget.action.rpartition(".")[2] not in ESSENTIAL
            ):
                continue
            yield widget

    def watch_compact(self) -> None:
        self.call_after_refresh(self.recompose)
