"""Where a run's report lines go: a JSON Lines file as they complete, or a report in memory.

Both take the same records (``batch.checked``) one at a time, in the order they complete, and
serialize each once (``batch.report.citation_line``). The memory sink puts the lines back in
batch order at the end: it is the one place a whole report is assembled, whether the records
came from this process or from a cluster.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterable
from typing import IO, TYPE_CHECKING, Any, Protocol

from quote_tui.batch.outcome import counted_keys, tally
from quote_tui.batch.outcomes import fails, is_duplicate
from quote_tui.batch.report import citation_line, summarize
from quote_tui.batch.specs import Batch

if TYPE_CHECKING:
    from quote_tui.batch.checked import CheckedCitation
    from quote_tui.batch.plan import ResumeState

__all__ = ["JsonlSink", "MemorySink", "Sink", "assemble"]


class Sink(Protocol):
    """Takes a run's report lines as they complete."""

    def source(self, entry: dict[str, Any]) -> None:
        """A source's entry, once it is read."""

    def citation(self, record: CheckedCitation) -> None:
        """A citation, once it is checked and through the last stages."""

    def flush(self) -> None:
        """A source's work is done: a good moment to make its lines last."""


class MemorySink:
    """Keeps every entry, for a report in batch order (``report``)."""

    reorders = True
    """Lines may come in any order: the report puts them in batch order."""

    def __init__(self) -> None:
        self.sources: list[dict[str, Any]] = []
        self.citations: list[dict[str, Any]] = []

    def source(self, entry: dict[str, Any]) -> None:
        self.sources.append(entry)

    def citation(self, record: CheckedCitation) -> None:
        self.citations.append(citation_line(record))

    def flush(self) -> None:
        pass

    def report(self, head: dict[str, Any], batch: Batch) -> dict[str, Any]:
        """The whole report (schema ``quote_tui.report`` v1), entries in batch order."""
        return assemble(head, self.sources, self.citations, batch)


def assemble(
    head: dict[str, Any],
    source_entries: Iterable[dict[str, Any]],
    citation_entries: Iterable[dict[str, Any]],
    batch: Batch,
) -> dict[str, Any]:
    """A report from its entries in any order: sources and citations put in batch order.

    An id used twice has its first entry where it first stands and its ``duplicate_id`` errors,
    in turn, where it stands again.
    """
    sources: dict[str, dict[str, Any]] = {}
    dup_sources: dict[str, list[dict[str, Any]]] = {}
    for entry in source_entries:
        if is_duplicate(entry) and entry.get("status") == "unavailable":
            dup_sources.setdefault(entry["id"], []).append(entry)
        else:
            sources[entry["id"]] = entry
    citations: dict[str, dict[str, Any]] = {}
    dups: dict[str, list[dict[str, Any]]] = {}
    for entry in citation_entries:
        if is_duplicate(entry):
            dups.setdefault(entry["id"], []).append(entry)
        else:
            citations[entry["id"]] = entry
    ordered_sources = [
        sources.pop(spec.id, None) or dup_sources[spec.id].pop(0) for spec in batch.sources
    ]
    ordered = [citations.pop(spec.id, None) or dups[spec.id].pop(0) for spec in batch.citations]
    return {
        **head,
        "summary": summarize(entry["status"] for entry in ordered),
        "outcomes": tally(ordered),
        "sources": ordered_sources,
        "citations": ordered,
    }


class JsonlSink:
    """Appends report lines to a file (or stdout) as they complete (``docs/report.md``).

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
        self.outcomes: Counter[str] = Counter(resume.outcomes)
        """The ``outcomes`` counts of the whole report (``batch.outcome.tally``)."""
        self.sources = len(resume.sources) + sum(resume.duplicate_sources.values())
        self.citations = 0
        """Citation lines this run wrote."""
        self.failing = resume.failing
        """Citations in the whole report that ``--strict`` fails on."""

    def header(self, head: dict[str, Any]) -> None:
        from quote_tui.batch.jsonl import FORMAT  # loaded by a streamed run, not a memory one

        self._line("header", {**head, "format": FORMAT})

    def summary(self) -> dict[str, int]:
        """Write the closing summary line; returns its counts (the whole report's)."""
        summary = summarize(self.statuses.elements())
        outcomes = {key: self.outcomes[key] for key in tally(())}
        outcomes.update(self.outcomes)
        self._line("summary", {"summary": summary, "outcomes": outcomes, "sources": self.sources})
        self.flush()
        return summary

    def _line(self, kind: str, entry: dict[str, Any]) -> None:
        data = json.dumps({"type": kind, **entry}, ensure_ascii=False) + "\n"
        self._handle.write(data.encode("utf-8"))
        if time.monotonic() - self._flushed >= self.FLUSH_SECONDS:
            self.flush()

    def flush(self) -> None:
        self._handle.flush()
        self._flushed = time.monotonic()

    def source(self, entry: dict[str, Any]) -> None:
        self._line("source", entry)
        self.sources += 1

    def citation(self, record: CheckedCitation) -> None:
        entry = citation_line(record)
        self._line("citation", entry)
        self.statuses[entry["status"]] += 1
        self.outcomes.update(counted_keys(entry))
        self.citations += 1
        self.failing += fails(entry)
