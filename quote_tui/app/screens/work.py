"""The main screen's work: reading sources, checking, editing, copying and exporting.

Every slow step is an async worker that awaits the service (the same coroutines the CLI runs), so
the UI never waits on a download, a PDF extraction or the engine. Escape cancels the running check
or read; a cancelled worker's late result is never applied because the cancellation interrupts it
at its next ``await``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import on, work
from textual.content import Content
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState

from quote_tui.api import (
    CheckResult,
    CitationOutcome,
    CitationSpec,
    ErrorCode,
    Progress,
    QuoteTuiError,
    Recovery,
    Session,
    SourceOutcome,
    counted,
    same_work_key,
)
from quote_tui.app.manuscript_wording import keep_written, still_written
from quote_tui.app.printed_pages import resolve_page
from quote_tui.app.recheck import to_check_on_open
from quote_tui.app.screens.dialogs import ErrorDialog, PassageDialog, PromptDialog
from quote_tui.app.screens.edit_citation import EditCitationScreen
from quote_tui.app.screens.key_source import link_to_key
from quote_tui.app.screens.load_source import (
    BibliographyChoice,
    LoadedChoice,
    LoadSourceScreen,
)
from quote_tui.app.screens.passage import copied_title, passage_text
from quote_tui.app.widgets.citation_list import CitationList
from quote_tui.app.widgets.source_viewer import SourceViewer
from quote_tui.app.widgets.status import status_label
from quote_tui.workspace import Verdict
from quote_tui.workspace.model import copy_version_of

if TYPE_CHECKING:
    from quote_tui.workspace import Workspace

__all__ = ["MainWork", "verdict_of"]


def verdict_of(outcome: CitationOutcome, entry: Mapping[str, Any] | None = None) -> Verdict:
    """The workspace's record of a citation outcome, with what the run's last stages added to
    its report entry (where else its words stand, its claimed place settled)."""
    entry = entry or {}
    claimed = entry.get("claimed")
    return Verdict(
        status=outcome.status,
        result=outcome.result,
        error=outcome.error.to_dict() if outcome.error is not None else None,
        page_check=outcome.page_check,
        found_in=tuple(entry.get("found_in") or ()),
        outside_main_text=outcome.outside_main_text,
        claimed=dict(claimed) if isinstance(claimed, Mapping) else None,
        copy_version=copy_version_of(entry.get("copy_version")),
        reason=outcome.why,
        note=outcome.note,
    )


class MainWork:
    """Mixed into ``MainScreen``: the actions that read, check and write."""

    workspace: Workspace
    current_source: str | None

    def _init_work(self) -> None:
        self.outcomes: dict[str, SourceOutcome] = {}
        """Sources read in this session, by id (the checked texts live here, not on disk)."""
        self.finder_result: CheckResult | None = None
        """The finder's latest answer, highlighted in the viewer."""
        self.entries: dict[str, dict[str, Any]] = {}
        """Each citation's report entry from its last check in this session: what an export
        writes, without checking again."""
        self.ocr_pages: dict[str, tuple[int, int]] = {}
        """A scan's OCR under way, by source id: the page read and the pages in all."""

    @property
    def session(self) -> Session:
        return self.app.session  # type: ignore[attr-defined]

    @property
    def base_dir(self) -> Path:
        return self.app.base_dir_for(self.workspace)  # type: ignore[attr-defined]

    # ----------------------------------------------------------------- reading

    async def ensure_source(self, source_id: str | None) -> SourceOutcome | None:
        """The outcome of reading a source, reading it now if this session has not. A scan's
        OCR pages are said in the viewer as this read goes (a check reading the same scan
        beside it may report later, or not at all once this read has finished)."""
        if source_id is None:
            return None
        if source_id in self.outcomes:
            return self.outcomes[source_id]
        spec = self.workspace.source(source_id)
        if spec is None:
            return None

        def told(page: int, pages: int) -> None:
            self.ocr_pages[source_id] = (page, pages)
            self.show_reading()  # type: ignore[attr-defined]

        outcome = await self.session.read(spec, base_dir=self.base_dir, pages=told)
        self._remember(outcome)
        return outcome

    def _remember(self, outcome: SourceOutcome) -> None:
        self.outcomes[outcome.spec.id] = outcome
        if outcome.loaded is not None:
            sha = outcome.loaded.retrieval.content_sha256
            if self.workspace.snapshots.get(outcome.spec.id) != sha:
                # the source's text changed: what its citations' checks made is out of date
                self.entries = {
                    cid: e for cid, e in self.entries.items() if e.get("source") != outcome.spec.id
                }
                self.commit(self.workspace.with_snapshot(outcome.spec.id, sha), undoable=False)

    @work(exclusive=True, group="view", exit_on_error=False)
    async def read_for_viewer(self, source_id: str) -> None:
        """Read a source for the viewer; shows it only if it is still the one asked for."""
        outcome = await self.ensure_source(source_id)
        if outcome is not None and self.current_source == source_id:
            self._show_outcome(outcome)

    def action_load_source(self) -> None:
        """Open the loading modal."""
        start = Path(".")  # shown as "." rather than a long absolute path
        taken = {s.id for s in self.workspace.sources}
        screen = LoadSourceScreen(
            self.session, base_dir=self.base_dir, taken_ids=taken, start=start
        )
        self.app.push_screen(screen, self._source_loaded)

    def _source_loaded(self, choice: LoadedChoice | BibliographyChoice | None) -> None:
        if choice is None:
            return
        if isinstance(choice, BibliographyChoice):
            self.add_bibliography(choice.path)  # type: ignore[attr-defined]
            return
        # a key without a source takes the file even when another id reads it already: the
        # user loaded it for this citation
        if self._link_to_key(choice):
            return
        same = self._same_source(choice)
        if same is not None:
            self.outcomes.setdefault(same, choice.outcome)
            self.show_source(same)
            self.notify(
                f"This source is already in the workspace as {same}; showing it.",
                title="Already loaded",
                timeout=5,
            )
            self.query_one(SourceViewer).focus()
            return
        self.outcomes[choice.spec.id] = choice.outcome
        ws = self.workspace.with_source(choice.spec)
        if choice.outcome.loaded is not None:
            ws = ws.with_snapshot(choice.spec.id, choice.outcome.loaded.retrieval.content_sha256)
        self.commit(ws)
        self.current_source = None
        self.show_source(choice.spec.id)
        self.notify(f"Source {choice.spec.id} added. Press / to find a quotation in it.")
        self.query_one(SourceViewer).focus()

    def _link_to_key(self, choice: LoadedChoice) -> bool:
        """Give a loaded work to the selected citation's key when that key has no source
        (``key_source``), then check its citations; False when there is no such key."""
        link = link_to_key(self.workspace, self.selected_id, choice.spec)  # type: ignore[attr-defined]
        if link is None:
            return False
        sid = link.spec.id
        self.outcomes[sid] = replace(choice.outcome, spec=link.spec)
        ws = link.workspace
        if choice.outcome.loaded is not None:
            ws = ws.with_snapshot(sid, choice.outcome.loaded.retrieval.content_sha256)
        self.commit(ws)
        self.current_source = None
        self.show_source(sid)
        name = Path(choice.spec.ref).name if choice.spec.ref else "The pasted text"
        n = len(link.citations)
        self.notify(
            f"{name} is now the source of {sid}; checking "
            f"{'its citation' if n == 1 else f'its {n} citations'} (ctrl+z undoes).",
            title="Linked to the citation's key",
            timeout=6,
        )
        self.run_checks(list(link.citations))
        return True

    def _same_source(self, choice: LoadedChoice) -> str | None:
        """The id of a source already in the workspace that ``choice`` reads again.

        Same file with the same content, the same URL, DOI or PMID, or the same pasted text. A
        file whose content changed since it was added is a new version, so it is added.
        """
        spec = choice.spec
        loaded = choice.outcome.loaded
        sha = loaded.retrieval.content_sha256 if loaded is not None else None
        for s in self.workspace.sources:
            if spec.text is not None:
                if s.text is not None and s.text == spec.text:
                    return s.id
                continue
            if not s.ref or not spec.ref:
                continue
            key = same_work_key(spec.ref)
            if key is not None:
                if same_work_key(s.ref) == key:
                    return s.id
                continue
            theirs = Path(s.ref).expanduser()
            if not theirs.is_absolute():
                theirs = self.base_dir / theirs
            if theirs.resolve() == Path(spec.ref).resolve() and (
                self.workspace.snapshots.get(s.id) in (None, sha)
            ):
                return s.id
        return None

    # ----------------------------------------------------------------- checking

    def action_check(self) -> None:
        """Check the selected citation."""
        cid = self.selected_id
        if cid is None:
            self.notify("No citation selected.", severity="warning")
            return
        self.run_checks([cid])

    def action_check_all(self) -> None:
        """Check every citation."""
        ids = [c.id for c in self.workspace.citations]
        if not ids:
            self.notify("There are no citations to check.", severity="warning")
            return
        self.run_checks(ids)

    def check_unchecked(self) -> None:
        """Check what opening or reloading a file leaves unchecked; Escape cancels, as for C."""
        ids = to_check_on_open(self.workspace)
        if ids:
            self.run_checks(ids)

    @work(exclusive=True, group="check", exit_on_error=False)
    async def run_checks(self, ids: list[str]) -> None:
        """Check citations through the pipeline every front end runs (found elsewhere and
        claimed places included), showing progress; Escape cancels."""
        bar = self.query_one("#progress", ProgressBar)
        citations = self.query_one(CitationList)
        bar.update(total=len(ids), progress=0)
        bar.display = len(ids) > 1
        self.add_class("-checking")
        try:
            citations.checking = frozenset(ids)
            self._refresh_detail()
            await self._check_through_pipeline(ids, bar)
            if len(ids) == 1:
                self._confirm_checked(ids[0])
            else:
                self.notify(checked_summary(self.workspace, ids), timeout=4)
        finally:
            citations.checking = frozenset()
            bar.display = False
            self.remove_class("-checking")
            self._refresh_detail()

    async def _check_through_pipeline(self, ids: list[str], bar: ProgressBar) -> None:
        """One run of the pipeline over the workspace's sources and the citations ``ids``;
        each verdict is shown as soon as it is made, then again with what the last stages add."""
        ws = self.workspace
        wanted = set(ids)
        batch = ws.batch(self.base_dir)
        batch = replace(batch, citations=tuple(c for c in batch.citations if c.id in wanted))
        citations = self.query_one(CitationList)

        def checked(outcome: CitationOutcome) -> None:
            self._apply({outcome.spec.id: (outcome, None)})
            citations.checking = citations.checking - {outcome.spec.id}
            bar.advance(1)

        reading = self.query_one("#reading", Static)

        def told(p: Progress) -> None:
            # a scan's OCR takes seconds a page: say which source is read, and how far
            reading.display = p.ocr is not None
            if p.ocr is not None:
                self.ocr_pages[p.ocr.source] = (p.ocr.page, p.ocr.pages)
                self.show_reading()  # type: ignore[attr-defined]
                reading.update(
                    Content(f"Reading {p.ocr.source}: OCR page {p.ocr.page} of {p.ocr.pages}")
                )

        try:
            report, sources, outcomes = await self.session.check_all(
                batch, known=self.outcomes, observe=checked, progress=told
            )
        finally:
            reading.display = False
            self.ocr_pages.clear()
        for source in sources:
            self._remember(source)
        entries = {str(c["id"]): c for c in report["citations"]}
        for entry in entries.values():
            self.entries[str(entry["id"])] = entry
        self._apply({o.spec.id: (o, entries.get(o.spec.id)) for o in outcomes})

    def _apply(self, done: Mapping[str, tuple[CitationOutcome, Mapping[str, Any] | None]]) -> None:
        """Record verdicts; a citation edited while the engine ran keeps the edit."""
        updated = self.workspace
        for cid, (outcome, entry) in done.items():
            if updated.citation(cid) == outcome.spec:
                updated = updated.with_verdict(cid, verdict_of(outcome, entry))
        if updated is not self.workspace:
            self.commit(updated, undoable=False)

    def _confirm_checked(self, cid: str) -> None:
        verdict = self.workspace.verdicts.get(cid)
        if verdict is None:
            return
        similarity = verdict.result.best_similarity if verdict.result is not None else None
        label = status_label(verdict.status, similarity)
        self.notify(f"Checked {cid}: {label}.", timeout=3)

    def action_cancel_work(self) -> None:
        """Cancel a running check or read."""
        running = [
            w for w in self.workers if w.group in ("check", "view", "export") and w.is_running
        ]
        if not running:
            return
        for group in ("check", "view", "export"):
            self.workers.cancel_group(self, group)
        viewer = self.query_one(SourceViewer)
        if viewer.prepared is None:
            viewer.placeholder = "Reading cancelled. Select the citation again to retry."
        self.notify("Cancelled.", severity="warning", timeout=3)

    # ----------------------------------------------------------------- editing

    def action_add_citation(self) -> None:
        """Add a citation through the form."""
        draft = CitationSpec(self.new_citation_id(), self.current_source, "")
        self._edit(draft, new=True)

    def new_citation_id(self) -> str:
        """The next ``cN`` id: one scheme however a citation is added (form, finder, manuscript)."""
        numbers = [int(c.id[1:]) for c in self.workspace.citations if re.fullmatch(r"c\d+", c.id)]
        return self.workspace.new_id(f"c{max(numbers, default=0) + 1}")

    def action_edit_citation(self) -> None:
        """Edit the selected citation."""
        citation = self.workspace.citation(self.selected_id)
        if citation is None:
            self.notify("No citation selected.", severity="warning")
            return
        self._edit(citation, new=False)

    def _edit(self, citation: CitationSpec, *, new: bool) -> None:
        ws = self.workspace
        screen = EditCitationScreen(
            citation,
            [s.id for s in ws.sources],
            taken_ids={c.id for c in ws.citations},
            new=new,
        )

        def done(result: CitationSpec | None) -> None:
            if result is None:
                return
            result = keep_written(citation, result)
            self.commit(self.workspace.with_citation(result))
            self.query_one(CitationList).select_citation(result.id)
            self.run_checks([result.id])

        self.app.push_screen(screen, done)

    def action_delete_citation(self) -> None:
        """Delete the selected citation (ctrl+z brings it back)."""
        cid = self.selected_id
        if cid is None:
            self.notify("No citation selected.", severity="warning")
            return
        self.commit(self.workspace.without_citation(cid))
        self.notify(f"Deleted {cid}. Press ctrl+z to undo.", timeout=4)

    def _checked_selection(
        self, hint: str
    ) -> tuple[str, CitationSpec, Verdict, CheckResult] | None:
        """The selected citation with its last check's result, or None after saying ``hint``."""
        cid = self.selected_id
        citation = self.workspace.citation(cid)
        verdict = self.workspace.verdicts.get(cid or "")
        if cid is not None and verdict is not None and verdict.result is None:
            # checked, but there was nothing to check against: saying "check it first" misleads
            lacks = "no readable source" if citation and citation.source else "no source"
            why = (verdict.error or {}).get("message") or f"{cid} has {lacks}."
            self.notify(f"No passage: {why}", severity="warning")
            return None
        if cid is None or citation is None or verdict is None or verdict.result is None:
            self.notify(hint, severity="warning")
            return None
        return cid, citation, verdict, verdict.result

    def action_use_source_wording(self) -> None:
        """Replace a near (or normalized) quotation with the source's own wording."""
        checked = self._checked_selection("Check the citation first.")
        if checked is None:
            return
        cid, citation, verdict, result = checked
        if verdict.status not in ("near", "normalized") or not result.matches:
            self.notify("Only a near or normalized quotation can take the source's wording.")
            return
        wording = " ".join(result.matches[0].text.split())
        updated = keep_written(citation, replace(citation, quote=wording))
        self.commit(self.workspace.with_citation(updated))
        said = f"{cid} now quotes the source's wording (ctrl+z undoes).{still_written(updated)}"
        self.notify(said, timeout=8 if still_written(updated) else 4)
        self.run_checks([citation.id])

    # ----------------------------------------------------------------- copy and export

    def action_copy_passage(self) -> None:
        """Copy the verified passage with its location to the clipboard (OSC 52)."""
        checked = self._checked_selection("Check the citation first (c).")
        if checked is None:
            return
        cid, citation, verdict, result = checked
        # the match the detail shows (n and N step through them), not always the first
        shown, index = self.match_shown  # type: ignore[attr-defined]
        index = index if shown == cid else 0
        text = passage_text(result, self.outcomes.get(citation.source or ""), index)
        if text is None:
            self.notify("Nothing to copy: the quotation was not found.", severity="warning")
            return
        self.app.copy_to_clipboard(text)
        self.last_copied = text
        shown = text if len(text) <= 80 else text[:79] + "…"
        self.notify(
            f"{shown}\nNothing pasted? Y shows it to select by hand.",
            title=copied_title(verdict.status),
            timeout=6,
        )

    def action_show_passage(self) -> None:
        """Show the last copied passage in a dialog, for terminals without OSC 52."""
        text = getattr(self, "last_copied", None)
        if text is None:
            self.action_copy_passage()
            text = getattr(self, "last_copied", None)
        if text is not None:
            self.app.push_screen(PassageDialog(text))

    # ----------------------------------------------------------------- go to

    def action_goto_line(self) -> None:
        """Jump to a line of the shown source."""
        self._goto("line")

    def action_goto_page(self) -> None:
        """Jump to a page of the shown source."""
        self._goto("page")

    def _goto(self, unit: str) -> None:
        viewer = self.query_one(SourceViewer)
        prepared = viewer.prepared
        if prepared is None:
            self.notify("No source is shown.", severity="warning")
            return
        if unit == "page" and not prepared.paged:
            self.notify("This source has no pages; use : for a line.", severity="warning")
            return

        def go_line(value: str | None) -> None:
            if not value:
                return
            try:
                number = int(value.strip())
            except ValueError:
                self.notify(f"{value!r} is not a line number.", severity="error")
                return
            if not viewer.goto_line(number):
                last = prepared.line_count
                self.notify(f"There is no line {number} (1–{last}).", severity="error")
            viewer.focus()

        def go_page(value: str | None) -> None:
            if not value:
                return
            choice = resolve_page(prepared.page_count, prepared.page_labels, value)
            if isinstance(choice, str):
                self.notify(choice, severity="error")
                return
            page, message = choice
            viewer.goto_page(page)
            if message:
                self.notify(message, timeout=5)
            viewer.focus()

        if unit == "line":
            title = f"Go to line (1–{prepared.line_count})"
            self.app.push_screen(PromptDialog(title, placeholder="1"), go_line)
            return
        labels = [label for label in prepared.page_labels if label]
        printed = f"printed {labels[0]}–{labels[-1]}, " if labels else ""
        title = f"Go to page ({printed}PDF 1–{prepared.page_count})"
        hint = "A printed page number or roman numeral; 'pdf 2' for the second PDF page."
        self.app.push_screen(PromptDialog(title, placeholder="1", hint=hint), go_page)

    # ----------------------------------------------------------------- failures

    @on(Worker.StateChanged)
    def _worker_failed(self, event: Worker.StateChanged) -> None:
        if event.state is not WorkerState.ERROR:
            return
        error: Any = event.worker.error
        if isinstance(error, QuoteTuiError):
            dialog = ErrorDialog(
                "Something went wrong", error.message, code=error.code, recovery=error.recovery
            )
        else:
            dialog = ErrorDialog(
                "Unexpected error",
                f"{type(error).__name__}: {error}",
                code=ErrorCode.INTERNAL_ERROR,
                recovery=Recovery.REVIEW_SOURCE,
            )
        self.app.push_screen(dialog)


def checked_summary(workspace: Workspace, ids: list[str]) -> str:
    """What a check of ``ids`` found, counted among those alone (not the whole workspace).
    Citations whose source could not be read are said apart: "0 found as quoted" alone read
    as if the quotations were wrong when no source text was there to compare."""
    wanted = set(ids)
    only = replace(workspace, citations=tuple(c for c in workspace.citations if c.id in wanted))
    counts = only.counts()
    found = counts.get("exact", 0) + counts.get("normalized", 0)
    said = f"Checked {counted(len(ids), 'citation')}: {found} found as quoted"
    unread = counts.get("unavailable", 0)
    if unread:
        whose = "its source" if unread == 1 else "their sources"
        said += f"; {unread} not checked: {whose} could not be read"
    unnamed = counts.get("unreferenced", 0)
    if unnamed:
        said += f"; {unnamed} with no source"
    return said + "."
