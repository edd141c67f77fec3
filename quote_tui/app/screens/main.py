"""The main screen: citation list, source viewer, detail pane and finder, coordinated here.

Attributes down, messages up: the widgets never reach for each other. They post
``CitationList.Selected``, ``SourceViewer.MatchChanged`` and ``Finder.*`` messages, and this screen
sets their attributes in return. The one piece of state is the ``Workspace`` value; every edit goes
through ``commit``, which keeps the undo stack and autosaves. Checking and reading live in
``MainWork`` (screens/work.py).
"""

from __future__ import annotations

import time
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.events import Resize
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Header, ProgressBar, Static

from quote_tui.api import counted
from quote_tui.app.prefs import DETAIL_HEIGHT_RANGE, LIST_WIDTH_RANGE
from quote_tui.app.screens.bibliography import BibliographyWork
from quote_tui.app.screens.export_work import ExportWork
from quote_tui.app.screens.references_work import ReferencesWork
from quote_tui.app.screens.work import MainWork
from quote_tui.app.widgets.citation_list import CitationList, count_marks
from quote_tui.app.widgets.detail import CitationDetail, detail_content
from quote_tui.app.widgets.finder import Finder
from quote_tui.app.widgets.footer import QuoteFooter
from quote_tui.app.widgets.source_viewer import Highlight, SourceViewer
from quote_tui.workspace import Workspace
from quote_tui.workspace.shared import carry_over

__all__ = ["MainScreen"]

_UNDO_DEPTH = 100


