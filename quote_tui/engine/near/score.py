"""How close a passage is to a quotation, and which edges of a passage win: every scoring rule.

Similarity is a normalized Levenshtein similarity of the folded forms: 90 % weight on the
lowercased forms and 10 % on the forms as written, so case differences lower it only slightly.
The ladder calls a passage near from ``near_threshold`` up.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter

from rapidfuzz.distance import Levenshtein

from quote_tui.engine.near.words import is_word_char as is_word
from quote_tui.engine.records import MatchOptions
from quote_tui.engine.typography import fold_chars, holds_spaceless, lower_same_length

__all__ = [
    "CASE_WEIGHT",
    "SCORED_WORDS",
    "SMALL_BAND",
    "NearCandidate",
    "Scored",
    "Unscored",
    "case_blind",
    "distance_of",
    "edge_tolerance",
    "first_band",
    "least_kept",
    "near_threshold",
    "pick_span",
    "score_within_reach",
    "scored_words",
    "similarity",
    "similarity_folded",
    "with_case",
    "words_of",
]

CASE_WEIGHT = 0.1
"""Weight of the forms as written against the lowercased forms (``with_case``): a case
difference costs a tenth of a character difference."""
# How far below the best an edge variant of a span may score and still win by its word count:
# about one word (this many characters) of the quotation, and at most this share.
_EDGE_WORD_CHARS = 12
_EDGE_WORD_TOLERANCE = 0.05
# Edges of a span, each of which may land on the quotation's own edge word (``pick_span``).
_ANCHORED_EDGES = 2
# Quotations of fewer words than this (or in a script without spaces) are ranked by similarity
# alone: one word is too much of them to trade.
_RANKED_BY_WORDS = 4
# The first band of the banded Levenshtein distance: at least this, or a sixteenth of the longer.
_FIRST_BAND = 32
_BAND_SHARE = 16
_BAND_GROWTH = 4
# Up to this many characters a distance is computed unbanded: the first band's retry costs more
# than it saves (a short passage's distance costs less than the Python call around it).
_UNBANDED_CHARS = 512
SMALL_BAND = 31
"""The most edits rapidfuzz's Levenshtein distance finds in one 64-bit band (``2 * 31 + 1``
diagonals): asked for no more (``score_cutoff``), the distance of two strings past 64 characters
costs a third of its block algorithm's, and an answer above the cutoff says only "more"."""
# Far more than the rounding of a weighted similarity: a bound below the reach of the best by
# less than this is scored all the same (``score_within_reach``).
_ROUNDING = 1e-9
# Quotations of this many words or fewer need a little less similarity to count as near: one
# changed word in six costs a sixth of the characters, so a short misquotation scores about 0.72
# where a long one scores 0.9; sentences absent from the source stay far lower (below 0.56 for
# quotations of six to ten words on the corpus' generated cases).
_SHORT_WORDS = 10
_SHORT_ALLOWANCE = 0.05
# A word as the span ranking compares words: letters and digits, joined by an apostrophe or a
# hyphen ("don't", "alpha-catenin"), or digits joined by a decimal point or a thousands separator
# ("0.05"), so that an edge never counts half a word as a word.
SCORED_WORDS = re.compile(r"\w+(?:(?:['-]|(?<=\d)[.,](?=\d))\w+)*")
# The same words in a lowercased ASCII text, where a word character is one of a few: the
# class reads twice as fast as Unicode's ``\w``.
_LOWER_ASCII_WORDS = re.compile(r"[a-z0-9_]+(?:(?:['-]|(?<=[0-9])[.,](?=[0-9]))[a-z0-9_]+)*")
# Words of a quotation, to tell a short quotation from a long one.
_PLAIN_WORDS = re.compile(r"\w+")
# The same words of an ASCII quotation, at C speed: every byte outside ``\w`` a space, then a
# split (the pattern's class, tried at every character, cost three times as much).
_ASCII_NOT_WORD = bytes(b if b < 128 and (chr(b).isalnum() or b == 95) else 32 for b in range(256))


