"""What a JSONL report already holds, so a resumed run leaves it out.

Its own module, below both the plan (which leaves out what it holds) and the JSONL reader (which
reads it from a report), so neither imports the other to name it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["ResumeState"]


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
        outcomes: the report's ``outcomes`` counts so far (``batch.outcome.tally``).
    """

    checked: frozenset[str] = frozenset()
    duplicates: dict[str, int] = field(default_factory=dict)
    sources: frozenset[str] = frozenset()
    duplicate_sources: dict[str, int] = field(default_factory=dict)
    statuses: dict[str, int] = field(default_factory=dict)
    header: dict[str, Any] | None = None
    good_bytes: int = 0
    failing: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
