"""The report as one self-contained HTML file: inline CSS, no scripts, no external resources.

Everything taken from the report is escaped: quotations and source text come from untrusted
documents. Links are made only for http(s) URLs and absolute local paths.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from pathlib import PurePosixPath, PureWindowsPath
from typing import Any
from urllib.parse import quote, urlsplit

from quote_tui._untrusted import CSP_META
from quote_tui.batch.outcome import Outcome, Tone
from quote_tui.batch.unread_glyphs import visible_glyphs
from quote_tui.reports.common import (
    Fact,
    best_match,
    citation_outcome,
    citation_status,
    differences,
    facts,
    notice_rows,
    render_marked,
    report_title,
    summary_rows,
)
from quote_tui.reports.references import references_html

__all__ = ["render_html"]

_CSS = """
:root { color-scheme: light; --ok:#1a7f37; --near:#9a6700; --bad:#cf222e; --muted:#57606a; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto;
  max-width: 60rem; padding: 1.5rem; color: #1f2328; background: #fff; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; } h2 { font-size: 1.25rem; margin-top: 2rem; }
.meta { color: var(--muted); margin: 0 0 1rem; }
table.summary { border-collapse: collapse; margin: .5rem 0 1rem; }
table.summary td, table.summary th { border: 1px solid #d0d7de; padding: .25rem .6rem; }
table.summary td.n { text-align: right; font-variant-numeric: tabular-nums; }
article { border: 1px solid #d0d7de; border-left: .5rem solid var(--muted); border-radius: 6px;
  padding: .75rem 1rem; margin: 1rem 0; }
article.exact, article.normalized { border-left-color: var(--ok); }
article.near, article.inconclusive { border-left-color: var(--near); }
article.not_found, article.error, article.unavailable { border-left-color: var(--bad); }
.verdict { font-weight: 700; } .exact .verdict, .normalized .verdict { color: var(--ok); }
.near .verdict, .inconclusive .verdict { color: var(--near); }
.not_found .verdict, .error .verdict, .unavailable .verdict { color: var(--bad); }
.mark { display: inline-block; min-width: 1.2em; text-align: center; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .75rem; margin: .5rem 0; }
dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
.pair { display: grid; grid-template-columns: 1fr 1fr; gap: .75rem; }
.pair > div { background: #f6f8fa; border-radius: 4px; padding: .5rem .75rem; }
.pair h3 { font-size: .8rem; text-transform: uppercase; letter-spacing: .05em; margin: 0 0 .25rem;
  color: var(--muted); }
.diff { background: #fff8c5; text-decoration: underline wavy #9a6700; }
.diff.crit { background: #ffebe9; text-decoration: underline wavy var(--bad); font-weight: 700; }
ul.diffs { margin: .5rem 0 0; padding-left: 1.25rem; } .crit-label { color: var(--bad);
  font-weight: 700; }
article.attn { border-left-color: var(--near); } .attn .verdict { color: var(--near); }
article.attn.crit-bad { border-left-color: var(--bad); } .crit-bad .verdict { color: var(--bad); }
.notices { color: var(--near); font-weight: 700; }
code, .path { font-family: ui-monospace, "SFMono-Regular", Menlo, monospace; font-size: .9em; }
@media (max-width: 40rem) { .pair { grid-template-columns: 1fr; } }
@media print { article { break-inside: avoid; } }
"""


def _e(value: Any) -> str:
    return escape(str(value), quote=True)


def _href(target: str) -> str | None:
    """A safe href for a URL or an absolute path, or None (then the text is shown unlinked)."""
    base, _, fragment = target.partition("#")
    scheme = urlsplit(base).scheme.lower()
    if scheme in ("http", "https"):
        return target
    for pure in (PurePosixPath(base), PureWindowsPath(base)):
        if pure.is_absolute():
            uri = pure.as_uri()
            return uri + ("#" + quote(fragment, safe="=&") if fragment else "")
    return None


def _marked(text: str, diffs: list[Mapping[str, Any]], side: str) -> str:
    return render_marked(text, diffs, side, same=_e, differs=_mark, critical=_mark_critical)


def _mark(piece: str) -> str:
    return f'<mark class="diff" title="differs">{_e(piece)}</mark>'


def _mark_critical(piece: str) -> str:
    return f'<mark class="diff crit" title="critical difference">‼{_e(piece)}</mark>'


def _row(label: str, value_html: str) -> str:
    return f"<dt>{_e(label)}</dt><dd>{value_html}</dd>"


def _fact_row(fact: Fact) -> str:
    if fact.link is not None:
        href = _href(fact.link)
        shown = f'<span class="path">{_e(fact.link)}</span>'
        return _row("Open", f'<a href="{_e(href)}">{shown}</a>' if href else shown)
    if fact.label == "Reference":
        return _row("Reference", f"{_e(fact.text)} <small>({_e(fact.note)})</small>")
    if fact.label == "Problem":
        hint = f" <small>To do: {_e(fact.note)}.</small>" if fact.note else ""
        return _row("Problem", _e(fact.text) + hint)
    return _row(fact.label, _e(fact.text))


def _citation(citation: Mapping[str, Any], sources: Mapping[str, Mapping[str, Any]]) -> str:
    status = citation_status(citation)
    outcome = citation_outcome(citation)
    rows = [_fact_row(fact) for fact in facts(citation, sources)]
    match = best_match(citation)
    diffs = differences(match)
    quote_html = _marked(str(citation.get("quote") or ""), diffs, "quote")
    pair = f"<div><h3>Quotation</h3><p>{quote_html}</p></div>"
    if match and match.get("text") is not None:
        source_html = _marked(str(match["text"]), diffs, "source")
        pair += f"<div><h3>Source</h3><p>{source_html}</p></div>"
    diff_items = []
    for d in diffs:
        flag = '<span class="crit-label">‼ critical</span> ' if d.get("critical") else ""
        diff_items.append(
            f"<li>{flag}{_e(d.get('kind') or 'change')}: quotation "
            f"“{_e(visible_glyphs(d.get('quote') or '∅'))}”"
            f" → source “{_e(visible_glyphs(d.get('source') or '∅'))}”</li>"
        )
    diff_html = f'<ul class="diffs">{"".join(diff_items)}</ul>' if diff_items else ""
    return (
        f'<article class="{_e(_classes(status, outcome))}" id="{_e(citation.get("id", ""))}">'
        f"<div>{_verdict_html(outcome)} · <code>{_e(citation.get('id', '?'))}</code>"
        f"{_notices_html(outcome)}</div>"
        f'<dl>{"".join(rows)}</dl><div class="pair">{pair}</div>{diff_html}</article>'
    )


def _classes(status: str, outcome: Outcome) -> str:
    """The card's classes: its status, and ``attn`` (the warning colour) for a critical
    difference or a notice, so a faithful green never stands for either."""
    if outcome.critical:
        return f"{status} attn" + (" crit-bad" if outcome.look.tone is Tone.BAD else "")
    return f"{status} attn" if outcome.notices else status


def _verdict_html(outcome: Outcome) -> str:
    lk = outcome.look
    words = (
        outcome.title(similarity=False).removeprefix(lk.mark).strip()
    )  # the card's own line has it
    return (
        f'<span class="verdict"><span class="mark" aria-hidden="true">{_e(lk.mark)}</span> '
        f"{_e(words)}</span>"
    )


def _notices_html(outcome: Outcome) -> str:
    if not outcome.notices:
        return ""
    return f' · <span class="notices">{_e("; ".join(n.text for n in outcome.notices))}</span>'


def render_html(report: Mapping[str, Any]) -> str:
    """A self-contained HTML report for people.

    Args:
        report: the report JSON dict (schema ``quote_tui.report`` v1).

    Returns:
        One HTML document (inline CSS, no scripts, no external resources).
    """
    tool = report.get("tool") or {}
    summary = report.get("summary") or {}
    total = summary.get("citations", len(report.get("citations") or []))
    made = " ".join(
        str(x) for x in (tool.get("name"), tool.get("version"), report.get("created")) if x
    )
    rows = "".join(
        f'<tr class="{_e(v.status)}"><td><span class="mark">{_e(v.mark)}</span> {_e(v.word)}</td>'
        f'<td class="n">{int(n)}</td><td>{_e(v.meaning)}</td></tr>'
        for v, n in summary_rows(report)
    )
    notices = "".join(
        f'<tr><td>{_e(what)}</td><td class="n">{int(n)}</td></tr>'
        for what, n in notice_rows(report)
    )
    if notices:
        notices = (
            '<table class="summary"><thead><tr><th>Also to look at</th><th>Count</th></tr>'
            f"</thead><tbody>{notices}</tbody></table>"
        )
    sources = {str(s.get("id")): s for s in report.get("sources") or [] if isinstance(s, Mapping)}
    title = report_title(report)
    body = "".join(
        _citation(c, sources) for c in report.get("citations") or [] if isinstance(c, Mapping)
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"{CSP_META}"
        f"<title>{_e(title)}</title><style>{_CSS}</style></head><body>"
        f"<h1>{_e(title)}</h1>"
        f'<p class="meta">{_e(made)}</p>'
        f"<p><strong>{_e(total)} citation{'' if total == 1 else 's'}.</strong></p>"
        '<table class="summary"><thead><tr><th>Verdict</th><th>Count</th><th>Meaning</th></tr>'
        f"</thead><tbody>{rows}</tbody></table>{notices}"
        f"<h2>Citations</h2>{body}{references_html(report)}</body></html>\n"
    )
