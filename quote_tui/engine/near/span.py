"""Refinement: a rough hit aligned again on folded characters, its edges snapped to words.

Around each rough hit the text is folded (with a map back to source offsets) and the folded
quotation aligned in it; each edge of the alignment may then snap to a few word boundaries
nearby (``_edge_options``), and the scoring rule (``score.pick_span``) picks the span to show.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import NamedTuple

from quote_tui.engine.near.align import LONG_QUOTE, end_locations, start_of, symbol_codes
from quote_tui.engine.near.score import (
    NearCandidate,
    Scored,
    Unscored,
    distance_of,
    edge_tolerance,
    first_band,
    pick_span,
    score_within_reach,
    scored_words,
    words_of,
)
from quote_tui.engine.near.starts import first_spans
from quote_tui.engine.near.words import WordMask
from quote_tui.engine.near.words import is_word_char as is_word
from quote_tui.engine.typography import (
    SOFT_HYPHEN,
    ZERO_WIDTH,
    fold_chars,
    lower_same_length,
)

__all__ = ["Aligned", "Memo", "align_window", "refine", "snap"]


# Equally good alignment ends aligned back and snapped in one window (a long quotation: one);
# most ends of a window considered at all (a repetitive window has one per repeat).
_TIED_LOCATIONS = 4
_WINDOW_ENDS = 16
_LONG_WINDOW_ENDS = 2
# Characters an edge may move while snapping: a "word" of a million letters (one character
# repeated, DNA) would otherwise be walked letter by letter for every option.
_WORD_REACH = 256
# How far back a word hyphenated across a line break is looked for before a start.
_BROKEN_REACH = 40
# The first words of pieces of text (``_first_word``), remembered up to a bound: the same few
# words around a passage are read for every edge option.
_FIRST_WORDS: dict[str, str] = {}
_MOST_FIRST_WORDS = 4096
# Words further out than the first that an edge may reach, where the quotation's own edge word
# stands: a dropped negation after the first word ("You [don't] have") is two words out.
_ANCHOR_WORDS = 3
# A word hyphenated across a line break, read after its hyphen or before it ("ta-\nbles"):
# snapped edges take it whole.
_LINE_HYPHENS = "-" + SOFT_HYPHEN
# The code that the quotation's rarer characters share past 254 (``align.symbol_codes``).
_SHARED_CODE = 255
# Every byte, in order: the identity table of ``bytes.translate``.
_BYTES = bytes(range(256))
_BROKEN_AFTER = re.compile(rf"[{_LINE_HYPHENS}][ \t]*\r?\n[ \t]*[^\W\d_]+")
_BROKEN_BEFORE = re.compile(rf"[^\W\d_]+[{_LINE_HYPHENS}][ \t]*\r?\n[ \t]*")


def _paragraph_break(gap: str) -> bool:
    """True when a gap between words holds a blank line."""
    if len(gap) < 2:  # most gaps are one space
        return False
    return sum(gap.count(ch) for ch in "\n\r\u2029") - gap.count("\r\n") >= 2


def _cuts(text: str, words: WordMask, pos: int) -> bool:
    """True when an edge at ``pos`` would split a word (or a number at its decimal point)."""
    return 0 < pos < len(text) and words.at(pos - 1) and words.at(pos)


def _edge_options(
    text: str,
    pos: int,
    *,
    is_start: bool,
    edge_word: str,
    marks: bool,
    words: WordMask | None = None,
) -> set[int]:
    """Where a span edge may snap: the boundary itself, or both ends of the word it cuts, one
    word further out (kept only when it scores better, e.g. "The committee" for "The panel"),
    one word further in, and up to ``_ANCHOR_WORDS`` words further out where the quotation's own
    edge word stands (its first word dropped or changed the next: "PTEN [did not] activate").

    Args:
        text: the checked text.
        pos: the rough edge.
        is_start: whether this is the span's start (else its end).
        edge_word: the quotation's first (or last) word, as ``words_of`` gives it.
        marks: whether the quotation begins (or ends) with a mark rather than a word: the marks
            next to a word edge are then options too.
        words: which characters around ``pos`` belong to words (built here when not given).

    Returns:
        Offsets in ``text``; none cuts a word.
    """
    # Edges move at most _WORD_REACH characters: a "word" of a million letters (one character
    # repeated, DNA) would otherwise be walked letter by letter for every option.
    floor = max(0, pos - _WORD_REACH)
    n = min(len(text), pos + _WORD_REACH)
    if words is None:
        words = mask_around(text, pos)
    if _cuts(text, words, pos):
        options = {words.word_start(pos, floor), words.word_end(pos, n)}
    else:
        options = {pos}
    snapped: set[int] = set()
    for p in options:
        if is_start:
            while p < n and text[p].isspace():
                p += 1
        else:
            while p > floor and text[p - 1].isspace():
                p -= 1
        snapped.add(p)
    edge = min(snapped) if is_start else max(snapped)
    outer = _outer_words(text, words, edge, is_start, floor, n)
    if outer:
        snapped.add(outer[0][0])
        snapped.update(q for q, word in outer[1:] if word == edge_word)
    inner = _inner_word(text, words, snapped, is_start=is_start)
    options = _whole_broken_words(text, snapped | inner, is_start=is_start)
    if marks:
        options |= {_with_marks(text, words, p, is_start, floor, n) for p in options}
    return {_visible_edge(text, p, is_start, floor, n) for p in options}


def _visible_edge(text: str, p: int, is_start: bool, floor: int, n: int) -> int:
    """An edge moved inward off the invisible characters beside it (and the spaces beyond them):
    they are no marks, yet not spaces either, so snapping and marks would otherwise keep the
    zero-width space a PDF reader sets before a note mark ("entourent\u200b15")."""
    if is_start:
        while p < n and (text[p] in ZERO_WIDTH or text[p].isspace()):
            p += 1
    else:
        while p > floor and (text[p - 1] in ZERO_WIDTH or text[p - 1].isspace()):
            p -= 1
    return p


def _outer_words(
    text: str, words: WordMask, p: int, is_start: bool, floor: int, n: int
) -> list[tuple[int, str]]:
    """The next ``_ANCHOR_WORDS`` word edges outward from ``p`` (before each word, going back; after
    it, going on), each with its word, stopping at a paragraph break."""
    out: list[tuple[int, str]] = []
    for _ in range(_ANCHOR_WORDS):
        if is_start:
            g = words.back_to_word(p, floor)
            q = words.word_start(g, floor)
            # most gaps are one space: no blank line, and no slice to ask
            if q >= g or (p - g > 1 and _paragraph_break(text[g:p])):
                break
            out.append((q, _first_word(text[q:g])))
        else:
            g = words.on_to_word(p, n)
            q = words.word_end(g, n)
            if q <= g or (g - p > 1 and _paragraph_break(text[p:g])):
                break
            out.append((q, _first_word(text[g:q])))
        p = q
    return out


def _first_word(piece: str) -> str:
    """A word as the ranking compares it (folded, lowercased)."""
    word = _FIRST_WORDS.get(piece)
    if word is None:
        if len(_FIRST_WORDS) >= _MOST_FIRST_WORDS:
            _FIRST_WORDS.clear()
        found = words_of(fold_chars(piece)[0])
        word = _FIRST_WORDS[piece] = found[0] if found else ""
    return word


def _with_marks(text: str, words: WordMask, p: int, is_start: bool, floor: int, n: int) -> int:
    """An edge moved outward over the marks that touch it ("(p" to "(", "trial" to "trial.")."""
    if is_start:
        while p > floor and not text[p - 1].isspace() and not words.at(p - 1):
            p -= 1
    else:
        while p < n and not text[p].isspace() and not words.at(p):
            p += 1
    return p


def _inner_word(text: str, words: WordMask, snapped: set[int], *, is_start: bool) -> set[int]:
    """One word further in: the alignment may have taken a neighbour for a changed edge word."""
    floor = max(0, min(snapped) - _WORD_REACH)
    n = min(len(text), max(snapped) + _WORD_REACH)
    if is_start:
        q = words.on_to_word(words.word_end(max(snapped), n), n)
        return {q} if q < n else set()
    q = words.back_to_word(words.word_start(min(snapped), floor), floor)
    return {q} if q > floor else set()


def mask_around(text: str, pos: int) -> WordMask:
    """The words around an edge at ``pos``, as far as its options may reach: the edge moves at
    most ``_WORD_REACH`` characters, and the word further in is sought as far again."""
    reach = 2 * _WORD_REACH + 2
    return WordMask(text, pos - reach, pos + reach)


def _whole_broken_words(text: str, options: set[int], *, is_start: bool) -> set[int]:
    """Options with a word hyphenated across a line break ("ta-\\nbles") taken whole, never
    half: the span may not end inside it or start in its second half."""
    if "\n" not in text:  # both patterns hold a line break: most short texts have none
        return options
    out: set[int] = set()
    for p in options:
        if is_start:
            lo = max(0, p - _BROKEN_REACH)
            # the pattern holds a line break: a search where none stands finds nothing
            m = _BROKEN_BEFORE.search(text, lo, p) if text.find("\n", lo, p) >= 0 else None
            out.add(m.start() if m is not None and m.end() == p else p)
            continue
        q = p - 1 if p > 1 and text[p - 1] in _LINE_HYPHENS else p
        # the pattern starts with a hyphen: a match elsewhere is not tried
        m = _BROKEN_AFTER.match(text, q) if q < len(text) and text[q] in _LINE_HYPHENS else None
        out.add(m.end() if m is not None and q > 0 and text[q - 1].isalpha() else p)
    return out


class _Symbols(dict[int, int]):
    """A quotation's symbols (``align.symbol_codes``) as a ``str.translate`` table, every other
    character 0: a window is encoded at C speed, where mapping it character by character cost
    as much as aligning it. Characters not in the quotation are remembered as they are met."""

    def __missing__(self, c: int) -> int:
        self[c] = 0
        return 0


@dataclass(slots=True)
class Memo:
    """What the search of one quotation in one text works out once for all its windows: overlapping
    windows often align to the same rough span, and a span's edge options to the same passage."""

    folded_quote: str
    low_quote: str
    symbols: _Symbols | None = field(init=False)  # the quotation's symbols, as a translation table
    query: bytes = field(init=False)  # the lowercased quotation in those symbols
    # an ASCII quotation's symbols as a byte table (``encode``), or None
    ascii_table: bytes | None = field(init=False)
    quote_words: list[str] = field(init=False)  # the quotation's words (``score.words_of``)
    words: list[str] = field(init=False)  # the same, or one empty word when it has none
    tolerance: float = field(init=False)  # ``score.edge_tolerance``
    caseless: bool = field(init=False)  # the quotation lowercased is the quotation
    quote_codes: str = field(init=False)  # ``quote_words`` one character a word (``word_codes``)
    snapped: dict[tuple[int, int], NearCandidate | None] = field(default_factory=dict)
    similarity: dict[str, float] = field(default_factory=dict)  # by folded passage
    mask: WordMask | None = None  # a short text's words (``snap``)
    by_options: dict[tuple[frozenset[int], frozenset[int]], NearCandidate | None] = field(
        default_factory=dict
    )  # by the edge options of a snapped span
    codes_of_words: dict[str, str] = field(default_factory=dict)
    # a short text's edge options by (position, is start): the quotation's edge words are fixed
    # and its one mask serves every span, so a rough edge met again (an absent quotation's
    # windows meet a third of theirs again) snaps to the same options
    edges: dict[tuple[int, bool], set[int]] = field(default_factory=dict)
    # the whole text's fold when it folds character for character (``fold_of``)
    text_fold: str | None = None
    # the last lowercased distance of a passage to the quotation (``_best_option``): the next
    # passage, a word longer or shorter, is about as far; before the first, the first window's
    # alignment distance (``refine``), about that of the passages snapped around it
    guess: int | None = None

    def __post_init__(self) -> None:
        # edlib reads only which symbols are equal: any one code a character serves as well as
        # the commonest-first order, which matters only past 254 characters, where the rarer
        # share a code. An ASCII quotation's characters are their own codes (none may be 0,
        # which stands for every other character): no table of codes is built character by
        # character (a fifth of the quotation's setup), and an ASCII window is encoded by bytes
        self.symbols = self.ascii_table = None
        low = self.low_quote
        if low.isascii() and "\x00" not in low:
            self.query = low.encode("ascii")
            # every byte not in the quotation to 0, the rest to itself: two calls at C speed,
            # where setting the table byte by byte cost a quarter of the setup
            others = _BYTES.translate(None, self.query)
            self.ascii_table = bytes.maketrans(others, bytes(len(others)))
        else:
            self.symbols = self._symbols()
            self.query = self.encode(low)
        self.quote_words = words_of(self.folded_quote)
        self.words = self.quote_words or [""]
        self.tolerance = edge_tolerance(self.folded_quote, self.quote_words)
        self.caseless = self.low_quote == self.folded_quote
        self.quote_codes = self.word_codes(self.quote_words)

    def word_codes(self, words: list[str]) -> str:
        """``words`` one character a word, the same for the same word: the ranking compares word
        sequences (``score.pick_span``), and a distance between strings costs a quarter of one
        between lists."""
        codes = self.codes_of_words
        for w in words:
            if w not in codes:
                codes[w] = chr(len(codes))
        return "".join(map(codes.__getitem__, words))

    def _symbols(self) -> _Symbols:
        """The quotation's symbols as a ``str.translate`` table: its own codes for an ASCII
        quotation (``ascii_table``), else 1 on by first appearance, or commonest first."""
        if self.ascii_table is not None:
            return _Symbols({b: b for b in self.query})
        chars = list(map(ord, dict.fromkeys(self.low_quote)))
        if len(chars) < _SHARED_CODE:
            return _Symbols(zip(chars, range(1, len(chars) + 1), strict=True))
        codes = symbol_codes(self.low_quote)
        return _Symbols({ord(c): code for c, code in codes.items()})

    def encode(self, target: str) -> bytes:
        """``target`` in the quotation's symbols, aligning as ``align.encode_pair`` encodes it
        (edlib reads only which symbols are equal)."""
        if self.ascii_table is not None and target.isascii():
            return target.encode("ascii").translate(self.ascii_table)
        if self.symbols is None:
            self.symbols = self._symbols()
        return target.translate(self.symbols).encode("latin-1")

    def fold_of(self, text: str, lo: int, hi: int) -> tuple[str, Sequence[int]]:
        """``fold_chars(text[lo:hi])``, sliced from the whole text's fold when the text folds
        character for character and the slice neither starts nor ends with whitespace.

        Each character of such a text folds alone, to one character, so a slice of it folds
        as the slice of its fold; only its edges could differ (the fold drops edge spaces, and
        a line break folds to one).
        """
        whole = self.text_fold
        if whole is not None and lo < hi and not text[lo].isspace() and not text[hi - 1].isspace():
            return whole[lo:hi], range(hi - lo)
        return fold_chars(text[lo:hi])