@dataclass(frozen=True, slots=True)
class NearCandidate:
    """A passage of the checked text close to a quotation.

    Attributes:
        start: code-point offset of the passage in ``prepared.text``.
        end: end offset (exclusive); both edges sit on word boundaries.
        similarity: 0..1, computed on typographically folded forms.
    """

    start: int
    end: int
    similarity: float


def near_threshold(quote: str, options: MatchOptions) -> float:
    """The similarity a passage needs to count as near, a little lower for short quotations.

    Args:
        quote: the quotation as checked.
        options: matching settings (``near_threshold``).

    Returns:
        The threshold for this quotation.
    """
    if _word_count(quote) <= _SHORT_WORDS:
        return options.near_threshold - _SHORT_ALLOWANCE
    return options.near_threshold


def _word_count(quote: str) -> int:
    """How many runs of ``\\w`` characters ``quote`` holds."""
    if quote.isascii():
        return len(quote.encode("ascii").translate(_ASCII_NOT_WORD).split())
    return len(_PLAIN_WORDS.findall(quote))


def words_of(folded: str) -> list[str]:
    """The words of a folded text, lowercased, as the span ranking compares them."""
    lowered = folded.lower()
    return scored_words(lowered).findall(lowered)


def scored_words(lowered: str) -> re.Pattern[str]:
    """``SCORED_WORDS``, or a faster pattern that finds the same words in ``lowered`` (a text
    already lowercased)."""
    return _LOWER_ASCII_WORDS if lowered.isascii() else SCORED_WORDS