class MainScreen(MainWork, ExportWork, BibliographyWork, ReferencesWork, Screen[None]):
    """The workspace: citations on the left, the source and the detail on the right."""

    BINDINGS = [
        Binding("o", "load_source", "Load", id="load_source"),
        Binding("slash", "find", "Find", id="find"),
        Binding("a", "add_citation", "Add", show=False, id="add_citation"),
        Binding("c", "check", "Check", id="check"),
        Binding("C", "check_all", "Check all", id="check_all"),
        Binding("R", "check_references", "References", show=False, id="check_references"),
        Binding("y", "copy_passage", "Copy", id="copy_passage"),
        Binding("e", "export", "Export", id="export"),
        Binding("E", "export(True)", "Export + PDFs", show=False, id="export_pdfs"),
        # from the list too: the README's v, pressed where the citation was picked, did nothing
        Binding("v", "open_in_viewer", "Open PDF", show=False, id="open_in_viewer"),
        Binding("z", "zoom", "Zoom", id="zoom"),
        Binding("u", "use_source_wording", "Use wording", show=False, id="use_source_wording"),
        Binding("b", "add_bibliography", "Bibliography", show=False, id="add_bibliography"),
        Binding("ctrl+z", "undo", "Undo", show=False, id="undo"),
        Binding("Y", "show_passage", "Show passage", show=False, id="show_passage"),
        Binding("escape", "cancel_work", "Cancel", show=False, id="cancel_work"),
        Binding(
            "left_square_bracket",
            "previous_source",
            "Prev source",
            show=False,
            id="previous_source",
        ),
        Binding("right_square_bracket", "next_source", "Next source", show=False, id="next_source"),
        Binding("less_than_sign", "narrow_list", "Narrower list", show=False, id="narrow_list"),
        Binding("greater_than_sign", "widen_list", "Wider list", show=False, id="widen_list"),
        Binding("minus", "resize_detail(-2)", "Shorter detail", show=False, id="shorter_detail"),
        Binding("plus", "resize_detail(2)", "Taller detail", show=False, id="taller_detail"),
    ]

    workspace: var[Workspace] = var(Workspace, always_update=True, init=False)
    """The whole editable state; set only through ``commit``."""
    current_source: var[str | None] = var(None, init=False)
    """The id of the source in the viewer."""

    def __init__(self, workspace: Workspace) -> None:
        super().__init__()
        self.set_reactive(MainScreen.workspace, workspace)
        self._undo: list[Workspace] = []
        self.match_shown: tuple[str | None, int] = (None, 0)
        self._init_work()
        self._viewer_reading: tuple[str, str, float] | None = None
        """The source the viewer waits for: its id, its name, when its read began."""
        self._init_references()

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="body"):
            with Vertical(id="left"):
                yield CitationList(id="citations")
                yield ProgressBar(id="progress", show_eta=False)
                yield Static(id="reading")
            with Vertical(id="right"):
                yield SourceViewer(id="viewer")
                yield CitationDetail(id="detail")
                yield Finder(id="finder")
        yield QuoteFooter()

    def on_mount(self) -> None:
        self.query_one("#finder", Finder).display = False
        self.query_one("#progress", ProgressBar).display = False
        self.query_one("#reading", Static).display = False
        self.query_one("#viewer", SourceViewer).border_title = "Source"
        self._push_workspace()
        citations = self.query_one(CitationList)
        citations.focus()
        self.call_after_refresh(self._restore_prefs)
        if not self.workspace.citations and self.workspace.sources:
            self.show_source(self.workspace.sources[0].id)
        elif not self.workspace.citations:
            self.query_one(
                SourceViewer
            ).placeholder = (
                "No source yet. Press o to load one (file, URL, DOI, PMID or pasted text)."
            )

    def on_resize(self, event: Resize) -> None:
        narrow = event.size.width < 100
        self.set_class(event.size.width >= 120, "-wide")
        self.set_class(100 <= event.size.width < 120, "-medium")
        self.set_class(narrow, "-narrow")
        self.set_class(event.size.height >= 40, "-tall")
        # Below 40 rows the detail pane shares the height with the viewer instead of 9 rows.
        self.set_class(event.size.height < 40, "-short")
        self.query_one(CitationList).compact = narrow
        # Every key fits from 130 columns; below, the footer keeps the essential ones.
        self.query_one(QuoteFooter).essential_only = event.size.width < 130

    def action_zoom(self) -> None:
        """Show the viewer alone when it has the focus, else the detail pane; again: go back."""
        if self.maximized is not None:
            self.minimize()
            self.app.remember(zoom=None)  # type: ignore[attr-defined]
            self.notify("Back to all panes.", timeout=2)
            return
        viewer = self.query_one(SourceViewer)
        self._zoom(viewer if self.focused is viewer else self.query_one(CitationDetail))
        self.notify("Zoomed; z again shows all panes.", timeout=2)

    def _zoom(self, target: SourceViewer | CitationDetail) -> None:
        # Focus elsewhere would undo the zoom at once; the zoomed pane scrolls with the keys.
        target.focus()
        self.maximize(target, container=False)
        self.app.remember(zoom="viewer" if isinstance(target, SourceViewer) else "detail")  # type: ignore[attr-defined]

    def action_narrow_list(self) -> None:
        """The citation list 4 columns narrower (remembered for the next run)."""
        self._set_list_width(self.query_one("#left").outer_size.width - 4)

    def action_widen_list(self) -> None:
        """The citation list 4 columns wider (remembered for the next run)."""
        self._set_list_width(self.query_one("#left").outer_size.width + 4)

    def _set_list_width(self, width: int) -> None:
        low, high = LIST_WIDTH_RANGE
        width = min(max(width, low), high)
        self.query_one("#left").styles.width = width
        self.app.remember(list_width=width)  # type: ignore[attr-defined]

    def action_resize_detail(self, rows: int) -> None:
        """The detail pane ``rows`` taller (or shorter), remembered for the next run."""
        low, high = DETAIL_HEIGHT_RANGE
        detail = self.query_one(CitationDetail)
        height = min(max(detail.outer_size.height + rows, low), high)
        detail.styles.height = height  # inline, so it wins over the -tall and -short classes
        self.app.remember(detail_height=height)  # type: ignore[attr-defined]

    def _restore_prefs(self) -> None:
        """The pane width, zoom and source the last run ended with (settings.json)."""
        prefs = self.app.prefs  # type: ignore[attr-defined]
        if prefs.list_width is not None:
            # inline, so it wins over the width classes on_resize sets
            self.query_one("#left").styles.width = prefs.list_width
        if prefs.detail_height is not None:
            self.query_one(CitationDetail).styles.height = prefs.detail_height
        source = prefs.last_source
        if source is not None and self.workspace.source(source) is not None:
            first = next((c.id for c in self.workspace.citations if c.source == source), None)
            if first is not None:
                self.query_one(CitationList).select_citation(first)
            else:
                self.show_source(source)
        if prefs.zoom == "viewer":
            self._zoom(self.query_one(SourceViewer))
        elif prefs.zoom == "detail":
            self._zoom(self.query_one(CitationDetail))

    # ----------------------------------------------------------------- state

    def commit(self, workspace: Workspace, *, undoable: bool = True) -> None:
        """Make ``workspace`` the state: remember the old one for undo and autosave.

        Args:
            workspace: the new state.
            undoable: False for changes the user did not make by hand (verdicts, snapshots).
        """
        if undoable:
            self._undo.append(self.workspace)
            del self._undo[:-_UNDO_DEPTH]
        # what another window saved meanwhile comes back merged in, and stays through an undo
        saved = self.app.save_workspace(workspace)  # type: ignore[attr-defined]
        if saved is not workspace:
            self._undo = [carry_over(workspace, saved, earlier) for earlier in self._undo]
        self.workspace = saved

    def watch_workspace(self) -> None:
        self._push_workspace()

    def _push_workspace(self) -> None:
        ws = self.workspace
        self.query_one(CitationList).workspace = ws
        counts = ws.counts(self.query_one(CitationList).references)
        # marks only, so every count fits; no mark is a minus sign ("-1" read as minus one)
        summary = " ".join(count_marks(counts))
        total = len(ws.citations)
        self.app.sub_title = f"{ws.name} · {total} citation{'s' if total != 1 else ''} {summary}"
        self._refresh_highlights()
        self._refresh_detail()

    def action_undo(self) -> None:
        """Return to the state before the last edit."""
        if not self._undo:
            self.notify("Nothing to undo.", severity="warning")
            return
        earlier = self._undo.pop()
        saved = self.app.save_workspace(earlier)  # type: ignore[attr-defined]
        if saved is not earlier:
            self._undo = [carry_over(earlier, saved, e) for e in self._undo]
        # a source whose spec the undo changes (a file linked to a key) is read again, not
        # checked against what the undone spec read
        for k in [k for k in self.outcomes if self.workspace.source(k) != saved.source(k)]:
            del self.outcomes[k]
        self.workspace = saved
        self.notify("Undone.", timeout=2)

    @property
    def selected_id(self) -> str | None:
        """The citation highlighted in the list."""
        return self.query_one(CitationList).selected_id

    # ----------------------------------------------------------------- viewer and detail

    def show_source(self, source_id: str | None) -> None:
        """Put a source in the viewer (reading it first if needed)."""
        viewer = self.query_one(SourceViewer)
        if source_id == self.current_source and viewer.prepared is not None:
            return
        self.current_source = source_id
        if source_id is not None and self.workspace.source(source_id) is not None:
            self.app.remember(last_source=source_id)  # type: ignore[attr-defined]
        spec = self.workspace.source(source_id)
        if spec is None:
            viewer.prepared = None
            viewer.border_title = "Source"
            viewer.border_subtitle = ""
            viewer.placeholder = f"The source {source_id!r} is not in this workspace."
            return
        outcome = self.outcomes.get(source_id or "")
        if outcome is None:
            viewer.prepared = None
            viewer.border_title = Content(f"Source · {spec.title or spec.ref or spec.id}")
            viewer.border_subtitle = ""
            viewer.placeholder = f"Reading {spec.ref or 'pasted text'}…  (escape cancels)"
            self._watch_reading(spec.id, spec.ref or "pasted text")
            self.read_for_viewer(spec.id)
            return
        self._show_outcome(outcome)

    def _watch_reading(self, source_id: str, name: str) -> None:
        """Once a read takes more than half a second, count its seconds in the viewer, so a
        long first read of a big PDF is visibly under way."""
        self._viewer_reading = (source_id, name, time.monotonic())

        def tick() -> None:
            if self.current_source != source_id or source_id in self.outcomes:
                timer.stop()
                return
            self.show_reading()

        timer = self.set_interval(0.5, tick)

    def show_reading(self) -> None:
        """Say in the viewer how far the read of the shown source is; a scan is the slowest
        read of all, so its OCR page is said where the eye is (the line under the list is
        narrow), as soon as the check reports it."""
        if self._viewer_reading is None:
            return
        source_id, name, started = self._viewer_reading
        if self.current_source != source_id or source_id in self.outcomes:
            return
        elapsed = time.monotonic() - started
        ocr = self.ocr_pages.get(source_id)
        self.query_one(SourceViewer).placeholder = (
            f"Reading {name}… {elapsed:.0f} s so far; big PDFs take a while the first "
            "time (escape cancels)"
            if ocr is None
            else f"Reading {name}, a scan: OCR page {ocr[0]} of {ocr[1]}, {elapsed:.0f} s so "
            "far (escape cancels)"
        )

    def _show_outcome(self, outcome) -> None:
        viewer = self.query_one(SourceViewer)
        spec = outcome.spec
        if outcome.loaded is None:
            viewer.prepared = None
            err = outcome.error
            viewer.border_title = Content(f"Source · {spec.id} · unavailable")
            viewer.border_subtitle = ""
            self._viewer_facts = ""
            viewer.placeholder = f"⊘ {err.message if err else 'unreadable'}"
            return
        r, p = outcome.loaded.retrieval, outcome.loaded.prepared
        facts = [str(r.representation).replace("_", " ")]
        if r.copy is not None:  # a DOI read through an open copy: which one, and its version
            facts.append(r.copy.words)
        if p.paged:
            facts.append(f"{p.page_count} pp.")
        facts.append(counted(p.line_count, "line"))
        viewer.border_title = Content(f"{spec.id} · {r.title or spec.title or r.ref}")
        self._viewer_facts = " · ".join(facts)
        viewer.border_subtitle = self._viewer_facts
        viewer.prepared = p
        self._refresh_highlights()
        if self.selected_id is not None:
            viewer.select(self.selected_id)

    def _refresh_highlights(self) -> None:
        viewer = self.query_one(SourceViewer)
        ws = self.workspace
        spans: list[Highlight] = []
        for c in ws.citations:
            if c.source != self.current_source or c.source is None:
                continue
            verdict = ws.verdicts.get(c.id)
            if verdict is None or verdict.result is None or verdict.outside_main_text:
                continue  # a match outside the main text has no place in the text shown
            for i, m in enumerate(verdict.result.matches):
                spans.append(Highlight(m.start, m.end, str(m.kind), c.id, i))
        if self.finder_result is not None:
            for i, m in enumerate(self.finder_result.matches):
                spans.append(Highlight(m.start, m.end, "finder", None, i))
        viewer.highlights = tuple(spans)
        selected = ws.citation(self.selected_id)
        # A verdict that arrives after the source was shown: bring its match into view once.
        if (
            viewer.current is None
            and selected is not None
            and selected.source == self.current_source
        ):
            viewer.select(selected.id)

    def _refresh_detail(self) -> None:
        cid = self.selected_id
        ws = self.workspace
        citation = ws.citation(cid)
        outcome = self.outcomes.get(citation.source or "") if citation is not None else None
        prepared = outcome.loaded.prepared if outcome is not None and outcome.loaded else None
        shown_cid, index = self.match_shown
        index = index if shown_cid == cid else 0
        self.match_shown = (cid, index)  # what the detail shows, so a move to it is not redrawn
        content = detail_content(
            citation,
            ws.verdicts.get(cid or ""),
            prepared,
            checking=cid in self.query_one(CitationList).checking,
            match_index=index,
            reference=self.reference_of(citation.source) if citation is not None else None,
            source_names={s.id: s.title or s.ref or s.id for s in ws.sources},
            no_quotation_in=Path(ws.manuscript).name
            if ws.manuscript and not ws.citations
            else None,
        )
        self.query_one(CitationDetail).show(content, citation.id if citation is not None else None)

    @on(CitationList.Selected)
    def _citation_selected(self, event: CitationList.Selected) -> None:
        self._refresh_detail()
        citation = self.workspace.citation(event.citation_id)
        if citation is None:
            return
        viewer = self.query_one(SourceViewer)
        if citation.source and citation.source != self.current_source:
            self.show_source(citation.source)
        elif viewer.current is None or viewer.current.citation_id != citation.id:
            viewer.select(citation.id)

    @on(SourceViewer.MatchChanged)
    def _match_changed(self, event: SourceViewer.MatchChanged) -> None:
        h = event.highlight
        cid = h.citation_id
        if cid is not None and cid != self.selected_id:
            self.query_one(CitationList).select_citation(cid)
        if cid is None:
            result = self.finder_result
        else:
            verdict = self.workspace.verdicts.get(cid)
            result = verdict.result if verdict is not None else None
        matches = result.matches if result is not None else ()
        if h.index >= len(matches):
            return
        m = matches[h.index]
        said = [f"match {h.index + 1} of {len(matches)}"]
        if m.page_start is not None:
            said.append(f"p. {m.page_start}")
        said.append(f"{m.similarity:.0%}")
        viewer = self.query_one(SourceViewer)
        facts = getattr(self, "_viewer_facts", "")
        viewer.border_subtitle = " · ".join([*said, facts] if facts else said)
        if cid is not None and self.match_shown != (cid, h.index):
            self.match_shown = (cid, h.index)
            self._refresh_detail()

    def _step_source(self, step: int) -> None:
        ids = [s.id for s in self.workspace.sources]
        if not ids:
            self.notify("No sources yet: press o to load one.", severity="warning")
            return
        at = ids.index(self.current_source) if self.current_source in ids else -step
        self.show_source(ids[(at + step) % len(ids)])

    def action_open_in_viewer(self) -> None:
        """Open the shown PDF in the system viewer, at the current match's page (v)."""
        from pathlib import Path

        from quote_tui.app.open_external import VIEWER_ENV, launch, viewer_command

        outcome = self.outcomes.get(self.current_source or "")
        loaded = outcome.loaded if outcome is not None else None
        location = loaded.retrieval.location if loaded is not None else None
        if loaded is None:
            self.notify("No source is shown: pick a citation or press ] for one.")
            return
        if str(loaded.retrieval.representation) != "pdf_text_layer":
            self.notify("v opens a PDF source; the shown source is not one.", severity="warning")
            return
        path = Path(location) if location else None
        if path is None or not path.is_file():
            self.notify("This PDF was fetched, not read from a file: nothing to open.")
            return
        current = self.query_one(SourceViewer).current
        page = loaded.prepared.page_of(current.start) if current is not None else None
        try:
            found = viewer_command(path, page)
        except ValueError as exc:
            self.notify(str(exc), title="Viewer command", severity="error", timeout=10)
            return
        if found is None:
            self.notify(
                f"No PDF viewer found: set {VIEWER_ENV} to a command, e.g. 'evince --page-index="
                "{page} {path}'.",
                title="No viewer",
                severity="warning",
                timeout=10,
            )
            return
        command, takes_page = found
        try:
            launch(command)
        except OSError as exc:
            self.notify(
                f"{command[0]}: {exc.strerror or exc}", title="Viewer failed", severity="error"
            )
            return
        where = f" at p. {page}" if page and takes_page else ""
        self.notify(f"Opened {path.name}{where} with {Path(command[0]).name}.")
        self.last_opened = command

    def action_show_source(self, source_id: str) -> None:
        """Show a source by id (from the command palette)."""
        self.show_source(source_id)

    def action_viewer_next(self) -> None:
        """Next match in the viewer."""
        self.query_one(SourceViewer).action_next_match()

    def action_viewer_previous(self) -> None:
        """Previous match in the viewer."""
        self.query_one(SourceViewer).action_previous_match()

    def action_viewer_next_any(self) -> None:
        """Next match of the source, whichever citation it is."""
        self.query_one(SourceViewer).action_next_any_match()

    def action_viewer_previous_any(self) -> None:
        """Previous match of the source, whichever citation it is."""
        self.query_one(SourceViewer).action_previous_any_match()

    def action_next_source(self) -> None:
        """Show the next source."""
        self._step_source(1)

    def action_previous_source(self) -> None:
        """Show the previous source."""
        self._step_source(-1)

    # ----------------------------------------------------------------- finder

    def action_find(self) -> None:
        """Open the live quote finder over the shown source."""
        outcome = self.outcomes.get(self.current_source or "")
        if outcome is None or outcome.loaded is None:
            self.notify(
                "Show a readable source first (o loads one, [ ] switch).", severity="warning"
            )
            return
        finder = self.query_one(Finder)
        finder.open(outcome)

    @on(Finder.ResultReady)
    def _finder_result(self, event: Finder.ResultReady) -> None:
        self.finder_result = event.result
        self._refresh_highlights()
        if event.result is not None and event.result.matches:
            self.query_one(SourceViewer).select(None, 0)

    @on(Finder.Submitted)
    def _finder_submitted(self, event: Finder.Submitted) -> None:
        from quote_tui.api import CitationSpec

        if self.current_source is None:
            return
        cid = self.new_citation_id()
        self.commit(
            self.workspace.with_citation(CitationSpec(cid, self.current_source, event.query))
        )
        self.query_one(Finder).query_one("#finder-input").value = ""  # type: ignore[attr-defined]
        self.query_one(CitationList).select_citation(cid)
        self.notify(f"Added {cid}; checking it.", timeout=3)
        self.run_checks([cid])

    @on(Finder.Closed)
    def _finder_closed(self) -> None:
        self.query_one(SourceViewer).focus()
