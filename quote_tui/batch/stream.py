"""Corpus-scale batches: JSON Lines in and out, work grouped by source, resumable runs.

A corpus audit has tens of thousands of citations over thousands of sources, so nothing here holds
the whole batch or the whole report. The input is indexed once (each citation's byte offset, filed
under its source); then each source is read once, all its citations are checked against that one
prepared text, their report lines are written as they complete, and the text is released. At most
``Settings.concurrency`` sources are in flight, so peak memory follows the largest sources being
read, not the corpus.

The per-source work is ``check_source``: the service's own ``load_source`` and ``check_citation``
and the report's own serializers, so a streamed report says exactly what ``build_report`` says.
``check_source_sync`` is the same work for a process that has no event loop (a Dask worker, see
``quote_tui.batch.cluster``).

A JSONL report (``docs/report.md``) is a header line, then ``source`` and ``citation`` lines in the
order they complete, then a ``summary`` line. ``--resume`` reads one back, drops a torn last line,
and skips every citation it already holds.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import tempfile
import time
from array import array
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import IO, Any

from quote_tui.batch.batchfile import citation_spec, source_spec
from quote_tui.batch.report import citation_entry, report_head, source_entry, summarize
from quote_tui.batch.service import (
    Service,
    SourceOutcome,
    duplicate_citation,
    duplicate_source,
)
from quote_tui.batch.specs import Batch, CitationSpec, Settings, SourceSpec
from quote_tui.engine.errors import BatchInputError, ErrorCode, QuoteTuiError, Recovery
from quote_tui.sources.records import RefKind
from quote_tui.sources.refs import parse_ref

__all__ = [
    "JsonlBatch",
    "ResumeState",
    "SourceWork",
    "StreamProgress",
    "StreamResult",
    "WorkDone",
    "assemble_report",
    "check_source",
    "check_source_sync",
    "iter_work",
    "load_jsonl_batch",
    "read_report_lines",
    "read_resume",
    "run_stream",
    "source_host",
]

FORMAT = "jsonl"
PASSING = frozenset({"exact", "normalized"})


class StreamErrorCode(StrEnum):
    """Codes of the errors this module raises, beyond the engine's table."""

    BAD_REPORT = "bad_report"
    """A ``--resume`` file that is not a JSONL report, or one made with other settings."""


# -- input -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class JsonlBatch:
    """A batch in JSON Lines: one file of typed lines, or a sources file and a citations file.

    Attributes:
        citations: the citations file, or the one file of typed lines
            (``{"type": "source", ...}`` / ``{"type": "citation", ...}``).
        sources: the sources file when the batch comes as two files; None for typed lines.
        base_dir: where relative paths in refs resolve (the folder of the sources).
    """

    citations: Path
    sources: Path | None = None
    base_dir: Path | None = None

    @classmethod
    def at(cls, path: Path, *, sources: Path | None = None) -> JsonlBatch:
        """The batch a path names: a folder holding ``sources.jsonl`` and ``citations.jsonl``,
        a citations file with its ``sources`` file, or one file of typed lines."""
        if path.is_dir():
            sources, path = path / "sources.jsonl", path / "citations.jsonl"
        for item in (path, sources):
            if item is not None and not item.is_file():
                raise _bad_input(f"batch file not found: {item}", ErrorCode.FILE_NOT_FOUND)
        base = (sources or path).resolve().parent
        return cls(path, sources, base)


def _bad_input(message: str, code: ErrorCode = ErrorCode.BAD_BATCH) -> BatchInputError:
    return BatchInputError(message, code=code, recovery=Recovery.FIX_INPUT)


def _lines(path: Path) -> Iterator[tuple[int, int, bytes]]:
    """(line number, byte offset, line) for each non-blank line.

    Lines end at ``\\n`` only: U+2028 and friends are legal inside JSON strings.
    """
    offset = 0
    with path.open("rb") as handle:
        for number, line in enumerate(handle, start=1):
            if line.strip():
                yield number, offset, line
            offset += len(line)


