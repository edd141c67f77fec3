"""Whether a word as OCR wrote it is a word: the measure of an OCR text's quality.

Kept apart from the PDF readers (and so from PyMuPDF): the batch judges a scan's OCR layer by the
same measure the reader uses to decide which layers to read again (``pdf_ocr_poor``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["odd", "odd_share"]

_PUNCTUATION = ".,;:!?()[]{}\"'«»“”‘’„*-–—"
_SINGLE = frozenset("aAIiyoeàèéòùO&")
"""Letters that stand alone as words (English, French, Spanish, Italian)."""
_VOWELS = frozenset("aeiouyAEIOUYàâäéèêëîïôöùûüÿæœáíóúñ")
_NUMBER = re.compile(r"[\d.,/%–-]+|\d+(?:st|nd|rd|th|s)")
_CAPITAL_INSIDE = re.compile(r"[a-zß-ÿ][A-ZÀ-Þ]")


def odd(token: str) -> bool:
    """Whether a token as OCR wrote it is no word: signs inside letters ("Calif&rr-.la"), a lone
    letter that is no word ("l e t t e r"), a capital after a small letter ("obtMn"), or four
    letters and more without a vowel. Numbers, and words with hyphens or apostrophes, are words."""
    word = token.strip(_PUNCTUATION)
    if not word:
        return False  # punctuation standing alone ("—", "...")
    if _NUMBER.fullmatch(word):
        return False
    if any(not (c.isalpha() or c in "-'’") for c in word):
        return True
    if len(word) == 1:
        return word not in _SINGLE
    if _CAPITAL_INSIDE.search(word):
        return True
    return len(word) >= 4 and not any(c in _VOWELS for c in word)


def odd_share(tokens: Iterable[str]) -> tuple[float, int]:
    """The share of ``tokens`` that are no word, and how many tokens there are."""
    count = flagged = 0
    for token in tokens:
        count += 1
        flagged += odd(token)
    return (flagged / count if count else 0.0), count
