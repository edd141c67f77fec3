"""Periodic quotations: a quotation that repeats itself ("ha ha ha") in a text that repeats it.

The exact tier counts the occurrences of such a quotation run by run rather than one ``find``
at a time, so a text of one phrase repeated a million times costs linear time.
"""

from __future__ import annotations

__all__ = ["periodic_end", "smallest_period"]


def smallest_period(s: str) -> int:
    """The smallest p > 0 with s[i] == s[i + p] for every i (len(s) when s does not repeat).

    Args:
        s: a non-empty string.

    Returns:
        The period, from the failure function of Knuth, Morris and Pratt (linear time).
    """
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
