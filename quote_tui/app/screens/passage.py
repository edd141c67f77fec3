"""The words ``y`` copies: a match's wording as a reader quotes it, with where it stands."""

from __future__ import annotations

from quote_tui.api import CheckResult, SourceOutcome

__all__ = ["copied_title", "passage_text"]


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
        end_label = label
        if m.page_end not in (None, m.page_start):
            end_label = prepared.page_label(m.page_end) if prepared is not None else None
        if label and end_label:
            where = f"p. {label}" if end_label == label else f"pp. {label}–{end_label}"
        else:
            # no printed number: "p. 3" pasted into a paper would pass for the printed page
            pages = str(m.page_start)
            pages += f"–{m.page_end}" if m.page_end not in (None, m.page_start) else ""
            where = f"PDF p{'p' if '–' in pages else ''}. {pages}"
    else:
        where = (
            f"line {m.line_start}"
            if m.line_end == m.line_start
            else (f"lines {m.line_start}–{m.line_end}")
        )
    return f'"{words}" ({where})'


def copied_title(status: str) -> str:
    """The copy's notice title: a near quotation's copy is the source's wording, not the
    writer's, and must not read as the quotation confirmed."""
    if status == "near":
        return "Copied the source's wording (the quotation differs)"
    return "Copied to the clipboard"
