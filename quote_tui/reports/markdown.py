"""The report as Markdown: a summary, then each citation with its verdict and evidence."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from quote_tui._untrusted import markdown_text
from quote_tui.batch.unread_glyphs import visible_glyphs
from quote_tui.reports import common
from quote_tui.reports.references import references_markdown

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
    quote = _esc(visible_glyphs(diff.get("quote") or "∅"))
    source = _esc(visible_glyphs(diff.get("source") or "∅"))
    kind = _esc(diff.get("kind") or "change")
    flag = "‼ critical " if diff.get("critical") else ""
    return f"- {flag}{kind}: quotation “{quote}” → source “{source}”"


def _fact_line(fact: common.Fact) -> str:
    if fact.link is not None:
        link = fact.link
        return (
            f"- Open: <{_esc(link)}>"
            if link.startswith("http")
            else f"- Path: `{link.replace('`', '')}`"
        )
    if fact.label == "Problem":
        hint = f" To do: {_esc(fact.note)}." if fact.note else ""
        return f"- Problem: {_esc(fact.text)}{hint}"
    note = f" ({_esc(fact.note)})" if fact.label == "Reference" else ""
    return f"- {fact.label}: {_esc(fact.text)}{note}"


def _citation(citation: Mapping[str, Any], sources: Mapping[str, Mapping[str, Any]]) -> list[str]:
    outcome = common.citation_outcome(citation)
    notices = "; ".join(n.text for n in outcome.notices)
    # the mark as it is (it opens the heading; escaped, "~" would read "\~"), the similarity
    # in the card's own line
    mark, _, words = outcome.title(similarity=False).partition(" ")
    head = f"### {mark} {_esc(words)} — {_esc(citation.get('id', '?'))}"
    lines = [head + (f" · {_esc(notices)}" if notices else ""), ""]
    lines += [_fact_line(fact) for fact in common.facts(citation, sources)]
    match = common.best_match(citation)
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
    lines = [f"# {_esc(common.report_title(report))}", ""]
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
    notices = common.notice_rows(report)
    if notices:
        lines += ["| Also to look at | Count |", "|---|---:|"]
        lines += [f"| {what} | {n} |" for what, n in notices]
        lines.append("")
    sources = {str(s.get("id")): s for s in report.get("sources") or [] if isinstance(s, Mapping)}
    lines += ["## Citations", ""]
    for citation in report.get("citations") or []:
        if isinstance(citation, Mapping):
            lines += _citation(citation, sources)
    return "\n".join(lines).rstrip() + "\n" + references_markdown(report)