def _decode(path: Path, number: int, line: bytes) -> dict[str, Any]:
    try:
        item = json.loads(line.decode("utf-8-sig" if number == 1 else "utf-8"))
    except UnicodeDecodeError:
        raise _bad_input(f"{path}, line {number}: not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise _bad_input(f"{path}, line {number}: not valid JSON: {exc.msg}") from None
    if not isinstance(item, dict):
        raise _bad_input(f"{path}, line {number}: each line must be a JSON object")
    return item


def _typed(path: Path, number: int, item: dict[str, Any], expect: str | None) -> str:
    """The kind of an input line; a typed line loses its ``type`` so the report does not echo it."""
    kind = item.pop("type", None)
    if expect is not None and kind in (None, expect):
        return expect
    if kind in ("source", "citation") and expect is None:
        return str(kind)
    wanted = f"'{expect}'" if expect else "'source' or 'citation'"
    raise _bad_input(f"{path}, line {number}: 'type' must be {wanted}, not {kind!r}")


def _spec(path: Path, number: int, item: dict[str, Any], kind: str) -> SourceSpec | CitationSpec:
    try:
        if kind == "source":
            return source_spec(item, index=number - 1)
        return citation_spec(item, index=number - 1)
    except BatchInputError as exc:
        raise _bad_input(f"{path}, line {number}: {exc.message}", ErrorCode(exc.code)) from None


def _read_spec(path: Path, offset: int, kind: str) -> Any:
    """An entry read again from where the index found it (it was checked then)."""
    with path.open("rb") as handle:
        handle.seek(offset)
        line = handle.readline()
    item = _decode(path, 1 if offset == 0 else 0, line)
    item.pop("type", None)
    return _spec(path, 0, item, kind)


def load_jsonl_batch(batch: JsonlBatch) -> Batch:
    """Read a whole JSONL batch into memory (for the JSON, Markdown and HTML reports)."""
    sources: list[SourceSpec] = []
    citations: list[CitationSpec] = []
    for path, number, _, spec in _scan(batch):
        del path, number
        (sources if isinstance(spec, SourceSpec) else citations).append(spec)
    return Batch(tuple(sources), tuple(citations), batch.base_dir)


def _scan(batch: JsonlBatch) -> Iterator[tuple[Path, int, int, SourceSpec | CitationSpec]]:
    """Every entry of a JSONL batch, sources file first, with where it stands."""
    files = [(batch.sources, "source"), (batch.citations, "citation")]
    for path, expect in files if batch.sources is not None else [(batch.citations, None)]:
        assert path is not None
        for number, offset, line in _lines(path):
            item = _decode(path, number, line)
            kind = _typed(path, number, item, expect)
            yield path, number, offset, _spec(path, number, item, kind)


# -- the plan: what is left to do, grouped by source -------------------------------------------


@dataclass(frozen=True, slots=True)
class ResumeState:
    """What a JSONL report already holds (``read_resume``).

    Attributes:
        checked: ids of citations whose verdict is in the report.
        duplicates: per id, how many ``duplicate_id`` error lines the report holds.
        sources: ids of sources whose line is in the report.
        duplicate_sources: per id, how many duplicate-source lines the report holds.
        statuses: the count of each citation status in the report.
        header: the report's header line.
        good_bytes: the length of the report up to its last whole, non-summary line.
        failing: citations in the report that ``--strict`` fails on.
    """

    checked: frozenset[str] = frozenset()
    duplicates: dict[str, int] = field(default_factory=dict)
    sources: frozenset[str] = frozenset()
    duplicate_sources: dict[str, int] = field(default_factory=dict)
    statuses: dict[str, int] = field(default_factory=dict)
    header: dict[str, Any] | None = None
    good_bytes: int = 0
    failing: int = 0


def _is_duplicate(entry: dict[str, Any]) -> bool:
    error = entry.get("error")
    return isinstance(error, dict) and error.get("code") == ErrorCode.DUPLICATE_ID


def _fails(entry: dict[str, Any]) -> bool:
    """What ``--strict`` fails on: a verdict other than exact or normalized, or a match whose
    ellipsis hides a negation or a number."""
    if entry.get("status") not in PASSING:
        return True
    return any(m.get("critical") for m in entry.get("matches") or ())


def _bad_report(path: Path, message: str) -> QuoteTuiError:
    return QuoteTuiError(
        f"{path}: {message}", code=StreamErrorCode.BAD_REPORT, recovery=Recovery.FIX_INPUT
    )


def read_resume(path: Path) -> ResumeState:
    """Read a JSONL report that an interrupted run left behind.

    A last line cut off mid-write (no newline, or not JSON) is dropped; so is a summary line, as
    the resumed run writes a new one. Everything before is kept.

    Raises:
        QuoteTuiError: ``bad_report`` when the file is not a quote_tui JSONL report.
    """
    if not path.exists() or path.stat().st_size == 0:
        return ResumeState()
    checked: set[str] = set()
    sources: set[str] = set()
    duplicates: Counter[str] = Counter()
    duplicate_sources: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    header: dict[str, Any] | None = None
    good = offset = failing = 0
    with path.open("rb") as handle:
        for number, line in enumerate(handle, start=1):
            start, offset = offset, offset + len(line)
            try:
                item = json.loads(line) if line.endswith(b"\n") else None
            except ValueError:
                item = None
            if not isinstance(item, dict):
                if handle.read(1):  # only the last line may be torn
                    raise _bad_report(path, f"line {number} is not a JSON object")
                break
            kind = item.get("type")
            if number == 1:
                if kind != "header" or item.get("schema") != "quote_tui.report":
                    raise _bad_report(path, "it is not a quote_tui JSONL report")
                header = item
            elif kind == "citation":
                ident = str(item.get("id"))
                if _is_duplicate(item):
                    duplicates[ident] += 1
                else:
                    checked.add(ident)
                statuses[str(item.get("status"))] += 1
                failing += _fails(item)
            elif kind == "source":
                ident = str(item.get("id"))
                if _is_duplicate(item) and item.get("status") == "unavailable":
                    duplicate_sources[ident] += 1
                else:
                    sources.add(ident)
            elif kind == "summary":
                offset = start  # a finished run: its summary is written again at the end
            good = offset
    return ResumeState(
        frozenset(checked),
        dict(duplicates),
        frozenset(sources),
        dict(duplicate_sources),
        dict(statuses),
        header,
        good,
        failing,
    )


@dataclass(frozen=True, slots=True)
class SourceWork:
    """One unit of work: a source and the citations still to check against it.

    Attributes:
        source: the source; None for citations naming no source or one the batch lacks.
        citations: in batch order.
        base_dir: where a relative path ref resolves.
        write_source: False when the report already has this source's line (a resumed run).
        snapshot: for a network source run elsewhere, the stored snapshot it is read from.
    """

    source: SourceSpec | None
    citations: tuple[CitationSpec, ...]
    base_dir: Path | None = None
    write_source: bool = True
    snapshot: Any = None


@dataclass(frozen=True, slots=True)
class WorkDone:
    """The report lines of one ``SourceWork``: the source's entry and its citations' entries."""

    source: dict[str, Any] | None
    citations: tuple[dict[str, Any], ...]


@dataclass(slots=True)
class _Index:
    """Where each remaining citation stands in the input, filed under its source id."""

    sources: dict[str, tuple[Path, int]] = field(default_factory=dict)
    by_source: dict[str | None, array[int]] = field(default_factory=dict)
    files: dict[str | None, Path] = field(default_factory=dict)
    duplicates: list[tuple[Path, int]] = field(default_factory=list)
    duplicate_sources: list[tuple[Path, int]] = field(default_factory=list)
    citations: int = 0


def _index(batch: JsonlBatch, resume: ResumeState) -> _Index:
    """One pass over the input: byte offsets only, so memory stays small per citation."""
    index = _Index()
    seen: set[str] = set()
    dup_left = Counter(resume.duplicates)
    dup_sources_left = Counter(resume.duplicate_sources)
    for path, _, offset, spec in _scan(batch):
        if isinstance(spec, SourceSpec):
            if spec.id in index.sources:
                if dup_sources_left[spec.id] > 0:
                    dup_sources_left[spec.id] -= 1
                else:
                    index.duplicate_sources.append((path, offset))
            else:
                index.sources[spec.id] = (path, offset)
            continue
        if spec.id in seen:
            if dup_left[spec.id] > 0:
                dup_left[spec.id] -= 1
            else:
                index.duplicates.append((path, offset))
                index.citations += 1
            continue
        seen.add(spec.id)
        if spec.id in resume.checked:
            continue
        index.by_source.setdefault(spec.source, array("q")).append(offset)
        index.files[spec.source] = path
        index.citations += 1
    return index


def iter_work(
    batch: JsonlBatch | Batch, resume: ResumeState | None = None
) -> tuple[int, int, Iterator[SourceWork | WorkDone]]:
    """What is left to do: (sources, citations, the work) for a batch and a resumed report.

    The work yields a ``SourceWork`` per source in batch order (citations of unknown sources
    last), and ready ``WorkDone`` lines for duplicate ids, which need no source.
    """
    resume = resume or ResumeState()
    if isinstance(batch, Batch):
        return _iter_memory(batch, resume)
    index = _index(batch, resume)
    sources = sum(
        1 for ident in index.sources if ident in index.by_source or ident not in resume.sources
    )
    return sources, index.citations, _iter_index(batch, index, resume)


def _iter_index(
    batch: JsonlBatch, index: _Index, resume: ResumeState
) -> Iterator[SourceWork | WorkDone]:
    for path, offset in index.duplicate_sources:
        spec = _read_spec(path, offset, "source")
        yield WorkDone(source_entry(duplicate_source(spec)), ())
    for path, offset in index.duplicates:
        spec = _read_spec(path, offset, "citation")
        yield WorkDone(None, (citation_entry(duplicate_citation(spec), None),))

    def citations(key: str | None) -> tuple[CitationSpec, ...]:
        offsets = index.by_source.pop(key, None)
        if offsets is None:
            return ()
        path = index.files[key]
        out: list[CitationSpec] = []
        with path.open("rb") as handle:
            for offset in offsets:
                handle.seek(offset)
                item = _decode(path, 1 if offset == 0 else 0, handle.readline())
                item.pop("type", None)
                out.append(_spec(path, 0, item, "citation"))
        return tuple(out)

    for ident, (path, offset) in index.sources.items():
        todo = citations(ident)
        if not todo and ident in resume.sources:
            continue
        spec = _read_spec(path, offset, "source")
        yield SourceWork(spec, todo, batch.base_dir, ident not in resume.sources)
    for key in list(index.by_source):
        yield SourceWork(None, citations(key), batch.base_dir)


def _iter_memory(batch: Batch, resume: ResumeState) -> tuple[int, int, Iterator[Any]]:
    by_source: dict[str | None, list[CitationSpec]] = {}
    ready: list[WorkDone] = []
    seen: set[str] = set()
    dup_left = Counter(resume.duplicates)
    for spec in batch.citations:
        if spec.id in seen:
            if dup_left[spec.id] > 0:
                dup_left[spec.id] -= 1
            else:
                ready.append(WorkDone(None, (citation_entry(duplicate_citation(spec), None),)))
            continue
        seen.add(spec.id)
        if spec.id not in resume.checked:
            by_source.setdefault(spec.source, []).append(spec)
    sources: dict[str, SourceSpec] = {}
    dup_sources_left = Counter(resume.duplicate_sources)
    for source in batch.sources:
        if source.id not in sources:
            sources[source.id] = source
        elif dup_sources_left[source.id] > 0:
            dup_sources_left[source.id] -= 1
        else:
            ready.insert(0, WorkDone(source_entry(duplicate_source(source)), ()))
    work: list[SourceWork | WorkDone] = list(ready)
    for ident, source in sources.items():
        todo = tuple(by_source.pop(ident, ()))
        if todo or ident not in resume.sources:
            work.append(SourceWork(source, todo, batch.base_dir, ident not in resume.sources))
    work.extend(SourceWork(None, tuple(specs), batch.base_dir) for specs in by_source.values())
    total = sum(len(w.citations) for w in work)
    return sum(isinstance(w, SourceWork) and w.source is not None for w in work), total, iter(work)


# -- the per-source work -----------------------------------------------------------------------


async def check_source(
    service: Service,
    work: SourceWork,
    *,
    on_source: Callable[[dict[str, Any]], None] | None = None,
    on_citation: Callable[[dict[str, Any]], None] | None = None,
    loaded: SourceOutcome | None = None,
) -> WorkDone:
    """Read one source once and check all its citations against it, in batch order.

    Args:
        service: reads the source and checks each citation.
        work: the source and its citations.
        on_source: called with the source's report entry once it is read.
        on_citation: called with each citation's report entry as soon as it is checked.
        loaded: the source already read (the cluster client reads a failing network source
            itself).

    Returns:
        The report entries; the source's prepared text is not kept.
    """
    outcome = loaded
    if outcome is None and work.source is not None:
        outcome = await service.load_source(work.source, base_dir=work.base_dir)
    source = source_entry(outcome) if outcome is not None and work.write_source else None
    if source is not None and on_source is not None:
        on_source(source)
    entries: list[dict[str, Any]] = []
    for spec in work.citations:
        entry = citation_entry(await service.check_citation(spec, outcome), outcome)
        if on_citation is not None:
            on_citation(entry)
        entries.append(entry)
    return WorkDone(source, tuple(entries))


def check_source_sync(work: SourceWork, settings: Settings) -> WorkDone:
    """``check_source`` in a fresh event loop and service: what a cluster worker runs.

    A network source arrives with its snapshot (the store stays with the client); it is put in
    a store of its own for this call and read offline, through the service as anywhere else.
    """
    folder = None
    if work.snapshot is not None:
        from quote_tui.sources.net.settings import RemoteSettings
        from quote_tui.sources.store.snapshots import SnapshotStore

        folder = tempfile.mkdtemp(prefix="quote_tui-worker-")
        store_path = Path(folder) / "snapshots.sqlite"
        snap = work.snapshot
        SnapshotStore(store_path).save(
            snap.info.ref,
            snap.raw,
            snap.info.retrieval,
            snap.prepared(),
            max_chars=snap.info.max_chars,
        )
        remote = settings.remote or RemoteSettings()
        settings = replace(
            settings, remote=replace(remote, store_path=store_path, offline=True, refresh=False)
        )
        work = replace(work, snapshot=None)

    async def run() -> WorkDone:
        async with Service(settings) as service:
            return await check_source(service, work)

    try:
        return asyncio.run(run())
    finally:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)


