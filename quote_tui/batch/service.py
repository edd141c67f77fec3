"""The service API: every front end (CLI, MCP server, app) checks quotations through here.

One place reads sources, runs the engine off the event loop, and turns failures into per-entry
errors, so the CLI, the agent server and the app can never disagree about a verdict or word an
error differently. Sources are read through ``sources.load.Loader``: local files in worker
processes (``sources.readers.isolated``), so a reader that crashes in native code or hangs costs
only its source; matching runs in daemon threads under a time budget per citation, so nothing a
batch holds keeps the report from being written.
Network sources share one guarded session per run, and the PDF and HTML it fetches are parsed in
the same worker processes as local files.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import re
import threading
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from quote_tui._threads import in_daemon_thread, margin
from quote_tui.batch.specs import Batch, CitationSpec, Settings, SourceSpec
from quote_tui.engine.budget import BudgetExceeded, armed
from quote_tui.engine.check import check as engine_check
from quote_tui.engine.errors import BatchInputError, ErrorCode, QuoteTuiError, Recovery
from quote_tui.engine.records import CheckResult, MatchOptions, Status
from quote_tui.engine.text import PreparedText
from quote_tui.sources.load import Loader
from quote_tui.sources.records import LoadedSource, Representation

__all__ = [
    "Batch",
    "CitationOutcome",
    "CitationSpec",
    "Progress",
    "Report",
    "Service",
    "Settings",
    "SourceOutcome",
    "SourceSpec",
    "check_text_sync",
]

EXTRA_STATUSES = ("error", "unreferenced")
"""Citation statuses beyond the engine's: a bad entry, and a quotation that names no source."""


def check_text_sync(
    prepared: PreparedText, quote: str, options: MatchOptions | None = None
) -> CheckResult:
    """Run the pure engine (blocking). The app's live finder calls this through a thread."""
    return engine_check(prepared, quote, options=options or MatchOptions())


@dataclass(frozen=True, slots=True)
class SourceOutcome:
    """A source after reading: ``loaded`` when readable, ``error`` when not."""

    spec: SourceSpec
    loaded: LoadedSource | None = None
    error: QuoteTuiError | None = None

    @property
    def status(self) -> str:
        if self.loaded is None:
            return "unavailable"
        if self.loaded.retrieval.representation is Representation.SUPPLIED_TEXT:
            return "supplied_text"
        return "readable"


@dataclass(frozen=True, slots=True)
class CitationOutcome:
    """One citation's verdict (``status``), the engine's result, or the entry's error."""

    spec: CitationSpec
    status: str
    result: CheckResult | None = None
    error: QuoteTuiError | None = None
    page_check: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Progress:
    """Posted after each citation is checked."""

    done: int
    total: int
    citation_id: str
    status: str


@dataclass(frozen=True, slots=True)
class Report:
    """A whole run: sources and citations in batch order, with the settings used."""

    sources: tuple[SourceOutcome, ...]
    citations: tuple[CitationOutcome, ...]
    settings: Settings
    created: str = field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))