def _distance(a: str, b: str) -> int:
    """Levenshtein distance, banded: a small bound first, widened only when it is exceeded."""
    longest = max(len(a), len(b))
    bound = max(_FIRST_BAND, longest // _BAND_SHARE)
    while True:
        distance = Levenshtein.distance(a, b, score_cutoff=bound)
        if distance <= bound or bound >= longest:
            return distance
        bound *= _BAND_GROWTH


def similarity(folded_quote: str, low_quote: str, span: str) -> float:
    """Similarity of a raw passage to a folded quotation (see ``similarity_folded``)."""
    folded, _ = fold_chars(span)
    return similarity_folded(folded_quote, low_quote, folded)


def similarity_folded(
    folded_quote: str, low_quote: str, folded: str, low: str | None = None
) -> float:
    """Similarity of a folded passage to a folded quotation, 0..1.

    Args:
        folded_quote: the quotation folded (``fold_chars``).
        low_quote: ``folded_quote`` lowercased.
        folded: the passage folded.
        low: ``folded`` lowercased (``lower_same_length``), when the caller has it already.

    Returns:
        1 minus the edit distance over the longer length, weighted between the lowercased forms
        and the forms as written (``CASE_WEIGHT``).
    """
    longest = max(len(folded), len(folded_quote))
    if not longest:
        return 1.0
    low = lower_same_length(folded) if low is None else low
    return with_case(folded_quote, folded, longest, distance_of(longest)(low_quote, low))


def distance_of(longest: int) -> Callable[[str, str], int]:
    """The Levenshtein distance to use between strings of at most ``longest`` characters: the
    band saves time only on long ones, and either way the distance is exact."""
    return Levenshtein.distance if longest <= _UNBANDED_CHARS else _distance


def case_blind(low_quote: str, low: str, longest: int) -> tuple[int, float]:
    """The distance of the lowercased forms, and the most similarity it leaves a passage.

    The forms as written are never closer than the lowercased ones, so a passage scores at most
    ``1 - distance / longest`` (``with_case`` gives the similarity itself).

    Args:
        low_quote: the quotation folded and lowercased.
        low: the passage folded and lowercased (``lower_same_length``).
        longest: the longer of the two lengths, not 0.

    Returns:
        The distance, and that bound.
    """
    distance = distance_of(longest)(low_quote, low)
    return distance, 1.0 - distance / longest


def with_case(folded_quote: str, folded: str, longest: int, lowered_distance: int) -> float:
    """``similarity_folded`` of a passage whose lowercased distance is known (``case_blind``)."""
    lowered = 1.0 - lowered_distance / longest
    cased = 1.0 - distance_of(longest)(folded_quote, folded) / longest
    return (1.0 - CASE_WEIGHT) * lowered + CASE_WEIGHT * cased


Scored = tuple[int, int, float, Sequence[str]]
"""An edge variant of a passage: its start, end, similarity and words (``words_of``, or any
sequence with one item a word, equal for equal words)."""


def edge_tolerance(folded_quote: str, words: Sequence[str]) -> float:
    """How far below the best an edge variant may score and still win by its words (``pick_span``).

    Args:
        folded_quote: the quotation folded.
        words: its words (``words_of``).

    Returns:
        0 for a quotation of few words or in a script without spaces, else about one word.
    """
    if len(words) < _RANKED_BY_WORDS or holds_spaceless(folded_quote):
        return 0.0
    return min(_EDGE_WORD_TOLERANCE, _EDGE_WORD_CHARS / max(len(folded_quote), 1))


def least_kept(top: float, tolerance: float) -> float:
    """The least similarity with which an edge variant may still be kept when the best scores
    ``top`` (``pick_span``): each of its two edges on the quotation's own words is worth one
    ``tolerance`` more, on top of the one every variant has."""
    return top - tolerance * (1 + _ANCHORED_EDGES)


def pick_span(
    text: str,
    scored: list[Scored],
    folded_quote: str,
    *,
    quote_words: Sequence[str] | None = None,
    tolerance: float | None = None,
) -> NearCandidate:
    """The edge variant of a passage to show, among scored ones.

    Similarity alone prefers leaving out a changed edge word ("pages, log" against "testing, log"
    scores higher as ", log" than as "testing, log"). Among spans that score within about one
    word of the best, the one closest word for word wins (fewest words changed, added or left
    out, then as many words as the quotation): the passage the author quoted is the one to show.

    Args:
        text: the checked text.
        scored: the variants, at least one (plain tuples: a snap scores a dozen, and only the
            winner becomes a record).
        folded_quote: the quotation folded.
        quote_words: its words (``words_of``), when the caller has them already, in the form
            the variants' words take.
        tolerance: ``edge_tolerance`` of the quotation, when the caller has it already.

    Returns:
        The winning candidate.
    """
    words = words_of(folded_quote) if quote_words is None else quote_words
    if tolerance is None:
        tolerance = edge_tolerance(folded_quote, words)

    def anchors(span_words: Sequence[str]) -> int:
        # edges that start (end) with the quotation's own first (last) word
        if not span_words or not words:
            return 0
        return (span_words[0] == words[0]) + (span_words[-1] == words[-1])

    def rank(item: Scored) -> tuple[int, int, int, float, int]:
        start, end, similarity, span_words = item
        # a stray mark at an edge (") and rs27", "(based on") where the quotation has a word
        stray = (is_word(folded_quote[0]) and not is_word(text[start])) + (
            is_word(folded_quote[-1]) and not is_word(text[end - 1])
        )
        return (
            Levenshtein.distance(words, span_words),
            abs(len(span_words) - len(words)),
            stray,
            -similarity,
            start - end,
        )

    best = max(scored, key=itemgetter(2))
    top, top_anchors = best[2], anchors(best[3]) if tolerance else 0
    # Each edge that lands on the quotation's own word where the best-scoring span does not may
    # cost up to one more word of similarity: the words it brings in (a dropped "did not") are
    # what the differences must show. An edge the best span already anchors earns nothing, so a
    # repeated word ("copper copper" in "winter copper copper") never pulls a changed first word
    # out of the span.
    if tolerance:
        # below the least a variant with both edges anchored keeps, none is kept: its anchors
        # are never counted
        floor = least_kept(top, tolerance)
        kept = []
        counts: list[int] = []
        for item in scored:
            if item[2] < floor:
                continue
            n = anchors(item[3])
            if item[2] >= top - tolerance * (1 + max(0, n - top_anchors)):
                kept.append(item)
                counts.append(n)
        if len(kept) > 1:
            # the ranking's first term (most edges on the quotation's own words) alone, first:
            # the rest of it is worked out for fewer variants
            most = max(counts)
            kept = [item for item, n in zip(kept, counts, strict=True) if n == most]
    else:
        kept = [item for item in scored if item[2] >= top]
    start, end, similarity, _ = kept[0] if len(kept) == 1 else min(kept, key=rank)
    return NearCandidate(start, end, similarity)


Unscored = tuple[float, int, str, int, int, bool]
"""A passage scored by its lowercased distance alone (``score_within_reach``): the most it may
score, where it stands among the scored variants, its fold, its longer length, that distance,
and whether it and the quotation are as written what they are lowercased (no capitals)."""


def first_band(distance: Callable[..., int], low_quote: str) -> int:
    """The most edits a distance between the quotation and a passage is first asked for
    (``SMALL_BAND``), or -1: never (``distance`` the banded one of long strings, or a quotation
    of 64 characters or fewer, which rapidfuzz aligns in one word whatever the bound)."""
    return SMALL_BAND if distance is Levenshtein.distance and len(low_quote) > 64 else -1


def score_within_reach(
    scored: list[Scored],
    unscored: list[Unscored],
    folded_quote: str,
    similarities: dict[str, float],
    tolerance: float,
    distance: Callable[..., int],
    band: int,
) -> None:
    """Give each passage that may still win its similarity, in place of its bound.

    The forms as written cost a second distance. A passage whose lowercased distance alone
    leaves it below what the ranking keeps (``least_kept``) of the best keeps its bound: it can
    neither be the best nor be kept, as its similarity could not either, so the pick is the
    same (a margin covers the rounding of the weighted sum). The distance as written is at
    least the lowercased one, and most often the same: within the band (``first_band``), it is
    asked for there first. Where neither the passage nor the quotation has a capital (their
    forms as written are the lowercased ones), it is the lowercased one and is not asked for: a
    20,000-character quotation's distance costs tens of milliseconds.

    Args:
        scored: the variants, in place; those of ``unscored`` hold their bound.
        unscored: the variants scored by their lowercased distance alone.
        folded_quote: the quotation folded.
        similarities: each passage's similarity by its fold, filled in here.
        tolerance: ``edge_tolerance`` of the quotation.
        distance: the Levenshtein distance to use (``distance_of``).
        band: ``first_band``.
    """
    known = {item[1] for item in unscored}
    top = max((item[2] for k, item in enumerate(scored) if k not in known), default=None)
    # highest bound first, ties in their order (a reversed sort is stable too)
    for bound, index, folded, longest, low, caseless in sorted(
        unscored, key=itemgetter(0), reverse=True
    ):
        if top is not None and bound < least_kept(top, tolerance) - _ROUNDING:
            break  # the rest are bounded lower still
        # ``with_case``: the bound is the lowercased forms' similarity
        if caseless:
            edits = low
        else:
            edits = distance(folded_quote, folded, score_cutoff=band) if low <= band else band + 1
            if edits > band:
                edits = distance(folded_quote, folded)
        cased = 1.0 - edits / longest
        similarity = similarities[folded] = (1.0 - CASE_WEIGHT) * bound + CASE_WEIGHT * cased
        s, e, _, words = scored[index]
        scored[index] = (s, e, similarity, words)
        top = similarity if top is None else max(top, similarity)