# -- the run -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StreamProgress:
    """Posted as the run goes: what is done, of how much, since when."""

    sources_done: int
    sources_total: int
    citations_done: int
    citations_total: int
    elapsed: float

    @property
    def rate(self) -> float:
        """Citations per second so far."""
        return self.citations_done / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def remaining(self) -> float | None:
        """Seconds left at the rate so far; None before the first citation."""
        if self.citations_done == 0:
            return None
        return (self.citations_total - self.citations_done) / self.rate


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


Runner = Callable[[SourceWork], Awaitable[WorkDone]]
"""Runs one source's work somewhere (here, or on a cluster) and returns its report lines."""


def source_host(spec: SourceSpec | None) -> str | None:
    """The host a source is fetched from (None for local files and supplied text).

    DOIs all start at the resolver and PubMed ids at NCBI, so each counts as one host.
    """
    if spec is None or spec.text is not None or not spec.ref:
        return None
    try:
        parsed = parse_ref(spec.ref)
    except QuoteTuiError:
        return None
    if parsed.kind is RefKind.URL:
        from urllib.parse import urlsplit

        return (urlsplit(parsed.value).hostname or "").lower() or None
    if parsed.kind is RefKind.DOI:
        return "doi.org"
    if parsed.kind is RefKind.PMID:
        return "eutils.ncbi.nlm.nih.gov"
    return None


