"""Which characters of a text belong to a word, as the span edges read them.

``in_word`` is the rule, one character at a time. ``WordMask`` holds the same answer for a
stretch of text as one byte a character, so that walking to the edge of a word (or to the next
word) is a ``find`` at C speed rather than a Python call per character: snapping a near span's
edges walked several hundred characters per check that way.
"""

from __future__ import annotations

from collections.abc import Callable

from quote_tui.engine.typography import HYPHENS
from quote_tui.engine.typography import is_spaced_word_char as is_word

__all__ = ["NUMBER_JOINERS", "WORD_JOINERS", "WordMask", "in_word", "is_word_char", "joins"]

# Characters that join two word characters into one word, and two digits into one number.
WORD_JOINERS = "'\u2019\u02bc" + HYPHENS
NUMBER_JOINERS = ".,"
# ASCII word characters (letters and digits) as 1, every other byte as 0.
_ASCII_WORD = bytes(1 if chr(c).isalnum() and c < 0x80 else 0 for c in range(256))
# Most characters remembered by ``_WordChars``: a text of every code point must not grow it
# without end.
_MOST_REMEMBERED = 1 << 16


def joins(text: str, i: int) -> bool:
    """True when ``text[i]`` joins the characters on either side into one word: an apostrophe
    ("don't") or a hyphen ("alpha-catenin") between word characters, a decimal point or a
    thousands separator between digits ("0.05", "1,000")."""
    if i <= 0 or i + 1 >= len(text):
        return False
    c, before, after = text[i], text[i - 1], text[i + 1]
    if c in WORD_JOINERS:
        return is_word(before) and is_word(after)
    return c in NUMBER_JOINERS and before.isdigit() and after.isdigit()


def in_word(text: str, i: int) -> bool:
    """True when ``text[i]`` belongs to a word, joined words included."""
    return is_word(text[i]) or joins(text, i)


class _WordChars(dict[str, int]):
    """``is_word`` of each character seen, as 1 or 0 (a dict lookup at C speed in ``map``)."""

    def __missing__(self, c: str) -> int:
        if len(self) >= _MOST_REMEMBERED:
            self.clear()
        flag = self[c] = 1 if is_word(c) else 0
        return flag


_WORD_CHARS = _WordChars()
is_word_char: Callable[[str], int] = _WORD_CHARS.__getitem__
"""``is_spaced_word_char`` as 1 or 0, remembered per character: a dict lookup at C speed where
the rule costs a Python call and a Unicode property or two."""


def _word_flags(piece: str) -> bytearray:
    """``is_word`` of each character of ``piece``, as 1 or 0: ASCII at C speed (a character
    beyond it encodes as one "?", a 0 until it is looked up)."""
    encoded = piece.encode("ascii", "replace")
    flags = bytearray(encoded.translate(_ASCII_WORD))
    if not piece.isascii():
        # byte searches: a regex for the characters beyond ASCII reads character by character
        i = encoded.find(b"?")
        while i >= 0:
            c = piece[i]
            if c != "?":
                flags[i] = _WORD_CHARS[c]
            i = encoded.find(b"?", i + 1)
    return flags


def _joiner_places(text: str, lo: int, hi: int) -> list[int]:
    """Offsets in [lo, hi) of the characters that may join words, by one ``find`` loop per
    character (a regex class reads character by character)."""
    out: list[int] = []
    for c in WORD_JOINERS + NUMBER_JOINERS:
        i = text.find(c, lo, hi)
        while i >= 0:
            out.append(i)
            i = text.find(c, i + 1, hi)
    return out


class WordMask:
    """``in_word`` for every character of ``text[lo:hi]``, one byte each.

    Every offset given to a method must lie in [lo, hi] (an edge may be ``hi``); the mask reads
    one character beyond each end, as ``joins`` does.
    """

    __slots__ = ("base", "flags")

    def __init__(self, text: str, lo: int, hi: int) -> None:
        lo, hi = max(0, lo), min(len(text), hi)
        a = max(0, lo - 1)
        word = _word_flags(text[a : min(len(text), hi + 1)])
        flags = word[lo - a : hi - a]
        last = len(text) - 1
        for i in _joiner_places(text, lo, hi):
            if i <= 0 or i >= last:
                continue
            if text[i] in WORD_JOINERS:
                joined = word[i - 1 - a] and word[i + 1 - a]
            else:
                joined = text[i - 1].isdigit() and text[i + 1].isdigit()
            if joined:
                flags[i - lo] = 1
        self.base = lo
        self.flags = flags

    def at(self, i: int) -> bool:
        """``in_word(text, i)``."""
        return bool(self.flags[i - self.base])

    def word_start(self, p: int, floor: int) -> int:
        """Where the word ending at (or holding) ``p`` starts, walking back at most to
        ``floor``."""
        if p <= floor:
            return p
        j = self.flags.rfind(0, floor - self.base, p - self.base)
        return self.base + j + 1 if j >= 0 else floor

    def word_end(self, p: int, ceiling: int) -> int:
        """Where the word starting at (or holding) ``p`` ends, walking on no further than
        ``ceiling``."""
        if p >= ceiling:
            return p
        j = self.flags.find(0, p - self.base, ceiling - self.base)
        return self.base + j if j >= 0 else ceiling

    def back_to_word(self, p: int, floor: int) -> int:
        """``p`` moved back over characters outside words, at most to ``floor``."""
        if p <= floor:
            return p
        j = self.flags.rfind(1, floor - self.base, p - self.base)
        return self.base + j + 1 if j >= 0 else floor

    def on_to_word(self, p: int, ceiling: int) -> int:
        """``p`` moved on over characters outside words, no further than ``ceiling``."""
        if p >= ceiling:
            return p
        j = self.flags.find(1, p - self.base, ceiling - self.base)
        return self.base + j if j >= 0 else ceiling
