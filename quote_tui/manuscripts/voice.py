"""Quoted words in the author's own voice: not quotations of a source.

Only quotations that no citation claims are judged here; a cited one is a quotation whatever
its form. A careful reader leaves out the author's own questions ("can there be any a priori
knowledge?"), formulas, and words quoted as words ("the phrase 'right to an explanation'",
"'what you see is what you get' (WYSIWYG)").
"""

from __future__ import annotations

import re

__all__ = ["authors_own"]

_MATH = re.compile(r"\\\(|\\\[|\$[^$\n]+\$|\\(?:frac|lor|land|to|neg|forall|exists)\b")
# Words that present what follows as a word or a name, not as someone's statement.
_CUE = re.compile(
    r"(?:\b(?:the|a|this|that)\s+(?:phrase|term|word|words|expression|slogan|motto|label|"
    r"notion|title|name|heading)|\bso-called|\bcalled|\btermed|\bdubbed|\bknown\s+as|"
    r"\blabell?ed|\bnamed|\bentitled|\btitled|\bder\s+Begriff|\bdas\s+Wort|\bder\s+Ausdruck|"
    r"\bsogenannten?|\bgenannten?|\bTitel)\s*[,:]?\s*[„“\"'‘«»`]*$",
    re.I,
)
# A term spelt out before its abbreviation: "what you see is what you get" (WYSIWYG).
_ACRONYM = re.compile(r"\s*\([A-Z][A-Za-z]?[A-Z]{1,8}s?\)")


def authors_own(text: str, start: int, end: int, close_end: int) -> bool:
    """Whether the uncited quotation ``text[start:end]`` (its closing mark ends at
    ``close_end``) is the author's own question, formula or word quoted as a word."""
    inner = text[start:end].strip()
    if inner.rstrip("”\"'’»").endswith(("?", "?!", "?)")):
        return True
    if _MATH.search(inner):
        return True
    before = text[max(0, start - 40) : start]
    if _CUE.search(before):
        return True
    return bool(_ACRONYM.match(text, close_end))
