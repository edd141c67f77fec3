"""The short-text path: a text the index would hold in one block is searched without one.

For such a text the index can only say whether any of the quotation's words stands in it (its
one block is then the seeded region), and the whole text is aligned either way. A set of its
words says the same at a fraction of the cost: no postings, no voting. Everything after the
seeding (rough alignment, refinement, ranking) is the indexed path's own code, so the two paths
give the same candidates (``tests/engine/test_short_path.py`` runs both on the same texts).

The view is kept in ``PreparedText.cache``, so checks on one prepared text build it once.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from quote_tui.engine.near.index import (
    SEED_BYTES,
    char_count,
    lowered,
    one_block,
    written_without_spaces,
)
from quote_tui.engine.text import PreparedText
from quote_tui.engine.typography import holds_spaceless

if TYPE_CHECKING:
    from quote_tui.engine.near.align import Hit

__all__ = ["SHORT_TEXT_BYTES", "ShortView", "char_offset", "short_rough", "short_view"]

SHORT_TEXT_BYTES = 4096
"""The largest text (in UTF-8 bytes) searched without an index. Past one index block (4,096
bytes, or 1,400 characters of a script without spaces) seeding can tell regions apart, so the
indexed path's candidates could differ; within it the index says no more than a set of the
text's words (docs/performance.md, "Short passages", has the costs)."""

_CACHE_KEY = "near.short"


class ShortView(NamedTuple):
    """A short text as the near tier reads it: the aligned bytes and the words seeding reads.

    A named tuple: warming any text loads this module, and a frozen dataclass costs about half
    a millisecond to create (docs/performance.md, "The whole process").
    """

    data: bytes  # as ``NearIndex.data``: UTF-8 with ASCII lowercased
    ascii: bool
    grams: bool  # written without spaces: keys are characters
    # what the index would hold: the text's characters (``grams``), or its seeding view between
    # two spaces, where a word is a key when it stands between spaces (a set of the words cost
    # more to build than searching for the quotation's few)
    vocabulary: frozenset[str] | bytes


def short_view(prepared: PreparedText, limit: int = SHORT_TEXT_BYTES) -> ShortView | None:
    """The text's short view, or None when it is longer than ``limit`` bytes or than one block.

    Args:
        prepared: the checked text.
        limit: the largest text searched without an index (0: never).

    Returns:
        The view (built once per text), or None for the indexed path.
    """
    text = prepared.text
    if len(text) > limit:  # a character is at least one byte
        return None
    view = prepared.cache.get(_CACHE_KEY)
    if view is None:
        # a text holding no character of a script without spaces is not written in one: a
        # quick search spares the script's class
        grams = holds_spaceless(text) and written_without_spaces(text)
        low, data = lowered(text, grams)
        if not one_block(low, data, grams):
            prepared.cache[_CACHE_KEY] = False
            return None
        vocabulary = (
            frozenset(ch for ch in low if not ch.isspace())
            if grams
            else b" " + data.translate(SEED_BYTES) + b" "
        )
        view = prepared.cache[_CACHE_KEY] = ShortView(
            data, len(data) == len(text), grams, vocabulary
        )
    if view is False or len(view.data) > limit:
        return None
    return view


def short_rough(
    view: ShortView, quote: str, folded_quote: str, low_quote: str, qbytes: bytes, limit: int
) -> list[Hit]:
    """The rough alignments the indexed path finds in a one-block text.

    The index's one block is the seeded region when any key of the quotation stands in it
    (``seed.seed_regions``); the whole text is aligned as well (``align.align_whole``). Whether
    a key stands there is asked only when it tells (``align.whole_text_hits``).
    """
    whole_text_hits = _search_parts()[0]

    def seeded() -> bool:
        return _holds_any(view, quote, folded_quote, low_quote)

    return whole_text_hits(view.data, qbytes, seeded, limit)


@cache
def _search_parts() -> tuple[
    Callable[[bytes, bytes, Callable[[], bool], int], list[Hit]],
    Callable[[bool, str, str, str], tuple[str, ...]],
    Callable[[str], list[bytes]],
]:
    """The indexed path's aligner and seeding keys, loaded on the first near check (warming a
    text needs none) and then kept: an import statement costs about a microsecond each time."""
    from quote_tui.engine.near.align import whole_text_hits
    from quote_tui.engine.near.seed import key_variants, word_keys

    return whole_text_hits, key_variants, word_keys


def _holds_any(view: ShortView, quote: str, folded_quote: str, low_quote: str) -> bool:
    """Whether any of a quotation's seeding keys (``seed.seed_keys``) is one the index would hold.

    The keys of each form of the quotation are asked in turn and the first held one answers:
    most quotations share their first word with the text, so the rest are never worked out.
    """
    _, key_variants, word_keys = _search_parts()
    variants = key_variants(view.grams, quote, folded_quote, low_quote)
    vocabulary = view.vocabulary
    if isinstance(vocabulary, frozenset):
        return any(not vocabulary.isdisjoint(v) for v in variants)
    # the seeding view has words (no spaces in them) between single spaces: a word is held when
    # it stands between two spaces
    return any(b" " + key + b" " in vocabulary for v in variants for key in word_keys(v))


def char_offset(view: ShortView, byte: int) -> int:
    """The code-point offset of a byte offset of ``view.data``."""
    return byte if view.ascii else char_count(view.data[:byte])
