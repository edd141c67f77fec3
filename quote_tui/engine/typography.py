"""Every typographic character rule, once: which characters fold alike, and what a word edge is.

Two folds read these tables, and nothing else defines a character rule:

- ``normalize.fold``, the fast fold of the exact and normalized tiers, with its sparse map back
  to source offsets (hyphens between letters are removed there and compared apart);
- ``fold_chars`` below, the per-character fold of the near tier and the word differences, which
  keeps every character's source offset and keeps a hyphen between letters as ``-``.

A property test (``tests/engine/test_fold_agreement.py``) checks that, for every rule, a
quotation differing from the source only by that rule's characters is accepted by the
normalized tier and folds to the same characters in ``fold_chars``. The per-rule folds used to
name the rules a match needed are in ``fold_rules``.

| rule | characters | folded to |
|---|---|---|
| quotes | curly, low, reversed and fullwidth double quotes; guillemets | ``"`` |
| apostrophes | curly single quotes, primes, backtick, acute accent, modifier apostrophe | ``'`` |
| dashes | hyphens, figure/en/em dashes, minus, two- and three-em dashes, small/fullwidth | ``-`` |
| ligatures | ff, fi, fl, ffi, ffl, st, œ, Œ | their letters |
| spaces | every Unicode space and line break (runs become one space) | `` `` |
| zero width | zero-width space, joiners, word joiner, byte-order mark | nothing |
| soft hyphen | U+00AD | nothing |
| unicode | NFKC compatibility forms, except super/subscripts and fractions | NFKC form |
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import cache
from itertools import repeat

__all__ = [
    "APOSTROPHES",
    "DASHES",
    "DOUBLE_QUOTES",
    "GUILLEMETS",
    "HYPHENS",
    "KEEP_TAGS",
    "LIGATURES",
    "LIGATURES_SPACED",
    "LINE_BREAKS",
    "LINE_BREAK_PATTERN",
    "SINGLE_QUOTES",
    "SOFT_HYPHEN",
    "SPACELESS_CLASS",
    "is_spaceless",
    "spaceless",
    "WHITESPACE_CHARS",
    "ZERO_WIDTH",
    "cuts_word",
    "edge_ok",
    "fold_chars",
    "is_spaced_word_char",
    "is_word_edge",
    "lower_same_length",
    "quote_char",
]

HYPHENS = "-\u2010\u2011"
"""Hyphens proper: between two letters they join a word ("well-known")."""
DASHES = HYPHENS + "\u2012\u2013\u2014\u2015\u2043\u2212\u2e3a\u2e3b\ufe58\ufe63\uff0d"
"""Every dash, hyphen and minus: all fold to ``-``."""
DOUBLE_QUOTES = "\u201c\u201d\u201e\u201f\u2033\u2036\u02ba\u301d\u301e\uff02"
"""Double quotation marks (and the double prime, which OCR and typists use for them)."""
APOSTROPHES = "\u02bc\u02b9"
"""Modifier letters written for an apostrophe or a prime (``donʼt``)."""
SINGLE_QUOTES = "\u2018\u2019\u201a\u201b\u2032\u2035`\u00b4\uff07" + APOSTROPHES
"""Single quotation marks, apostrophes, primes, the backtick and the acute accent."""
GUILLEMETS = {"«": '"', "»": '"', "‹": "'", "›": "'"}
"""Guillemets fold to straight quotes; the normalized fold also drops the space inside them."""
LIGATURES = {
    "\ufb00": "ff",
    "\ufb01": "fi",
    "\ufb02": "fl",
    "\ufb03": "ffi",
    "\ufb04": "ffl",
    "\ufb05": "st",
    "\ufb06": "st",
    # the French and Latin ligatures are typed as two letters on most keyboards ("coeur")
    "\u0153": "oe",
    "\u0152": "OE",
}
# PDFs often put a space after a ligature glyph ("Verzweiﬂ ung"). Only ligatures that rarely end
# a word absorb it ("staﬀ members" must keep its space), and only inside a word (after a letter).
LIGATURES_SPACED = "\ufb01\ufb02\ufb03\ufb04"
ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff"
"""Invisible characters that fold to nothing (zero-width space and joiners, word joiner, BOM)."""
SOFT_HYPHEN = "\xad"
WHITESPACE_CHARS = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
"""Every space and line break other than the ASCII space."""
LINE_BREAK_PATTERN = r"(?:\r\n|[\n\r\x0b\x0c\x85\u2028\u2029])"
"""A regex for one line break (CR LF counts as one)."""
LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
# Compatibility folding that changes meaning: 10⁶ is not 106, H₂O keeps its subscript, ½ is not 12.
KEEP_TAGS = ("<super>", "<sub>", "<fraction>")
SPACELESS_CLASS = (
    "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf"
    "\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003ffff"
)
"""Scripts written without spaces (Thai, Lao, Myanmar, Khmer, Japanese kana, CJK), as a class
body: there any character boundary may be a word boundary."""


@cache
def spaceless() -> re.Pattern[str]:
    """A regex for one character of ``SPACELESS_CLASS``, compiled on first use: its tens of
    thousands of code points take milliseconds to compile, which a text below U+0E00 (the
    class's first) never needs (``is_spaceless``)."""
    return re.compile(f"[{SPACELESS_CLASS}]")


# Any character from U+0E00 (the spaceless class's first) on.
_FROM_THAI = re.compile("[\u0e00-\U0010ffff]")
# The bytes of ASCII, and the longest text whose characters beyond ASCII are picked out before a
# search (``holds_spaceless``): a longer one would be held three times again meanwhile.
_ASCII_BYTES = bytes(range(128))
_BEYOND_ASCII_CHARS = 1 << 16


def is_spaceless(c: str) -> bool:
    """Whether ``c`` starts with a character of a script written without spaces."""
    return c >= "\u0e00" and spaceless().match(c) is not None


def holds_spaceless(text: str) -> bool:
    """Whether ``text`` holds a character of a script written without spaces."""
    if text.isascii():  # a flag of the string: most texts answer at once
        return False
    if len(text) <= _BEYOND_ASCII_CHARS:
        # only its characters beyond ASCII can be such: UTF-8 writes them in bytes of 128 and
        # more only, so with the ASCII bytes deleted the rest decodes to them, each whole, and
        # the patterns below read those few (a curly quote passes the first, and the second's
        # class of tens of thousands of code points was tried at every character)
        text = _encode(text).translate(None, _ASCII_BYTES).decode("utf-8", "surrogatepass")
    # a search for any character from U+0E00 on: ``max`` of a text reads it ten times slower
    return _FROM_THAI.search(text) is not None and spaceless().search(text) is not None


def _encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


# One character for one, in every fold (whitespace is collapsed by each fold in its own way).
_CHAR_FOLDS = {
    **dict.fromkeys(DOUBLE_QUOTES, '"'),
    **dict.fromkeys(SINGLE_QUOTES, "'"),
    **dict.fromkeys(DASHES, "-"),
    **dict.fromkeys(ZERO_WIDTH, ""),
    **GUILLEMETS,
}
# Printable ASCII with single spaces: most of an English text folds as itself, run by run. The
# backtick (U+0060) is the one printable ASCII character a rule folds (to an apostrophe).
_ASCII_RUN = re.compile(r"[!-_a-~]+(?: [!-_a-~]+)*")
# Characters that fold alone to one printable ASCII character (curly quotes, dashes): an English
# text is mostly printable ASCII and these, and once they are replaced it folds as itself
# (``_fold_flat``), where the fold read it piece by piece. A pattern finds them
# (``str.translate`` with a table reads a text that is not ASCII ten times slower).
_FLAT_FOLDS = {
    c: f
    for c, f in _CHAR_FOLDS.items()
    if len(c) == 1
    and not c.isascii()
    and not c.isspace()
    and c != SOFT_HYPHEN
    and not unicodedata.combining(c)
    and _ASCII_RUN.fullmatch(f)
}
# each replaced where it stands (``in`` then ``replace``, at C speed): a class of all of them
# was tried at every character of the text, twice as slow on a paragraph of English
_FLAT_PAIRS = tuple(_FLAT_FOLDS.items())
# printable ASCII but the backtick, the bytes ``_ASCII_RUN`` takes
_FLAT_BYTES = bytes(b for b in range(0x20, 0x7F) if b != 0x60)


def quote_char(raw: str) -> str:
    """The straight quote a quotation mark (with any spaces around it) folds to."""
    c = raw.strip(" \t\xa0\u202f\n\r")
    if c in ("``", "''") or c in DOUBLE_QUOTES:
        return '"'
    return GUILLEMETS.get(c, "'")


def lower_same_length(text: str) -> str:
    """Lowercase without changing the length (U+0130 alone grows under ``str.lower``)."""
    low = text.lower()
    if len(low) == len(text):
        return low
    return "".join(c.lower()[:1] for c in text)


# Each character cluster's fold, remembered for the process (a text of every code point must not
# grow it without end): a quotation's curly quotes cost a Unicode decomposition and a
# normalization each time they were met in a new text.
_CLUSTER_FOLDS: dict[str, str] = {}
_MOST_CLUSTER_FOLDS = 1 << 14


def _fold_cluster(cluster: str) -> str:
    """Fold one character and the combining marks after it."""
    mapped = _CHAR_FOLDS.get(cluster)
    if mapped is not None:
        return mapped
    if any(unicodedata.decomposition(c).startswith(KEEP_TAGS) for c in cluster):
        return unicodedata.normalize("NFC", cluster)
    folded = unicodedata.normalize("NFKC", cluster)
    # NFKC takes the f-ligatures apart but not œ, which Unicode counts as a letter
    return "".join(_CHAR_FOLDS.get(c, LIGATURES.get(c, c)) for c in folded)


def fold_chars(text: str) -> tuple[str, Sequence[int]]:
    """Fold typography character by character, keeping each folded character's source offset.

    Whitespace runs collapse to one space (none at the ends); quotes, apostrophes, dashes,
    ligatures and compatibility forms fold (NFKC, except super/subscripts and fractions); soft
    hyphens, zero-width characters and hyphenated line breaks ("exam-\\nple") disappear; accents
    compose. A hyphen between letters stays ``-``.

    Args:
        text: a quotation or a stretch of a checked text.

    Returns:
        The folded text and, per folded character, the offset in ``text`` it came from (a
        ``range`` when every character folds to one, at its own offset).
    """
    flat = _fold_flat(text)
    if flat is not None:
        # each character at its own offset: a range, where a list of offsets past 256 cost a
        # new integer each (15 us for 550 characters, most of such a fold)
        return flat, range(len(flat))
    # ``out`` holds pieces (never empty) rather than characters: a run is one append, not one
    # per character.
    out: list[str] = []
    where: list[int] = []
    cache = _CLUSTER_FOLDS
    if len(cache) >= _MOST_CLUSTER_FOLDS:
        cache.clear()
    n = len(text)
    i = 0
    space_at = -1  # a pending collapsed space, emitted before the next visible character
    combining = unicodedata.combining
    while i < n:
        m = _ASCII_RUN.match(text, i)
        if m:
            j = m.end()
            if j < n and combining(text[j]):
                j -= 1  # the last letter carries the accents that follow: fold it with them
            if j > i:
                if space_at >= 0 and out:
                    out.append(" ")
                    where.append(space_at)
                space_at = -1
                out.append(text[i:j])
                where.extend(range(i, j))
                i = j
                continue
        c = text[i]
        if c.isspace() or c == SOFT_HYPHEN:
            j = i + 1
            while j < n and (text[j].isspace() or text[j] == SOFT_HYPHEN):
                j += 1
            run = text[i:j]
            broken = not LINE_BREAKS.isdisjoint(run)
            if not run.strip(SOFT_HYPHEN) or (broken and SOFT_HYPHEN in run):
                pass  # a soft hyphen, alone or ending a line: the word goes on
            elif broken and j < n and text[j].islower() and _ends_hyphenated(out):
                # "exam-\nple": a word hyphenated at a line end
                out[-1] = out[-1][:-1]
                if not out[-1]:
                    out.pop()
                where.pop()
            elif space_at < 0:
                space_at = i
            i = j
            continue
        j = i + 1
        while j < n and combining(text[j]):
            j += 1
        cluster = text[i:j]
        folded = cache.get(cluster)
        if folded is None:
            folded = cache[cluster] = _fold_cluster(cluster)
        if folded:
            if space_at >= 0 and out:
                out.append(" ")
                where.append(space_at)
            space_at = -1
            out.append(folded)
            where.extend(repeat(i, len(folded)))
        i = j
    return "".join(out), where


def _fold_flat(text: str) -> str | None:
    """The fold of a text that folds character for character, or None for any other.

    Such a text is printable ASCII once its curly quotes and dashes are translated, with single
    spaces or single line breaks between its words (none at its ends) and no line break after a
    hyphen: every character then folds to one, at its own offset, a line break to a space.
    """
    flat = text
    if not flat.isascii():
        for c, folded in _FLAT_PAIRS:
            if c in flat:
                flat = flat.replace(c, folded)
    if not flat.isascii():
        return None
    if "\n" in flat:
        if "-\n" in flat:  # perhaps a word hyphenated at a line end
            return None
        flat = flat.replace("\n", " ")
    # what ``_ASCII_RUN`` matches whole, told at C speed (the pattern reads a text character
    # by character): runs of one space, and nothing left once the bytes of printable ASCII but
    # the backtick are deleted (a class's search cost four times as much, ``isprintable`` three)
    if not flat or flat[0] == " " or flat[-1] == " " or "  " in flat:
        return None
    return None if flat.encode("ascii").translate(None, _FLAT_BYTES) else flat


def _ends_hyphenated(out: list[str]) -> bool:
    """Whether the pieces folded so far end in a letter then a hyphen."""
    if not out or out[-1][-1] != "-":
        return False
    last = out[-1]
    before = last[-2] if len(last) >= 2 else (out[-2][-1] if len(out) >= 2 else "")
    return before.isalpha()


def is_word_edge(c: str) -> bool:
    """True when ``c`` is word-like (letters, digits, marks): such an edge may not cut a word."""
    return c.isalnum() or c == "_" or unicodedata.category(c)[0] == "M"


def is_spaced_word_char(c: str) -> bool:
    """True for a letter, digit or mark of a script written with spaces (a word goes on)."""
    return (c.isalnum() or unicodedata.combining(c) > 0) and not is_spaceless(c)


def cuts_word(left: str, right: str) -> bool:
    """Whether a match edge between characters ``left`` and ``right`` would split a word.

    Scripts written without spaces (Chinese, Japanese, Thai, ...) never count as cut: any
    character boundary there may be a word boundary.

    Args:
        left: the character before the edge ("" at the text's start).
        right: the character after the edge ("" at the text's end).

    Returns:
        True when both sides are word characters of a spaced script.
    """
    if not left or not right:
        return False
    if not (is_word_edge(left) and is_word_edge(right)):
        return False
    return not (is_spaceless(left) or is_spaceless(right))


def _combining(c: str) -> bool:
    # below U+0300 no character combines; the category lookup is for the rest
    return c >= "\u0300" and unicodedata.category(c)[0] == "M"


def edge_ok(text: str, start: int, end: int) -> bool:
    """Whether the span [start, end) of ``text`` starts and ends on word boundaries.

    Besides letters, a number is never cut: "42" is not inside "142", nor "0.42" inside "10.42";
    nor is a character parted from the combining mark after it (":" from ":\u07eb").

    Args:
        text: the searched text (raw or folded).
        start: span start.
        end: span end (exclusive).

    Returns:
        True when neither edge cuts a word or a number.
    """
    if start > 0:
        first, prev = text[start], text[start - 1]
        if _combining(first):
            return False
        if cuts_word(prev, first):
            return False
        if first.isdigit() and prev in ".," and start > 1 and text[start - 2].isdigit():
            return False
    if end < len(text) and end > start:
        last, nxt = text[end - 1], text[end]
        if _combining(nxt):
            return False
        if cuts_word(last, nxt):
            return False
        if last.isdigit() and nxt in ".," and end + 1 < len(text) and text[end + 1].isdigit():
            return False
    return True
