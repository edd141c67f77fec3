"""The command palette (ctrl+p): every action of the main screen by name, and each source."""

from __future__ import annotations

import re
from functools import partial
from typing import TYPE_CHECKING

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.fuzzy import Matcher
from textual.markup import escape

if TYPE_CHECKING:
    from quote_tui.app.screens.help import LiveKeys

__all__ = ["ACTIONS", "QuoteCommands"]

ACTIONS: tuple[tuple[str, str, str], ...] = (
    ("Load a source", "load_source", "Read a file, URL, DOI, PMID or pasted text (o)"),
    ("Add a bibliography", "add_bibliography", "A .bib or CSL-JSON file for the manuscript (b)"),
    ("Find a quotation", "find", "Search the shown source as you type (/)"),
    ("Add a citation", "add_citation", "Type a quotation and pick its source (a)"),
    ("Edit the citation", "edit_citation", "Change its quotation, source or page (Enter)"),
    ("Delete the citation", "delete_citation", "Remove it; ctrl+z brings it back (d)"),
    ("Undo", "undo", "Undo the last edit (ctrl+z)"),
    ("Check the citation", "check", "Check the selected citation (c)"),
    ("Check all citations", "check_all", "Check every citation (C)"),
    ("Check the references", "check_references", "Sources' DOIs and PMIDs vs Crossref, PubMed (R)"),
    ("Cancel", "cancel_work", "Stop the running check or read (escape)"),
    ("Copy the verified passage", "copy_passage", "Source wording with its page (y)"),
    ("Show the verified passage", "show_passage", "To select it by hand (Y)"),
    ("Use the source's wording", "use_source_wording", "Replace a near quotation (u)"),
    ("Export the report", "export", "JSON, Markdown or HTML (e)"),
    ("Export with highlighted PDFs", "export(True)", "The report and its PDFs annotated (E)"),
    ("Go to line", "goto_line", "Jump in the shown source (: or ctrl+g)"),
    ("Go to page", "goto_page", "Jump to a printed or PDF page (p)"),
    ("Open the PDF in a viewer", "open_in_viewer", "At the current match's page (v)"),
    ("Next match", "viewer_next", "In the shown source (n)"),
    ("Previous match", "viewer_previous", "In the shown source (N)"),
    ("Next source", "next_source", "Show the next source (])"),
    ("Previous source", "previous_source", "Show the previous source ([)"),
    ("Zoom", "zoom", "The detail (or the focused viewer) on the whole screen (z)"),
    (
        "Reload the file",
        "app.reload_file",
        "Read the manuscript again; what changed is checked (ctrl+r)",
    ),
    (
        "Open the other window's copy",
        "app.open_other_copy",
        "The workspace as another window left it, beside this one; take its versions",
    ),
    ("Help", "app.help", "Keys and marks (? or F1)"),
)
"""(name, action on the main screen, help) for every palette entry."""


class QuoteCommands(Provider):
    """Offers the main screen's actions and one "Show source" entry per source."""

    def _entries(self) -> list[tuple[str, str, str]]:
        from quote_tui.app.screens.help import keymap_changes

        live = keymap_changes(self.app, self.screen)
        entries = [(n, a, _with_keys(a, h, live)) for n, a, h in ACTIONS]
        workspace = getattr(self.screen, "workspace", None)
        for source in getattr(workspace, "sources", ()):
            label = source.title or source.ref or "pasted text"
            # repr: an id holding a quote stays one argument of the action
            entries.append((f"Show source {source.id}", f"show_source({source.id!r})", label))
        return entries

    async def _run(self, action: str) -> None:
        target = self.app if action.startswith("app.") else self.screen
        await target.run_action(action.removeprefix("app."))

    async def discover(self) -> Hits:
        for name, action, help_text in self._entries():
            # the palette reads a str prompt and help as markup; titles and ids are text
            yield DiscoveryHit(
                Content(name), partial(self._run, action), text=name, help=escape(help_text)
            )

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, action, help_text in self._entries():
            score = matcher.match(name)
            if score > 0:
                yield Hit(
                    score,
                    _highlighted(matcher, name),
                    partial(self._run, action),
                    help=escape(help_text),
                )


_KEYS_SAID = re.compile(r" \(([^()]*)\)$")
"""The written keys that end an entry's help: "… (o)"."""


def _with_keys(action: str, help_text: str, live: LiveKeys | None) -> str:
    """``help_text`` with the keys a user keymap gave the action instead of the written ones."""
    binding_id = {"export(True)": "export_pdfs"}.get(action, action.removeprefix("app."))
    if live is None or binding_id not in live.moved:
        return help_text
    keys = " ".join(live.keys.get(binding_id, ())) or "unbound"
    return _KEYS_SAID.sub(f" ({keys})", help_text)


def _highlighted(matcher: Matcher, name: str) -> Content:
    """``name`` with the query's letters marked, as text: ``Matcher.highlight`` reads its
    argument as markup, so an id like ``[b]s1[/b]`` would lose its brackets."""
    content = Content(name)
    _, offsets = matcher.fuzzy_search.match(matcher.query, name)
    for at in offsets:
        if not name[at].isspace():
            content = content.stylize(matcher.match_style, at, at + 1)
    return content