class _Writer:
    """Appends report lines to a file (or stdout) as they complete.

    Lines reach the file when a source's work is done and at least every ``FLUSH_SECONDS``: a
    flush per line costs more than the check of an exact quotation. A killed run leaves every
    flushed line behind and at most one torn line, which ``--resume`` drops; what was not
    flushed is simply checked again.
    """

    FLUSH_SECONDS = 0.2

    def __init__(self, handle: IO[bytes], resume: ResumeState) -> None:
        self._handle = handle
        self._flushed = time.monotonic()
        self.statuses: Counter[str] = Counter(resume.statuses)
        self.sources = len(resume.sources) + sum(resume.duplicate_sources.values())
        self.citations = 0
        self.failing = resume.failing

    def line(self, kind: str, entry: dict[str, Any]) -> None:
        data = json.dumps({"type": kind, **entry}, ensure_ascii=False) + "\n"
        self._handle.write(data.encode("utf-8"))
        if time.monotonic() - self._flushed >= self.FLUSH_SECONDS:
            self.flush()

    def flush(self) -> None:
        self._handle.flush()
        self._flushed = time.monotonic()

    def source(self, entry: dict[str, Any]) -> None:
        self.line("source", entry)
        self.sources += 1

    def citation(self, entry: dict[str, Any]) -> None:
        self.line("citation", entry)
        self.statuses[entry["status"]] += 1
        self.citations += 1
        self.failing += _fails(entry)


