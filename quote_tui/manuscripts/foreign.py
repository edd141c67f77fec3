"""Which language words in marks are in, and a source quoted in translation beside its
original: words in another language than their sentence, or followed by their original,
are a text's words, not the writer's. Split from evidence.py, which weighs them with the
rest of a span's evidence."""

from __future__ import annotations

import re

__all__ = ["ORIGINAL_BESIDE", "foreign", "language", "translated"]

_GERMAN = frozenset(
    re.findall(
        r"\S+",
        "der die das ist und nicht ein eine des dem den zu mit sich auf für von wird sind im",
    )
)
_ENGLISH = frozenset(
    re.findall(r"\S+", "the of and is to in that it a are not be with as for this by")
)


def language(text: str) -> str | None:
    """English or German by their commonest short words, or None when too few to tell."""
    words = [w.casefold() for w in re.findall(r"[^\W\d_]+", text)]
    de = sum(w in _GERMAN for w in words)
    en = sum(w in _ENGLISH for w in words)
    # One function word ("in", "die") is too little to tell a language by.
    if de >= 2 and de > en:
        return "de"
    return "en" if en >= 2 and en > de else None


def foreign(inner: str, around: str) -> bool:
    """Words in another language than the sentence around them: a source quoted in its
    original ("Dasein has a preontological understanding of being: 'Seinsverständnis ist
    selbst …'"), not the writer's own phrase."""
    mine, theirs = language(inner), language(around)
    if mine == "en" and _named(inner):
        # English names in a German text ("die Annahme der „Terms and Conditions for
        # developers“"): a name in capitals, not a source quoted in its original.
        return False
    return mine is not None and theirs is not None and mine != theirs


# The original words in a parenthesis right after the translation, set in italics as another
# language is: „Die Langeweile, das Laster und die Not“ (\textit{l'ennui, le vice et le besoin}).
_ORIGINAL_AFTER = re.compile(
    r"[\"'”’»“`]*\s*\(\s*(?:\\(?:textit|emph|foreignlanguage\{\w+\})\{|\*|_)([^(){}*_\d]{3,160})"
    r"(?:\}|\*|_)\s*\)|"
    # or in marks: "“irresistibly fascinating” (“exerçaient . . . une fascination irrésistible”)"
    r"[\"'”’»“`]*\s*\(\s*[“\"«„]\s*([^()“”\"«»„\d]{3,160}?)\s*[”\"»“]\s*\)"
)
# The original given in marks beside the words just quoted in translation, as above: the
# second quotation of the pair.
ORIGINAL_BESIDE = re.compile(r"[”\"’»]\s*\(\s*[“\"«„]\s*\Z")


def translated(text: str, start: int, end: int, close_end: int) -> bool:
    """Whether the words in marks are followed by their original in another language: a
    source quoted in translation, its own words given beside it."""
    m = _ORIGINAL_AFTER.match(text, close_end)
    original = (m[1] or m[2]) if m is not None else ""
    if len(original.split()) < 2:
        return False
    theirs, mine = language(original), language(text[start:end])
    return theirs is None or mine is None or theirs != mine


def _named(inner: str) -> bool:
    """Most words capitalised, the first among them: a name or a title, not a sentence."""
    words = [w for w in re.findall(r"[^\W\d_][\w'’-]*", inner) if w.casefold() not in _ENGLISH]
    capital = sum(1 for w in words if w[0].isupper())
    return bool(words) and words[0][0].isupper() and capital >= 2 and capital * 3 >= len(words) * 2
