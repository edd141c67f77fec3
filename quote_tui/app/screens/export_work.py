"""Mixed into ``MainScreen``: exporting the report of what was checked (e)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import work
from textual.widgets import ProgressBar

from quote_tui import api
from quote_tui.api import QuoteTuiError
from quote_tui.app.screens.dialogs import ChoiceDialog, PromptDialog

if TYPE_CHECKING:
    from quote_tui.workspace import Workspace

__all__ = ["ExportWork"]


class ExportWork:
    """The export's action: the citations checked in this session are written as their checks
    made them (``MainWork.entries``); only the others are checked, through the same pipeline."""

    workspace: Workspace
    entries: dict[str, dict[str, Any]]

    def action_export(self, annotate: bool = False) -> None:
        """Ask where to write the report, then write it (E: with annotated PDFs beside it)."""
        default = self.app.default_report_path(self.workspace)  # type: ignore[attr-defined]
        prompt = PromptDialog(
            "Export report",
            value=str(default),
            hint="The extension picks the format: .json, .md or .html."
            + (f" Highlighted PDFs go in <name>{_ANNOTATED}/ beside it." if annotate else ""),
        )

        def chosen(value: str | None) -> None:
            if not value:
                return
            path = Path(value).expanduser()
            unwritable = _unwritable(path)
            if unwritable:  # said before checking what is unchecked, not after
                self.notify(unwritable, title="Not exported", severity="error", timeout=10)
                return
            if not path.exists():
                self.export_report(path, annotate=annotate)
                return
            ask = ChoiceDialog(
                "Replace the report?",
                f"{path} already exists. Replace it with this report?",
                yes="Replace",
                no="Keep it",
            )
            self.app.push_screen(
                ask, lambda yes: self.export_report(path, annotate=annotate) if yes else None
            )

        self.app.push_screen(prompt, chosen)

    @work(exclusive=True, group="export", exit_on_error=False)
    async def export_report(self, path: Path, *, annotate: bool = False) -> None:
        """Write the report of what was checked, atomically: citations checked in this session
        are written as their checks made them, and only the others are checked now."""
        bar = self.query_one("#progress", ProgressBar)
        ws = self.workspace
        bar.update(total=max(len(ws.citations), 1), progress=0)
        bar.display = True
        try:
            todo = [c.id for c in ws.citations if not self._has_entry(c.id)]
            if todo:
                await self._check_through_pipeline(todo, bar)
            sources = await asyncio.gather(*(self.ensure_source(s.id) for s in ws.sources))
        finally:
            bar.display = False
        ws = self.workspace
        data = self.session.report(
            ws.batch(self.base_dir),
            [s for s in sources if s is not None],
            [self.entries[c.id] for c in ws.citations],
            created=_now(),
        )
        # annotating reads the sources where this session found them, before refs move
        raw = data
        # the report's file refs resolve from its own folder, so it reopens from there
        data = api.refs_from(data, self.base_dir, path.expanduser().parent)
        fmt = api.format_for(path)
        try:
            text = api.render(data, fmt if fmt in ("markdown", "html") else "json")
            await asyncio.to_thread(api.write_text, path, text)
        except QuoteTuiError as exc:
            self.notify(exc.message, title="Export failed", severity="error")
            return
        except OSError as exc:
            self.notify(f"{path}: {exc.strerror}", title="Export failed", severity="error")
            return
        self.notify(f"Report written to {path}", title="Exported", timeout=6)
        self.last_export = path
        if annotate:
            await self._annotate(raw, path.with_name(path.stem + _ANNOTATED))

    async def _annotate(self, report: dict[str, Any], folder: Path) -> None:
        """Highlighted copies of the report's PDFs, from the report alone: nothing is read
        or checked again beyond confirming each file still holds the checked text."""
        try:
            done = await asyncio.to_thread(api.annotate_pdfs, report, folder)
        except QuoteTuiError as exc:
            self.notify(exc.message, title="Annotated PDFs not written", severity="error")
            return
        for warning in done.warnings:
            self.notify(warning, title="PDF not annotated", severity="warning", timeout=8)
        if done.written:
            n = len(done.written)
            self.notify(f"{n} annotated PDF{'s' * (n != 1)} in {folder}", title="Annotated")
        elif not done.warnings:
            self.notify("No checked PDF source had a match to highlight.", severity="warning")
        self.last_annotated = done.written

    def _has_entry(self, cid: str) -> bool:
        """Whether this session checked the citation as it stands, and its verdict is current."""
        entry = self.entries.get(cid)
        spec = self.workspace.citation(cid)
        if entry is None or spec is None or cid not in self.workspace.verdicts:
            return False
        return entry.get("source") == spec.source and entry.get("quote") == spec.quote


_ANNOTATED = "-annotated"
"""Suffix of the folder, beside the report, that holds its highlighted PDFs."""


def _unwritable(path: Path) -> str:
    """Why a report cannot be written at ``path`` (a folder; a folder that does not exist), in
    words with what to do, or "" when it can be tried."""
    if path.is_dir():
        return f"{path} is a folder: press e again and name a file in it (report.html)."
    if not path.parent.is_dir():
        return (
            f"The folder {path.parent} does not exist: press e again and pick a folder that "
            "exists, or create that one first."
        )
    return ""


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime())
