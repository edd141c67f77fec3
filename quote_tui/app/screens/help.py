"""The help screen (? or F1): every key, grouped by pane, with the command palette's search."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Input, Static

__all__ = ["KEYS", "HelpScreen", "help_content"]

KEYS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        "Anywhere",
        (
            ("o", "load a source (file, URL, DOI, PMID or pasted text)"),
            ("/", "find a quotation in the shown source, live; Enter adds it"),
            ("a", "add a citation"),
            ("b", "add a bibliography to the manuscript's references"),
            ("R", "check the sources' references against Crossref and PubMed"),
            ("c / C", "check the selected citation / check all"),
            ("y / Y", "copy the verified passage with its page / show it"),
            ("u", "use the source's wording for a near quotation"),
            ("e", "export the report (.json, .md or .html)"),
            ("E", "export the report and highlighted copies of its PDFs"),
            ("[ / ]", "show the previous / next source"),
            ("z", "zoom the detail (or the focused viewer); z again: back"),
            ("< / >", "narrower / wider citation list (kept for the next run)"),
            ("- / +", "shorter / taller detail pane (kept for the next run)"),
            ("ctrl+z", "undo the last edit"),
            ("escape", "cancel a running check or read"),
            ("tab", "move between the panes"),
            ("ctrl+p", "command palette: every action by name"),
            ("? / F1", "this help · ctrl+q quits"),
        ),
    ),
    (
        "Citation list",
        (
            ("j / k  ↓ / ↑", "next / previous citation (the viewer jumps to its match)"),
            ("g / G", "first / last citation"),
            ("Enter / d", "edit / delete the citation"),
            ("s / f", "cycle the sort order / the status filter"),
        ),
    ),
    (
        "Source viewer",
        (
            ("n / N", "next / previous match of the selected citation"),
            ("m / M", "next / previous match of any citation in the source"),
            ("j / k", "scroll down / up a line"),
            ("g / G", "top / bottom"),
            (": / ctrl+g", "go to a line"),
            ("p", "go to a page: printed number, roman numeral, or pdf N"),
            ("v", "open the PDF at the match's page in the system viewer"),
            ("PgUp PgDn", "scroll a screen"),
        ),
    ),
)
"""Every key, by the pane it works in: the help screen and the README list are this table."""

_MARKS = (
    "✓ exact · ≈ normalized (typography only) · ~ 87% near (wording differs) · ✗ not found · "
    "? inconclusive (source truncated) · ⊘ unavailable (source unreadable) · · unchecked. "
    "‼ marks a critical difference (a number, sign or negation)."
)


def _matches(words: list[str], key: str, text: str) -> bool:
    """Every word of the search stands in the row (a fuzzy match finds "page" in "paste")."""
    row = f"{key} {text}".casefold()
    return all(word in row for word in words)


def _highlighted(text: str, words: list[str]) -> Content:
    content = Content(text)
    folded = text.casefold()
    for word in words:
        at = folded.find(word)
        while at >= 0:
            content = content.stylize("bold $text-accent underline", at, at + len(word))
            at = folded.find(word, at + len(word))
    return content


def help_content(query: str = "") -> Content:
    """The key table, showing only the rows that hold every word of ``query``."""
    words = query.casefold().split()
    parts: list = []
    for pane, rows in KEYS:
        shown = [(key, text) for key, text in rows if not words or _matches(words, key, text)]
        if not shown:
            continue
        if parts:
            parts.append("\n")
        parts.append((pane + "\n", "bold $accent"))
        for key, text in shown:
            parts += [(f"  {key:<14}", "bold $text-primary"), _highlighted(text, words), "\n"]
    if not parts:
        return Content.styled(f"No key matches {query!r}.", "$text-warning")
    if not words:
        parts += ["\n", ("Marks\n", "bold $accent"), _MARKS, "\n"]
        parts.append(("The workspace saves itself after every change.", "$text-muted"))
    return Content.assemble(*parts)


class HelpScreen(ModalScreen[None]):
    """Key reference; typing searches it; Escape, ? or F1 closes it."""

    BINDINGS = [Binding("escape,f1", "close", "Close help", id="close_help")]

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box") as box:
            box.border_title = "Help · keys by pane"
            box.border_subtitle = "type to search · escape closes"
            yield Input(placeholder="Search keys…", id="help-search", select_on_focus=False)
            with VerticalScroll(id="help-keys"):
                yield Static(help_content(), id="help-text")

    def on_mount(self) -> None:
        # the keys scroll with the arrows and PgDn at once; typing moves to the search
        self.query_one("#help-keys").focus()

    def on_key(self, event: Key) -> None:
        search = self.query_one("#help-search", Input)
        if self.focused is search or not event.is_printable or not event.character:
            return
        event.stop()
        event.prevent_default()
        if event.character == "?":
            self.dismiss(None)
            return
        search.focus()
        search.insert_text_at_cursor(event.character)

    @on(Input.Changed, "#help-search")
    def _search(self, event: Input.Changed) -> None:
        self.query_one("#help-text", Static).update(help_content(event.value))

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)
