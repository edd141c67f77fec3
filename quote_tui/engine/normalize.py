"""Typographic folding with a map back to source offsets.

``fold(text)`` returns a ``Folded`` view in which typography and layout no longer matter: whitespace
runs become one space, curly quotes straight, dashes one hyphen, ligatures letters, soft hyphens
and end-of-line hyphenation vanish, and Unicode compatibility forms their plain letters. The same
function folds the checked text and the quotation, so a ``str.find`` in the folded views is the
normalized search.

Speed matters (a 5 MB text must fold well under half a second), so the fold is one regex scan
over the few "special" spots; ordinary characters are copied in slices and never touched one by
one. The map back is sparse: one region per edit (raw span -> folded span), found by bisection.

Hyphens between two letters are removed from the folded text on *both* sides and remembered as
``hyphens`` (position and whether a line break followed). That lets "exam-\\nple" fold like
"example" and "well-\\nknown" like "well-known"; ``hyphens_agree`` then refuses pairs where one
side has an in-line hyphen and the other none ("re-cover" is not "recover").

The per-rule functions (``fold_rules.fold_piece``) are the slow, readable statement of each rule;
they name the rules a match needed and serve as the reference the fast fold is tested against.
"""

from __future__ import annotations

import re
import sys
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from functools import cache

from quote_tui.engine.fold_rules import fold_unicode_cluster
from quote_tui.engine.records import Rule
from quote_tui.engine.typography import (
    DASHES,
    DOUBLE_QUOTES,
    HYPHENS,
    LIGATURES,
    LIGATURES_SPACED,
    LINE_BREAK_PATTERN,
    SINGLE_QUOTES,
    WHITESPACE_CHARS,
    ZERO_WIDTH,
    quote_char,
)
from quote_tui.engine.unicode_classes import char_class, range_class, unicode_ranges

_RULE_BITS = {rule: 1 << i for i, rule in enumerate(Rule)}
# The last few quotations' folds (``fold_quote``).
_QUOTE_FOLDS: dict[str, Folded] = {}
_MOST_QUOTE_FOLDS = 16


def _bits(*rules: Rule) -> int:
    out = 0
    for rule in rules:
        out |= _RULE_BITS[rule]
    return out


def rules_of(bits: int) -> tuple[Rule, ...]:
    """Rules encoded in a bit set, in declaration order.

    Args:
        bits: a bit set as stored in ``Folded.region_kinds``.

    Returns:
        The rules whose bits are set.
    """
    return tuple(rule for rule, bit in _RULE_BITS.items() if bits & bit)  # Rule's own order


# Astral characters are looked up one by one: a character class holding astral ranges cannot use
# the regex engine's bitmap and would test every range at every position of the text.
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")
# One character for one: done with str.replace (C speed) and needing no entry in the offset map.
_ONE_FOR_ONE = (
    tuple((c, " ") for c in WHITESPACE_CHARS)
    + tuple((c, '"') for c in DOUBLE_QUOTES)
    + tuple((c, "'") for c in SINGLE_QUOTES)
    + tuple((c, "-") for c in DASHES if c != "-")
)
_ONE_FOR_ONE_RULE = (
    {c: Rule.WHITESPACE for c in WHITESPACE_CHARS}
    | {c: Rule.QUOTES for c in DOUBLE_QUOTES + SINGLE_QUOTES}
    | {c: Rule.DASHES for c in DASHES}
)
_DOUBLE_SPACE = re.compile("  ")
_DOUBLE_SINGLE_QUOTE = re.compile("''")
_LINE_BREAK = re.compile(LINE_BREAK_PATTERN)
_HYPHEN_BREAK = re.compile(r"[" + HYPHENS + r"][ \t]*" + LINE_BREAK_PATTERN + r"\s*")
_WS = _bits(Rule.WHITESPACE)
_KIND = {
    "shy": _bits(Rule.SOFT_HYPHEN),
    "dash": _bits(Rule.DASHES, Rule.WHITESPACE),
    "quote": _bits(Rule.QUOTES),
    "ws": _WS,
    "lig": _bits(Rule.LIGATURES),
    "zw": _WS,
    "marks": _bits(Rule.UNICODE),
    "uni": _bits(Rule.UNICODE),
}
_HYPHEN_KIND = _bits(Rule.DASHES, Rule.WHITESPACE, Rule.DEHYPHENATE)


