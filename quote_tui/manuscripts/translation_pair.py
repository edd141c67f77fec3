"""A block quotation that holds a text and its translation: the words quoted once.

Writers who quote a source in its language often set their translation under it in the same
block, as a paragraph of its own in italics ("> "Qui hanno luogo …"" / ">" / "> *"Hier finden
…"*"), or the other way round. The block is one quotation of one source; checked whole, the
translation's words would be looked for in the original and fail. The quotation is the
paragraph in plain type; the one wholly in emphasis and in another language is the other
text. Two paragraphs in one language, the second in italics, are one passage (a source's own
emphasis), and stay whole.
"""

from __future__ import annotations

import re

from quote_tui.manuscripts.foreign import language

__all__ = ["translation_start"]

# A paragraph break inside a block: a blank line, with Markdown's ">" on it or not.
_BREAK = re.compile(r"\n[ \t]*(?:>[ \t]*)*\n[ \t>]*")
# A paragraph wholly in emphasis: *…*, _…_, \textit{…}, \emph{…}, {\itshape …}, marks inside.
_EMPHASISED = re.compile(
    r"(?:\*{1,2}|_{1,2}|\\(?:textit|emph)\{|\{\\(?:itshape|em|it)\s)[^\n]{12,}?"
    r"(?:\*{1,2}|_{1,2}|\})[ \t.]*\Z",
    re.S,
)


def translation_start(text: str, start: int, end: int) -> int | None:
    """Where a block's second paragraph, its translation in emphasis, starts (None when the
    block is not a text with its translation)."""
    breaks = list(_BREAK.finditer(text, start, end))
    if len(breaks) != 1:
        return None
    first = text[start : breaks[0].start()].strip()
    second = text[breaks[0].end() : end].strip()
    if not first or not _EMPHASISED.match(second) or _EMPHASISED.match(first):
        return None
    ours, theirs = language(first), language(second)
    if ours == theirs or (ours is None and theirs is None):
        return None
    # a translation is about as long as its original
    if not 0.5 <= len(second) / len(first) <= 2:
        return None
    return breaks[0].start()
