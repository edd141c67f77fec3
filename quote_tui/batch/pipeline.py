"""The one batch pipeline: plan, run, sink.

Every batch takes the same road, whatever its size or where it runs: ``plan`` decides what is
to be done, one unit per source; a runner (here, or on Dask) reads each source once and checks
its citations; a sink takes each checked citation (``batch.checked``) as it completes and
serializes it once, into a JSON Lines file or into memory for a whole report in batch order.
``check_batch`` is that road with the local runner and the memory sink, ``stream_batch`` with a
JSONL file.

At most ``in_flight`` sources are in flight (``Settings.concurrency`` by default), so memory
follows the sources being read, not the size of the batch. Work is taken from the plan only as
room frees up, so a JSONL batch's citations are read from its file just before they are checked.
"""

from __future__ import annotations

import contextlib
import gc
import os
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from quote_tui import _waits
from quote_tui.batch.outcomes import PageRead, Progress
from quote_tui.batch.plan import Plan, ResumeState, SourceWork, WorkDone, plan
from quote_tui.batch.report import report_head
from quote_tui.batch.runner import LocalRunner, Observer, Runner, deliver
from quote_tui.batch.service import Service
from quote_tui.batch.sinks import JsonlSink, MemorySink, Sink
from quote_tui.batch.specs import Batch, Settings
from quote_tui.batch.stages import Stages
from quote_tui.sources.pages_told import pages_told_to
from quote_tui.sources.refs import source_host

if TYPE_CHECKING:
    from quote_tui.batch.checked import CheckedCitation
    from quote_tui.batch.jsonl import JsonlBatch
    from quote_tui.engine.text import PreparedText

__all__ = ["StreamResult", "check_batch", "run_plan", "stream_batch"]


def _now() -> str:
    # as ``datetime.now(UTC).isoformat(timespec="seconds")`` says it, without loading datetime
    return time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime())


async def check_batch(
    batch: Batch,
    settings: Settings | None = None,
    *,
    progress: Callable[[Progress], None] | None = None,
    observe: Observer | None = None,
    keep_indexes: bool = False,
    runner: Runner | None = None,
    in_flight: int | None = None,
    texts: Mapping[str, PreparedText] | None = None,
) -> dict[str, Any]:
    """Check a batch in memory and return its report (schema ``quote_tui.report`` v1).

    Args:
        batch: the sources and citations.
        settings: run settings (defaults otherwise).
        progress: called after each citation.
        observe: sees each source and citation outcome (the texts read, the engine's results).
        keep_indexes: keep each text's matching indexes, for a caller that goes on searching.
        runner: where each source's work runs (default: here, through a new ``Service``;
            ``observe`` and ``keep_indexes`` are then the runner's to apply).
        in_flight: sources in flight (default ``settings.concurrency``).
        texts: checked texts the caller keeps, by source id (the runner fills it as it reads):
            the found-elsewhere stage searches them where they are.

    Returns:
        The report, entries in batch order. Problems with single entries are in those entries;
        a quotation not in its cited source but in another of the batch's has ``found_in``
        (``batch.elsewhere``); a place a citation claims has ``claimed.agrees``
        (``batch.claims``); every citation has its ``outcome`` (``batch.outcome``).
    """
    settings = settings or Settings()
    created = _now()
    sink = MemorySink()
    async with _runner(settings, runner, observe, keep_indexes) as run:
        await run_plan(
            plan(batch), sink, run, settings, in_flight=in_flight, progress=progress, texts=texts
        )
    return sink.report(report_head(settings, created), batch)


@dataclass(frozen=True, slots=True)
class StreamResult:
    """What a streamed run did.

    Attributes:
        summary: the summary line's counts (the whole report, a resumed run's earlier lines too).
        sources: source lines in the report.
        citations_this_run: citation lines this run wrote.
        failing: citations in the report that ``--strict`` fails on.
        elapsed: seconds.
    """

    summary: dict[str, int]
    sources: int
    citations_this_run: int
    failing: int
    elapsed: float


async def stream_batch(
    batch: JsonlBatch | Batch,
    settings: Settings,
    output: Path | None,
    *,
    resume: bool = False,
    runner: Runner | None = None,
    in_flight: int | None = None,
    progress: Callable[[Progress], None] | None = None,
) -> StreamResult:
    """Check a batch source by source, writing a JSONL report line by line.

    Args:
        batch: a JSONL batch (indexed, never held whole) or a batch already in memory.
        settings: run settings.
        output: the report file; None writes to stdout.
        resume: continue the report at ``output``: keep its lines, skip their citations.
        runner: where each source's work runs (default: here).
        in_flight: sources in flight (default ``settings.concurrency``).
        progress: called after each source and citation.

    Raises:
        QuoteTuiError: ``bad_report`` when resuming a file that is not a JSONL report of the
            same settings; ``BatchInputError`` for a malformed batch (before anything is written).
    """
    from quote_tui.batch.jsonl import bad_report, read_resume  # a streamed run's only

    started = time.monotonic()
    head = report_head(settings, _now())
    state = ResumeState()
    if resume and output is not None:
        state = read_resume(output)
        if state.header is not None and state.header.get("settings") != head["settings"]:
            raise bad_report(output, "it was made with other settings; resume with the same ones")
    todo = plan(batch, state)
    handle: IO[bytes]
    if output is None:
        handle = os.fdopen(os.dup(1), "wb")
    else:
        handle = output.open("r+b" if state.header is not None else "wb")
        handle.seek(state.good_bytes)
        handle.truncate()
    with handle:
        sink = JsonlSink(handle, state)
        if state.header is None:
            sink.header(head)
        async with _runner(settings, runner, None, False) as run:
            await run_plan(todo, sink, run, settings, in_flight=in_flight, progress=progress)
        summary = sink.summary()
    return StreamResult(
        summary, sink.sources, sink.citations, sink.failing, time.monotonic() - started
    )