def snap(
    text: str, start: int, end: int, folded_quote: str, low_quote: str, memo: Memo | None = None
) -> NearCandidate | None:
    """The best whole-word span around a rough alignment: every edge option scored, and the
    winner picked by the scoring rule (``score.pick_span``)."""
    memo = Memo(folded_quote, low_quote) if memo is None else memo
    words = memo.words
    # one mask serves both edges of a span no longer than the reach of their options; a text
    # no longer than that reach is masked whole, once for all its spans
    reach = 2 * _WORD_REACH + 2
    if len(text) <= 2 * reach:
        if memo.mask is None:
            memo.mask = WordMask(text, 0, len(text))
        mask: WordMask | None = memo.mask
    else:
        mask = WordMask(text, start - reach, end + reach) if end - start <= 2 * reach else None
    edges = memo.edges if mask is not None and mask is memo.mask else None
    starts = _options_of(text, start, True, folded_quote, words, mask, edges)
    ends = _options_of(text, end, False, folded_quote, words, mask, edges)
    if not starts or not ends:
        return None
    # rough spans a character or two apart often snap to the same options: scored once
    key = (frozenset(starts), frozenset(ends))
    if key not in memo.by_options:
        memo.by_options[key] = _best_option(text, starts, ends, folded_quote, low_quote, memo)
    return memo.by_options[key]