async def run_stream(
    batch: JsonlBatch | Batch,
    settings: Settings,
    output: Path | None,
    *,
    resume: bool = False,
    runner: Runner | None = None,
    in_flight: int | None = None,
    progress: Callable[[StreamProgress], None] | None = None,
) -> StreamResult:
    """Check a batch source by source, writing a JSONL report line by line.

    Args:
        batch: a JSONL batch (indexed, never held whole) or a batch already in memory.
        settings: run settings; ``concurrency`` is how many sources are in flight.
        output: the report file; None writes to stdout.
        resume: continue the report at ``output``: keep its lines, skip their citations.
        runner: where each source's work runs; None runs it here through one ``Service``.
        in_flight: sources in flight (default ``settings.concurrency``).
        progress: called after each source and citation.

    Raises:
        QuoteTuiError: ``bad_report`` when resuming a file that is not a JSONL report of the
            same settings; ``BatchInputError`` for a malformed batch (before anything is written).
    """
    started = time.monotonic()
    created = datetime.now(UTC).isoformat(timespec="seconds")
    state = ResumeState()
    if resume and output is not None:
        state = read_resume(output)
        expected = report_head(settings, created)["settings"]
        if state.header is not None and state.header.get("settings") != expected:
            raise _bad_report(output, "it was made with other settings; resume with the same ones")
    sources_total, citations_total, work = iter_work(batch, state)

    if output is None:
        handle: IO[bytes] = os.fdopen(os.dup(1), "wb")
    else:
        handle = output.open("r+b" if state.header is not None else "wb")
        handle.seek(state.good_bytes)
        handle.truncate()
    with handle:
        writer = _Writer(handle, state)
        if state.header is None:
            writer.line("header", {**report_head(settings, created), "format": FORMAT})
        sources_done = 0

        def tick() -> None:
            if progress is not None:
                progress(
                    StreamProgress(
                        sources_done,
                        sources_total,
                        writer.citations,
                        citations_total,
                        time.monotonic() - started,
                    )
                )

        def on_citation(entry: dict[str, Any]) -> None:
            writer.citation(entry)
            tick()

        async with contextlib.AsyncExitStack() as stack:
            if runner is None:
                service = await stack.enter_async_context(Service(settings))

                async def here(item: SourceWork) -> WorkDone:
                    return await check_source(
                        service, item, on_source=writer.source, on_citation=on_citation
                    )

                run, streams_lines = here, True
            else:
                run, streams_lines = runner, False

            async def one(item: SourceWork) -> None:
                nonlocal sources_done
                done = await run(item)
                if not streams_lines:
                    if done.source is not None:
                        writer.source(done.source)
                    for entry in done.citations:
                        on_citation(entry)
                writer.flush()
                if item.source is not None:
                    sources_done += 1
                tick()

            per_host = settings.remote.per_host_connections if settings.remote else 2
            limit = max(1, in_flight or settings.concurrency)
            await _dispatch(work, one, writer, limit, per_host)

        summary = summarize(writer.statuses.elements())
        writer.line("summary", {"summary": summary, "sources": writer.sources})
    return StreamResult(
        summary, writer.sources, writer.citations, writer.failing, time.monotonic() - started
    )


