"""A one-citation report as a few lines for a person at a terminal.

``quote-tui quote`` prints this instead of JSON when its output is a terminal: the verdict, where
the words stand, the source's wording with the differing words marked, or the error and what to
do about it. Colour is plain ANSI and only an addition: every mark and word stays in the text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from quote_tui._untrusted import terminal_safe_value
from quote_tui.batch.outcomes import PASSING, fails
from quote_tui.reports.common import (
    best_match,
    citation_place,
    citation_status,
    differences,
    found_in_text,
    meaning_of,
    page_check_text,
    render_marked,
    verdict,
    what_to_do,
)

__all__ = ["render_terminal"]

_COLOURS = {
    "exact": "32",
    "normalized": "32",
    "near": "33",
    "not_found": "31",
    "inconclusive": "33",
    "unavailable": "31",
    "error": "31",
}


class _Paint:
    def __init__(self, colour: bool) -> None:
        self.colour = colour

    def __call__(self, text: str, code: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.colour and text else text


def _marked(text: str, diffs: list[Mapping[str, Any]], side: str, paint: _Paint) -> str:
    """``text`` with differing words in colour, or in ⟦brackets⟧ without colour."""
    if not paint.colour:
        return render_marked(text, diffs, side, same=str, differs=_bracket, critical=_bracket)
    return render_marked(
        text,
        diffs,
        side,
        same=str,
        differs=lambda piece: paint(piece, "1;33"),
        critical=lambda piece: paint(piece, "1;31"),
    )


def _bracket(piece: str) -> str:
    return f"⟦{piece}⟧"


def render_terminal(report: Mapping[str, Any], *, colour: bool = False) -> str:
    """A report as a short human summary: one citation in full; for several, the counts, a
    line for each citation found as quoted and the whole summary of each that is not.

    Args:
        report: a report (schema ``quote_tui.report``).
        colour: use ANSI colours.

    Returns:
        Lines of text ending in a newline.
    """
    # ids, titles, quotations and errors come from documents and answers: their escape
    # sequences are shown, never sent to the terminal (only our own colours are)
    report = terminal_safe_value(report)
    paint = _Paint(colour)
    citations = report.get("citations") or []
    if not citations:
        return "No citation was checked.\n"
    sources = {s.get("id"): s for s in report.get("sources") or []}
    if len(citations) == 1:
        return "\n".join(_citation_lines(citations[0], sources, paint)) + "\n"
    counts = Counter(citation_status(c) for c in citations)
    found = counts["exact"] + counts["normalized"]
    plural = "s" if len(citations) != 1 else ""
    head = f"{len(citations)} citation{plural}: {found} found as quoted"
    others = ", ".join(
        f"{n} {verdict(k).word.lower()}" for k, n in counts.items() if k not in PASSING
    )
    out = [head + (f"; {others}" if others else "") + ".", ""]
    for citation in citations:
        lines = _citation_lines(citation, sources, paint)
        ident = str(citation.get("id") or "")
        # a citation found as quoted takes one line; one that is not shows what differs
        if fails(citation):
            out += [f"[{ident}] {lines[0]}", *lines[1:], ""]
        else:
            out.append(f"[{ident}] {lines[0]}")
    return "\n".join(out).rstrip("\n") + "\n"


def _citation_lines(
    citation: Mapping[str, Any], sources: Mapping[Any, Mapping[str, Any]], paint: _Paint
) -> list[str]:
    """The summary of one citation, a line each: verdict, source, where, what differs."""
    source = sources.get(citation.get("source")) or {}
    status = citation_status(citation)
    v = verdict(status)
    match = best_match(citation)
    headline = f"{v.mark} {v.word}"
    if status == "near" and match and match.get("similarity") is not None:
        headline += f" {round(float(match['similarity']) * 100)}%"
    lines = [f"{paint(headline, '1;' + _COLOURS.get(status, '0'))}: {meaning_of(citation)}"]
    name = source.get("title") or source.get("ref") or citation.get("source")
    if name:
        lines.append(f"  source  {name}")
    error = citation.get("error") or source.get("error")
    if status in ("unavailable", "error") and isinstance(error, Mapping):
        lines.append(f"  error   {error.get('message', '')} [{error.get('code', '')}]")
        hint = what_to_do(error)
        if hint:
            lines.append(f"  to do   {hint}.")
        return lines
    place = citation_place(citation, match)
    if place:
        count = citation.get("match_count") or 0
        at_least = "at least " if citation.get("match_count_lower_bound") else ""
        more = f" (and {at_least}{count - 1} more)" if count > 1 else ""
        lines.append(f"  where   {place}{more}")
    pages = page_check_text(citation)
    if pages:
        lines.append(f"  pages   {pages}")
    if match and status != "exact":
        diffs = differences(match)
        quote = " ".join(str(citation.get("quote") or "").split())
        wording = " ".join(str(match.get("text") or "").split())
        if diffs:
            lines.append(f"  quoted  “{_marked(quote, diffs, 'quote', paint)}”")
        lines.append(f"  wording “{_marked(wording, diffs, 'source', paint)}”")
        for d in diffs:
            flag = paint("critical", "1;31") + " " if d.get("critical") else ""
            lines.append(
                f"  differs {flag}{d.get('quote') or '∅'} → {d.get('source') or '∅'}"
                f" ({str(d.get('kind') or 'word').replace('_', ' ')})"
            )
        rules = match.get("rules") or []
        if rules:
            lines.append(f"  rules   {', '.join(map(str, rules))}")
    elif status in ("not_found", "inconclusive"):
        best = citation.get("best_similarity")
        if isinstance(best, int | float):
            lines.append(f"  closest {round(best * 100)}% similar")
        elsewhere = found_in_text(citation, sources)
        if elsewhere:
            lines.append(f"  instead {elsewhere}")
    return lines
