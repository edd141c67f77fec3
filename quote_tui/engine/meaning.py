"""What changes what a quotation says: negations, numbers and the signs that belong to numbers.

One vocabulary for every tier. Words a marked ellipsis or an editorial bracket leaves out
(``omitted_flags``), words the near tier finds missing or changed (``diff``), and a quotation
that starts right after a number's sign (``sign_before``) are all judged by the definitions
here, so a negation or a number counts the same however the omission is written.

A sign belongs to a number when it stands directly before the number's first digit (or its
decimal point): a minus or plus not preceded by a letter, digit or another dash (so the hyphen in
``COVID-19`` and the range dash in ``pages 10-12`` are not signs), or a relation or
approximation mark (``<``, ``>``, ``≤``, ``≥``, ``±``, ``~``, ``≈``, also ``<=`` and ``>=``),
optionally followed by one space.
"""

from __future__ import annotations

import re

__all__ = [
    "FAIL_FORMS",
    "MINUS_PLUS",
    "NEGATION_WORDS",
    "NUMBER_WORDS",
    "RELATIONS",
    "is_negation",
    "is_number_word",
    "omitted_flags",
    "sign_before",
]

# Minus and plus as typed and typeset (hyphen-minus, minus sign, figure and en dash used as
# minus, small and fullwidth forms).
MINUS_PLUS = "-+\u2212\u2012\u2013\ufe63\uff0d\uff0b"
# Marks that qualify a number: less/greater (or equal), plus-minus, minus-plus, approximately.
RELATIONS = "<>\u2264\u2265\u00b1\u2213~\u2248\u2a7d\u2a7e"
# Dashes: a minus after another dash is part of a dash ("10--12"), not a sign.
_DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d"
# Spaces a typesetter puts between a relation and its number.
_SIGN_SPACE = " \u00a0\u2009\u202f"

# fmt: off
NEGATION_WORDS = (
    "not", "no", "never", "none", "nothing", "nobody", "nowhere", "neither", "nor", "without",
    "cannot", "hardly", "barely", "lack", "lacks", "lacked", "lacking",
    # the commonest negations of the other languages sources are written in
    "ne", "pas", "jamais", "nicht", "nie", "nunca", "não", "nem",
)
# "fail to" negates what follows; "failed" alone ("the pump failed") is an event, not a negation.
FAIL_FORMS = frozenset(("fail", "fails", "failed", "failing"))
NUMBER_WORDS = frozenset((
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
    "hundred", "thousand", "million", "billion", "trillion", "dozen", "once", "twice", "thrice",
    "half", "double", "triple", "percent",
    # counts and proportions in the plural or as a fraction ("thousands", "a third", "tenfold")
    "tens", "dozens", "hundreds", "thousands", "millions", "billions", "trillions",
    "halves", "thirds", "quarter", "quarters", "quadruple", "twofold", "threefold", "tenfold",
    # German, the commonest other language of the sources: cardinals, counts, times, fractions
    "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "neun", "zehn", "zwölf",
    "zwanzig", "hundert", "hunderte", "tausend", "tausende", "dutzend", "dutzende",
    "millionen", "milliarde", "milliarden", "einmal", "zweimal", "dreimal", "doppelt",
    "erste", "ersten", "zweite", "zweiten", "dritte", "dritten", "hälfte", "drittel", "viertel",
    "prozent",
))
# fmt: on

_NEGATION_SET = frozenset(NEGATION_WORDS)
_NEGATION_WORD = re.compile(
    r"(?i:" + "|".join(NEGATION_WORDS) + r"|kein\w*|\w+n['\u2019]t)", re.UNICODE
)
_NEGATION_IN_TEXT = re.compile(
    r"(?i)(?<!\w)(?:" + "|".join(NEGATION_WORDS) + r"|kein\w*)(?!\w)"
    r"|\w+n['\u2019]t(?!\w)"
    r"|(?<!\w)(?:" + "|".join(sorted(FAIL_FORMS)) + r")\s+to(?!\w)"
)
_NUMBER_IN_TEXT = re.compile(r"\d|(?i:(?<!\w)(?:" + "|".join(sorted(NUMBER_WORDS)) + r")(?!\w))")
# Read backwards from a number's first character: the sign, if one belongs to it.
_SIGN_END = re.compile(
    rf"(?:(?<![\w{re.escape(_DASHES)}])[{re.escape(MINUS_PLUS)}]"
    rf"|[{re.escape(RELATIONS)}]=?[{_SIGN_SPACE}]?)\Z"
)
# The longest sign: a relation, "=" and a space (the lookbehind reads before the window).
_SIGN_REACH = 3


def is_negation(word: str) -> bool:
    """True for a word that negates on its own ("not", "never", "didn't", "lacks", "keine").

    Args:
        word: one word, any case, apostrophes folded or not.

    Returns:
        Whether the word is a negation (a negating prefix such as "un-" is not judged here).
    """
    low = word.lower()
    if low in _NEGATION_SET:
        return True
    # Only a contraction ("-n't") or a form of "kein" can still be one: the pattern is asked
    # about those alone, as a diff asks about every word of a quotation and its source.
    if not (low.endswith("t") or low.startswith("kein")):
        return False
    return _NEGATION_WORD.fullmatch(word) is not None


def is_number_word(word: str) -> bool:
    """True for a word that states a number or a proportion ("sixty", "twice", "percent")."""
    return word.lower() in NUMBER_WORDS


def omitted_flags(text: str) -> tuple[str, ...]:
    """What a stretch of source text left out of a quotation would hide.

    Args:
        text: the source words an ellipsis, a bracket or a gap stands for.

    Returns:
        ``("negation",)``, ``("number",)``, both (negation first) or ``()``.
    """
    flags = []
    if _NEGATION_IN_TEXT.search(text):
        flags.append("negation")
    if _NUMBER_IN_TEXT.search(text):
        flags.append("number")
    return tuple(flags)


def _starts_number(text: str, pos: int) -> bool:
    if pos >= len(text):
        return False
    if text[pos].isdecimal():
        return True
    return text[pos] == "." and pos + 1 < len(text) and text[pos + 1].isdecimal()


def sign_before(text: str, pos: int) -> tuple[int, str] | None:
    """The sign that belongs to the number starting at ``pos``, if one stands right before it.

    Args:
        text: the checked text.
        pos: where a quotation's match (or one of its fragments) starts.

    Returns:
        The sign's start offset and the sign as written (a relation keeps its space), or None
        when ``pos`` does not start a number or nothing before it is the number's sign.
    """
    if not _starts_number(text, pos):
        return None
    lo = max(0, pos - _SIGN_REACH)
    m = _SIGN_END.search(text, lo, pos)
    if m is None:
        return None
    sign = m.group()
    if sign == "> " and _opens_line(text, m.start()):
        return None  # "> " opening a line marks a quoted line (mail, Markdown), not a relation
    return m.start(), sign


def _opens_line(text: str, pos: int) -> bool:
    """True when only spaces or tabs stand between the start of ``pos``'s line and ``pos``."""
    i = pos
    while i > 0 and text[i - 1] in " \t":
        i -= 1
    return i == 0 or text[i - 1] in "\n\r"
