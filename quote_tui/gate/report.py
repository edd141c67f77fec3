"""The gate's findings as every front end shows them: one line each at a terminal, the
``gate`` object of a report, a SARIF log, and a prose check's result for the MCP tool.

Written once here, so the CLI, the servers and the report agree on what a finding says.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from quote_tui.gate.findings import Finding
from quote_tui.gate.prose import ProseIssue, number_issues

__all__ = ["finding_line", "gate_sarif", "gate_summary", "number_check"]


def finding_line(finding: Finding) -> str:
    """One finding as a terminal line: its mark, item, place, code and message."""
    mark = "FAIL" if finding.severity == "failure" else "warn"
    if finding.review is not None:  # shown, never hidden: the note says why it stands
        mark = "rev "
        note = f" (reviewed: {finding.review})"
    else:
        note = ""
    line = f"  {mark} [{finding.place.item}] {finding.place} {finding.code}: {finding.message}"
    return line + note


def gate_summary(findings: Sequence[Finding]) -> dict[str, Any]:
    """The report's ``gate`` object: the counts (a reviewed finding counted apart, never as a
    failure or warning) and every finding."""
    standing = [f for f in findings if f.review is None]
    return {
        "failures": sum(f.severity == "failure" for f in standing),
        "warnings": sum(f.severity != "failure" for f in standing),
        "reviewed": len(findings) - len(standing),
        "findings": [f.to_dict() for f in findings],
    }


def gate_sarif(findings: Sequence[Finding], report: dict[str, Any] | None, input_path: Path) -> str:
    """The SARIF log (as JSON text) of the findings and of the report's citations that are not
    faithful, with files named relative to the working folder."""
    from quote_tui.gate.sarif import artifact_uri, to_sarif

    def uri_for(file: str) -> str:
        # Locations name a manuscript's files by their names; they lie beside the input.
        path = Path(file)
        if not path.is_absolute() and path.name == path.as_posix() and file != str(input_path):
            path = input_path.parent / path
        return artifact_uri(str(path))

    log = to_sarif(findings=findings, report=report, uri_for=uri_for, fallback_file=str(input_path))
    return json.dumps(log, ensure_ascii=False, indent=2) + "\n"


def _issue_dict(issue: ProseIssue) -> dict[str, Any]:
    return {
        "code": str(issue.code),
        "severity": str(issue.severity),
        "words": list(issue.words),
        "start": issue.start,
        "end": issue.end,
        "message": issue.message,
    }


def number_check(text: str, quotes: Sequence[str]) -> dict[str, Any]:
    """The number rule on one piece of prose and its quotations, as data: whether it passed,
    the numbers no quotation holds, and each issue with its offsets in ``text``."""
    issues = number_issues(text, quotes)
    return {
        "passed": not issues,
        "missing_numbers": [word.replace(",", "") for issue in issues for word in issue.words],
        "findings": [_issue_dict(i) for i in issues],
    }
