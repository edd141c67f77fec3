"""A one-citation report as a few lines for a person at a terminal.

``quote-tui quote`` prints this instead of JSON when its output is a terminal: the verdict, where
the words stand, the source's wording with the differing words marked, or the error and what to
do about it. Colour is plain ANSI and only an addition: every mark and word stays in the text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from quote_tui._untrusted import terminal_safe_value
from quote_tui.batch.outcome import Outcome, Tone
from quote_tui.batch.unread_glyphs import visible_glyphs
from quote_tui.reports.common import (
    best_match,
    citation_outcome,
    citation_place,
    citation_status,
    claimed_text,
    copy_text,
    differences,
    found_in_text,
    manuscript_place,
    meaning_of,
    notice_rows,
    page_check_text,
    render_marked,
    summary_rows,
    what_to_do,
)

__all__ = ["render_terminal"]

_COLOURS = {Tone.OK: "32", Tone.WARN: "33", Tone.BAD: "31", Tone.MUTED: "0", Tone.BUSY: "36"}


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
    line for each citation found as quoted with nothing to notice, and the whole summary of
    each that is not faithful or has something a reader must not miss (a critical difference,
    a cited page that differs, a claimed place that disagrees, ...).

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
    out = [_headline(report, len(citations)), ""]
    for citation in citations:
        lines = _citation_lines(citation, sources, paint)
        ident = str(citation.get("id") or "")
        # a quotation edited since the manuscript was read: its manuscript line must be seen
        if citation_outcome(citation).attention or citation.get("manuscript_quote"):
            out += [f"[{ident}] {lines[0]}", *lines[1:], ""]
        else:
            out.append(f"[{ident}] {lines[0]}")
    return "\n".join(out).rstrip("\n") + "\n"


def _headline(report: Mapping[str, Any], total: int) -> str:
    """ "5 citations: 3 found as quoted; 1 critical difference, 1 near. Also: 1 cited page
    differs." — counted under the outcomes' headings."""
    rows = summary_rows(report)
    found = sum(n for look, n in rows if look.status in ("exact", "normalized"))
    others = ", ".join(
        f"{n} {look.word.lower()}{'s' if look.status == 'critical' and n != 1 else ''}"
        for look, n in rows
        if look.status not in ("exact", "normalized")
    )
    head = f"{total} citation{'s' if total != 1 else ''}: {found} found as quoted"
    head += (f"; {others}" if others else "") + "."
    notices = ", ".join(f"{n} {what}" for what, n in notice_rows(report))
    return head + (f" Also: {notices}." if notices else "")


def _citation_lines(
    citation: Mapping[str, Any], sources: Mapping[Any, Mapping[str, Any]], paint: _Paint
) -> list[str]:
    """The summary of one citation, a line each: verdict, source, where, what differs."""
    source = sources.get(citation.get("source")) or {}
    status = citation_status(citation)
    lines = [_verdict_line(citation_outcome(citation), meaning_of(citation), paint)]
    written = manuscript_place(citation)
    if written:
        # a writer fixes the quotation in the manuscript: "[c4]" alone cannot be found there
        lines.append(f"  in      {written}")
        edited_from = citation.get("manuscript_quote")
        if isinstance(edited_from, str):
            lines.append(f"  reads   “{edited_from}” there (edited since: change it there too)")
    name = source.get("title") or source.get("ref") or citation.get("source")
    if name:
        lines.append(f"  source  {name}")
    copy = copy_text(source)
    if copy:
        lines.append(f"  copy    {copy}")
    error = citation.get("error") or source.get("error")
    if status in ("unavailable", "error") and isinstance(error, Mapping):
        return lines + _error_lines(error)
    lines += _place_lines(citation)
    match = best_match(citation)
    if match and status != "exact":
        lines += _difference_lines(citation, match, paint)
    elif status in ("not_found", "inconclusive"):
        best = citation.get("best_similarity")
        if isinstance(best, int | float):
            lines.append(f"  closest {round(best * 100)}% similar")
        elsewhere = found_in_text(citation, sources)
        if elsewhere:
            lines.append(f"  {elsewhere}")  # "found in [jones] (line 2) instead", said once
    return lines


def _error_lines(error: Mapping[str, Any]) -> list[str]:
    lines = [f"  error   {error.get('message', '')} [{error.get('code', '')}]"]
    hint = what_to_do(error)
    return lines + ([f"  to do   {hint}."] if hint else [])


def _place_lines(citation: Mapping[str, Any]) -> list[str]:
    """Where the words stand, the cited page and the claimed place."""
    lines = []
    place = citation_place(citation, best_match(citation))
    if place:
        count = citation.get("match_count") or 0
        at_least = "at least " if citation.get("match_count_lower_bound") else ""
        more = f" (and {at_least}{count - 1} more)" if count > 1 else ""
        lines.append(f"  where   {place}{more}")
    pages = page_check_text(citation)
    if pages:
        lines.append(f"  pages   {pages}")
    claim = claimed_text(citation)
    if claim:
        lines.append(f"  claimed {claim}")
    return lines


def _difference_lines(
    citation: Mapping[str, Any], match: Mapping[str, Any], paint: _Paint
) -> list[str]:
    """The quotation and the source's wording with what differs marked, then each difference."""
    lines = []
    diffs = differences(match)
    quote = " ".join(str(citation.get("quote") or "").split())
    wording = " ".join(str(match.get("text") or "").split())
    if diffs:
        lines.append(f"  quoted  “{_marked(quote, diffs, 'quote', paint)}”")
    lines.append(f"  wording “{_marked(wording, diffs, 'source', paint)}”")
    for d in diffs:
        flag = paint("critical", "1;31") + " " if d.get("critical") else ""
        lines.append(
            f"  differs {flag}{visible_glyphs(d.get('quote') or '∅')}"
            f" → {visible_glyphs(d.get('source') or '∅')}"
            f" ({str(d.get('kind') or 'word').replace('_', ' ')})"
        )
    rules = match.get("rules") or []
    if rules:
        lines.append(f"  rules   {', '.join(map(str, rules))}")
    return lines


def _verdict_line(outcome: Outcome, meaning: str, paint: _Paint) -> str:
    """ "‼ Normalized — critical omission: <meaning> · cited page 12, found on page 11"."""
    label = paint(outcome.label, "1;" + _COLOURS.get(outcome.look.tone, "0"))
    notices = "; ".join(n.text for n in outcome.notices)
    return f"{label}: {meaning}" + (f" · {paint(notices, '1;33')}" if notices else "")