class Service:
    """Reads sources and checks citations for one run.

    Use as an async context manager so the network session (if any source needs one) is closed::

        async with Service(Settings()) as service:
            report = await service.check_batch(batch)
    """

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()
        self._loader = Loader(self.settings.read)
        self._checks: asyncio.Semaphore | None = None

    async def __aenter__(self) -> Service:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the network session, if one was opened.

        The reader processes outlive the service: they are shared by every service in the
        process (``sources.readers.isolated.shared_pool``) and stop when it exits.
        """
        await self._loader.aclose()

    # -- sources ---------------------------------------------------------------------------

    async def load_source(self, spec: SourceSpec, *, base_dir: Path | None = None) -> SourceOutcome:
        """Read one source (``sources.load.Loader.load``). Never raises for a bad source: the
        outcome carries the error."""
        try:
            loaded = await self._loader.load(spec, base_dir=base_dir)
        except QuoteTuiError as exc:
            return SourceOutcome(spec, error=exc)
        except Exception as exc:  # a reader bug must not sink the whole batch
            return SourceOutcome(spec, error=_internal(exc))
        return SourceOutcome(spec, loaded=loaded)

    # -- citations -------------------------------------------------------------------------

    async def check_citation(
        self, spec: CitationSpec, source: SourceOutcome | None
    ) -> CitationOutcome:
        """Check one citation against its (already read) source."""
        if spec.source is None:
            return CitationOutcome(spec, "unreferenced")
        if source is None:
            return CitationOutcome(
                spec,
                "error",
                error=BatchInputError(
                    f"citation {spec.id!r} names source {spec.source!r}, which the batch lacks",
                    code=ErrorCode.UNKNOWN_SOURCE,
                    recovery=Recovery.FIX_INPUT,
                ),
            )
        if not isinstance(spec.quote, str):
            # a link check: the source's retrieval record says all there is to say
            if spec.quote is None and source.loaded is not None:
                return CitationOutcome(spec, "link_ok")
            if spec.quote is None:
                return CitationOutcome(spec, str(Status.UNAVAILABLE), error=source.error)
            return CitationOutcome(
                spec,
                "error",
                error=BatchInputError(
                    f"citation {spec.id!r}: 'quote' must be a string",
                    code=ErrorCode.BAD_BATCH,
                    recovery=Recovery.FIX_INPUT,
                ),
            )
        if source.loaded is None:
            return CitationOutcome(spec, str(Status.UNAVAILABLE), error=source.error)
        prepared = source.loaded.prepared
        try:
            result = await self._run_check(prepared, spec.quote)
        except BudgetExceeded as exc:
            return CitationOutcome(spec, str(Status.INCONCLUSIVE), error=exc)
        except QuoteTuiError as exc:
            return CitationOutcome(spec, "error", error=exc)
        except Exception as exc:
            return CitationOutcome(spec, "error", error=_internal(exc))
        return CitationOutcome(
            spec, str(result.status), result=result, page_check=page_check(spec, result, prepared)
        )

    async def _run_check(self, prepared: PreparedText, quote: str) -> CheckResult:
        """The engine under the citation budget, in a daemon thread.

        The engine stops itself at its next checkpoint once the budget is spent; should it not
        reach one, the wait ends a margin later anyway and the thread is left to finish on its
        own (a daemon thread never holds the process open).
        """
        if self._checks is None:
            # a check is CPU-bound: more at once than this only shares the same cores
            self._checks = asyncio.Semaphore(max(2, self.settings.concurrency))
        budget = self.settings.citation_timeout
        options = self.settings.options
        async with self._checks:
            if budget is None:
                return await in_daemon_thread(engine_check, prepared, quote, options=options)
            deadline = time.monotonic() + budget
            abandoned = threading.Event()

            def expired() -> bool:
                return abandoned.is_set() or time.monotonic() > deadline

            def run() -> CheckResult:
                with armed(expired):
                    return engine_check(prepared, quote, options=options)

            try:
                return await asyncio.wait_for(in_daemon_thread(run), budget + margin(budget))
            except TimeoutError:
                abandoned.set()
                raise _time_budget(budget) from None
            except BudgetExceeded:
                raise _time_budget(budget) from None

    async def check_batch(
        self,
        batch: Batch,
        *,
        progress: Callable[[Progress], None] | None = None,
        keep_indexes: bool = False,
    ) -> Report:
        """Read every source once (concurrently, bounded) and check every citation.

        A citation is checked as soon as its source is read. Entries with problems get their own
        error; the rest of the batch still runs. Reading runs at most a few sources ahead of the
        checks, and once a source's last citation is checked its matching indexes (several times
        the text's size) are dropped, unless ``keep_indexes`` (a caller that goes on searching
        the texts): memory follows the sources in flight, not the size of the batch.
        """
        sources = _unique_sources(batch.sources)
        pending = Counter(spec.source for spec in batch.citations)
        concurrency = max(1, self.settings.concurrency)
        gate = asyncio.Semaphore(concurrency)
        # reading is faster than checking; unbounded, every text and index of a large batch
        # would be held at once while the checks catch up
        ahead = asyncio.Semaphore(2 * concurrency + 2)
        loads: dict[str, asyncio.Task[SourceOutcome]] = {}
        finished: set[str] = set()

        def finish(source_id: str | None) -> None:
            """Free a source's slot (and indexes) once it is read and its citations checked."""
            task = loads.get(source_id) if source_id is not None else None
            if task is None or not task.done() or pending[source_id] or source_id in finished:
                return
            finished.add(source_id)  # type: ignore[arg-type]
            ahead.release()
            loaded = None if task.cancelled() or task.exception() else task.result().loaded
            if loaded is not None and not keep_indexes:
                loaded.prepared.cache.clear()

        async def load(spec: SourceSpec) -> SourceOutcome:
            await ahead.acquire()
            async with gate:
                outcome = await self.load_source(spec, base_dir=batch.base_dir)
            # a source without citations left frees its slot now, the others after their last
            asyncio.get_running_loop().call_soon(finish, spec.id)
            return outcome

        async with _fewer_full_collections(), asyncio.TaskGroup() as group:
            for spec in sources.values():
                loads[spec.id] = group.create_task(load(spec))

            seen: set[str] = set()
            total = len(batch.citations)
            done = 0

            async def run(spec: CitationSpec) -> CitationOutcome:
                nonlocal done
                if spec.id in seen:
                    outcome = duplicate_citation(spec)
                else:
                    seen.add(spec.id)
                    task = loads.get(spec.source) if spec.source is not None else None
                    source = await task if task is not None else None
                    outcome = await self.check_citation(spec, source)
                pending[spec.source] -= 1
                finish(spec.source)
                done += 1
                if progress is not None:
                    progress(Progress(done, total, spec.id, outcome.status))
                return outcome

            # ids are claimed in batch order, so the first of two duplicates is the one checked
            citation_tasks = [group.create_task(run(spec)) for spec in batch.citations]

        source_outcomes = tuple(
            _dedupe_errors(batch.sources, {k: t.result() for k, t in loads.items()})
        )
        return Report(source_outcomes, tuple(t.result() for t in citation_tasks), self.settings)


