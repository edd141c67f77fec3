"""The references report: ``{"references": [...]}`` as JSON, Markdown or HTML, and its strict rule.

The JSON shape is ``references.schema.json`` beside this module (and docs/references.md). The
Markdown and HTML views show the same facts: each reference's status, the reason, the fields that
differ with their registered values, the notices, and a close match when there is one.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from quote_tui._untrusted import CSP_META, html_text, markdown_text, terminal_safe_value
from quote_tui.references.records import FAILING_STATUSES, ReferenceCheck, ReferenceStatus

__all__ = [
    "REFERENCES_SCHEMA",
    "append_references",
    "failing_references",
    "html_section",
    "references_report",
    "render_references",
    "terminal_lines",
]

REFERENCES_SCHEMA = "https://quote-tui.github.io/schemas/references-v1.json"
_ORDER = [str(s) for s in ReferenceStatus]


def references_report(
    checks: Sequence[ReferenceCheck],
    *,
    source: str | None = None,
    retractions: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The report of a reference check.

    Args:
        checks: from ``check_references``, in input order.
        source: the file whose references were checked.
        retractions: ``{"file": name, "records": n}`` when a Retraction Watch CSV was given.

    Returns:
        ``{"schema", "summary", "references", ...}``; the summary counts every status.
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
    out["references"] = [c.to_dict() for c in checks]
    return out


def failing_references(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The references ``--strict`` fails on: retracted, metadata_mismatch, not_found."""
    failing = {str(s) for s in FAILING_STATUSES}
    return [r for r in report.get("references", ()) if r.get("status") in failing]


def render_references(report: dict[str, Any], fmt: str = "json") -> str:
    """The report as ``json``, ``markdown``, ``html`` or ``terminal`` (a short summary).

    Raises:
        ValueError: another format.
    """
    if fmt == "json":
        return json.dumps(report, ensure_ascii=False, indent=2) + "\n"
    if fmt == "markdown":
        return _markdown(report)
    if fmt == "html":
        return _html(report)
    if fmt == "terminal":
        return terminal_lines(report)
    raise ValueError(f"no references format {fmt!r}")


def describe_work(work: dict[str, Any] | None) -> str:
    """One line for a work as a registry or the manuscript describes it: first author, year,
    title, journal and its DOI or PMID (empty without one)."""
    if not work:
        return ""
    authors = work.get("authors") or ()
    ident = f"doi:{work['doi']}" if work.get("doi") else None
    if ident is None and work.get("pmid"):
        ident = f"pmid:{work['pmid']}"
    parts = (
        str(authors[0]) + (" et al." if len(authors) > 1 else "") if authors else None,
        f"({work['year']})" if work.get("year") else None,
        f"“{work['title']}”" if work.get("title") else None,
        str(work["journal"]) if work.get("journal") else None,
        ident,
    )
    return " ".join(part for part in parts if part)


def reference_facts(ref: dict[str, Any]) -> list[tuple[str, str]]:
    """What the registries say of one checked reference, as (label, text) lines: the registered
    work, each notice (retraction, correction, ...) and the close match a search found."""
    facts = [("registered", describe_work(ref.get("registered")))]
    facts += [("notice", _notice(n)) for n in ref.get("notices", ())]
    facts.append(("close match", describe_work(ref.get("close_match"))))
    return [(label, text) for label, text in facts if text]


def _notice(n: dict[str, Any]) -> str:
    bits = [n["kind"].replace("_", " "), f"from {n['source'].replace('_', ' ')}"]
    if n.get("date"):
        bits.append(n["date"])
    if n.get("doi"):
        bits.append(f"doi:{n['doi']}")
    if n.get("label"):
        bits.append(f"({n['label']})")
    return " ".join(bits)


def _summary_line(report: dict[str, Any]) -> str:
    s = report["summary"]
    parts = [f"{s[k]} {k.replace('_', ' ')}" for k in _ORDER if s.get(k)]
    noun = "reference" if s["total"] == 1 else "references"
    return f"{s['total']} {noun}: " + (", ".join(parts) if parts else "none")


_md = markdown_text
"""Titles, reasons and Retraction Watch notes come from registries and files others wrote: no
raw HTML or markup of theirs reaches the Markdown (``quote_tui._untrusted``)."""


