"""The source loading modal: URL, DOI, PMID, file or pasted text, read through the service.

The modal reads the source itself (an exclusive worker awaiting ``Session.read``, the same
coroutine the CLI uses), shows the retrieval record or the error with its recovery hint, and only
returns once the user adds a source that was read. Escape cancels a slow read first, then closes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import (
    Button,
    DirectoryTree,
    Input,
    Label,
    LoadingIndicator,
    Select,
    Static,
    TabbedContent,
    TabPane,
    TextArea,
)

from quote_tui.api import (
    RENDER_MODES,
    ErrorCode,
    Recovery,
    Session,
    SourceOutcome,
    SourceSpec,
    counted,
)
from quote_tui.app.widgets.detail import recovery_hint

__all__ = [
    "BibliographyChoice",
    "LoadSourceScreen",
    "LoadedChoice",
    "PathSuggester",
    "describe_outcome",
]

_KINDS = ("url", "doi", "pmid", "file", "paste")


@dataclass(frozen=True, slots=True)
class LoadedChoice:
    """What the modal returns: the spec to store and the outcome already read."""

    spec: SourceSpec
    outcome: SourceOutcome


@dataclass(frozen=True, slots=True)
class BibliographyChoice:
    """What the modal returns for a ``.bib`` file: the manuscript's bibliography, not a source."""

    path: Path


BIBLIOGRAPHY_SUFFIXES = (".bib", ".bibtex")


class PathSuggester(Suggester):
    """Completes a path from the entries of its folder (→ accepts the suggestion)."""

    def __init__(self) -> None:
        super().__init__(use_cache=False, case_sensitive=True)

    async def get_suggestion(self, value: str) -> str | None:
        if not value:
            return None
        path = Path(value).expanduser()
        folder, stem = (path, "") if value.endswith(("/", "\\")) else (path.parent, path.name)
        try:
            names = sorted(p.name for p in folder.iterdir() if p.name.startswith(stem))
        except OSError:
            return None
        names = [n for n in names if not n.startswith(".") or stem.startswith(".")]
        if not names:
            return None
        head = value[: len(value) - len(stem)] if stem else value
        suggestion = head + names[0]
        return suggestion + "/" if (folder / names[0]).is_dir() else suggestion


_HERE: dict[str, str] = {
    ErrorCode.FILE_NOT_FOUND: "Check the path: → completes it, or pick the file in the list below.",
    ErrorCode.IS_DIRECTORY: "Pick a file inside the folder, not the folder.",
    Recovery.FIX_INPUT: "Correct the reference, then read it again (ctrl+l).",
}
"""Hints that hold in this dialog, where the fix is the reference being typed."""


def describe_outcome(outcome: SourceOutcome) -> Content:
    """The retrieval record (or the error and what to do) as a few styled lines."""
    if outcome.loaded is None:
        err = outcome.error
        code = err.code if err is not None else "unavailable"
        message = err.message if err is not None else "The source could not be read."
        parts: list = [("⊘ Could not read this source\n", "bold $text-error"), message]
        if code == ErrorCode.NOT_SUPPORTED_YET:
            parts.append(("\nThis installation cannot read this kind of source yet.", "bold"))
        parts.append((f"  [{code}]", "$text-muted"))
        recovery = err.recovery if err is not None else None
        hint = _HERE.get(code) or _HERE.get(str(recovery)) or recovery_hint(recovery, code)
        if hint:
            parts += ["\n", ("What to do: ", "bold"), hint]
        return Content.assemble(*parts)
    r = outcome.loaded.retrieval
    p = outcome.loaded.prepared
    facts = [str(r.representation).replace("_", " ")]
    if r.content_type:
        facts.append(r.content_type)
    if p.paged:
        facts.append(counted(p.page_count, "page"))
    facts.append(counted(len(p.text), "character"))
    parts = [("✓ Read ", "bold $text-success"), (r.title or r.ref, "bold"), "\n", " · ".join(facts)]
    if r.copy is not None:
        parts += ["\n", ("Copy ", "$text-muted"), r.copy.words]
    if r.final_url:
        parts += ["\n", ("URL ", "$text-muted"), r.final_url]
    elif r.location:
        parts += ["\n", ("File ", "$text-muted"), r.location]
    if p.truncated:
        parts += [
            "\n",
            ("Truncated: a quotation not found may lie in the part cut off.", "$text-warning"),
        ]
    if r.rendered:
        parts += ["\n", ("Rendered ", "$text-muted"), f"in {r.renderer or 'Chromium'}"]
    if r.note:
        parts += ["\n", (r.note, "$text-muted")]
    return Content.assemble(*parts)