_gc_lock = threading.Lock()
_gc_depth = 0
_gc_saved: tuple[int, int, int] = (0, 0, 0)


@contextlib.asynccontextmanager
async def _fewer_full_collections() -> AsyncIterator[None]:
    """Hold off the garbage collector's full passes while a batch keeps its results.

    A batch holds every citation's result until its report, millions of objects for 50,000
    citations, and each full pass of the cyclic collector walks them all: a third of a large
    batch's time went there. Reference counting still frees everything that is not a cycle, and
    a full pass still runs after a thousand younger ones. Nested and concurrent batches share
    one setting, restored when the last ends.
    """
    global _gc_depth, _gc_saved
    with _gc_lock:
        if _gc_depth == 0:
            _gc_saved = gc.get_threshold()
            gc.set_threshold(_gc_saved[0], _gc_saved[1], max(_gc_saved[2], 1000))
        _gc_depth += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_depth -= 1
            if _gc_depth == 0:
                gc.set_threshold(*_gc_saved)


def _time_budget(budget: float) -> BudgetExceeded:
    exc = BudgetExceeded(
        f"The check took longer than its {budget:g} s budget (--citation-timeout); "
        "the verdict is unknown."
    )
    exc.details = {"seconds": budget}
    return exc


def _unique_sources(specs: tuple[SourceSpec, ...]) -> dict[str, SourceSpec]:
    out: dict[str, SourceSpec] = {}
    for spec in specs:
        out.setdefault(spec.id, spec)
    return out


def _dedupe_errors(
    specs: tuple[SourceSpec, ...], outcomes: dict[str, SourceOutcome]
) -> list[SourceOutcome]:
    out: list[SourceOutcome] = []
    seen: set[str] = set()
    for spec in specs:
        if spec.id in seen:
            out.append(duplicate_source(spec))
            continue
        seen.add(spec.id)
        out.append(outcomes[spec.id])
    return out


def duplicate_citation(spec: CitationSpec) -> CitationOutcome:
    """The outcome of a citation whose id an earlier citation of the batch already has."""
    return CitationOutcome(
        spec,
        "error",
        error=BatchInputError(
            f"citation id {spec.id!r} is used more than once",
            code=ErrorCode.DUPLICATE_ID,
            recovery=Recovery.FIX_INPUT,
        ),
    )


def duplicate_source(spec: SourceSpec) -> SourceOutcome:
    """The outcome of a source whose id an earlier source of the batch already has."""
    return SourceOutcome(
        spec,
        error=BatchInputError(
            f"source id {spec.id!r} is used more than once; the first one is used",
            code=ErrorCode.DUPLICATE_ID,
            recovery=Recovery.FIX_INPUT,
        ),
    )


def _internal(exc: BaseException) -> QuoteTuiError:
    return QuoteTuiError(
        f"unexpected {type(exc).__name__}: {exc}",
        code=ErrorCode.INTERNAL_ERROR,
        recovery=Recovery.REVIEW_SOURCE,
    )


_NUMBER = re.compile(r"\d+")


def page_check(
    spec: CitationSpec, result: CheckResult, prepared: PreparedText
) -> dict[str, Any] | None:
    """Compare a citation's page locator with the printed page where the quotation was found.

    Returns None when the citation cites no page or the source has no pages;
    ``{"status": "agrees"|"differs"|"unknown", "cited": ..., "found": ...}`` otherwise.
    """
    locator = spec.locator or {}
    pages = locator.get("pages")
    if not pages or not prepared.paged:
        return None
    cited = [int(p) for p in pages if isinstance(p, int | str) and str(p).isdigit()]
    if (
        not cited
        or not result.matches
        or result.status
        not in (
            Status.EXACT,
            Status.NORMALIZED,
            Status.NEAR,
        )
    ):
        return {"status": "unknown", "cited": locator.get("value"), "found": None}
    match = result.matches[0]
    found: list[int] = []
    labels: list[str] = []
    for page in range(match.page_start or 1, (match.page_end or match.page_start or 1) + 1):
        label = prepared.page_label(page)
        if label is None:
            continue
        labels.append(label)
        m = _NUMBER.fullmatch(label.strip())
        if m:
            found.append(int(m.group()))
    if not found:
        return {
            "status": "unknown",
            "cited": locator.get("value"),
            "found": None,
            "pdf_page": match.page_start,
        }
    status = "agrees" if set(cited) & set(found) else "differs"
    return {
        "status": status,
        "cited": locator.get("value"),
        "found": "-".join(dict.fromkeys(labels)),
        "pdf_page": match.page_start,
    }
