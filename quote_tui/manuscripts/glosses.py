"""A foreign word's gloss: "*chiaro* (“clear, bright”)", "_homoousios_ (“of the same
essence”)", "\\emph{Daten als Beobachtungen} (``data as observations'')".

Writers set a term of another language in italics and give its meaning in marks in brackets
right after it. The words in marks are the writer's translation, never a source's, even when
the sentence goes on to cite one: the four such glosses in the labelled sets are all labelled
the writer's own.
"""

from __future__ import annotations

import re

__all__ = ["is_gloss"]

# The term in italics right before the bracket: Markdown's *…* or _…_, LaTeX's \emph{…} or
# \textit{…}, then "(" and the opening mark.
_TERM_BEFORE = re.compile(
    r"(?:(?<![*_\w])[*_][^\s*_][^*_\n]{0,60}[*_]|\\(?:emph|textit|textsl|foreignlanguage\{[\w-]+\})"
    r"\{[^{}\n]{1,60}\})[ \t~]*\([ \t]*(?:[\"“‘'«„»‚]|``|`)?\Z"
)
# The gloss closes its bracket right after the closing mark.
_CLOSE_AFTER = re.compile(r"[ \t]*\)")
_REACH = 80  # the term and the bracket stand this close before the gloss


def is_gloss(text: str, start: int, close_end: int) -> bool:
    """Whether the span in marks opening at ``start`` (its closing mark ends at ``close_end``)
    is the gloss of an italic term just before it, in brackets of its own."""
    if _CLOSE_AFTER.match(text, close_end) is None:
        return False
    return _TERM_BEFORE.search(text[max(0, start - _REACH) : start]) is not None