def one_for_one_rule(c: str) -> Rule:
    """The rule that folds a character replaced one-for-one (whitespace, quotes, dashes)."""
    return _ONE_FOR_ONE_RULE.get(c, Rule.UNICODE)


def is_letter(c: str) -> bool:
    """True for a letter of any script (not a digit, not an underscore)."""
    return c.isalpha()


@dataclass(frozen=True, slots=True)
class Folded:
    """A folded view of a text and the sparse map back to it.

    Attributes:
        text: the folded text.
        source: the text that was folded.
        region_fold_starts / region_fold_ends / region_source_starts / region_source_ends: one
            entry per edit, sorted; between two edits folded and source text are identical.
        region_kinds: bit set of the rules each edit applies (decode with ``rules_of``).
        hyphen_positions: folded positions where a hyphen between letters was removed, sorted.
        hyphen_breaks: for each, True when a line break followed it (end-of-line hyphenation).
    """

    text: str
    source: str
    region_fold_starts: tuple[int, ...]
    region_fold_ends: tuple[int, ...]
    region_source_starts: tuple[int, ...]
    region_source_ends: tuple[int, ...]
    region_kinds: tuple[int, ...]
    hyphen_positions: tuple[int, ...]
    hyphen_breaks: tuple[bool, ...]

    def source_start(self, pos: int) -> int:
        """Source offset where a span starting at folded ``pos`` starts.

        A position inside an edit maps to the edit's start (a ligature is included whole); text
        deleted exactly at ``pos`` (a soft hyphen) is left out.
        """
        i = bisect_right(self.region_fold_starts, pos) - 1
        if i < 0:
            return pos
        if self.region_fold_ends[i] > pos:
            return self.region_source_starts[i]
        return self.region_source_ends[i] + pos - self.region_fold_ends[i]

    def source_end(self, pos: int) -> int:
        """Source offset where a span ending (exclusive) at folded ``pos`` ends."""
        if pos <= 0:
            return 0
        last = pos - 1
        i = bisect_right(self.region_fold_starts, last) - 1
        if i < 0:
            return pos
        if self.region_fold_ends[i] > last:
            return self.region_source_ends[i]
        return self.region_source_ends[i] + pos - self.region_fold_ends[i]

    def source_span(self, start: int, end: int) -> tuple[int, int]:
        """Source span of the folded span [start, end), without edge whitespace.

        Args:
            start: folded start offset.
            end: folded end offset (exclusive).

        Returns:
            (source start, source end).
        """
        s, e = self.source_start(start), self.source_end(end)
        while e > s and self.source[e - 1].isspace():
            e -= 1
        while s < e and self.source[s].isspace():
            s += 1
        return s, e

    def regions(self, start: int, end: int) -> range:
        """Indexes of the edits that touch the folded span [start, end]."""
        lo = bisect_left(self.region_fold_ends, start)
        hi = bisect_right(self.region_fold_starts, end)
        return range(lo, max(lo, hi))

    def hyphens(self, start: int, end: int) -> dict[int, bool]:
        """Removed hyphens strictly inside the folded span (start, end): position -> is_break."""
        lo = bisect_right(self.hyphen_positions, start)
        hi = bisect_left(self.hyphen_positions, end)
        return {self.hyphen_positions[i]: self.hyphen_breaks[i] for i in range(lo, hi)}


def _one_for_one(text: str) -> str:
    for c, repl in _ONE_FOR_ONE:
        if c in text:
            text = text.replace(c, repl)
    return text


class _Builder:
    """Accumulates the folded text and its edits while ``fold`` walks the special spots."""

    __slots__ = ("pieces", "fstarts", "fends", "sstarts", "sends", "kinds", "hpos", "hbrk")

    def __init__(self) -> None:
        self.pieces: list[str] = []
        self.fstarts: list[int] = []
        self.fends: list[int] = []
        self.sstarts: list[int] = []
        self.sends: list[int] = []
        self.kinds: list[int] = []
        self.hpos: list[int] = []
        self.hbrk: list[bool] = []


