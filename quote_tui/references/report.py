"""The references report: ``{"references": [...]}`` as data, and its strict rule.

The JSON shape is ``references.schema.json`` beside this module (and docs/references.md); its
views (Markdown, HTML, the terminal summary) are in ``quote_tui.reports.references``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from quote_tui.references.records import FAILING_STATUSES, ReferenceCheck, ReferenceStatus

__all__ = ["REFERENCES_SCHEMA", "failing_references", "references_report"]

REFERENCES_SCHEMA = "https://quote-tui.github.io/schemas/references-v1.json"
_ORDER = [str(s) for s in ReferenceStatus]


def references_report(
    checks: Sequence[ReferenceCheck],
    *,
    source: str | None = None,
    retractions: dict[str, Any] | None = None,
    warnings: Sequence[dict[str, Any]] = (),
) -> dict[str, Any]:
    """The report of a reference check.

    Args:
        checks: from ``check_references``, in input order.
        source: the file whose references were checked.
        retractions: ``RetractionIndex.provenance`` when a Retraction Watch CSV was given.
        warnings: entries the bibliography reader skipped or read in part
            (``{code, message, file?, line?}``), so none is lost without a word.

    Returns:
        ``{"schema", "summary", "references", ...}``; the summary counts every status, and
        ``unreached`` names each registry that could not be asked, once, with the number of
        references it left unchecked.
    """
    counts = Counter(str(c.status) for c in checks)
    out: dict[str, Any] = {
        "schema": REFERENCES_SCHEMA,
        "summary": {"total": len(checks), **{s: counts.get(s, 0) for s in _ORDER}},
    }
    if source is not None:
        out["source"] = source
    if retractions is not None:
        out["retractions"] = retractions
    unreached = _unreached(checks)
    if unreached:
        out["unreached"] = unreached
    if warnings:
        out["warnings"] = list(warnings)
    out["references"] = [c.to_dict() for c in checks]
    return out


def _unreached(checks: Sequence[ReferenceCheck]) -> list[dict[str, Any]]:
    """Each registry some references could not be checked against, said once: its first
    error and how many references it left unchecked."""
    first: dict[str, dict[str, Any]] = {}
    for check in checks:
        for u in check.unreached:
            entry = first.setdefault(
                u.service,
                {"service": u.service, "code": u.code, "message": u.message, "references": 0},
            )
            entry["references"] += 1
    return list(first.values())


def failing_references(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The references ``--strict`` fails on: retracted, metadata_mismatch, not_found; a finding
    a researcher reviewed (``review``, see ``references.review``) is shown but does not fail."""
    failing = {str(s) for s in FAILING_STATUSES}
    return [
        r
        for r in report.get("references", ())
        if r.get("status") in failing and not r.get("review")
    ]
