"""The report as Markdown: a summary, then each citation with its verdict and evidence."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from quote_tui._untrusted import markdown_text
from quote_tui.reports import common

__all__ = ["render_markdown"]

_esc = markdown_text
"""Text from untrusted documents, inert in Markdown (``quote_tui._untrusted``)."""


def _marked(text: str, diffs: list[Mapping[str, Any]], side: str) -> str:
    return common.render_marked(text, diffs, side, same=_esc, differs=_bold, critical=_critical)


def _bold(piece: str) -> str:
    return f"**{_esc(piece)}**"


def _critical(piece: str) -> str:
    return f"**‼{_esc(piece)}‼**"


def _diff_line(diff: Mapping[str, Any]) -> str:
    quote = _esc(diff.get("quote") or "∅")
    source = _esc(diff.get("source") or "∅")
    kind = _esc(diff.get("kind") or "change")
    flag = "‼ critical " if diff.get("critical") else ""
    return f"- {flag}{kind}: quotation “{quote}” → source “{source}”"


def _citation(citation: Mapping[str, Any], sources: Mapping[str, Mapping[str, Any]]) -> list[str]:
    status = common.citation_status(citation)
    v = common.verdict(status)
    lines = [f"### {v.mark} {v.word} — {_esc(citation.get('id', '?'))}", ""]
    place = common.manuscript_place(citation)
    if place:
        lines.append(f"- Manuscript: {_esc(place)}")
    ref = citation.get("reference")
    if isinstance(ref, Mapping) and ref.get("raw"):
        lines.append(f"- Reference: {_esc(ref['raw'])} ({_esc(ref.get('style', ''))})")
    source = sources.get(str(citation.get("source")))
    if source:
        title = source.get("title") or source.get("ref") or source.get("id")
        lines.append(f"- Source: {_esc(title)}")
    match = common.best_match(citation)
    where = common.citation_place(citation, match)
    if where:
        lines.append(f"- Found at: {_esc(where)}")
    link = common.source_link(source, match)
    if link:
        lines.append(
            f"- Open: <{_esc(link)}>"
            if link.startswith("http")
            else f"- Path: `{link.replace('`', '')}`"
        )
    page = common.page_check_text(citation)
    if page:
        lines.append(f"- Page: {_esc(page)}")
    elsewhere = common.found_in_text(citation, sources)
    if elsewhere:
        lines.append(f"- Elsewhere: {_esc(elsewhere)}")
    similarity = citation.get("best_similarity")
    if isinstance(similarity, int | float) and status == "near":
        lines.append(f"- Similarity: {similarity:.0%}")
    error = (
        citation.get("error") or (source or {}).get("error") or (source or {}).get("unavailable")
    )
    if isinstance(error, Mapping) and error.get("message"):
        todo = common.what_to_do(error)
        hint = f" To do: {_esc(todo)}." if todo else ""
        lines.append(f"- Problem: {_esc(error['message'])}{hint}")
    lines.append("")
    diffs = common.differences(match)
    quote = str(citation.get("quote") or "")
    lines.append(f"> **Quotation:** {_marked(quote, diffs, 'quote')}")
    if match and match.get("text") is not None:
        lines += [">", f"> **Source:** {_marked(str(match['text']), diffs, 'source')}"]
    lines.append("")
    if diffs:
        lines.append("Differences (critical first):")
        lines += [_diff_line(d) for d in diffs]
        lines.append("")
    return lines


def render_markdown(report: Mapping[str, Any]) -> str:
    """A Markdown report for people.

    Args:
        report: the report JSON dict (schema ``quote_tui.report`` v1).

    Returns:
        Markdown text: summary table, then one section per citation in report order.
    """
    tool = report.get("tool") or {}
    summary = report.get("summary") or {}
    lines = ["# Quotation check report", ""]
    made = " ".join(
        str(x) for x in (tool.get("name"), tool.get("version"), report.get("created")) if x
    )
    if made:
        lines += [f"Made by {_esc(made)}.", ""]
    total = int(summary.get("citations", len(report.get("citations") or [])))
    lines += [
        f"**{total} citation{'' if total == 1 else 's'}.**",
        "",
        "| Verdict | Count | Meaning |",
        "|---|---:|---|",
    ]
    lines += [f"| {v.mark} {v.word} | {n} | {v.meaning} |" for v, n in common.summary_rows(report)]
    lines.append("")
    sources = {str(s.get("id")): s for s in report.get("sources") or [] if isinstance(s, Mapping)}
    lines += ["## Citations", ""]
    for citation in report.get("citations") or []:
        if isinstance(citation, Mapping):
            lines += _citation(citation, sources)
    return "\n".join(lines).rstrip() + "\n"