@dataclass(frozen=True, slots=True)
class _Tables:
    """The patterns of the fast fold that depend on the whole Unicode table."""

    trigger: re.Pattern[str]
    special: re.Pattern[str]
    astral_special: frozenset[str]
    ascii_triggers: tuple[str, ...]  # the characters of ``trigger``'s class below U+0080


@cache
def _tables() -> _Tables:
    """Built on the first fold, not when the module loads: a check that the exact tier answers
    never needs them."""
    unstable, marks = unicode_ranges()
    both = sorted(unstable + marks)
    # After the one-for-one pass, every spot still to fold starts with one of these characters
    # or with two spaces (or two straight single quotes: ``like this''). A plain character class
    # scans fast; a pattern of many alternatives would be tried at every position of 5 MB.
    trigger = re.compile(
        "["
        + char_class("-\xad«»‹›" + "".join(LIGATURES) + ZERO_WIDTH)
        + range_class((lo, min(hi, 0xFFFF)) for lo, hi in both if lo <= 0xFFFF)
        + "]"
    )
    special = re.compile(
        "|".join(
            [
                r"(?P<shy>\xad *)",
                r"(?P<dash> *-+ *)",
                # the spaces inside a pair go: French « flore »; German »alle« turns the pair
                # round, and the word spaces outside it stay
                r"(?P<quote>(?<![^\W_])[«‹] *|[«‹]| *[»›](?![^\W_])|[»›]|'')",
                r"(?P<ws>  +)",
                r"(?P<lig>[" + LIGATURES_SPACED + r"] (?=[a-z])|[" + "".join(LIGATURES) + "])",
                r"(?P<zw>[" + ZERO_WIDTH + r"]+)",
                r"(?P<marks>[" + range_class(marks) + r"]+)",
                r"(?P<uni>[" + range_class(unstable) + r"])",
            ]
        )
    )
    astral = frozenset(
        chr(point) for lo, hi in both if hi > 0xFFFF for point in range(max(lo, 0x10000), hi + 1)
    )
    ascii_triggers = tuple(c for c in map(chr, range(0x80)) if trigger.match(c))
    return _Tables(trigger, special, astral, ascii_triggers)


def _places(text: str, chars: tuple[str, ...]) -> list[int]:
    """Every offset of any of ``chars`` (single characters) in ``text``, in order."""
    out: list[int] = []
    for c in chars:
        find = text.find
        i = find(c)
        while i >= 0:
            out.append(i)
            i = find(c, i + 1)
    if len(chars) > 1:
        out.sort()
    return out


