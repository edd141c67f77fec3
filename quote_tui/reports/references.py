"""The references report's views: JSON, Markdown, HTML and a terminal summary, alone or as a
section of a quotation report (``check --refs``).

The report itself is built in ``quote_tui.references.report`` (its shape is
``references.schema.json`` there, and docs/references.md). The Markdown and HTML views show the
same facts: each reference's status, the reason, the fields that differ with their registered
values, the notices, and a close match when there is one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from quote_tui._untrusted import CSP_META, html_text, markdown_text, terminal_safe_value
from quote_tui.sources.net.registry_names import registry_name

__all__ = [
    "change_lines",
    "describe_work",
    "html_section",
    "reference_facts",
    "references_html",
    "references_markdown",
    "render_references",
    "retractions_line",
    "review_lines",
    "terminal_lines",
    "unreached_lines",
    "warning_line",
]


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
    work = ref.get("registered")
    at = registry_name(work.get("source")) if isinstance(work, dict) else None
    # which registry holds the record: a DOI at Crossref, a preprint at arXiv, a paper at DBLP
    facts = [(f"registered at {at}" if at else "registered", describe_work(work))]
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
    # the summary counts the statuses in their order (``references_report``)
    parts = [f"{n} {k.replace('_', ' ')}" for k, n in s.items() if k != "total" and n]
    noun = "reference" if s["total"] == 1 else "references"
    return f"{s['total']} {noun}: " + (", ".join(parts) if parts else "none")


def unreached_lines(report: Mapping[str, Any]) -> list[str]:
    """One line per registry the references could not be checked against, e.g. "Crossref
    could not be reached: 4 references not checked (dns_error: ...)"."""
    lines = []
    for u in report.get("unreached") or ():
        name = registry_name(u.get("service"))
        name = name[:1].upper() + name[1:]  # it opens the sentence
        n = int(u.get("references") or 0)
        noun = "reference" if n == 1 else "references"
        counted = f"{n} {noun} not checked"
        if u.get("code") == "offline":  # the message would only say so again, for one URL
            lines.append(f"{name} was not asked (offline, no stored answer): {counted}")
        else:
            lines.append(
                f"{name} could not be reached: {counted} ({u.get('code')}: {u.get('message')})"
            )
    return lines


_CHANGED = {
    "retracted": "newly retracted",
    "corrected": "newly corrected",
    "expression_of_concern": "new expression of concern",
    "mismatched": "newly mismatched",
    "fixed": "fixed",
}


def change_lines(report: Mapping[str, Any]) -> list[str]:
    """What changed since ``--baseline``, for the top of every human view: a heading line
    ("Since r1.json: 1 newly retracted"), then one line per change; nothing without a
    baseline. A run with a baseline and no change says so, so silence is never ambiguous."""
    base = report.get("baseline")
    if not isinstance(base, Mapping):
        return []
    changes = report.get("changes") or []
    if not changes:
        return [f"No changes since {base.get('file')} ({base.get('references')} references)"]
    counts: dict[str, int] = {}
    for c in changes:
        counts[c["change"]] = counts.get(c["change"], 0) + 1
    parts = [f"{n} {_CHANGED.get(kind, kind)}" for kind, n in counts.items()]
    lines = [f"Since {base.get('file')}: " + ", ".join(parts)]
    for c in changes:
        was = c["before"].replace("_", " ") if c.get("before") else "not cited"
        line = f"{c['key']}: {_CHANGED.get(c['change'], c['change'])} (was {was})"
        lines.append(line + (f": {c['reason']}" if c.get("reason") else ""))
    return lines


def _status(ref: Mapping[str, Any]) -> str:
    """The status for people; a reviewed finding says so beside it, never instead of it."""
    status = str(ref["status"]).replace("_", " ")
    return f"{status} (reviewed)" if ref.get("review") else status


def review_lines(ref: Mapping[str, Any]) -> list[str]:
    """The researcher's note on a reviewed finding, or the note of a review that no longer
    applies because the finding changed."""
    review = ref.get("review")
    if isinstance(review, Mapping):
        return [
            f"reviewed {review.get('reviewed_at') or ''}: {review.get('note')}".replace(" :", ":")
        ]
    stale = ref.get("review_stale")
    if isinstance(stale, Mapping):
        return [f"an earlier review no longer applies (the finding changed): {stale.get('note')}"]
    return []


