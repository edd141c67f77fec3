"""The help screen (? or F1): every key, grouped by pane, with the command palette's search."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.dom import DOMNode
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Input, Static

__all__ = [
    "KEYS",
    "HelpScreen",
    "KeyRow",
    "LiveKeys",
    "help_content",
    "keymap_changes",
    "live_keys",
]


@dataclass(frozen=True, slots=True)
class KeyRow:
    """One row of the help: its keys as the default bindings give them, and what they do.

    Attributes:
        keys: the keys as written for the default bindings (arrows and aliases included).
        text: what they do.
        ids: the binding ids the row names, in the order of ``keys``; when a keymap moves any
            of them, the row shows the live keys of each instead of ``keys``.
    """

    keys: str
    text: str
    ids: tuple[str, ...] = ()


KEYS: tuple[tuple[str, tuple[KeyRow, ...]], ...] = (
    (
        "Anywhere",
        (
            KeyRow("o", "load a source (file, URL, DOI, PMID or pasted text)", ("load_source",)),
            KeyRow("/", "find a quotation in the shown source, live; Enter adds it", ("find",)),
            KeyRow("a", "add a citation", ("add_citation",)),
            KeyRow("b", "add a bibliography to the manuscript's references", ("add_bibliography",)),
            KeyRow(
                "R",
                "check the sources' references against Crossref and PubMed",
                ("check_references",),
            ),
            KeyRow("c / C", "check the selected citation / check all", ("check", "check_all")),
            KeyRow(
                "y / Y",
                "copy the verified passage with its page / show it",
                ("copy_passage", "show_passage"),
            ),
            KeyRow("u", "use the source's wording for a near quotation", ("use_source_wording",)),
            KeyRow("e", "export the report (.json, .md or .html)", ("export",)),
            KeyRow("E", "export the report and highlighted copies of its PDFs", ("export_pdfs",)),
            KeyRow("v", "open the PDF at the match's page in its viewer", ("open_in_viewer",)),
            KeyRow("[ / ]", "show the previous / next source", ("previous_source", "next_source")),
            KeyRow("z", "zoom the detail (or the focused viewer); z again: back", ("zoom",)),
            KeyRow(
                "< / >",
                "narrower / wider citation list (kept for the next run)",
                ("narrow_list", "widen_list"),
            ),
            KeyRow(
                "- / +",
                "shorter / taller detail pane (kept for the next run)",
                ("shorter_detail", "taller_detail"),
            ),
            KeyRow("ctrl+z", "undo the last edit", ("undo",)),
            KeyRow(
                "ctrl+r", "read the opened file again; what changed is checked", ("reload_file",)
            ),
            KeyRow("escape", "cancel a running check or read", ("cancel_work",)),
            KeyRow("tab", "move between the panes", ()),
            KeyRow("ctrl+p", "command palette: every action by name", ()),
            KeyRow("? / F1", "this help · ctrl+q quits", ("help",)),
        ),
    ),
    (
        "Citation list",
        (
            KeyRow(
                "j / k  ↓ / ↑",
                "next / previous citation (the viewer jumps to its match)",
                ("cursor_down", "cursor_up"),
            ),
            KeyRow("g / G", "first / last citation", ("first", "last")),
            KeyRow("Enter / d", "edit / delete the citation", ("edit_citation", "delete_citation")),
            KeyRow(
                "s / f", "cycle the sort order / the status filter", ("cycle_sort", "cycle_filter")
            ),
        ),
    ),
    (
        "Source viewer",
        (
            KeyRow(
                "n / N",
                "next / previous match of the selected citation",
                ("next_match", "previous_match"),
            ),
            KeyRow(
                "m / M",
                "next / previous match of any citation in the source",
                ("next_any_match", "previous_any_match"),
            ),
            KeyRow("j / k", "scroll down / up a line", ("line_down", "line_up")),
            KeyRow("g / G", "top / bottom", ("top", "bottom")),
            KeyRow(": / ctrl+g", "go to a line", ("goto_line",)),
            KeyRow("p", "go to a page: printed number, roman numeral, or pdf N", ("goto_page",)),
            KeyRow("PgUp PgDn", "scroll a screen", ()),
        ),
    ),
)
"""Every key, by the pane it works in: the help screen and the README list are this table."""

_MARKS = (
    "✓ exact · ≈ normalized (typography only) · ~ 87% near (wording differs) · ✗ not found · "
    "? inconclusive (the text cannot settle it; a narrow row says why: glyph, font, ocr, time, "
    "cut) · ⊘ unavailable (source unreadable) · "
    "∅ no reference (the quotation cites no source) · · unchecked. "
    "‼ marks a critical difference (a number, sign or negation). "
    "A narrow row keeps to one line: a word without room is left out (> widens the list)."
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


def live_keys(
    app: App[object], nodes: Iterable[DOMNode], keymap: Mapping[str, str]
) -> dict[str, tuple[str, ...]]:
    """Binding id to the keys that run it under ``keymap``, shown as the footer shows them:
    each node's bindings with the keymap applied as Textual applies it (a key the keymap gives
    to another binding is taken from its default owner)."""
    found: dict[str, list[str]] = {}
    for node in nodes:
        bindings = node._bindings.copy()
        if keymap:
            bindings.apply_keymap(dict(keymap))
        for bound in bindings.key_to_bindings.values():
            for binding in bound:
                if binding.id is None:
                    continue
                shown = found.setdefault(binding.id, [])
                display = app.get_key_display(binding)
                if display not in shown:
                    shown.append(display)
    return {binding_id: tuple(keys) for binding_id, keys in found.items()}


@dataclass(frozen=True, slots=True)
class LiveKeys:
    """The keys in force, for the rows a user keymap changed.

    Attributes:
        keys: binding id to the keys that run it now.
        moved: the ids whose keys differ from the defaults (rebound, or lost to a clash).
    """

    keys: Mapping[str, tuple[str, ...]]
    moved: frozenset[str]


def keymap_changes(app: App[object], screen: DOMNode) -> LiveKeys | None:
    """The keys of ``screen`` (and the app) as the user's keymap left them; None without a
    keymap, when every written key stands."""
    keymap = getattr(app, "_keymap", None)
    if not keymap:
        return None
    nodes = [app, screen, *screen.walk_children()]
    now = live_keys(app, nodes, keymap)
    default = live_keys(app, nodes, {})
    moved = frozenset(i for i in now.keys() | default.keys() if now.get(i) != default.get(i))
    return LiveKeys(now, moved)


def _row_keys(row: KeyRow, live: LiveKeys | None) -> str:
    """The row's written keys, or the live ones when the keymap moved any of the row's ids."""
    if live is None or not live.moved.intersection(row.ids):
        return row.keys
    return " / ".join(" ".join(live.keys.get(i, ())) or "unbound" for i in row.ids)


def help_content(query: str = "", live: LiveKeys | None = None) -> Content:
    """The key table, showing only the rows that hold every word of ``query``; ``live`` replaces
    the written keys of the rows a keymap moved."""
    words = query.casefold().split()
    parts: list = []
    for pane, rows in KEYS:
        keyed = [(_row_keys(row, live), row.text) for row in rows]
        shown = [(key, text) for key, text in keyed if not words or _matches(words, key, text)]
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

    def __init__(self) -> None:
        super().__init__()
        self._live: LiveKeys | None = None

    def _live_keys(self) -> LiveKeys | None:
        """The keys of the screen below, as the user's keymap left them (None: no keymap)."""
        below = [screen for screen in self.app.screen_stack if screen is not self]
        return keymap_changes(self.app, below[-1]) if below else None

    def compose(self) -> ComposeResult:
        self._live = self._live_keys()
        with Vertical(id="help-box") as box:
            box.border_title = "Help · keys by pane"
            box.border_subtitle = "type to search · escape closes"
            yield Input(placeholder="Search keys…", id="help-search", select_on_focus=False)
            with VerticalScroll(id="help-keys"):
                yield Static(help_content(live=self._live), id="help-text")

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
        self.query_one("#help-text", Static).update(help_content(event.value, self._live))

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)
