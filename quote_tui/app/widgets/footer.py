"""The footer: every key of the focused pane, or only the essential ones in a narrow terminal."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.reactive import var
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["ESSENTIAL", "QuoteFooter"]

ESSENTIAL = frozenset({"load_source", "find", "check", "zoom", "help", "quit", "close"})
"""Actions whose keys stay in a narrow footer; the help (?) lists the rest."""

VIEWER_KEYS = frozenset(
    {"next_match", "previous_match", "goto_page", "goto_line", "previous_source", "next_source"}
)
"""The viewer's own keys: a narrow footer shows them (with help and quit) while it has the
focus, since they are what a reader of the source needs."""

LIST_KEYS = frozenset({"add_citation", "delete_citation", "edit_citation", "check"})
"""The list's own keys, kept beside the essential ones while it has the focus."""


def _action(key: FooterKey) -> str:
    return key.action.rpartition(".")[2]


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
        widgets = list(super().compose())
        if not self.essential_only:
            yield from widgets
            return
        keys = [w for w in widgets if isinstance(w, FooterKey)]
        in_viewer = any(_action(w) in VIEWER_KEYS for w in keys)
        kept = VIEWER_KEYS | {"help", "quit"} if in_viewer else ESSENTIAL | LIST_KEYS
        for widget in keys:
            # a group's label and its keys (j k Move) are left out: the help lists them
            if "-grouped" in widget.classes:
                continue
            if "-command-palette" in widget.classes or _action(widget) in kept:
                yield widget

    def watch_essential_only(self) -> None:
        self.call_after_refresh(self.recompose)
