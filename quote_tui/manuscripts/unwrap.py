"""A block quotation's own bounds: the writer's wrapping marks and emphasis taken off, its
closing full stop kept (moved out of extract.py, which holds the reading order)."""

from __future__ import annotations

import re

__all__ = ["unwrap"]

_OPENERS = '“„«»"‘‚'
_EMPHASIS = re.compile(r"[*_]{1,3}(?=[“„«»\"‘‚])")
_LABEL = re.compile(
    r"[*_]{0,2}(?:Zitate?|Quote|Quotation|Citation|Cita)[*_]{0,2}[^\S\n]*:[*_]{0,2}[^\S\n]*", re.I
)


def unwrap(text: str, start: int, end: int) -> tuple[int, int]:
    """A block quotation wrapped in its own marks (“…”) without them: the marks are the
    writer's, not the source's, and the block is one quotation, not two."""
    # A Markdown block's empty last lines ("\n>") are its markup.
    while end > start and (text[end - 1] in " \t\n.,;" or text.endswith("\n>", start, end)):
        end -= 1
    lead = start
    while lead < end and text[lead] in " \t\n":
        lead += 1
    # A label before the marks names the block a quotation ("> **Zitat:** „…“"): not its words.
    label = _LABEL.match(text, lead, end)
    if label and label.end() < end and text[label.end()] in _OPENERS:
        start = lead = label.end()
    if lead > 0 and text[lead - 1] in _OPENERS and lead == start:
        lead -= 1  # a reader (a Word quote paragraph) already left the opening mark out
    # Marks set in emphasis with the words (> *"…"*): the emphasis is the writer's too.
    emphasis = _EMPHASIS.match(text, lead, end)
    if emphasis and text.endswith(emphasis[0], lead, end) and end - lead > 2 * len(emphasis[0]):
        inner_start, inner_end = unwrap(text, emphasis.end(), end - len(emphasis[0]))
        if inner_start > emphasis.end():
            return inner_start, inner_end
    if text.startswith("``", lead) and text.endswith("''", lead, end):
        inner = text[lead + 2 : end - 2]
        if "``" not in inner and "''" not in inner:  # LaTeX's own marks around the block
            return lead + 2, end - 2
    if end - lead < 2 or text[lead] not in _OPENERS:
        return start, _keep_stop(text, start, end)
    closers = {"“": '”"', "„": "“”", "«": "»", "»": "«", '"': '"”', "‘": "’", "‚": "‘’"}
    if text[end - 1] in closers[text[lead]]:
        inner = text[lead + 1 : end - 1]
        # Only when the marks pair with each other, not a quotation that ends the block.
        if text[lead] not in inner and text[end - 1] not in inner:
            return lead + 1, end - 1
    if not any(mark in text[lead + 1 : end] for mark in closers[text[lead]]):
        return lead + 1, _keep_stop(text, lead + 1, end)  # opened, never closed: the writer's
    return start, _keep_stop(text, start, end)


def _keep_stop(text: str, start: int, end: int) -> int:
    """The block's own closing full stop (or ! ?) stays part of it."""
    if end < len(text) and text[end : end + 1] in (".", "!", "?") and end >= start:
        return end + 1
    return end
