"""Periodic quotations: a quotation that repeats itself ("ha ha ha") in a text that repeats it.

The exact tier counts the occurrences of such a quotation run by run rather than one ``find``
at a time, so a text of one phrase repeated a million times costs linear time.
"""

from __future__ import annotations

__all__ = ["periodic_end", "smallest_period"]

# Characters of a string's start that a period must repeat before it is compared whole, and how
# many characters per character of the string the comparisons may read before the failure
# function takes over.
_HEAD = 8
_COMPARED_PER_CHAR = 4


def smallest_period(s: str) -> int:
    """The smallest p > 0 with s[i] == s[i + p] for every i (len(s) when s does not repeat).

    A period p makes ``s[p:]`` a prefix of ``s``, so it lies where the first few characters of
    ``s`` recur: those places are found with ``str.find`` and each confirmed by one comparison,
    at C speed (a quotation of ordinary words has none). A string that would make the
    comparisons add up ("aaa...ab") is handed to the failure function instead.

    Args:
        s: a non-empty string.

    Returns:
        The period.
    """
    m = len(s)
    k = min(m, _HEAD)
    head = s[:k]
    budget = _COMPARED_PER_CHAR * m
    p = s.find(head, 1)
    while 0 < p <= m - k:
        budget -= m - p
        if budget < 0:
            return _failure_period(s)
        if s[p:] == s[: m - p]:
            return p
        p = s.find(head, p + 1)
    for p in range(max(1, m - k + 1), m):  # fewer than ``k`` characters left to recur
        if s[p:] == s[: m - p]:
            return p
    return m


def _failure_period(s: str) -> int:
    """``smallest_period`` from the failure function of Knuth, Morris and Pratt (linear time)."""
    fail = [0] * len(s)
    k = 0
    for i in range(1, len(s)):
        while k and s[i] != s[k]:
            k = fail[k - 1]
        if s[i] == s[k]:
            k += 1
        fail[i] = k
    return len(s) - fail[-1] if s else 0


def periodic_end(text: str, start: int, period: int) -> int:
    """The first offset at or after ``start`` where ``text`` stops repeating itself with the given
    period (text[i] != text[i - period]), or len(text); compared slice by slice at C speed.

    Args:
        text: the text.
        start: where to begin; text[start - period:start] is the repeating unit.
        period: the period, at least 1 and at most ``start``.

    Returns:
        The end of the periodic run.
    """
    n = len(text)
    step = max(period, 64)
    a = start
    while a < n:
        b = min(n, a + step)
        if text[a:b] == text[a - period : b - period]:
            a = b
            step *= 2
        elif b - a > 64:
            step = (b - a) // 2
        else:
            while a < b and text[a] == text[a - period]:
                a += 1
            return a
    return n