def fold(text: str) -> Folded:
    """Fold typography and layout out of ``text``, keeping a map back to it.

    Args:
        text: any text (a checked text or a quotation).

    Returns:
        The folded view; ``Folded.source_span`` maps a folded span back to ``text``.
    """
    flat = _one_for_one(text)
    tables = _tables()
    if flat.isascii():
        # The class's few ASCII characters (the hyphen) are found as fast as a byte search; the
        # class itself reads character by character (27 ms on 5 MB).
        triggers = _places(flat, tables.ascii_triggers)
    else:
        triggers = [m.start() for m in tables.trigger.finditer(flat)]
    # asked first, as most texts hold neither: "'" is found at C speed (0.2 ms on 5 MB, where
    # the pattern's iterator took 1.3), and a short text spares starting an iterator
    extra = [m.start() for m in _DOUBLE_SPACE.finditer(flat)] if "  " in flat else []
    if "'" in flat:
        extra += [m.start() for m in _DOUBLE_SINGLE_QUOTE.finditer(flat)]
    if not flat.isascii():
        extra += [m.start() for m in _ASTRAL.finditer(flat) if m.group() in tables.astral_special]
    if extra:
        triggers = sorted(triggers + extra)
    out = _Builder()
    last = 0  # source offset copied up to
    delta = 0  # folded offset minus source offset after ``last``
    n = len(flat)
    match = tables.special.match
    for p in triggers:
        if p < last:
            continue
        cur = p
        while cur > last and flat[cur - 1] == " ":
            cur -= 1
        while cur <= p:
            m = match(flat, cur)
            if m is None:
                cur += 1
                continue
            start, end = m.start(), m.end()
            group = m.lastgroup
            raw = text[start:end]
            cur = end
            if group == "dash":
                before = flat[start - 1] if start else ""
                after = flat[end] if end < n else ""
                if before.isalpha() and after.isalpha():
                    fpos = start + delta
                    out.pieces.append(flat[last:start])
                    out.hpos.append(fpos)
                    out.hbrk.append(_HYPHEN_BREAK.fullmatch(raw) is not None)
                    out.fstarts.append(fpos)
                    out.fends.append(fpos)
                    out.sstarts.append(start)
                    out.sends.append(end)
                    out.kinds.append(_HYPHEN_KIND)
                    delta -= end - start
                    last = end
                    continue
                repl = "-"
            elif group == "shy":
                if not _LINE_BREAK.search(raw):
                    end = cur = start + 1
                    raw = "\xad"
                repl = ""
            elif group == "zw":
                repl = ""
            elif group == "quote":
                repl = quote_char(flat[start:end])
            elif group == "ws":
                repl = " "
            elif group == "lig":
                if end - start > 1 and not (start and flat[start - 1].isalpha()):
                    end = cur = start + 1  # a word-initial ligature keeps the space after it
                    raw = text[start:end]
                repl = LIGATURES[raw[0]]
            elif group == "marks":
                if start > last and not flat[start - 1].isspace():
                    start -= 1
                raw = text[start:end]
                repl = fold_unicode_cluster(flat[start:end])
            else:
                repl = fold_unicode_cluster(raw)
            if repl == flat[start:end]:
                continue
            out.pieces.append(flat[last:start])
            out.pieces.append(repl)
            fpos = start + delta
            out.fstarts.append(fpos)
            out.fends.append(fpos + len(repl))
            out.sstarts.append(start)
            out.sends.append(end)
            out.kinds.append(_KIND[group])  # type: ignore[index]
            delta += len(repl) - (end - start)
            last = end
    out.pieces.append(flat[last:])
    return Folded(
        text="".join(out.pieces),
        source=text,
        region_fold_starts=tuple(out.fstarts),
        region_fold_ends=tuple(out.fends),
        region_source_starts=tuple(out.sstarts),
        region_source_ends=tuple(out.sends),
        region_kinds=tuple(out.kinds),
        hyphen_positions=tuple(out.hpos),
        hyphen_breaks=tuple(out.hbrk),
    )


def fold_quote(quote: str) -> Folded:
    """``fold`` of a quotation, kept for the next tiers that ask: the exact tier and the plans of
    the normalized tier (whole, then with its ellipses and brackets read, then without a
    closing stop) each fold the same quotation, and a fold is immutable.

    Args:
        quote: a quotation (never a checked text: only the last few are kept, each its size).

    Returns:
        Its folded view.
    """
    folded = _QUOTE_FOLDS.get(quote)
    if folded is None:
        if len(_QUOTE_FOLDS) >= _MOST_QUOTE_FOLDS:
            _QUOTE_FOLDS.clear()
        folded = _QUOTE_FOLDS[quote] = fold(quote)
    return folded


def hyphens_agree(quote: dict[int, bool], source: dict[int, bool]) -> bool:
    """Whether removed hyphens on the two sides of an aligned span are compatible.

    A hyphen present on one side only is fine when it was end-of-line hyphenation ("exam-\\nple"
    against "example"); an in-line hyphen on one side only is a different spelling.

    Args:
        quote: the quotation's removed hyphens, keyed by position in the common coordinates.
        source: the source's removed hyphens in the same coordinates.

    Returns:
        True when the spellings agree.
    """
    for pos, brk in quote.items():
        if pos not in source and not brk:
            return False
    return all(brk or pos in quote for pos, brk in source.items())


assert sys.maxunicode == 0x10FFFF  # the character tables above assume a full Unicode build
