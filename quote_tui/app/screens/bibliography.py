"""Adding a bibliography to a workspace made from a manuscript: the manuscript is scanned again
with it, so citations whose reference matched no entry find their source."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual import work

from quote_tui.api import QuoteTuiError
from quote_tui.app.screens.dialogs import PromptDialog
from quote_tui.workspace import Workspace, with_rescan

__all__ = ["BibliographyWork"]


def _rescan(manuscript: Path, bibliographies: tuple[str, ...]):
    from quote_tui.api import open_input

    return open_input(manuscript, bib=tuple(Path(b) for b in bibliographies)).whole()


def _found(manuscript: Path) -> tuple[str, ...]:
    """The bibliographies a scan without ``--bib`` reads: the ones the manuscript names, else
    the one beside it (a scan given bibliographies reads only those)."""
    from quote_tui.api import find_bibliographies

    return tuple(str(p.resolve()) for p in find_bibliographies(manuscript))


def _unavailable(ws: Workspace) -> int:
    """How many citations have no source that leads to a text."""
    missing = {s.id for s in ws.sources if s.extra.get("unavailable")}
    return sum(1 for c in ws.citations if c.source is None or c.source in missing)


class BibliographyWork:
    """Mixed into ``MainScreen``: the ``b`` action and the Load dialog's ``.bib`` files."""

    workspace: Workspace

    def action_add_bibliography(self) -> None:
        """Ask for a bibliography file, then scan the manuscript again with it."""
        if self.workspace.manuscript is None:
            self.notify(  # type: ignore[attr-defined]
                "A bibliography completes a manuscript's references; this workspace was not "
                "made from one (quote-tui open paper.md).",
                severity="warning",
            )
            return
        prompt = PromptDialog(
            "Add a bibliography",
            placeholder="refs.bib",
            hint="A BibTeX (.bib) or CSL-JSON (.json) file; the manuscript is scanned again.",
        )

        def chosen(value: str | None) -> None:
            if value:
                self.add_bibliography(Path(value).expanduser())

        self.app.push_screen(prompt, chosen)  # type: ignore[attr-defined]

    @work(exclusive=True, group="bibliography", exit_on_error=False)
    async def add_bibliography(self, path: Path) -> None:
        """Scan the manuscript again with ``path`` added to its bibliographies."""
        ws = self.workspace
        if ws.manuscript is None:
            self.action_add_bibliography()
            return
        path = path.resolve()
        named = ws.bibliographies or await asyncio.to_thread(_found, Path(ws.manuscript))
        bibs = tuple(dict.fromkeys((*named, str(path))))
        try:
            batch = await asyncio.to_thread(_rescan, Path(ws.manuscript), bibs)
        except QuoteTuiError as exc:
            self.notify(exc.message, title="Bibliography not added", severity="error")  # type: ignore[attr-defined]
            return
        updated = with_rescan(self.workspace, batch, bibliographies=bibs)
        outcomes = self.outcomes  # type: ignore[attr-defined]
        for sid in [k for k, v in outcomes.items() if updated.source(k) != v.spec]:
            del outcomes[sid]
        self.commit(updated)  # type: ignore[attr-defined]
        before, after = _unavailable(ws), _unavailable(updated)
        self.notify(  # type: ignore[attr-defined]
            f"Added {path.name}: {before - after} more citation{'s' if before - after != 1 else ''}"
            f" have a source; {after} still lack one. Press C to check all.",
            title="Bibliography added",
            timeout=6,
        )
