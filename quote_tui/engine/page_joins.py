"""Words hyphenated across a column or page break, with what the reading order puts between.

A PDF's reading order can set a figure, a running head, a page number or a footnote between the
two halves of a word hyphenated at the foot of a column or page: "a set of arti-" … "Figure 4:
System overview." … "cles that talk about". The checked text keeps every block where it stands,
so the normalized tier (which joins "arti-\\ncles" at a line break) cannot see the word. Here a
quotation that no tier found is tried once more in a *joined view* of each such break: the text
before the hyphen, one line break, and the text from where the word goes on. What the view finds
is mapped back to the checked text; the blocks skipped over are the match's omitted text, so the
report shows them and never claims the quotation runs through them.

A break is joined only where the reading order plainly continues the word: a letter and a hyphen
end a block, and a later block, no more than ``_MAX_SKIP`` characters on, starts with a lowercase
letter (the next block that does). Only breaks whose joined word the quotation holds are tried,
so the cost is nothing for texts without such breaks and a small window check for those with.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from quote_tui.engine.records import (
    FOUND_STATUSES,
    CheckResult,
    Difference,
    Fragment,
    Match,
    MatchOptions,
    Rule,
    Status,
)
from quote_tui.engine.text import PreparedText
from quote_tui.engine.typography import HYPHENS, SOFT_HYPHEN

__all__ = ["Bridge", "bridges", "check_across_breaks"]

_CACHE_KEY = "page_joins.bridges"
_MAX_SKIP = 4_000
"""Characters of other blocks a word may skip: a figure with its caption, a page's foot and the
next page's head. A continuation further on is more likely another word than this one's end."""
_MAX_BRIDGES_TRIED = 16
"""Breaks tried for one quotation: a quotation names few broken words, and each try costs a
window check."""
_WINDOW_SLACK = 200
"""Characters of context beyond the quotation's length on each side of a joined break."""
# the hyphen and the blank line first: a scan that starts at every letter would cost far more
_BROKEN = re.compile(r"[" + HYPHENS + SOFT_HYPHEN + r"][ \t]*\r?\n[ \t]*(?:\r?\n|\f)\s*")
_WORD_BEFORE = re.compile(r"[^\W\d_]+$")
_BLOCK_START = re.compile(r"\n[ \t]*\n\s*(?=\S)")
_WORD = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True, slots=True)
class Bridge:
    """One word hyphenated across a block break, joined past the blocks between.

    Attributes:
        head_end: end of the word's first half and its hyphen ("arti-").
        gap_end: where the word goes on ("cles"); the text between is other blocks.
        word: the joined word, lowercased ("articles").
        head_letters: how many of its letters stand before the hyphen.
    """

    head_end: int
    gap_end: int
    word: str
    head_letters: int


def bridges(prepared: PreparedText) -> tuple[Bridge, ...]:
    """Every hyphenated word of the text whose continuation stands a few blocks further on.

    Args:
        prepared: the checked text (the result is kept in its cache).

    Returns:
        The bridges in text order; empty for most texts.
    """
    found = prepared.cache.get(_CACHE_KEY)
    if found is None:
        found = tuple(_find(prepared.text))
        prepared.cache[_CACHE_KEY] = found
    return found


def _find(text: str) -> list[Bridge]:
    out: list[Bridge] = []
    if "\n" not in text:  # every break holds one: most short texts are spared the scan
        return out
    for m in _BROKEN.finditer(text):
        if text[m.end() : m.end() + 1].islower():
            continue  # the next block goes on with the word: the fold joins it already
        head = _WORD_BEFORE.search(text, max(0, m.start() - 64), m.start())
        if head is None:
            continue
        head_end = m.start() + 1
        for block in _BLOCK_START.finditer(text, m.end(), min(len(text), m.end() + _MAX_SKIP)):
            first = text[block.end() : block.end() + 1]
            if first.isalpha() and first.islower():
                tail = _WORD.match(text, block.end())
                if tail is not None:
                    word = (head.group() + tail.group()).lower()
                    out.append(Bridge(head_end, block.end(), word, len(head.group())))
                break
    return out


