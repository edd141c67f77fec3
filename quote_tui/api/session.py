"""A session of an interactive front end: the app reads, checks and searches through here."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from quote_tui.batch import pipeline
from quote_tui.batch.elsewhere import MAX_SOURCES, place_in, worth_looking
from quote_tui.batch.outcomes import CitationOutcome, Progress, SourceOutcome
from quote_tui.batch.runner import LocalRunner
from quote_tui.batch.service import Service
from quote_tui.batch.specs import Batch, CitationSpec, Settings, SourceSpec
from quote_tui.engine.records import CheckResult, MatchOptions
from quote_tui.engine.text import PreparedText

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

    async def read(self, spec: SourceSpec, *, base_dir: Path | None = None) -> SourceOutcome:
        """Read a source, its indexes kept for the checks and searches that follow. Never
        raises for a bad source: the outcome carries the error."""
        return await self._service.load_source(spec, base_dir=base_dir)

    async def check(self, spec: CitationSpec, source: SourceOutcome | None) -> CitationOutcome:
        """Check one citation against its source, as a batch would."""
        return await self._service.check_citation(spec, source)

    async def find(
        self, prepared: PreparedText, quote: str, *, options: MatchOptions | None = None
    ) -> CheckResult:
        """Find a quotation in a text already read (the live finder), under the budget.

        Raises:
            QuoteError: the quotation is empty, too long or holds control characters.
            BudgetExceeded: past the citation budget.
        """
        return await self._service.run_check(prepared, quote, options=options)

    def looks_elsewhere(self, spec: CitationSpec, others: int) -> bool:
        """Whether ``elsewhere`` looks for this quotation in ``others`` other sources: it needs
        words enough to say where it came from, and fewer than ``MAX_SOURCES`` sources."""
        return worth_looking(spec.quote) and 0 < others < MAX_SOURCES

    async def elsewhere(
        self, spec: CitationSpec, sources: Iterable[SourceOutcome]
    ) -> tuple[dict[str, Any], ...]:
        """Where a quotation not in its cited source stands in the other sources read: the
        report's ``found_in`` items, in the order given (none past ``MAX_SOURCES`` sources)."""
        others = [s for s in sources if s.spec.id != spec.source and s.loaded is not None]
        if not self.looks_elsewhere(spec, len(others)):
            return ()
        places = []
        for outcome in others:
            assert outcome.loaded is not None
            place = await place_in(
                self._service, outcome.spec.id, outcome.loaded.prepared, spec.quote
            )
            if place is not None:
                places.append(place)
        return tuple(places)

    async def check_all(
        self,
        batch: Batch,
        *,
        progress: Callable[[Progress], None] | None = None,
    ) -> tuple[dict[str, Any], list[SourceOutcome], list[CitationOutcome]]:
        """Check a whole batch as the CLI would; returns the report and the outcomes (the texts
        read, their indexes kept, and each citation's result)."""
        sources: list[SourceOutcome] = []
        citations: list[CitationOutcome] = []

        def observe(outcome: SourceOutcome | CitationOutcome) -> None:
            if isinstance(outcome, SourceOutcome):
                sources.append(outcome)
            else:
                citations.append(outcome)

        runner = LocalRunner(self._service, observe=observe, keep_indexes=True)
        report = await pipeline.check_batch(batch, self.settings, progress=progress, runner=runner)
        return report, sources, citations
