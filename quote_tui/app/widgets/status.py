"""How each status looks in the app: the one status table (``quote_tui.api.LOOKS``) in theme
colours, so the app, the terminal and the reports say the same, and colour is never the only
signal."""

from __future__ import annotations

import re
from dataclasses import dataclass

from quote_tui.api import LOOKS, Outcome, Tone
from quote_tui.api import look as status_look

__all__ = [
    "NOTICE_MARKS",
    "PROBLEMS",
    "STATUS_ORDER",
    "StatusLook",
    "look",
    "outcome_label",
    "outcome_look",
    "readable",
    "short_why",
    "status_label",
]


@dataclass(frozen=True, slots=True)
class StatusLook:
    """The mark, word and theme colour (a Textual variable) of one status."""

    mark: str
    word: str
    colour: str


_COLOURS = {
    Tone.OK: "$success",
    Tone.WARN: "$warning",
    Tone.BAD: "$error",
    Tone.MUTED: "$text-muted",
    Tone.BUSY: "$accent",
}

_WORDS = {"critical": "critical"}
"""Shorter words where the list's column is narrower than the reports' wording."""

_MARKS = {"unreferenced": "∅"}
"""Marks the app's counts cannot take from the table: "–1" in the header reads as minus one."""

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

NOTICE_MARKS = {
    "page_differs": "p≠",
    "claim_disagrees": "claim≠",
    "outside_main_text": "aside",
    "reference_retracted": "✗ref",
    "reference_mismatch": "≠ref",
    "found_elsewhere": "elsewhere",
}
"""A notice as the title's counts show it, short enough for a pane's border."""


def look(status: str) -> StatusLook:
    """The look of a status word (unknown words look unchecked)."""
    found = LOOKS.get(status) or LOOKS["unchecked"]
    word = _WORDS.get(found.status, found.word.lower())
    return StatusLook(_MARKS.get(found.status, found.mark), word, _COLOURS[found.tone])


def status_label(status: str, similarity: float | None = None) -> str:
    """``~ near 87%`` style label: mark, word and, for near matches, the similarity."""
    lk = look(status)
    if status == "near" and similarity is not None:
        return f"{lk.mark} {lk.word} {similarity:.0%}"
    return f"{lk.mark} {lk.word}"


def outcome_look(outcome: Outcome) -> StatusLook:
    """The look of an outcome: its verdict's, with the critical mark and a louder colour for a
    critical difference."""
    found = outcome.look
    # the list's rows and the title's counts show one mark for one status
    mark = _MARKS.get(found.status, found.mark)
    return StatusLook(mark, status_look(outcome.status).word.lower(), _COLOURS[found.tone])


def outcome_label(outcome: Outcome) -> str:
    """``‼ normalized critical omission``, ``~ near 87%``: the outcome's label in the app's
    words (the list's column is narrow, so without the dash)."""
    lk = outcome_look(outcome)
    out = f"{lk.mark} {lk.word}"
    if outcome.status == "near" and outcome.similarity is not None:
        out += f" {outcome.similarity:.0%}"
    if outcome.critical:
        out += f" critical {', '.join(outcome.critical)}"
    return out


_SHORT_WHY = {
    "ocr": "read by OCR",
    "unmapped_font": "unreadable font",
    "time_budget": "out of time",
    "truncated": "text cut short",
}
"""Why an inconclusive verdict is so, short enough for a list row beside its quotation."""

_CODE_POINT = re.compile(r"U\+[0-9A-F]{4,6}")


_WHY_MARKS = {"ocr": "ocr", "unmapped_font": "font", "time_budget": "time", "truncated": "cut"}
"""Why an inconclusive verdict is so, in a narrow list's row (its mark already says ``?``)."""


def short_why(outcome: Outcome, *, compact: bool = False) -> str | None:
    """Why an inconclusive verdict is so in a few words (``unread glyph U+E03C``), or in one
    (``glyph``) for a narrow row; None for any other verdict. The detail pane says it whole.

    Args:
        outcome: the citation's outcome.
        compact: one word, for a narrow list's row.

    Returns:
        The words, or None.
    """
    if outcome.why is None:
        return None
    glyphs = _CODE_POINT.findall(outcome.note or "")
    unread = outcome.reason == "unmapped_font" and bool(glyphs)
    if compact:
        return "glyph" if unread else _WHY_MARKS.get(outcome.reason or "", "why")
    if unread:
        return f"unread glyph{'s' if len(glyphs) > 1 else ''} {', '.join(glyphs)}"
    return _SHORT_WHY.get(outcome.reason or "", "see why")


_UNREAD = re.compile("[\ue000-\uf8e4\U000f0000-\U0010ffff]")
"""Private-use characters, what a PDF's text layer gives for a glyph its font maps to none (as
``batch.unread_glyphs`` counts them; U+F8E5-U+F8FF are Symbol's bracket pieces, readable)."""


def readable(text: str) -> str:
    """``text`` with each private-use character shown as U+FFFD, one for one (offsets stay): a
    terminal draws it as nothing or a blank, and "forma\ue03ced" read "formaed"."""
    return _UNREAD.sub("\ufffd", text) if _UNREAD.search(text) else text