def _options_of(
    text: str,
    pos: int,
    is_start: bool,
    folded_quote: str,
    words: list[str],
    mask: WordMask | None,
    memo: dict[tuple[int, bool], set[int]] | None,
) -> set[int]:
    """``_edge_options`` of one edge, from ``memo`` when it is given and holds them (a caller
    reads the options, never changes them)."""
    if memo is not None:
        known = memo.get((pos, is_start))
        if known is not None:
            return known
    edge = folded_quote[0] if is_start else folded_quote[-1]
    options = _edge_options(
        text,
        pos,
        is_start=is_start,
        edge_word=words[0] if is_start else words[-1],
        marks=not is_word(edge),
        words=mask,
    )
    if memo is not None:
        memo[pos, is_start] = options
    return options


def _best_option(
    text: str, starts: set[int], ends: set[int], folded_quote: str, low_quote: str, memo: Memo
) -> NearCandidate | None:
    """Every pair of edge options scored, and the winner picked (``score.pick_span``)."""
    scored: list[Scored] = []
    # One fold and one word scan of the widest option serve every option: each option's edges
    # stand on word boundaries, where the fold of a slice is the slice of the fold.
    base = min(starts)
    folded_all, where = memo.fold_of(text, base, max(ends))
    lowered = folded_all.lower()
    found = [(m.start(), m.end(), m.group()) for m in scored_words(lowered).finditer(lowered)]
    word_starts = list(map(itemgetter(0), found))
    # Lowercasing a slice is slicing the lowercased whole, but for a final sigma (which str.lower
    # reads in context) and U+0130 (which grows): ``lower_same_length`` of each slice then.
    sliced = len(lowered) == len(folded_all) and "\u03a3" not in folded_all
    similarities = memo.similarity
    # ``score.case_blind`` and ``score.with_case`` written out, the distance chosen once for the
    # widest passage (a Python call around each distance cost as much as the distance): the
    # banded distance is exact too, so each passage gets the same figures
    distance = distance_of(max(len(folded_all), len(folded_quote)))
    # A distance guessed within one band (the last passage's) is asked for within it first,
    # and again in full only when it is more (``score.SMALL_BAND``): exact either way. Only
    # strings both past 64 characters gain: a shorter one takes a one-word path already.
    band = first_band(distance, low_quote)
    guess = memo.guess if memo.guess is not None else band + 1
    # passages scored by their lowercased distance alone so far: (the most they may score,
    # where in ``scored``, the folded passage, its longer length, that distance, whether neither
    # side has a capital)
    unscored: list[Unscored] = []

    def inside(k: int) -> bool:
        # a folded word runs across k: a boundary only in the raw text ("zero\u200bwidth")
        w = bisect_right(word_starts, k) - 1
        return w >= 0 and found[w][0] < k < found[w][1]

    found_words = memo.word_codes(list(map(itemgetter(2), found)))
    # each end's folded offset, whether a folded word runs across it, and its words' bound
    end_places = [
        (e, j, inside(j), bisect_left(word_starts, j))
        for e in sorted(ends)
        for j in (bisect_left(where, e - base),)
    ]
    for s in sorted(starts):
        i = bisect_left(where, s - base)
        first = bisect_left(word_starts, i)
        cut_start = inside(i)
        for e, j, cut_end, last in end_places:
            if e <= s:
                continue
            folded = folded_all[i:j]
            span_words = (
                memo.word_codes(words_of(folded))
                if cut_start or cut_end
                else found_words[first:last]
            )
            similarity = similarities.get(folded)
            if similarity is None:
                longest = max(len(folded), len(folded_quote))
                low = lowered[i:j] if sliced else lower_same_length(folded)
                if guess <= band:
                    guess = distance(low_quote, low, score_cutoff=band)
                    if guess > band:
                        guess = distance(low_quote, low)
                else:
                    guess = distance(low_quote, low)
                similarity = 1.0 - guess / longest
                caseless = memo.caseless and low == folded  # no capitals on either side
                unscored.append((similarity, len(scored), folded, longest, guess, caseless))
            scored.append((s, e, similarity, span_words))
    memo.guess = guess
    if not scored:
        return None
    if unscored:
        score_within_reach(
            scored, unscored, folded_quote, memo.similarity, memo.tolerance, distance, band
        )
    return pick_span(
        text, scored, folded_quote, quote_words=memo.quote_codes, tolerance=memo.tolerance
    )