def retractions_line(report: Mapping[str, Any], *, short: bool = False) -> str | None:
    """Which Retraction Watch data the run held, e.g. "Retraction Watch: rw.csv, 51,234 rows
    (50,980 notices), newest notice 2026-11-30, SHA-256 3f2a...": a stale copy misses every
    retraction after its newest row, and the hash names the exact file. ``short`` keeps the
    hash's first 16 digits (a terminal line). None when no file was given."""
    info = report.get("retractions")
    if not isinstance(info, Mapping):
        return None
    rows = int(info.get("rows", info.get("records", 0)) or 0)
    bits = [
        f"Retraction Watch: {info.get('file')}, {rows:,} rows ({int(info['records']):,} notices)"
    ]
    if info.get("newest"):
        bits.append(f"newest notice {info['newest']}")
    elif info.get("modified"):
        bits.append(f"file dated {info['modified']}")
    if info.get("sha256"):
        digest = str(info["sha256"])
        bits.append(f"SHA-256 {digest[:16] + '…' if short else digest}")
    return ", ".join(bits)


_md = markdown_text
"""Titles, reasons and Retraction Watch notes come from registries and files others wrote: no
raw HTML or markup of theirs reaches the Markdown (``quote_tui._untrusted``)."""


def _markdown(report: dict[str, Any]) -> str:
    lines = ["# References", ""]
    changed = change_lines(report)
    if changed:
        lines += [f"**{_md(changed[0])}**", ""]
        lines += [f"- {_md(line)}" for line in changed[1:]]
        lines += [""] if changed[1:] else []
    if report.get("source"):
        lines += [f"Checked: {_md(report['source'])}", ""]
    lines += [_summary_line(report), ""]
    lines += [f"**{_md(line)}**" for line in unreached_lines(report)]
    lines += [""] if report.get("unreached") else []
    held = retractions_line(report)
    lines += [_md(held), ""] if held else []
    if report.get("warnings"):
        lines += [f"- warning: {_md(warning_line(w))}" for w in report["warnings"]] + [""]
    for ref in report["references"]:
        lines.append(f"## {_md(ref['key'])}: {_status(ref)}")
        lines.append("")
        lines += [f"- {_md(line)}" for line in review_lines(ref)]
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
            details.append(f"<p{marked}>{label[:1].upper() + label[1:]}: {e(text)}</p>")
        details += [f"<p class=review>{e(line)}</p>" for line in review_lines(ref)]
        status = ref["status"]
        rows.append(
            f"<tr class={e(status)}><td>{e(ref['key'])}</td>"
            f"<td><span class=status>{e(_status(ref))}</span></td>"
            f"<td>{e(describe_work(ref.get('cited')))}{''.join(details)}</td></tr>"
        )
    source = f"<p>Checked: <code>{e(report['source'])}</code></p>" if report.get("source") else ""
    changed = change_lines(report)
    changes = (
        f"<div class=changes><p><strong>{e(changed[0])}</strong></p>"
        + (
            "<ul>" + "".join(f"<li>{e(line)}</li>" for line in changed[1:]) + "</ul>"
            if changed[1:]
            else ""
        )
        + "</div>"
        if changed
        else ""
    )
    return (
        f"<section class=refs>{_STYLE}<h2>References</h2>{changes}{source}"
        f"<p>{e(_summary_line(report))}</p>"
        + "".join(f"<p class=unreached>{e(line)}</p>" for line in unreached_lines(report))
        + "".join(
            f"<p class=retractions>{e(held)}</p>" for held in [retractions_line(report)] if held
        )
        + "<table><tr><th>key</th><th>status</th><th>reference</th></tr>"
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


def warning_line(w: dict[str, Any]) -> str:
    """One warning of the report as a line: where it stands (file and line), then what it says."""
    where = w.get("file") or "bibliography"
    return f"{where}:{w['line']}: {w['message']}" if w.get("line") else f"{where}: {w['message']}"


def terminal_lines(report: dict[str, Any]) -> str:
    """A short plain-text view: the summary, each entry not read, each reference not verified."""
    report = terminal_safe_value(report)  # keys and reasons come from files others wrote
    changed = change_lines(report)
    lines = [*changed[:1], *(f"  {line}" for line in changed[1:])]
    lines += [_summary_line(report), *unreached_lines(report)]
    held = retractions_line(report, short=True)
    lines += [held] if held else []
    lines += [f"  warning: {warning_line(w)}" for w in report.get("warnings", ())]
    for ref in report["references"]:
        if ref["status"] != "verified":
            lines.append(f"  {ref['key']}: {_status(ref)}: {ref.get('reason', '')}".rstrip())
            lines += [f"    {line}" for line in review_lines(ref)]
    return "\n".join(lines) + "\n"


def references_markdown(report: Mapping[str, Any]) -> str:
    """The references of a quotation report (``check --refs``) as its last Markdown section,
    with the blank line that sets it apart; empty when the report holds none."""
    references = report.get("references")
    if not isinstance(references, dict):
        return ""
    return "\n" + _markdown(references).replace("# References", "## References", 1)


def references_html(report: Mapping[str, Any]) -> str:
    """The references of a quotation report (``check --refs``) as its last HTML section; empty
    when the report holds none."""
    references = report.get("references")
    return html_section(references) if isinstance(references, dict) else ""
