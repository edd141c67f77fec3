"""The words ``y`` copies: a match's wording as a reader quotes it, with where it stands."""

from __future__ import annotations

from quote_tui.api import CheckResult, SourceOutcome

__all__ = ["passage_text"]


def passage_text(result: CheckResult, outcome: SourceOutcome | None, index: int = 0) -> str | None:
    """``"the source's words" (p. 3)``: a match (the best, or the ``index``-th the detail
    shows) with its printed page or line."""
    if not result.matches:
        return None
    m = result.matches[index if 0 <= index < len(result.matches) else 0]
    prepared = outcome.loaded.prepared if outcome is not None and outcome.loaded else None
    words = " ".join(m.text.split())
    if m.page_start is not None:
        label = prepared.page_label(m.page_start) if prepared is not None else None
        where = f"p. {label or m.page_start}"
        if m.page_end not in (None, m.page_start):
            end_label = prepared.page_label(m.page_end) if prepared is not None else None
            where = f"pp. {label or m.page_start}–{end_label or m.page_end}"
    else:
        where = (
            f"line {m.line_start}"
            if m.line_end == m.line_start
            else (f"lines {m.line_start}–{m.line_end}")
        )
    return f'"{words}" ({where})'
