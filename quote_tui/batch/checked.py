"""A checked citation: the one record a run passes from its runner, through its stages, to a sink.

The runner makes it from the engine's check (``checked_citation``) and settles a claimed place on
it; the last stages (``batch.stages``) add what other sources hold and the outcome with
``dataclasses.replace``; a sink serializes it once (``batch.report.citation_line``). Nothing
between the runner and the sink holds a report dict, so a field added here is serialized in one
place.

A record crosses process boundaries (a forked or spawned copy of a large source's run, a cluster
worker): it holds the engine's result and the few facts of its source it needs (the printed page
labels of its matches), never the source's text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from quote_tui.batch.outcome import Outcome, outcome_of_check
from quote_tui.batch.outcomes import CitationOutcome, SourceOutcome
from quote_tui.batch.specs import CitationSpec

__all__ = ["CheckedCitation", "checked_citation", "outcome_of_record"]


@dataclass(frozen=True, slots=True)
class CheckedCitation:
    """One citation after its check, on its way to the sink.

    Attributes:
        checked: the engine's verdict, result or error, page check and where the words stood.
        printed_pages: per match of the result, its first and last printed page labels, when
            the source has printed labels (empty otherwise).
        claimed: the citation's claimed place, settled (``batch.claims``); None when it claims
            none or it was not settled.
        found_in: other sources of the batch that hold the words (``batch.elsewhere``).
        outcome: the outcome, derived last (``batch.outcome``); None until then.
        copy_version: the version of the open copy its source was read from, when that copy
            may word things otherwise than the published version (``acceptedVersion``,
            ``submittedVersion``); None otherwise.
    """

    checked: CitationOutcome
    printed_pages: tuple[tuple[str | None, str | None], ...] = ()
    claimed: Mapping[str, Any] | None = None
    found_in: tuple[Mapping[str, Any], ...] = ()
    outcome: Outcome | None = None
    copy_version: str | None = None

    @property
    def spec(self) -> CitationSpec:
        return self.checked.spec

    @property
    def status(self) -> str:
        return self.checked.status

    def field(self, key: str) -> Any:
        """What the citation's report line holds under ``key``, for the fields a stage reads
        (``claimed``, ``found_in``, ``page_check``, ``outside_main_text``): this record's, else
        the batch entry's own field of that name, as the line carries it."""
        own: Any = None
        if key == "claimed":
            own = self.claimed
        elif key == "found_in":
            own = list(self.found_in) if self.found_in else None
        elif key == "page_check":
            own = self.checked.page_check
        elif key == "outside_main_text":
            own = True if self.checked.outside_main_text else None
        return own if own is not None else self.spec.extra.get(key)


def checked_citation(outcome: CitationOutcome, source: SourceOutcome | None) -> CheckedCitation:
    """The record of a citation's check against its source (read or not)."""
    prepared = source.loaded.prepared if source is not None and source.loaded else None
    printed: tuple[tuple[str | None, str | None], ...] = ()
    if outcome.result is not None and prepared is not None and prepared.page_labels:
        printed = tuple(
            (prepared.page_label(m.page_start), prepared.page_label(m.page_end))
            for m in outcome.result.matches
        )
    copy = source.loaded.retrieval.copy if source is not None and source.loaded else None
    version = copy.version if copy is not None and copy.differs_from_published else None
    return CheckedCitation(outcome, printed, copy_version=version)


def outcome_of_record(record: CheckedCitation) -> Outcome:
    """The record's outcome: what ``outcome_of`` gives for the line it is serialized to."""
    found_in = record.field("found_in")
    result = record.checked.result
    return outcome_of_check(
        record.status,
        result if result is not None and result.matches else None,
        page_check=record.field("page_check"),
        claimed=record.field("claimed"),
        outside_main_text=bool(record.field("outside_main_text")),
        found_in=len(found_in) if isinstance(found_in, list) else 0,
        copy_version=record.copy_version,
        note=record.checked.note,
    )