class _FileTree(DirectoryTree):
    """The file picker, without hidden files."""

    def filter_paths(self, paths):
        return [p for p in paths if not p.name.startswith(".")]


def _slug(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    if len(slug) > 24:
        # cut at a word: "austen-pride-prejudice", never "austen-pride-prejudice-p"
        cut = slug[:25].rfind("-")
        slug = slug[:cut] if cut > 0 else slug[:24]
    return slug.strip("-") or "source"


class LoadSourceScreen(ModalScreen[LoadedChoice | BibliographyChoice | None]):
    """Pick a source kind, give its reference, read it, then add it.

    Args:
        session: the app's session (shared with checking).
        base_dir: where relative paths resolve.
        taken_ids: source ids already in the workspace.
        start: the folder the file picker shows.
    """

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="cancel_dialog"),
        Binding("ctrl+l", "load", "Read source", priority=True, id="read_source"),
        Binding("ctrl+s", "add", "Add source", priority=True, id="add_source"),
        # The tabs are otherwise reached with shift+tab and arrows, which nothing says.
        Binding("ctrl+t", "next_tab", "Next tab", priority=True, id="next_tab"),
    ]

    def __init__(
        self, session: Session, *, base_dir: Path | None, taken_ids: set[str], start: Path
    ) -> None:
        super().__init__(classes="dialog")
        self._session = session
        self._base_dir = base_dir
        self._taken = taken_ids
        self._start = start
        self._choice: LoadedChoice | None = None
        self._add_when_read = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="load-box") as box:
            box.border_title = "Load a source"
            box.border_subtitle = "ctrl+t next tab · ctrl+l read · ctrl+s add · escape cancel"
            with TabbedContent(id="load-tabs"):
                with TabPane("File", id="tab-file"):
                    yield Input(
                        placeholder="path/to/source.pdf, or refs.bib for a bibliography "
                        "(→ completes)",
                        suggester=PathSuggester(),
                        id="ref-file",
                    )
                    yield _FileTree(self._start, id="file-tree")
                with TabPane("URL", id="tab-url"):
                    yield Input(placeholder="https://…", id="ref-url")
                    with Horizontal(id="render-row"):
                        yield Label("Render in Chromium", id="render-label")
                        yield Select(
                            [(mode, mode) for mode in RENDER_MODES],
                            value=self._render_default(),
                            allow_blank=False,
                            id="render-mode",
                        )
                with TabPane("DOI", id="tab-doi"):
                    yield Input(placeholder="10.1234/abcd or doi:10.1234/abcd", id="ref-doi")
                with TabPane("PMID", id="tab-pmid"):
                    yield Input(placeholder="12345678", id="ref-pmid")
                with TabPane("Paste", id="tab-paste"):
                    yield TextArea(id="ref-paste", soft_wrap=True)
            yield LoadingIndicator(id="load-spinner")
            yield Static("", id="load-record")
            with Horizontal(classes="buttons", id="load-row"):
                yield Label("Id", id="source-id-label")
                yield Input(placeholder="(from the name)", id="source-id")
                yield Button("Read", variant="primary", id="read")
                yield Button("Add", variant="success", id="add", disabled=True)
                yield Button("Cancel", id="cancel")

    def _render_default(self) -> str:
        remote = self._session.settings.remote
        return remote.render if remote is not None else "never"

    def on_mount(self) -> None:
        self.query_one("#load-spinner").display = False
        self.query_one("#ref-file", Input).focus()

    def action_next_tab(self) -> None:
        """Show the next tab (File, URL, DOI, PMID, Paste, then File again) and focus its field."""
        tabs = self.query_one(TabbedContent)
        ids = [pane.id for pane in tabs.query(TabPane) if pane.id]
        at = ids.index(tabs.active) if tabs.active in ids else -1
        tabs.active = ids[(at + 1) % len(ids)]
        tabs.get_pane(tabs.active).query("Input, TextArea").first().focus()

    def _kind(self) -> str:
        active = self.query_one(TabbedContent).active or "tab-file"
        return active.removeprefix("tab-")

    def _spec(self) -> SourceSpec | None:
        kind = self._kind()
        wanted = self.query_one("#source-id", Input).value.strip()
        if kind == "paste":
            text = self.query_one("#ref-paste", TextArea).text
            if not text.strip():
                return None
            return SourceSpec(id=self._unique(wanted or "pasted"), text=text, title="Pasted text")
        value = self.query_one(f"#ref-{kind}", Input).value.strip()
        if not value:
            return None
        ref = {
            "doi": f"doi:{value.removeprefix('doi:')}",
            "pmid": f"pmid:{value.removeprefix('pmid:')}",
        }
        ref_value = ref.get(kind, value)
        if kind == "file":
            # A typed path means what it means in the user's shell: relative to where they are.
            ref_value = str(Path(value).expanduser().resolve())
        base = wanted or (Path(value).stem if kind == "file" else value.split("//")[-1])
        extra = {}
        if kind == "url":
            render = str(self.query_one("#render-mode", Select).value)
            if render != self._render_default():
                extra["render"] = render  # kept with the source, so a re-read renders too
        return SourceSpec(id=self._unique(wanted or _slug(base)), ref=ref_value, extra=extra)

    def _unique(self, wanted: str) -> str:
        if wanted not in self._taken:
            return wanted
        n = 2
        while f"{wanted}-{n}" in self._taken:
            n += 1
        return f"{wanted}-{n}"

    @on(DirectoryTree.FileSelected)
    def _picked(self, event: DirectoryTree.FileSelected) -> None:
        field = self.query_one("#ref-file", Input)
        field.value = str(event.path)
        field.focus()

    @on(Input.Changed, "#ref-file")
    def _follow_typed_path(self, event: Input.Changed) -> None:
        """Open the folder being typed in the file picker."""
        value = event.value.strip()
        if not value:
            return
        path = Path(value).expanduser()
        folder = path if value.endswith(("/", "\\")) else path.parent
        tree = self.query_one("#file-tree", DirectoryTree)
        try:
            if not folder.is_dir() or folder.resolve() == Path(tree.path).resolve():
                return
        except OSError:
            return
        tree.path = folder

    @on(Input.Submitted)
    @on(Button.Pressed, "#read")
    def action_load(self) -> None:
        """Read the source named in the active tab."""
        record = self.query_one("#load-record", Static)
        typed = self.query_one("#ref-file", Input).value.strip()
        if self._kind() == "file" and Path(typed).suffix.lower() in BIBLIOGRAPHY_SUFFIXES:
            # a bibliography completes the manuscript's references; it is not a source to read
            self.dismiss(BibliographyChoice(Path(typed).expanduser().resolve()))
            return
        spec = self._spec()
        if spec is None:
            self._add_when_read = False
            message = "Give a reference (or paste text) first."
            record.update(Content.styled(message, "$text-warning"))
            self.notify(message, severity="warning", timeout=3)
            return
        self._choice = None
        self.query_one("#add", Button).disabled = True
        self.query_one("#load-spinner").display = True
        record.update(Content.styled(f"Reading {spec.ref or 'pasted text'}…", "$text-muted"))
        self._read(spec)

    @work(exclusive=True, group="load-source", exit_on_error=False)
    async def _read(self, spec: SourceSpec) -> None:
        record = self.query_one("#load-record", Static)
        reading = f"Reading {spec.ref or 'pasted text'}…"

        def told(page: int, pages: int) -> None:
            # a scan's OCR takes seconds a page: say how far it is
            record.update(Content.styled(f"{reading} OCR page {page} of {pages}", "$text-muted"))

        outcome = await self._session.read(spec, base_dir=self._base_dir, pages=told)
        self.query_one("#load-spinner").display = False
        self.query_one("#load-record", Static).update(describe_outcome(outcome))
        add_now, self._add_when_read = self._add_when_read, False
        if outcome.loaded is not None:
            self._choice = LoadedChoice(spec, outcome)
            if add_now:
                self.dismiss(self._choice)
                return
            add = self.query_one("#add", Button)
            add.disabled = False
            add.focus()
        elif add_now:
            self.notify("Nothing added: the source could not be read.", severity="error", timeout=4)

    @on(Button.Pressed, "#add")
    def action_add(self) -> None:
        """Add the source, reading it first when what is typed has not been read yet."""
        if self._choice is not None and self._choice.spec == self._spec():
            self.dismiss(self._choice)
            return
        if any(w.group == "load-source" and w.is_running for w in self.workers):
            self._add_when_read = True
            self.notify("Still reading; it is added once read.", timeout=3)
            return
        self._add_when_read = True
        self.action_load()

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Cancel a running read, or close."""
        running = [w for w in self.workers if w.group == "load-source" and w.is_running]
        if running:
            self.workers.cancel_group(self, "load-source")
            self.query_one("#load-spinner").display = False
            self.query_one("#load-record", Static).update(
                Content.styled("Reading cancelled.", "$text-warning")
            )
            return
        self.dismiss(None)
