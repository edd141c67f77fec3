"""Refinement: a rough hit aligned again on folded characters, its edges snapped to words.

Around each rough hit the text is folded (with a map back to source offsets) and the folded
quotation aligned in it; each edge of the alignment may then snap to a few word boundaries
nearby (``_edge_options``), and the scoring rule (``score.pick_span``) picks the span to show.
"""

from __future__ import annotations

import re
import unicodedata

from quote_tui.engine.near.align import LONG_QUOTE, encode_pair, end_locations, start_of
from quote_tui.engine.near.score import NearCandidate, pick_span, similarity_folded, words_of
from quote_tui.engine.typography import fold_chars, lower_same_length
from quote_tui.engine.typography import is_spaced_word_char as is_word

__all__ = ["refine", "snap"]


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
_BROKEN_AFTER = re.compile(r"[-\u00ad][ \t]*\r?\n[ \t]*[^\W\d_]+")
_BROKEN_BEFORE = re.compile(r"[^\W\d_]+[-\u00ad][ \t]*\r?\n[ \t]*")


def _paragraph_break(gap: str) -> bool:
    """True when a gap between words holds a blank line."""
    return sum(gap.count(ch) for ch in "\n\r\u2029") - gap.count("\r\n") >= 2


def _edge_options(text: str, pos: int, *, is_start: bool) -> set[int]:
    """Where a span edge may snap: the boundary itself, or both ends of the word it cuts, and
    one word further out (kept only when it scores better, e.g. "The committee" for "The panel")."""
    # Edges move at most _WORD_REACH characters: a "word" of a million letters (one character
    # repeated, DNA) would otherwise be walked letter by letter for every option.
    floor = max(0, pos - _WORD_REACH)
    n = min(len(text), pos + _WORD_REACH)
    if pos <= 0 or pos >= len(text) or not (is_word(text[pos - 1]) and is_word(text[pos])):
        options = {pos}
    else:
        left, right = pos, pos
        while left > floor and is_word(text[left - 1]):
            left -= 1
        while right < n and is_word(text[right]):
            right += 1
        options = {left, right}
    snapped: set[int] = set()
    for p in options:
        if is_start:
            while p < n and text[p].isspace():
                p += 1
        else:
            while p > floor and text[p - 1].isspace():
                p -= 1
        snapped.add(p)
    if is_start:
        p = min(snapped)
        while p > floor and text[p - 1].isspace():
            p -= 1
        q = p
        while q > floor and is_word(text[q - 1]):
            q -= 1
        if q < p and not _paragraph_break(text[p : min(snapped)]):
            snapped.add(q)
    else:
        p = max(snapped)
        while p < n and text[p].isspace():
            p += 1
        q = p
        while q < n and is_word(text[q]):
            q += 1
        if q > p and not _paragraph_break(text[max(snapped) : p]):
            snapped.add(q)
    return _whole_broken_words(text, snapped | _inner_word(text, snapped, is_start=is_start),
                               is_start=is_start)  # fmt: skip


def _inner_word(text: str, snapped: set[int], *, is_start: bool) -> set[int]:
    """One word further in: the alignment may have taken a neighbour for a changed edge word."""
    floor = max(0, min(snapped) - _WORD_REACH)
    n = min(len(text), max(snapped) + _WORD_REACH)
    if is_start:
        q = max(snapped)
        while q < n and is_word(text[q]):
            q += 1
        while q < n and not is_word(text[q]):
            q += 1
        return {q} if q < n else set()
    q = min(snapped)
    while q > floor and is_word(text[q - 1]):
        q -= 1
    while q > floor and not is_word(text[q - 1]):
        q -= 1
    return {q} if q > floor else set()


def _whole_broken_words(text: str, options: set[int], *, is_start: bool) -> set[int]:
    """Options with a word hyphenated across a line break ("ta-\\nbles") taken whole, never
    half: the span may not end inside it or start in its second half."""
    out: set[int] = set()
    for p in options:
        if is_start:
            m = _BROKEN_BEFORE.search(text, max(0, p - _BROKEN_REACH), p)
            out.add(m.start() if m is not None and m.end() == p else p)
            continue
        q = p - 1 if p > 1 and text[p - 1] in "-\u00ad" else p
        m = _BROKEN_AFTER.match(text, q)
        out.add(m.end() if m is not None and q > 0 and text[q - 1].isalpha() else p)
    return out


def snap(
    text: str, start: int, end: int, folded_quote: str, low_quote: str
) -> NearCandidate | None:
    """The best whole-word span around a rough alignment: every edge option scored, and the
    winner picked by the scoring rule (``score.pick_span``)."""
    scored: list[tuple[NearCandidate, list[str]]] = []
    for s in sorted(_edge_options(text, start, is_start=True)):
        for e in sorted(_edge_options(text, end, is_start=False)):
            if e <= s:
                continue
            folded, _ = fold_chars(text[s:e])
            similarity = similarity_folded(folded_quote, low_quote, folded)
            scored.append((NearCandidate(s, e, similarity), words_of(folded)))
    if not scored:
        return None
    return pick_span(text, scored, folded_quote)


def refine(text: str, lo: int, hi: int, folded_quote: str, low_quote: str) -> NearCandidate | None:
    """Align the folded quotation inside text[lo:hi] and return the snapped, scored span."""
    window, where = fold_chars(text[lo:hi])
    if not window:
        return None
    query, target = encode_pair(low_quote, lower_same_length(window))
    distance, ends = end_locations(query, target, -1)

    def cuts(i: int) -> bool:
        return 0 < i < len(window) and is_word(window[i - 1]) and is_word(window[i])

    # A repetitive window has an equally good end per repeat: only the first few that end on a
    # word boundary are aligned back to their starts.
    tries = _TIED_LOCATIONS if len(low_quote) <= LONG_QUOTE else 1
    most = _WINDOW_ENDS if tries > 1 else _LONG_WINDOW_ENDS
    ends = sorted(ends, key=lambda e: (cuts(e + 1), e))[:most]
    reversed_query = query[::-1]
    spans = [(start_of(reversed_query, target, e, distance), e) for e in ends]
    spans.sort(key=lambda se: (cuts(se[0]) or cuts(se[1] + 1), se[0]))
    # Ties in edit distance are not ties in similarity ("river river" in "rden river" and in
    # "river winter"): a short quotation tries a few; a long one rarely has distinct ties.
    best: NearCandidate | None = None
    for fs, fe in spans[:tries]:
        start = lo + where[fs]
        end = lo + where[fe] + 1
        while end < len(text) and unicodedata.combining(text[end]):
            end += 1
        candidate = snap(text, start, end, folded_quote, low_quote)
        if candidate is not None and (best is None or candidate.similarity > best.similarity):
            best = candidate
    return best
