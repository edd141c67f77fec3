"""How each status looks: a mark, a word and a theme colour, so colour is never the only signal."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PROBLEMS", "STATUS_ORDER", "StatusLook", "look", "status_label"]


@dataclass(frozen=True, slots=True)
class StatusLook:
    """The mark, word and theme colour (a Textual variable) of one status."""

    mark: str
    word: str
    colour: str


_LOOKS = {
    "exact": StatusLook("✓", "exact", "$success"),
    "normalized": StatusLook("≈", "normalized", "$success"),
    "near": StatusLook("~", "near", "$warning"),
    # found (exact or normalized), but an ellipsis or bracket leaves out a negation or a number
    "critical": StatusLook("‼", "critical", "$error"),
    "not_found": StatusLook("✗", "not found", "$error"),
    "inconclusive": StatusLook("?", "inconclusive", "$warning"),
    "unavailable": StatusLook("⊘", "unavailable", "$error"),
    "error": StatusLook("!", "error", "$error"),
    "unreferenced": StatusLook("∅", "no source", "$text-muted"),
    "unchecked": StatusLook("·", "unchecked", "$text-muted"),
    "checking": StatusLook("…", "checking", "$accent"),
}

STATUS_ORDER = (
    "not_found",
    "critical",
    "near",
    "inconclusive",
    "unavailable",
    "error",
    "unreferenced",
    "checking",
    "unchecked",
    "normalized",
    "exact",
)
"""Worst first: sorting by status puts what needs attention at the top."""

PROBLEMS = frozenset({"near", "critical", "not_found", "inconclusive", "unavailable", "error"})
"""Statuses a writer must act on."""


def look(status: str) -> StatusLook:
    """The look of a status word (unknown words look unchecked)."""
    return _LOOKS.get(status, _LOOKS["unchecked"])


def status_label(status: str, similarity: float | None = None) -> str:
    """``~ near 87%`` style label: mark, word and, for near matches, the similarity."""
    lk = look(status)
    if status == "near" and similarity is not None:
        return f"{lk.mark} {lk.word} {similarity:.0%}"
    return f"{lk.mark} {lk.word}"