class Aligned(NamedTuple):
    """A window folded and the quotation aligned in it: the first half of ``refine``."""

    lo: int  # where the window starts in the text
    window: str  # its fold
    where: Sequence[int]  # each folded character's offset in the window
    target: bytes  # the fold lowercased, in the quotation's symbols (``Memo.encode``)
    distance: int  # of the best alignments (``align.end_locations``)
    ends: list[int]  # every end of a best alignment (inclusive), in ``window``
    starts: dict[int, int]  # the start of the alignment ending at an end, once worked out

    def start(self, end: int, reversed_query: bytes) -> int:
        """``align.start_of`` the alignment ending at ``end``, worked out once."""
        start = self.starts.get(end)
        if start is None:
            start = self.starts[end] = start_of(reversed_query, self.target, end, self.distance)
        return start


def align_window(
    text: str, lo: int, hi: int, memo: Memo, folded: tuple[str, Sequence[int]] | None = None
) -> Aligned | None:
    """Fold ``text[lo:hi]`` and align the quotation in it (None for a window that folds empty;
    ``folded``: ``fold_chars`` of the window, when the caller has it)."""
    window, where = memo.fold_of(text, lo, hi) if folded is None else folded
    if not window:
        return None
    target = memo.encode(lower_same_length(window))
    distance, ends = end_locations(memo.query, target, -1)
    return Aligned(lo, window, where, target, distance, ends, {})


