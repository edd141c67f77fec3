"""What a run produces: a source after reading, a citation after checking, progress so far.

The passing set and the strict rule (``fails``) live here once: the CLI's exit code, the streamed
report's count, the gate and the SARIF log all ask this module what counts as a pass. So does the
duplicate-id rule: the first entry with an id is the one checked, each later one is an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from quote_tui.batch.specs import CitationSpec, SourceSpec
from quote_tui.engine.errors import BatchInputError, ErrorCode, QuoteTuiError, Recovery
from quote_tui.engine.records import CheckResult, Status
from quote_tui.sources.records import LoadedSource, Representation

__all__ = [
    "EXTRA_STATUSES",
    "PASSING",
    "CitationOutcome",
    "Progress",
    "SourceOutcome",
    "duplicate_citation",
    "duplicate_source",
    "fails",
    "is_duplicate",
]

PASSING = frozenset({str(Status.EXACT), str(Status.NORMALIZED)})
"""The verdicts that say the words stand in the source as quoted."""

EXTRA_STATUSES = ("error", "unreferenced")
"""Citation statuses beyond the engine's: a bad entry, and a quotation that names no source."""


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
    outside_main_text: bool = False
    """Found in the page's whole visible text (a caption, an aside, a table), not in its main
    text: the result's offsets are in that whole text. Never set for a match in the main text."""
    reason: str | None = None
    """Why an ``inconclusive`` verdict is so, where the report cannot tell it from the error:
    ``ocr`` (the text was read from page images, and OCR misreads)."""
    note: str | None = None
    """What a reader should know of the verdict in words: which characters the text layer
    could not read, for a near match left ``inconclusive`` by them."""

    @property
    def why(self) -> str | None:
        """The report's ``reason`` for an ``inconclusive`` verdict (None for any other): the
        one given, else the check ran out of time, else the text was partial."""
        if self.status != "inconclusive":
            return None
        timed_out = self.error is not None and self.error.code == "time_budget"
        return self.reason or ("time_budget" if timed_out else "truncated")


@dataclass(frozen=True, slots=True)
class PageRead:
    """A scan being read by OCR: page ``page`` of its ``pages`` is read."""

    source: str
    page: int
    pages: int


@dataclass(frozen=True, slots=True)
class Progress:
    """Posted as a run goes: what is done, of how much, since when (seconds), and the scan
    being read by OCR, if one is (the latest told, when several are)."""

    citations_done: int
    citations_total: int
    sources_done: int = 0
    sources_total: int = 0
    elapsed: float = 0.0
    ocr: PageRead | None = None

    @property
    def rate(self) -> float:
        """Citations per second so far."""
        return self.citations_done / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def remaining(self) -> float | None:
        """Seconds left at the rate so far; None before the first citation (no rate yet)."""
        if self.rate == 0:
            return None
        return (self.citations_total - self.citations_done) / self.rate


def fails(entry: Mapping[str, Any]) -> bool:
    """What ``--strict`` fails on, for a citation's report entry: a verdict other than exact or
    normalized, or a match whose ellipsis or bracket leaves out a negation or a number."""
    if entry.get("status") not in PASSING:
        return True
    return any(m.get("critical") for m in entry.get("matches") or ())


def is_duplicate(entry: Mapping[str, Any]) -> bool:
    """Whether a report entry is the error of an id used a second time."""
    error = entry.get("error")
    return isinstance(error, dict) and error.get("code") == ErrorCode.DUPLICATE_ID


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
