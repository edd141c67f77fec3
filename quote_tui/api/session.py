"""A session of an interactive front end: the app reads, checks and searches through here."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from quote_tui.batch import pipeline
from quote_tui.batch.outcomes import CitationOutcome, Progress, SourceOutcome
from quote_tui.batch.plan import SourceWork
from quote_tui.batch.report import report_head, source_entry
from quote_tui.batch.runner import check_source
from quote_tui.batch.service import Service
from quote_tui.batch.sinks import Sink, assemble
from quote_tui.batch.specs import Batch, CitationSpec, Settings, SourceSpec
from quote_tui.sources.pages_told import PageListener, pages_told_to

__all__ = ["Session"]


class Session:
    """One service for as long as the front end runs: its network session, its reader
    processes, and the same budgets for every read and check.

    A check runs in a worker thread under ``Settings.citation_timeout``; cancelling the awaiting
    task (a newer keystroke, Escape) stops the engine at its next checkpoint. Use as an async
    context manager, or call ``aclose`` when done.
    """

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()
        self._service = Service(self.settings)

    async def __aenter__(self) -> Session:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the network session, if one was opened."""
        await self._service.aclose()

    async def read(
        self,
        spec: SourceSpec,
        *,
        base_dir: Path | None = None,
        pages: PageListener | None = None,
    ) -> SourceOutcome:
        """Read a source, its indexes kept for the checks and searches that follow. Never
        raises for a bad source: the outcome carries the error. ``pages`` is told (page n, of
        m) as OCR reads a scan, in this loop's thread."""
        with pages_told_to(pages):
            return await self._service.load_source(spec, base_dir=base_dir)

    async def check(self, spec: CitationSpec, source: SourceOutcome | None) -> CitationOutcome:
        """Check one citation against its source, as a batch would; the live finder checks
        each query so too, so it never gives another verdict than ``check`` (there is no second
        way to search a source)."""
        return await self._service.check_citation(spec, source)

    async def check_all(
        self,
        batch: Batch,
        *,
        progress: Callable[[Progress], None] | None = None,
        known: Mapping[str, SourceOutcome] | None = None,
        observe: Callable[[CitationOutcome], None] | None = None,
    ) -> tuple[dict[str, Any], list[SourceOutcome], list[CitationOutcome]]:
        """Check a batch as the CLI would, through the same pipeline: found elsewhere, claimed
        places and outcomes included; returns the report and the outcomes (the texts read, their
        indexes kept, and each citation's result).

        Args:
            batch: the sources and the citations to check.
            progress: called after each source and citation, and as OCR reads each page of a
                scan (``Progress.ocr``), in this loop's thread.
            known: sources this front end has read already, by id: not read again when their
                spec is the batch's.
            observe: sees each citation's outcome as soon as it is checked (before the last
                stages: no ``found_in`` yet).

        Returns:
            The report (``quote_tui.report`` v1), the sources read and the citations checked.
        """
        sources: list[SourceOutcome] = []
        citations: list[CitationOutcome] = []
        # the texts in hand, kept with their indexes: the found-elsewhere search reads none again
        specs = {spec.id: spec for spec in batch.sources}
        texts = {
            i: o.loaded.prepared
            for i, o in (known or {}).items()
            if o.loaded is not None and o.spec == specs.get(i)
        }

        def seen(outcome: SourceOutcome | CitationOutcome) -> None:
            if isinstance(outcome, SourceOutcome):
                sources.append(outcome)
                if outcome.loaded is not None:
                    texts[outcome.spec.id] = outcome.loaded.prepared
                return
            citations.append(outcome)
            if observe is not None:
                observe(outcome)

        runner = _Reusing(self._service, known or {}, seen)
        report = await pipeline.check_batch(
            batch, self.settings, progress=progress, runner=runner, texts=texts
        )
        return report, sources, citations

    def report(
        self,
        batch: Batch,
        sources: Iterable[SourceOutcome],
        citations: Iterable[dict[str, Any]],
        *,
        created: str,
    ) -> dict[str, Any]:
        """A report of what was checked already, read or checked nothing again: the sources'
        entries from their outcomes, the citations' entries as their checks made them.

        Args:
            batch: the sources and citations, in the report's order.
            sources: every source of the batch, read.
            citations: the report entries of every citation of the batch.
            created: the report's time (ISO 8601).

        Returns:
            The report, the same as ``check_all`` gives for the batch.
        """
        return assemble(
            report_head(self.settings, created), map(source_entry, sources), citations, batch
        )


class _Reusing:
    """The local runner over texts a front end has read already (kept, indexes and all)."""

    def __init__(
        self,
        service: Service,
        known: Mapping[str, SourceOutcome],
        observe: Callable[[SourceOutcome | CitationOutcome], None],
    ) -> None:
        self._service = service
        self._known = known
        self._observe = observe

    async def __call__(self, work: SourceWork, sink: Sink) -> None:
        spec = work.source
        loaded = self._known.get(spec.id) if spec is not None else None
        if loaded is not None and loaded.spec != spec:
            loaded = None  # the source was changed since it was read
        await check_source(
            self._service, work, sink, loaded=loaded, observe=self._observe, keep_indexes=True
        )
