"""SARIF 2.1.0 output, so code hosts annotate the manuscript's lines.

Each gate finding is a result, and so is each citation whose outcome (``quote_tui.api.Outcome``)
is not faithful: a verdict other than ``exact`` or ``normalized``, a critical difference in any
tier (``citation/critical``, an error), or words found as quoted on another page than the cited
one or outside the place a model answer claims (warnings). Results point at the manuscript (or
claims file) with a line and column when they are known; columns count code points, as the run's
``columnKind`` says. Rule ids are ``gate/`` plus the finding's code, or ``citation/`` plus the
outcome's heading or notice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from quote_tui._version import __version__
from quote_tui.batch.outcome import outcome_of
from quote_tui.batch.outcomes import PASSING
from quote_tui.gate.findings import RULES, Finding, Severity

__all__ = ["SARIF_SCHEMA", "artifact_uri", "to_sarif"]

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"

# verdict -> (SARIF level, title, help)
_CITATION_RULES: dict[str, tuple[str, str, str]] = {
    "near": (
        "error",
        "Misquotation: the quotation differs from the source's words",
        "No faithful occurrence stands in the source, but a close passage does. The result "
        "gives the source's own wording; quote it exactly.",
    ),
    "not_found": (
        "error",
        "The quotation is not in the cited source",
        "The whole checked text was searched and nothing close was found. Check the reference "
        "and the quotation.",
    ),
    "inconclusive": (
        "warning",
        "The checked text cannot settle the quotation",
        "The checked text was truncated, read by OCR, or unreadable in places (a font without "
        "a Unicode map), or the check ran out of time: the message says which.",
    ),
    "unavailable": (
        "warning",
        "The cited source could not be read",
        "The quotation stands unchecked; the message says why and what to do.",
    ),
    "critical": (
        "error",
        "Critical difference: the quotation changes the source's meaning",
        "The words stand in the source, but a negation, number or sign differs or is left out "
        "(an ellipsis or bracket may hide it). Quote the passage whole, or say what changed.",
    ),
    "page_differs": (
        "warning",
        "The cited page differs from where the quotation stands",
        "The quotation was found, on another page than the one cited. Correct the page.",
    ),
    "claim_disagrees": (
        "warning",
        "The claimed place does not hold the quotation",
        "The answer places the cited text where it does not stand; the report says where it is.",
    ),
    "error": (
        "error",
        "The citation entry is malformed",
        "An empty quotation, an unknown source id or a similar problem in the entry itself.",
    ),
    "unreferenced": (
        "warning",
        "A quotation without a reference",
        "The manuscript quotes words without saying where they come from.",
    ),
}


def artifact_uri(file: str, base: Path | None = None) -> str:
    """A relative URI for a file: relative to ``base`` (default: the working folder) when it
    lies below it, so code hosts find it in the repository; otherwise a ``file:`` URI."""
    path = Path(file)
    root = (base or Path.cwd()).resolve()
    if path.is_absolute():
        try:
            path = path.resolve().relative_to(root)
        except ValueError:
            return path.resolve().as_uri()
    return quote(path.as_posix().removeprefix("./"))


def _region(line: int | None, column: int | None) -> dict[str, Any] | None:
    if line is None:
        return None
    region: dict[str, Any] = {"startLine": line}
    if column is not None:
        region["startColumn"] = column
    return region


def _location(uri: str, line: int | None, column: int | None) -> dict[str, Any]:
    physical: dict[str, Any] = {"artifactLocation": {"uri": uri}}
    region = _region(line, column)
    if region is not None:
        physical["region"] = region
    return {"physicalLocation": physical}


def _citation_rule(citation: dict[str, Any]) -> str | None:
    """The rule a citation breaks: its outcome's heading (``critical`` for a critical
    difference in any tier), else for words found as quoted its first notice that has a rule;
    None when it breaks none."""
    outcome = outcome_of(citation)
    if outcome.heading not in PASSING:
        return outcome.heading if outcome.heading in _CITATION_RULES else None
    return next((n.kind for n in outcome.notices if n.kind in _CITATION_RULES), None)


def _citation_message(citation: dict[str, Any], rule_key: str) -> str:
    status = citation["status"]
    quote_text = (citation.get("quote") or "")[:200]
    title = _CITATION_RULES[rule_key][1]
    outcome = outcome_of(citation)
    notices = "; ".join(n.text for n in outcome.notices)
    parts = [f"{outcome.label}" + (f" · {notices}" if notices else "")]
    if outcome.why:
        parts[0] += f": {outcome.why}."
    parts.append(f"{title}: {quote_text!r}")
    matches = citation.get("matches") or []
    if status == "near" and matches:
        best = matches[0]
        parts.append(
            f"The source reads {best['text'][:200]!r} ({best['similarity']:.0%} alike, "
            f"line {best['line_start']} of the checked text)."
        )
    error = citation.get("error")
    if error:
        parts.append(f"{error.get('code')}: {error.get('message')}")
    return " ".join(parts)


def to_sarif(
    *,
    findings: Sequence[Finding] = (),
    report: dict[str, Any] | None = None,
    uri_for: Callable[[str], str] = artifact_uri,
    fallback_file: str | None = None,
) -> dict[str, Any]:
    """A SARIF 2.1.0 log with one run.

    Args:
        findings: the gate's findings.
        report: a quote_tui report; its citations whose outcome is not faithful become
            results too.
        uri_for: turns a file name as recorded (in a finding or a citation's location) into
            the artifact URI.
        fallback_file: the input file, for citations that carry no location (a batch file).

    Returns:
        The SARIF log as a JSON-ready dict.
    """
    rules: list[dict[str, Any]] = []
    rule_index: dict[str, int] = {}

    def rule(rule_id: str, level: str, title: str, help_text: str) -> int:
        if rule_id not in rule_index:
            rule_index[rule_id] = len(rules)
            rules.append(
                {
                    "id": rule_id,
                    "name": rule_id.split("/", 1)[1].title().replace("_", ""),
                    "shortDescription": {"text": title},
                    "fullDescription": {"text": help_text},
                    "help": {"text": help_text},
                    "defaultConfiguration": {"level": level},
                }
            )
        return rule_index[rule_id]

    results: list[dict[str, Any]] = []
    for citation in (report or {}).get("citations", []):
        status = citation["status"]
        key = _citation_rule(citation)
        if key is None:
            continue
        level, title, help_text = _CITATION_RULES[key]
        rule_id = f"citation/{key}"
        index = rule(rule_id, level, title, help_text)
        where = citation.get("location") or {}
        file = where.get("file") or fallback_file
        result: dict[str, Any] = {
            "ruleId": rule_id,
            "ruleIndex": index,
            "level": level,
            "message": {"text": _citation_message(citation, key)},
            "properties": {"citation": citation["id"], "status": status},
        }
        if file:
            result["locations"] = [_location(uri_for(file), where.get("line"), where.get("column"))]
        results.append(result)
    for finding in findings:
        spec = RULES[finding.code]
        level = "error" if finding.severity is Severity.FAILURE else "warning"
        rule_id = f"gate/{finding.code}"
        index = rule(
            rule_id,
            "error" if spec.severity is Severity.FAILURE else "warning",
            spec.title,
            spec.help,
        )
        place = finding.place
        result = {
            "ruleId": rule_id,
            "ruleIndex": index,
            "level": level,
            "message": {"text": finding.message},
            "locations": [_location(uri_for(place.file), place.line, place.column)],
            "partialFingerprints": {"quoteTuiFinding/v1": finding.fingerprint},
            "properties": {"item": place.item, "words": list(finding.words)},
        }
        if finding.review is not None:
            # a reviewed finding is kept in the log, suppressed with the researcher's note
            result["suppressions"] = [{"kind": "external", "justification": finding.review}]
        results.append(result)
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "quote_tui",
                        "version": __version__,
                        "rules": rules,
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }
