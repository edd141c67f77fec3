"""Reviews honoured by the claims gate: the same review file and fingerprint rule as ``refs``.

A finding a researcher has looked at ("the 40% is computed from table 2, on purpose") would
otherwise fail every CI run. ``quote-tui review GATE_REPORT FINGERPRINT --note ...`` records a
note under the finding's fingerprint (``Finding.fingerprint``: its rule, item and words) in the
review file (``.quote-tui-review.json`` beside the claims file, or ``--review FILE``); the gate
then shows the finding as reviewed, with its note, and does not fail on it. When the finding
changes (another number, another quotation, another item) its fingerprint no longer matches
and it fails again.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery
from quote_tui.gate.findings import Finding
from quote_tui.references.review import Review, add_review, read_reviews

__all__ = [
    "apply_gate_reviews",
    "gate_finding_of",
    "read_gate_reviews",
    "read_report",
    "review_gate_finding",
]

_MIN_PREFIX = 8  # a fingerprint may be shortened, as git's hashes are, but not to nothing


def apply_gate_reviews(
    findings: Sequence[Finding], reviews: Sequence[Review]
) -> tuple[Finding, ...]:
    """``findings``, each one whose fingerprint a review names carrying that review's note."""
    notes = {r.fingerprint: r.note for r in reviews}
    return tuple(
        replace(f, review=notes[f.fingerprint]) if f.fingerprint in notes else f for f in findings
    )


def gate_finding_of(report: dict[str, Any], wanted: str) -> dict[str, Any] | None:
    """The finding of a gate report (``gate --format json``, or a report's ``gate`` object)
    whose fingerprint is ``wanted`` or begins with it; None when the report holds no gate
    findings.

    Raises:
        BatchInputError: ``bad_option`` when no finding, or more than one, matches.
    """
    gate = report.get("gate") if isinstance(report.get("gate"), dict) else report
    findings = gate.get("findings") if isinstance(gate, dict) else None
    if not isinstance(findings, list) or not all(
        isinstance(f, dict) and "fingerprint" in f for f in findings
    ):
        return None
    wanted = wanted.strip().lower()
    found = [
        f
        for f in findings
        if len(wanted) >= _MIN_PREFIX and str(f["fingerprint"]).startswith(wanted)
    ]
    if len(found) != 1:
        why = "no finding" if not found else f"{len(found)} findings"
        raise BatchInputError(
            f"The gate report has {why} with the fingerprint {wanted!r} (give at least "
            f"{_MIN_PREFIX} of its characters).",
            code=ErrorCode.BAD_OPTION,
            recovery=Recovery.FIX_INPUT,
            details={"fingerprints": [str(f["fingerprint"])[:12] for f in findings[:20]]},
        )
    return found[0]


def review_gate_finding(file: Path, finding: dict[str, Any], note: str) -> Review:
    """Record ``note`` on a gate finding (from ``gate_finding_of``) in the review file.

    Raises:
        BatchInputError: as ``references.review.add_review``.
    """
    place = finding.get("location") if isinstance(finding.get("location"), dict) else {}
    as_reference = {
        "key": f"{place.get('item') or place.get('file') or 'gate'} {finding.get('code')}",
        "status": str(finding.get("code")),
    }
    return add_review(file, as_reference, note, finding_print=str(finding["fingerprint"]))


def read_gate_reviews(path: Path | None) -> tuple[Review, ...]:
    """The reviews of a review file (none without one).

    Raises:
        BatchInputError: ``bad_batch`` for a file that cannot be read as a review file.
    """
    return read_reviews(path) if path is not None else ()


def read_report(path: Path) -> dict[str, Any]:
    """A gate or references report as JSON.

    Raises:
        BatchInputError: ``bad_batch`` when it cannot be read.
    """
    try:
        doc = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise BatchInputError(
            f"The report {path} cannot be read as JSON: {exc}.",
            code=ErrorCode.BAD_BATCH,
            recovery=Recovery.FIX_INPUT,
        ) from exc
    if not isinstance(doc, dict):
        raise BatchInputError(
            f"The report {path} is not a report (a JSON object).",
            code=ErrorCode.BAD_BATCH,
            recovery=Recovery.FIX_INPUT,
        )
    return doc