async def _dispatch(
    work: Iterator[SourceWork | WorkDone],
    one: Callable[[SourceWork], Awaitable[None]],
    writer: _Writer,
    limit: int,
    per_host: int = 2,
) -> None:
    """Run the work with at most ``limit`` sources in flight and ``per_host`` per network host.

    Work is taken from the iterator only as room frees up, so citations are read from the input
    just before they are checked; a source waiting for its host does not hold a slot.
    """
    slots = asyncio.Semaphore(limit)
    waiting = asyncio.Semaphore(limit * 4)
    hosts: dict[str, asyncio.Semaphore] = {}

    async def start(item: SourceWork) -> None:
        try:
            host = source_host(item.source)
            gate = hosts.setdefault(host, asyncio.Semaphore(per_host)) if host else None
            async with gate or contextlib.nullcontext(), slots:
                await one(item)
        finally:
            waiting.release()

    async with asyncio.TaskGroup() as group:
        for item in work:
            if isinstance(item, WorkDone):
                if item.source is not None:
                    writer.source(item.source)
                for entry in item.citations:
                    writer.citation(entry)
                continue
            await waiting.acquire()
            group.create_task(start(item))


def read_report_lines(path: Path) -> Iterator[dict[str, Any]]:
    """The lines of a JSONL report, as objects."""
    for number, _, line in _lines(path):
        item = json.loads(line)
        if not isinstance(item, dict):
            raise _bad_report(path, f"line {number} is not a JSON object")
        yield item


