"""What changed since an earlier references report (``--baseline REPORT``): the watch.

A check is one-shot; a cited paper retracted next month should still reach its author. Run
again with the last report as the baseline, and the report's ``changes`` names each reference
whose standing moved:

- ``retracted``: retracted now, not before (a new Retraction Watch row, a new notice);
- ``corrected`` / ``expression_of_concern``: a correction or concern that was not there before;
- ``mismatched``: ``metadata_mismatch`` or ``not_found`` now, not before (an edited entry);
- ``fixed``: ``verified`` now after one of the statuses ``--strict`` fails on.

A reference is matched to the baseline by its key, else by its DOI (a renamed key is the same
reference). ``unverifiable`` is never a change either way: it says a registry could not answer
this time (offline, out of reach), not that the work changed. Nothing else counts, so a weekly
run that finds nothing new has an empty list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery
from quote_tui.references.jsonfile import read_json_file
from quote_tui.references.records import FAILING_STATUSES

__all__ = [
    "CHANGE_KINDS",
    "MAX_BASELINE_BYTES",
    "Change",
    "baseline_references",
    "changes_since",
    "read_baseline",
]

CHANGE_KINDS = ("retracted", "corrected", "expression_of_concern", "mismatched", "fixed")
"""Each kind of change, most serious first (the order the views list them in)."""
MAX_BASELINE_BYTES = 256 * 1024 * 1024
"""The largest baseline read: a report of the 5,000 references a run may check is far smaller."""
_FAILING = frozenset(str(s) for s in FAILING_STATUSES)
_MISMATCHED = frozenset({"metadata_mismatch", "not_found"})


@dataclass(frozen=True, slots=True)
class Change:
    """One reference whose standing moved since the baseline.

    Attributes:
        key: the reference's key now.
        change: one of ``CHANGE_KINDS``.
        before: its status in the baseline; None when the baseline did not hold it.
        after: its status now.
        reason: why it stands as it does now (the report's reason).
    """

    key: str
    change: str
    before: str | None
    after: str
    reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "key": self.key,
            "change": self.change,
            "before": self.before,
            "after": self.after,
        }
        if self.reason:
            out["reason"] = self.reason
        return out


def _kind(before: str | None, after: str) -> str | None:
    if after == before or after == "unverifiable":
        return None
    if after == "retracted":
        return "retracted"
    if after in ("corrected", "expression_of_concern") and before != "retracted":
        return after
    if after in _MISMATCHED and before not in _MISMATCHED:
        return "mismatched"
    if after == "verified" and before in _FAILING:
        return "fixed"
    return None


def _doi(ref: Mapping[str, Any]) -> str | None:
    cited = ref.get("cited")
    doi = cited.get("doi") if isinstance(cited, Mapping) else None
    return str(doi).lower() if doi else None


def changes_since(
    baseline: Sequence[Mapping[str, Any]], references: Sequence[Mapping[str, Any]]
) -> list[Change]:
    """The changes from ``baseline``'s references to ``references`` (both as reports hold them),
    most serious first, in the report's order within a kind."""
    by_key = {str(r.get("key")): r for r in baseline}
    by_doi = {d: r for r in baseline if (d := _doi(r))}
    found: list[Change] = []
    for ref in references:
        key = str(ref.get("key"))
        doi = _doi(ref)
        earlier = by_key.get(key) or (by_doi.get(doi) if doi else None)
        before = str(earlier["status"]) if earlier and earlier.get("status") else None
        after = str(ref.get("status"))
        kind = _kind(before, after)
        if kind is not None:
            found.append(Change(key, kind, before, after, ref.get("reason")))
    return sorted(found, key=lambda c: CHANGE_KINDS.index(c.change))


def _refused(path: Path, why: str) -> BatchInputError:
    return BatchInputError(
        f"The baseline {path} {why}.",
        code=ErrorCode.BAD_BATCH,
        recovery=Recovery.FIX_INPUT,
        details={"path": str(path)},
    )


def read_baseline(path: Path) -> list[dict[str, Any]]:
    """The references of an earlier report: a ``refs`` report, or a quotation report made with
    ``check --refs`` (its ``references`` member).

    Raises:
        BatchInputError: ``bad_batch`` when the file cannot be read, is too large, or is not
            such a report; nothing is checked against a baseline that is not one.
    """
    try:
        report = read_json_file(path, MAX_BASELINE_BYTES, lambda why: _refused(path, why))
    except FileNotFoundError as exc:
        raise _refused(path, f"cannot be read: {exc.strerror or exc}") from exc
    return baseline_references(report, str(path))


def baseline_references(report: Any, name: str = "given") -> list[dict[str, Any]]:
    """The references of an earlier report given as data (the MCP tool, the HTTP API).

    Raises:
        BatchInputError: ``bad_batch`` when it is not a references report.
    """
    path = Path(name)
    if isinstance(report, dict) and isinstance(report.get("references"), dict):
        report = report["references"]  # a quotation report from check --refs
    refs = report.get("references") if isinstance(report, dict) else None
    if not isinstance(refs, list) or not all(
        isinstance(r, dict) and "key" in r and "status" in r for r in refs
    ):
        raise _refused(
            path, "is not a references report (refs --format json, or check --refs as JSON)"
        )
    return refs
