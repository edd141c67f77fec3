"""Mixed into ``MainScreen``: checking the workspace's references (R), kept for the session."""

from __future__ import annotations

from typing import Any

from textual import work

from quote_tui import api
from quote_tui.app.references import workspace_references
from quote_tui.app.widgets.citation_list import CitationList
from quote_tui.workspace import Workspace

__all__ = ["ReferencesWork"]


class ReferencesWork:
    """The reference check's action and its results, by source id."""

    workspace: Workspace

    def _init_references(self) -> None:
        self.references: dict[str, dict[str, Any]] = {}
        """The last reference check's records, by source id (this session only)."""

    def reference_of(self, source_id: str | None) -> dict[str, Any] | None:
        """The reference record of a source, when its references were checked."""
        return self.references.get(source_id or "")

    def action_check_references(self) -> None:
        """Check every source's reference against Crossref and PubMed."""
        items = workspace_references(self.workspace)
        if not items:
            self.notify(  # type: ignore[attr-defined]
                "No source has a DOI, a PMID or a bibliography entry to check.",
                severity="warning",
            )
            return
        self.notify(f"Checking {len(items)} references…", timeout=2)  # type: ignore[attr-defined]
        self.run_reference_check(items)

    @work(exclusive=True, group="references", exit_on_error=False)
    async def run_reference_check(self, items: list[dict[str, Any]]) -> None:
        entries = api.parse_references(csl=items)
        settings = self.app.settings  # type: ignore[attr-defined]
        report = await api.check_references(entries, settings=settings)
        self.references = {r["key"]: r for r in report["references"]}
        marks = {key: str(r["status"]) for key, r in self.references.items()}
        self.query_one(CitationList).references = marks  # type: ignore[attr-defined]
        self._refresh_detail()  # type: ignore[attr-defined]
        summary = report["summary"]
        flagged = (
            sum(summary[s] for s in ("metadata_mismatch", "retracted", "not_found", "corrected"))
            + summary["expression_of_concern"]
        )
        # a registry out of reach is said once, and the references it left are not all clear
        unreached = api.unreached_lines(report)
        not_checked = sum(1 for r in report["references"] if r.get("unreached"))
        counts = f"{summary['verified']} verified, {flagged} to look at"
        if not_checked:
            counts += f", {not_checked} not checked"
        self.notify(  # type: ignore[attr-defined]
            "\n".join(
                [f"Checked {api.counted(summary['total'], 'reference')}: {counts}.", *unreached]
            ),
            severity="warning" if flagged or unreached else "information",
            timeout=8 if unreached else 5,
        )