def check_across_breaks(
    prepared: PreparedText,
    quote: str,
    options: MatchOptions,
    ladder: Callable[[PreparedText, str, MatchOptions], CheckResult],
) -> tuple[Status, tuple[Match, ...]] | None:
    """The quotation found in the joined view of a break it runs across, or None.

    Args:
        prepared: the checked text.
        quote: the quotation as given.
        options: matching settings.
        ladder: the status ladder to run on a joined window (exact, normalized, near).

    Returns:
        The verdict and every match, located in ``prepared``: ``normalized`` when a joined
        window finds the quotation (exactly or normalized), else the near passages that run
        across a break; None when no break applies. The caller keeps a near verdict only if
        it beats its own.
    """
    joined = bridges(prepared)
    if not joined:
        return None
    words = {w.lower() for w in _WORD.findall(quote)}
    reach = len(quote) + _WINDOW_SLACK
    found: list[Match] = []
    near: list[Match] = []
    for bridge in [b for b in joined if b.word in words][:_MAX_BRIDGES_TRIED]:
        start = max(0, bridge.head_end - reach)
        head = prepared.text[start : bridge.head_end]
        tail = prepared.text[bridge.gap_end : bridge.gap_end + reach]
        result = ladder(PreparedText(head + "\n" + tail), quote, options)
        kept = found if result.status in FOUND_STATUSES else near
        for m in result.matches:
            if m.start < len(head) < m.end:  # only matches that run across the break
                kept.append(_placed(prepared, quote, m, start, head, bridge, options))
    matches = sorted(found or near, key=lambda m: m.start)
    if not matches:
        return None
    return (Status.NORMALIZED if found else Status.NEAR), tuple(matches)


def _placed(
    prepared: PreparedText,
    quote: str,
    m: Match,
    start: int,
    head: str,
    bridge: Bridge,
    options: MatchOptions,
) -> Match:
    """A window's match located in the checked text, the skipped blocks as omitted text."""

    def at(offset: int) -> int:
        # the window's one line break stands for everything between the hyphen and the tail
        return start + offset if offset <= len(head) else bridge.gap_end + offset - len(head) - 1

    skipped = prepared.text[bridge.head_end : bridge.gap_end].strip()
    if m.fragments:
        fragments = tuple(replace(f, start=at(f.start), end=at(f.end)) for f in m.fragments)
    else:
        quote_head, quote_tail = _split_quote(quote, bridge)
        fragments = (
            Fragment(quote=quote_head, start=at(m.start), end=bridge.head_end, omitted=skipped),
            Fragment(quote=quote_tail, start=bridge.gap_end, end=at(m.end)),
        )
    differences = tuple(_moved(d, at) for d in m.differences)
    found = m.kind in FOUND_STATUSES
    rules = tuple(r for r in Rule if r in {*m.rules, Rule.DEHYPHENATE}) if found else ()
    return prepared.match(
        Status.NORMALIZED if found else m.kind,
        at(m.start),
        at(m.end),
        similarity=m.similarity,
        context=options.context,
        rules=rules,
        differences=differences,
        fragments=fragments,
    )


def _split_quote(quote: str, bridge: Bridge) -> tuple[str, str]:
    """The quotation cut inside the broken word, where the source's hyphen stands."""
    for word in _WORD.finditer(quote):
        if word.group().lower() == bridge.word:
            cut = word.start() + bridge.head_letters
            return quote[:cut], quote[cut:]
    return quote, ""


def _moved(d: Difference, at: Callable[[int], int]) -> Difference:
    if d.source_start is None or d.source_end is None:
        return d
    return replace(d, source_start=at(d.source_start), source_end=at(d.source_end))
