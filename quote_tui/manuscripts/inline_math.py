"""A quoted sentence that carries inline math is a sentence, not the writer's formula.

Words in marks holding math (`$…$`, `$$…$$`, `\\(…\\)`) are most often the writer's own
formula or notation. A sentence of words with a symbol among them ("The 'quantum state' $\\psi$
is always a relative state.", "the ``$r$-band light bleed from a nearby star''") is a source's
sentence, its symbol one of its words.
"""

from __future__ import annotations

import re

__all__ = ["sentence_with_symbols"]

_MATH_SPAN = re.compile(r"\$\$?[^$\n]+\$\$?|\\\(.*?\\\)")
_WORD = re.compile(r"[^\W\d_]+")
_PROSE_WORDS = 6  # words outside the math, the fewest a sentence has


def sentence_with_symbols(inner: str, math: re.Pattern[str]) -> bool:
    """Whether ``inner`` is a sentence of words with one inline symbol: six words or more
    outside the math, and no math left outside its delimiters."""
    # (several formulas strung in words are the writer's schema: "If $H_0$ is true, then we
    # should not observe $x$. We observed $x$.")
    if len(_MATH_SPAN.findall(inner)) != 1:
        return False
    prose = _MATH_SPAN.sub(" ", inner)
    return len(_WORD.findall(prose)) >= _PROSE_WORDS and not math.search(prose)