@contextlib.asynccontextmanager
async def _runner(
    settings: Settings, runner: Runner | None, observe: Observer | None, keep_indexes: bool
) -> AsyncIterator[Runner]:
    if runner is not None:
        yield runner
        return
    async with Service(settings) as service:
        yield LocalRunner(service, observe=observe, keep_indexes=keep_indexes)


class _Counted:
    """A sink that reports progress as lines pass through it."""

    def __init__(self, sink: Sink, todo: Plan, tick: Callable[[Progress], None] | None) -> None:
        self._sink = sink
        self._todo = todo
        self._tick = tick
        self._started = time.monotonic()
        self.sources = 0
        self.citations = 0
        # the scans being read by OCR, by source id, in the order their pages were last told
        self._scans: dict[str, PageRead] = {}

    def source(self, entry: dict[str, Any]) -> None:
        self._sink.source(entry)

    def citation(self, record: CheckedCitation) -> None:
        self._sink.citation(record)
        self.citations += 1
        self.tick()

    def flush(self) -> None:
        self._sink.flush()

    def page_read(self, source: str, page: int, pages: int) -> None:
        """OCR has read page ``page`` of ``pages`` of the source ``source``."""
        self._scans.pop(source, None)
        self._scans[source] = PageRead(source, page, pages)
        self.tick()
        if page >= pages:  # its last page told, the scan's OCR is over
            self._scans.pop(source, None)

    def source_read(self, source: str) -> None:
        """The source ``source`` is read: its scan, if it was one, is no longer shown."""
        self._scans.pop(source, None)

    def tick(self) -> None:
        if self._tick is not None:
            self._tick(
                Progress(
                    self.citations,
                    self._todo.citations,
                    self.sources,
                    self._todo.sources,
                    time.monotonic() - self._started,
                    next(reversed(self._scans.values()), None),
                )
            )


async def run_plan(
    todo: Plan,
    sink: Sink,
    runner: Runner,
    settings: Settings,
    *,
    in_flight: int | None = None,
    progress: Callable[[Progress], None] | None = None,
    texts: Mapping[str, PreparedText] | None = None,
) -> None:
    """Run a plan's work with at most ``in_flight`` sources in flight, and at most the network
    settings' ``per_host_connections`` of them waiting on one host.

    Every line passes the last stages (``batch.stages``: found elsewhere, the outcome) on its
    way to the sink. The host limit here is scheduling: a source waiting for its host does not
    hold one of the slots, so local work goes on meanwhile. The network session keeps its own
    limit on connections, which also covers the hosts a redirect leads to.
    """
    stages = Stages(sink, settings, sources=todo.sources, texts=texts)
    counted = _Counted(stages, todo, progress)

    async def run(work: SourceWork) -> None:
        source = work.source.id if work.source is not None else None
        read = False

        def told(page: int, pages: int) -> None:
            if source is not None and not read:  # a page told once the source is read is old
                counted.page_read(source, page, pages)

        with pages_told_to(told if source is not None and progress is not None else None):
            await runner(work, counted)
        read = True
        counted.flush()
        if source is not None:
            counted.source_read(source)
            counted.sources += 1
        counted.tick()

    async with _fewer_full_collections():
        if todo.sources > 1:
            await _in_flight(todo, stages, counted, run, settings, in_flight)
        else:
            # one source: its unit and any unit of citations naming none run in turn, with
            # nothing to wait for together (a one-line check runs without an event loop)
            for item in todo.work:
                if isinstance(item, WorkDone):
                    deliver(item, counted)
                    continue
                stages.planned(item.source, item.base_dir)
                await run(item)
    await stages.close()


async def _in_flight(
    todo: Plan,
    stages: Stages,
    counted: _Counted,
    run: Callable[[SourceWork], Awaitable[None]],
    settings: Settings,
    in_flight: int | None,
) -> None:
    """Run several sources' work at once in asyncio's loop: ``in_flight`` slots, and a limit per
    host (see ``run_plan``)."""
    _waits.need_loop()
    import asyncio

    limit = max(1, in_flight or settings.concurrency)
    per_host = settings.remote.per_host_connections if settings.remote else 2
    slots = asyncio.Semaphore(limit)
    waiting = asyncio.Semaphore(limit * 4)
    hosts: dict[str, asyncio.Semaphore] = {}

    async def start(work: SourceWork) -> None:
        try:
            spec = work.source
            host = source_host(spec.ref if spec is not None and spec.text is None else None)
            gate = hosts.setdefault(host, asyncio.Semaphore(per_host)) if host else None
            async with gate or contextlib.nullcontext(), slots:
                await run(work)
        finally:
            waiting.release()

    async with asyncio.TaskGroup() as group:
        for item in todo.work:
            if isinstance(item, WorkDone):
                deliver(item, counted)
                continue
            stages.planned(item.source, item.base_dir)
            await waiting.acquire()
            group.create_task(start(item))


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