def assemble_report(lines: Iterator[dict[str, Any]], batch: Batch) -> dict[str, Any]:
    """The JSON report (``build_report``'s shape, batch order) from a JSONL report's lines.

    For ``--cluster`` with a JSON, Markdown or HTML report: the run streams, then this puts the
    lines back in the batch's order. It holds the whole report, as those formats do.
    """
    head: dict[str, Any] = {}
    sources: dict[str, dict[str, Any]] = {}
    citations: dict[str, dict[str, Any]] = {}
    dup_sources: dict[str, list[dict[str, Any]]] = {}
    dups: dict[str, list[dict[str, Any]]] = {}
    for line in lines:
        item = dict(line)
        kind = item.pop("type", None)
        if kind == "header":
            item.pop("format", None)
            head = item
        elif kind == "source":
            if _is_duplicate(item) and item.get("status") == "unavailable":
                dup_sources.setdefault(item["id"], []).append(item)
            else:
                sources[item["id"]] = item
        elif kind == "citation":
            if _is_duplicate(item):
                dups.setdefault(item["id"], []).append(item)
            else:
                citations[item["id"]] = item
    ordered_sources: list[dict[str, Any]] = []
    for spec in batch.sources:
        entry = sources.pop(spec.id, None)
        ordered_sources.append(entry if entry is not None else dup_sources[spec.id].pop(0))
    ordered: list[dict[str, Any]] = []
    for spec in batch.citations:
        entry = citations.pop(spec.id, None)
        ordered.append(entry if entry is not None else dups[spec.id].pop(0))
    return {
        **head,
        "summary": summarize(entry["status"] for entry in ordered),
        "sources": ordered_sources,
        "citations": ordered,
    }
