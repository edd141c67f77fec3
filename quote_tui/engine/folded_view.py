"""The checked text's folded view, and where folded quotations first stand in it.

The exact and normalized tiers and the count of line-broken occurrences each ask whether, and
where, a folded quotation stands in a long text's folded view; a scan of 5 MB costs about as
much as the rest of such a check, so the answer is kept for the next one that asks.
"""

from __future__ import annotations

from dataclasses import dataclass

from quote_tui.engine.normalize import Folded, fold, fold_quote
from quote_tui.engine.text import PreparedText

__all__ = [
    "FIRSTS_KEY",
    "Places",
    "first_place",
    "first_places",
    "folded_source",
    "places_of",
    "verbatim_from",
    "verbatim_places",
]

_FOLDED_KEY = "engine.normalize.folded"
# A text this long keeps where each folded quotation it was searched for first stands (a few
# dozen, then forgotten): the exact tier, the normalized tier and the count of line-broken
# occurrences read the same answer instead of scanning the text again. A shorter text scans
# faster than the memo pays for.
FIRSTS_KEY = "engine.exact.firsts"
"""Where the memo of first places is kept in ``PreparedText.cache``."""
_FIRSTS_MIN_CHARS = 65_536
_FIRSTS_KEPT = 64
# A longer quotation is looked for afresh each time: kept ones then hold at most 64,000
# characters, less than the text they save scanning.
_FIRSTS_NEEDLE_CHARS = 1000
# The places of a folded quotation that one scan gathers: a quotation found a few times is then
# answered for the exact tier, the normalized tier and the line-broken count by that one scan of
# the text (each scanned on from its own first place before, up to three scans in all).
_PLACES_KEPT = 8


@dataclass(frozen=True, slots=True)
class Places:
    """Where a needle stands, in order (overlapping places included): its first places, and
    whether they are all of them."""

    starts: tuple[int, ...]
    complete: bool


def folded_source(prepared: PreparedText) -> Folded:
    """The checked text's folded view, built on first use and kept for the text's lifetime.

    Args:
        prepared: the checked text.

    Returns:
        Its ``Folded`` view.
    """
    cached = prepared.cache.get(_FOLDED_KEY)
    if cached is None:
        cached = fold(prepared.text)
        prepared.cache[_FOLDED_KEY] = cached
    return cached


def first_places(prepared: PreparedText, source: Folded) -> dict[str, Places] | None:
    """Where folded quotations first stand in a long text's folded view (-1: nowhere), or None
    for a text short enough to scan again."""
    if len(source.text) < _FIRSTS_MIN_CHARS:
        return None
    firsts = prepared.cache.get(FIRSTS_KEY)
    if not isinstance(firsts, dict) or len(firsts) >= _FIRSTS_KEPT:
        firsts = prepared.cache[FIRSTS_KEY] = {}
    return firsts


def first_place(source: Folded, needle: str, firsts: dict[str, Places]) -> int:
    """The first offset of ``needle`` in the folded view, read from ``firsts`` when known."""
    if len(needle) > _FIRSTS_NEEDLE_CHARS:
        return source.text.find(needle)
    starts = places_of(source, needle, firsts).starts
    return starts[0] if starts else -1


def places_of(source: Folded, needle: str, firsts: dict[str, Places]) -> Places:
    """The first places of ``needle`` in the folded view, read from ``firsts`` when known."""
    if len(needle) > _FIRSTS_NEEDLE_CHARS:
        return _scan(source.text, needle)
    places = firsts.get(needle)
    if places is None:
        places = firsts[needle] = _scan(source.text, needle)
    return places


def _scan(text: str, needle: str) -> Places:
    found: list[int] = []
    i = text.find(needle)
    while i >= 0 and len(found) < _PLACES_KEPT:
        found.append(i)
        i = text.find(needle, i + 1)
    return Places(tuple(found), i < 0)


def verbatim_from(prepared: PreparedText, quote: str) -> int | None:
    """Where in the checked text a verbatim occurrence of ``quote`` may first start, as the
    folded view (already built) shows: -1 when nowhere, None when it cannot tell.

    A quotation that starts and ends with an ASCII letter or digit folds, wherever it stands on
    word boundaries, exactly as it folds alone: every folded region is either made of what
    cannot be such a character (spaces, hyphens, quotation marks, ligatures, invisible or
    unstable characters) or is a letter with the combining marks after it, and a mark after
    the quotation's last letter would cut a word. So no verbatim occurrence starts before the
    source place of its fold's first folded place, and none stands when its fold is absent; the
    scan of the folded view that says so serves the normalized tier too.
    """
    places = verbatim_places(prepared, quote)
    if places is None:
        return None
    return places.starts[0] if places.starts else -1


def verbatim_places(prepared: PreparedText, quote: str) -> Places | None:
    """The source offsets where verbatim occurrences of ``quote`` on word boundaries may start,
    as the folded view (already built) shows, or None when it cannot tell.

    A verbatim occurrence on word boundaries of a quotation with plain ASCII edges is an
    occurrence of its fold (``verbatim_from``) that starts at the source place of its first
    folded character: its first character is a plain one, which stands for itself. When the
    places are all known, the text needs no scan for the quotation itself.
    """
    source = prepared.cache.get(_FOLDED_KEY)
    if not isinstance(source, Folded) or not (_plain(quote[:1]) and _plain(quote[-1:])):
        return None
    firsts = first_places(prepared, source)
    if firsts is None:
        return None
    places = places_of(source, fold_quote(quote).text, firsts)
    return Places(tuple(source.source_start(p) for p in places.starts), places.complete)


def _plain(c: str) -> bool:
    return c.isascii() and c.isalnum()  # "" is neither