def _markdown(report: dict[str, Any]) -> str:
    lines = ["# References", ""]
    if report.get("source"):
        lines += [f"Checked: {_md(report['source'])}", ""]
    lines += [_summary_line(report), ""]
    for ref in report["references"]:
        lines.append(f"## {_md(ref['key'])}: {ref['status'].replace('_', ' ')}")
        lines.append("")
        cited = describe_work(ref.get("cited"))
        if cited:
            lines.append(f"- cited: {_md(cited)}")
        if ref.get("reason"):
            lines.append(f"- {_md(ref['reason'])}")
        for d in ref.get("differences", ()):
            field = d["field"].replace("_", " ")
            lines.append(f"- {field}: cited {_md(d['cited'])}; registered {_md(d['registered'])}")
        lines += [f"- {label}: {_md(text)}" for label, text in reference_facts(ref)]
        lines.append("")
    return "\n".join(lines)


_STYLE = (
    "<style>.refs table{border-collapse:collapse}.refs td,.refs th{border:1px solid #ccc;"
    "padding:.3em .5em;vertical-align:top;text-align:left}.refs .verified .status{color:#176f2c}"
    ".refs .metadata_mismatch .status,.refs .corrected .status,"
    ".refs .expression_of_concern .status{color:#8a5a00}.refs .retracted .status,"
    ".refs .not_found .status{color:#b00020}.refs .unverifiable .status{color:#555}</style>"
)


def html_section(report: dict[str, Any]) -> str:
    """The references as one ``<section>`` (with its style), to stand in any HTML page."""
    e = html_text
    rows = []
    for ref in report["references"]:
        details = []
        if ref.get("reason"):
            details.append(f"<p>{e(ref['reason'])}</p>")
        if ref.get("differences"):
            items = "".join(
                f"<tr><td>{e(d['field'].replace('_', ' '))}</td><td>{e(d['cited'])}</td>"
                f"<td>{e(d['registered'])}</td></tr>"
                for d in ref["differences"]
            )
            details.append(
                "<table class=diff><tr><th>field</th><th>cited</th><th>registered</th></tr>"
                f"{items}</table>"
            )
        for label, text in reference_facts(ref):
            marked = " class=notice" if label == "notice" else ""
            details.append(f"<p{marked}>{label.capitalize()}: {e(text)}</p>")
        status = ref["status"]
        rows.append(
            f"<tr class={e(status)}><td>{e(ref['key'])}</td>"
            f"<td><span class=status>{e(status.replace('_', ' '))}</span></td>"
            f"<td>{e(describe_work(ref.get('cited')))}{''.join(details)}</td></tr>"
        )
    source = f"<p>Checked: <code>{e(report['source'])}</code></p>" if report.get("source") else ""
    return (
        f"<section class=refs>{_STYLE}<h2>References</h2>{source}"
        f"<p>{e(_summary_line(report))}</p>"
        "<table><tr><th>key</th><th>status</th><th>reference</th></tr>"
        + "".join(rows)
        + "</table></section>"
    )


def _html(report: dict[str, Any]) -> str:
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
        f"{CSP_META}<title>References</title>"
        "<style>body{font-family:sans-serif;margin:2em}</style></head><body>"
        f"{html_section(report)}</body></html>\n"
    )


def terminal_lines(report: dict[str, Any]) -> str:
    """A short plain-text view: the summary, then each reference that is not verified."""
    report = terminal_safe_value(report)  # keys and reasons come from files others wrote
    lines = [_summary_line(report)]
    for ref in report["references"]:
        if ref["status"] != "verified":
            lines.append(f"  {ref['key']}: {ref['status']}: {ref.get('reason', '')}".rstrip())
    return "\n".join(lines) + "\n"


def append_references(text: str, report: dict[str, Any], fmt: str) -> str:
    """A quotation report in ``markdown``, ``html`` or ``terminal`` with the references after it."""
    if fmt == "html":
        section = html_section(report)
        at = text.rfind("</body>")
        return text[:at] + section + text[at:] if at >= 0 else text + section
    if fmt == "markdown":
        return (
            text.rstrip("\n")
            + "\n\n"
            + _markdown(report).replace("# References", "## References", 1)
        )
    if fmt == "terminal":
        return text.rstrip("\n") + "\n\n" + terminal_lines(report)
    return text
