"""One fold per typographic rule: the slow, readable statement of each.

The fast fold (``normalize.fold``) does every rule in one scan; these functions do one rule each,
on a short piece of text. They name the rules a match needed (``rules_needed``) and are the
reference the fast fold is tested against. Every character they touch is defined in
``typography``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from quote_tui.engine.records import Rule
from quote_tui.engine.typography import (
    DASHES,
    DOUBLE_QUOTES,
    GUILLEMETS,
    HYPHENS,
    KEEP_TAGS,
    LIGATURES,
    LIGATURES_SPACED,
    LINE_BREAK_PATTERN,
    SINGLE_QUOTES,
    SOFT_HYPHEN,
    ZERO_WIDTH,
    quote_char,
)

__all__ = ["PIECE_FOLDS", "fold_piece", "fold_unicode_cluster", "rules_needed"]

# Characters another rule owns; the unicode rule leaves them to it.
_OTHER_RULES = frozenset(
    DASHES + DOUBLE_QUOTES + SINGLE_QUOTES + "".join(LIGATURES) + "".join(GUILLEMETS)
    + SOFT_HYPHEN + ZERO_WIDTH
)  # fmt: skip


def _compat(c: str) -> str:
    """NFKC of one character, unless that would change what it says (super/subscripts)."""
    if unicodedata.decomposition(c).startswith(KEEP_TAGS):
        return c
    return unicodedata.normalize("NFKC", c)


def fold_unicode_cluster(cluster: str) -> str:
    """NFC-compose a character with its marks, then apply the safe compatibility mappings.

    Args:
        cluster: one character and any combining marks after it.

    Returns:
        The folded form (``cluster`` itself when nothing applies).
    """
    composed = unicodedata.normalize("NFC", cluster)
    return unicodedata.normalize("NFC", "".join(_compat(c) for c in composed))


# The per-rule folds' patterns, compiled once (``re.sub`` of a pattern string looks it up in
# re's cache on every call, as many as a normalized match's pieces ask).
_SOFT_HYPHEN_BREAK = re.compile(SOFT_HYPHEN + r"(?:[ \t]*" + LINE_BREAK_PATTERN + r"\s*)?")
_SPACED_LIGATURE = re.compile("(?<=[^\\W\\d_])([" + LIGATURES_SPACED + "])\\s(?=[a-z])")
_GUILLEMET = re.compile(r"(?<![^\W_])[«‹][ \t\xa0\u202f]*|[«‹]|\s*[»›](?![^\W_])|[»›]")
_DASH_RUN = re.compile("[" + re.escape(DASHES) + "]+")
_HYPHENATED_BREAK = re.compile(
    r"(?<=[^\W\d_])[" + HYPHENS + r"][ \t]*" + LINE_BREAK_PATTERN + r"\s*(?=[^\W\d_])"
)
_ZERO_WIDTH_CHAR = re.compile("[" + ZERO_WIDTH + "]")
_SPACED_HYPHEN = re.compile(r"\s*-\s*")
_SPACES = re.compile(r"\s+")


def _quote_char_of(m: re.Match[str]) -> str:
    return quote_char(m.group())


def _fold_unicode(s: str) -> str:
    """The unicode rule: compatibility forms and composed accents."""
    out = []
    for c in unicodedata.normalize("NFC", s):
        out.append(c if c.isspace() or c in _OTHER_RULES else _compat(c))
    return unicodedata.normalize("NFC", "".join(out))


def _fold_soft_hyphen(s: str) -> str:
    """The soft-hyphen rule: soft hyphens vanish, with a line break after one."""
    return _SOFT_HYPHEN_BREAK.sub("", s)


def _fold_ligatures(s: str) -> str:
    """The ligature rule: ligatures become letters (and absorb a stray space inside a word)."""
    s = _SPACED_LIGATURE.sub(r"\1", s)
    return "".join(LIGATURES.get(c, c) for c in s)


def _fold_quotes(s: str) -> str:
    """The quote rule: every quotation mark and apostrophe becomes a straight one."""
    # the spaces inside a pair go (« flore »); German's turned-round »alle« keeps those outside
    s = _GUILLEMET.sub(_quote_char_of, s)
    s = s.replace("``", '"').replace("''", '"')
    return "".join('"' if c in DOUBLE_QUOTES else "'" if c in SINGLE_QUOTES else c for c in s)


def _fold_dashes(s: str) -> str:
    """The dash rule: a run of dashes becomes one hyphen."""
    return _DASH_RUN.sub("-", s)


def _fold_dehyphenate(s: str) -> str:
    """The dehyphenation rule: a word hyphenated at a line end reads as one hyphenated word."""
    return _HYPHENATED_BREAK.sub("-", s)


def _fold_whitespace(s: str) -> str:
    """The whitespace rule: zero-width characters vanish, runs of spaces become one."""
    s = _ZERO_WIDTH_CHAR.sub("", s)
    s = _SPACED_HYPHEN.sub("-", s)
    return _SPACES.sub(" ", s)


PIECE_FOLDS = (
    (Rule.UNICODE, _fold_unicode),
    (Rule.SOFT_HYPHEN, _fold_soft_hyphen),
    (Rule.LIGATURES, _fold_ligatures),
    (Rule.QUOTES, _fold_quotes),
    (Rule.DASHES, _fold_dashes),
    (Rule.DEHYPHENATE, _fold_dehyphenate),
    (Rule.WHITESPACE, _fold_whitespace),
)
"""Per-rule folds in the order they apply."""


def fold_piece(s: str, rules: Iterable[Rule]) -> str:
    """Apply the chosen rules' folds, in their fixed order, to a short string.

    Args:
        s: a short piece of text.
        rules: which rules to apply.

    Returns:
        The folded piece.
    """
    chosen = set(rules)
    for rule, func in PIECE_FOLDS:
        if rule in chosen:
            s = func(s)
    return s


# Generic rules are dropped first, so a difference two rules could explain is put on the more
# specific one ("ﬁ" is a ligature before it is a compatibility character).
_REMOVAL_ORDER = (
    Rule.WHITESPACE,
    Rule.UNICODE,
    Rule.DASHES,
    Rule.QUOTES,
    Rule.LIGATURES,
    Rule.SOFT_HYPHEN,
    Rule.DEHYPHENATE,
)


def rules_needed(quote_piece: str, source_piece: str, candidates: Iterable[Rule]) -> set[Rule]:
    """The smallest set of candidate rules under which two differing pieces fold alike.

    Args:
        quote_piece: raw text of the quotation around one edit.
        source_piece: raw text of the source at the same place.
        candidates: rules whose edits touch the place.

    Returns:
        The rules needed (all candidates when no subset explains the difference).
    """
    chosen = set(candidates)
    if fold_piece(quote_piece, chosen) != fold_piece(source_piece, chosen):
        return chosen
    for rule in _REMOVAL_ORDER:
        if rule in chosen:
            trial = chosen - {rule}
            if fold_piece(quote_piece, trial) == fold_piece(source_piece, trial):
                chosen = trial
    return chosen
