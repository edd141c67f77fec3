"""The checked text's folded view, and where folded quotations first stand in it.

The exact and normalized tiers and the count of line-broken occurrences each ask whether, and
where, a folded quotation stands in a long text's folded view; a scan of 5 MB costs about as
much as the rest of such a check, so the answer is kept for the next one that asks.
"""

from __future__ import annotations

from quote_tui.engine.normalize import Folded, fold
from quote_tui.engine.text import PreparedText

__all__ = ["FIRSTS_KEY", "first_place", "first_places", "folded_source", "verbatim_from"]

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


def first_places(prepared: PreparedText, source: Folded) -> dict[str, int] | None:
    """Where folded quotations first stand in a long text's folded view (-1: nowhere), or None
    for a text short enough to scan again."""
    if len(source.text) < _FIRSTS_MIN_CHARS:
        return None
    firsts = prepared.cache.get(FIRSTS_KEY)
    if not isinstance(firsts, dict) or len(firsts) >= _FIRSTS_KEPT:
        firsts = prepared.cache[FIRSTS_KEY] = {}
    return firsts


def first_place(source: Folded, needle: str, firsts: dict[str, int]) -> int:
    """The first offset of ``needle`` in the folded view, read from ``firsts`` when known."""
    if len(needle) > _FIRSTS_NEEDLE_CHARS:
        return source.text.find(needle)
    place = firsts.get(needle)
    if place is None:
        place = firsts[needle] = source.text.find(needle)
    return place


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
    source = prepared.cache.get(_FOLDED_KEY)
    if not isinstance(source, Folded) or not (_plain(quote[:1]) and _plain(quote[-1:])):
        return None
    firsts = first_places(prepared, source)
    if firsts is None:
        return None
    place = first_place(source, fold(quote).text, firsts)
    return place if place < 0 else source.source_start(place)


def _plain(c: str) -> bool:
    return c.isascii() and c.isalnum()  # "" is neither