def refine(
    text: str,
    lo: int,
    hi: int,
    folded_quote: str,
    low_quote: str,
    memo: Memo | None = None,
    aligned: Aligned | None = None,
) -> NearCandidate | None:
    """Align the folded quotation inside text[lo:hi] and return the snapped, scored span.

    ``memo`` carries what earlier windows of the same quotation and text worked out;
    ``aligned`` is ``align_window`` of the window, when the caller has it.
    """
    memo = Memo(folded_quote, low_quote) if memo is None else memo
    if aligned is None:
        aligned = align_window(text, lo, hi, memo)
        if aligned is None:
            return None
    window, where, ends = aligned.window, aligned.where, aligned.ends
    if memo.guess is None:
        memo.guess = aligned.distance

    def cuts(i: int) -> bool:
        return 0 < i < len(window) and is_word(window[i - 1]) and is_word(window[i])

    # A repetitive window has an equally good end per repeat: only the first few that end on a
    # word boundary are aligned back to their starts.
    tries = _TIED_LOCATIONS if len(low_quote) <= LONG_QUOTE else 1
    most = _WINDOW_ENDS if tries > 1 else _LONG_WINDOW_ENDS
    ends = sorted(ends, key=lambda e: (cuts(e + 1), e))[:most]
    reversed_query = memo.query[::-1]

    def start_at(end: int) -> int:
        return aligned.start(end, reversed_query)

    # the few spans snapped, their starts worked out only as far as their order needs
    spans = first_spans(start_at, ends, tries, cuts)
    # Ties in edit distance are not ties in similarity ("river river" in "rden river" and in
    # "river winter"): a short quotation tries a few; a long one rarely has distinct ties.
    best: NearCandidate | None = None
    snapped = memo.snapped
    for fs, fe in spans:
        start = lo + where[fs]
        end = lo + where[fe] + 1
        while end < len(text) and unicodedata.combining(text[end]):
            end += 1
        if (start, end) not in snapped:
            snapped[start, end] = snap(text, start, end, folded_quote, low_quote, memo)
        candidate = snapped[start, end]
        if candidate is not None and (best is None or candidate.similarity > best.similarity):
            best = candidate
    return best
