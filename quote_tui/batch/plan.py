"""The plan of a run: what is left to do, one unit per source.

The only place that decides which entries are checked: the first entry with an id is, each later
one is a ``duplicate_id`` error (ready at once, it needs no source); citations are grouped under
their source in batch order; a resumed run leaves out what its report already holds. A batch in
memory and a JSONL batch (indexed by byte offset, never held whole) give the same plan.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from quote_tui.batch.checked import CheckedCitation, checked_citation
from quote_tui.batch.outcomes import duplicate_citation, duplicate_source
from quote_tui.batch.report import source_entry
from quote_tui.batch.resume import ResumeState
from quote_tui.batch.specs import Batch, CitationSpec, SourceSpec

if TYPE_CHECKING:
    from quote_tui.batch.jsonl import JsonlBatch

__all__ = ["Plan", "ResumeState", "SourceWork", "WorkDone", "plan"]


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
    """What one ``SourceWork`` made: the source's entry and its checked citations."""

    source: dict[str, Any] | None
    citations: tuple[CheckedCitation, ...]


@dataclass(frozen=True, slots=True)
class Plan:
    """What a run has to do: its counts, and the work in the order it is to be taken.

    Attributes:
        sources: sources to read.
        citations: citations to report (duplicates included).
        work: a ``SourceWork`` per source in batch order (citations of unknown sources last),
            after the ready ``WorkDone`` lines of duplicate ids.
    """

    sources: int
    citations: int
    work: Iterator[SourceWork | WorkDone]


def plan(batch: JsonlBatch | Batch, resume: ResumeState | None = None) -> Plan:
    """The plan for a batch and, when resuming, what its report already holds."""
    resume = resume or ResumeState()
    if isinstance(batch, Batch):
        return _plan_memory(batch, resume)
    return _plan_jsonl(batch, resume)


@dataclass(slots=True)
class _Filed:
    """Each entry to check, filed under its source id, by a handle to get it back.

    A handle is the spec itself for a batch in memory, and the entry's byte offset in its file
    for a JSONL batch, kept in a compact array: memory stays small per citation.
    """

    sources: dict[str, Any] = field(default_factory=dict)
    by_source: dict[str | None, Any] = field(default_factory=dict)
    files: dict[str | None, Path] = field(default_factory=dict)
    duplicates: list[Any] = field(default_factory=list)
    duplicate_sources: list[Any] = field(default_factory=list)
    citations: int = 0


def _file(
    entries: Iterator[tuple[SourceSpec | CitationSpec, Path | None, Any]],
    resume: ResumeState,
    bucket: Any = list,
    slot: Any = None,
) -> _Filed:
    """One pass over the entries: the duplicate-id rule and what a resumed report holds.

    ``bucket`` makes the container of one source's citations, and ``slot`` (when given) what
    of a citation's handle goes in it.
    """
    filed = _Filed()
    seen: set[str] = set()
    dup_left = Counter(resume.duplicates)
    dup_sources_left = Counter(resume.duplicate_sources)
    for spec, path, handle in entries:
        if isinstance(spec, SourceSpec):
            if spec.id not in filed.sources:
                filed.sources[spec.id] = handle
            elif dup_sources_left[spec.id] > 0:  # its error line is in the report already
                dup_sources_left[spec.id] -= 1
            else:
                filed.duplicate_sources.append(handle)
            continue
        if spec.id in seen:
            if dup_left[spec.id] > 0:
                dup_left[spec.id] -= 1
            else:
                filed.duplicates.append(handle)
                filed.citations += 1
            continue
        seen.add(spec.id)
        if spec.id in resume.checked:
            continue
        filed.by_source.setdefault(spec.source, bucket()).append(
            handle if slot is None else slot(handle)
        )
        if path is not None:
            filed.files[spec.source] = path
        filed.citations += 1
    return filed


def _work(
    filed: _Filed,
    resume: ResumeState,
    base_dir: Path | None,
    source: Any,
    citation: Any,
    citations: Any,
) -> Iterator[SourceWork | WorkDone]:
    """The work of a filed batch; ``source``, ``citation`` and ``citations`` turn handles back
    into specs."""
    for handle in filed.duplicate_sources:
        yield WorkDone(source_entry(duplicate_source(source(handle))), ())
    for handle in filed.duplicates:
        yield WorkDone(None, (checked_citation(duplicate_citation(citation(handle)), None),))

    def todo(key: str | None) -> tuple[CitationSpec, ...]:
        handles = filed.by_source.pop(key, None)
        return () if handles is None else citations(key, handles)

    for ident, handle in filed.sources.items():
        specs = todo(ident)
        if specs or ident not in resume.sources:
            yield SourceWork(source(handle), specs, base_dir, ident not in resume.sources)
    for key in list(filed.by_source):
        yield SourceWork(None, todo(key), base_dir)


def _sources_to_read(filed: _Filed, resume: ResumeState) -> int:
    return sum(
        1 for ident in filed.sources if ident in filed.by_source or ident not in resume.sources
    )


def _plan_memory(batch: Batch, resume: ResumeState) -> Plan:
    entries = ((spec, None, spec) for spec in (*batch.sources, *batch.citations))
    filed = _file(entries, resume)
    count = _sources_to_read(filed, resume)
    work = _work(filed, resume, batch.base_dir, _same, _same, lambda _key, specs: tuple(specs))
    return Plan(count, filed.citations, work)


def _plan_jsonl(batch: JsonlBatch, resume: ResumeState) -> Plan:
    from quote_tui.batch.jsonl import read_spec, read_specs, scan  # a JSONL batch's only

    entries = ((spec, path, (path, offset)) for path, _, offset, spec in scan(batch))
    # a JSONL batch may be huge: its citations are filed by byte offset (8 bytes each)
    filed = _file(entries, resume, lambda: array("q"), lambda handle: handle[1])
    count = _sources_to_read(filed, resume)
    work = _work(
        filed,
        resume,
        batch.base_dir,
        lambda handle: read_spec(*handle, "source"),
        lambda handle: read_spec(*handle, "citation"),
        lambda key, offsets: read_specs(filed.files[key], offsets),
    )
    return Plan(count, filed.citations, work)


def _same(spec: Any) -> Any:
    return spec
