"""The help screen (? or F1): what each key does, pane by pane."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

__all__ = ["HELP_TEXT", "HelpScreen"]

HELP_TEXT = """\
# quote-tui

Checks that each quotation really stands in its cited source, and shows where.

| Key | Anywhere |
|---|---|
| `o` | load a source (file, URL, DOI, PMID or pasted text) |
| `/` | find a quotation in the shown source, live; Enter adds it |
| `a` | add a citation · `Enter` edit · `d` delete · `ctrl+z` undo |
| `c` / `C` | check the selected citation / check all |
| `escape` | cancel a running check or load |
| `y` | copy the verified passage with its page |
| `u` | use the source's wording for a near quotation |
| `e` | export the report (.json, .md or .html) |
| `[` / `]` | show the previous / next source |
| `tab` | move between the panes |
| `ctrl+p` | command palette: every action by name |
| `?` / `F1` | this help · `ctrl+q` quit |

| Key | Citation list |
|---|---|
| `↑` `↓` | select a citation (the viewer jumps to its match) |
| `s` / `f` | cycle the sort order / the status filter |

| Key | Source viewer |
|---|---|
| `n` / `N` | next / previous match |
| `g` / `p` | go to a line / a page |
| `PgUp` `PgDn` `Home` `End` | scroll |

## Marks

`✓` exact · `≈` normalized (typography only) · `~ 87%` near (wording differs) ·
`✗` not found · `?` inconclusive (source truncated) · `⊘` unavailable (source unreadable) ·
`·` unchecked. Critical differences (numbers, negations) are marked `‼`.

The workspace saves itself after every change.
"""


class HelpScreen(ModalScreen[None]):
    """Key reference; Escape, ? or F1 closes it."""

    BINDINGS = [Binding("escape,question_mark,f1,q", "close", "Close help")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box") as box:
            box.border_title = "Help"
            box.border_subtitle = "escape closes"
            yield Markdown(HELP_TEXT)

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)
