"""Words in marks that make up a whole list item, and words reported after "told me that".

Blogs and notes list what people said one saying an item ("What follows are some of the
well-meaning things I was told:" then "- “have you considered...”", "- “it isn't personal”"),
and reading notes list a text's phrases so ("+ „die Aufbietung aller Mittel“"): an item that is
nothing but words in marks holds someone's words. A list of terms or titles is caught before
(one or two words, title case). Reported speech that keeps the exact words ("A colleague told
me that “if you write enough, they cannot ignore you forever”") quotes its speaker even in a
text that cites nothing, where a story's dialogue is told with a comma ("he said, “…”").
"""

from __future__ import annotations

import re

__all__ = ["in_emphasised_marks", "reported_that", "whole_list_item"]

# The item's marker and any emphasis before the opening mark, from the line's start.
_ITEM_HEAD = re.compile(r"[^\S\n]*(?:[-*+•]|\d{1,3}[.)])[ \t]+(?:\*\*|__|\*|_)?[\"'“„«‘‚»`]{1,2}\Z")
# After the closing mark: emphasis, a stop, the line's end.
_ITEM_TAIL = re.compile(r"(?:\*\*|__|\*|_)?[.,;:!?]?[^\S\n]*(?:\n|\Z)")
# A verb of telling in the past, its listener, and "that" right before the marks.
_TOLD_THAT = re.compile(
    r"\b(?:told|said\s+to|wrote\s+to|assured|reminded|warned|advised)\s+(?:me|us|him|her|them)"
    r"\s+that\s+[\"“„«‘]\Z|\b(?:sagte|schrieb)\s+(?:mir|uns|ihm|ihr)\s*,?\s+dass\s+[\"“„«‚]\Z"
)


def whole_list_item(text: str, start: int, close_end: int) -> bool:
    """Whether the span in marks opening at ``start`` (closing mark ending at ``close_end``) is
    the whole of a Markdown list item."""
    line = text.rfind("\n", 0, start) + 1
    return bool(_ITEM_HEAD.match(text, line, start)) and bool(_ITEM_TAIL.match(text, close_end))


def reported_that(text: str, start: int) -> bool:
    """Whether the marks at ``start`` follow "told me that", "sagte mir, dass"."""
    return _TOLD_THAT.search(text[max(0, start - 60) : start]) is not None


# Marks set inside emphasis of their own: *«…»*, _"…"_, *“…”.* (the writer styles a line
# quoted, as a block quotation is styled); a program's output so set holds a status word in
# capitals or after a colon ("*"Initializing s6a layer: Done"*").
_EMPHASIS_OPEN = re.compile(r"(?<![*\w])[*_][^\S\n]?[«\"“„‘»]\Z")
_EMPHASIS_CLOSE = re.compile(r"[.,;:!?]?[*_](?![*\w])")
_OUTPUT = re.compile(r"[A-Z]{3,}|:\s*\w+\W*$")
_EMPHASIS_WORDS = 4


def in_emphasised_marks(text: str, start: int, end: int, close_end: int) -> bool:
    """Whether the words in marks (four at least) are set in emphasis with their marks."""
    if len(re.findall(r"[^\W\d_]+", text[start:end])) < _EMPHASIS_WORDS:
        return False
    return (
        _EMPHASIS_OPEN.search(text[max(0, start - 4) : start]) is not None
        and _EMPHASIS_CLOSE.match(text, close_end) is not None
        and _OUTPUT.search(text, start, end) is None
    )
