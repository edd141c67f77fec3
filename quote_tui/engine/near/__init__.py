"""Near tier: the closest passages to a quotation that is not in the text as given.

Search runs in stages so that a big text costs little per quotation:

1. ``index``: once per text, the lowercased UTF-8 text is cut into ~4 KB blocks and the blocks
   holding each word (or, for scripts written without spaces, each character) are recorded.
   ``pairs`` adds adjacent word pairs for a text written from a small vocabulary: on need,
   or, when the text is warmed, from the same split of its blocks into words. A
   text the index would hold in one block is searched without one (``short``): a set of its
   words seeds it, with the same candidates.
2. ``seed``: a quotation's rarer words (or word pairs, or verbatim pieces) vote for runs of
   blocks.
3. ``align``: the best runs are aligned roughly with edlib on bytes.
4. ``span``: around each rough hit the text is folded (``typography.fold_chars``) and aligned
   again character by character; the span's edges snap to word boundaries. A text up to
   32,000 characters is refined whole as well, and a window that can only repeat that
   (``repeat``) is refined as the whole text, once.
5. ``score``: similarity, the choice among a span's edge variants, and the near threshold.

Worst-case bounds, per quotation unless said otherwise, and what guarantees each:

| stage (cost per) | worst case | held by |
|---|---|---|
| index (text) | one pass at C speed; about 2 bytes a (word, block) | ``index._BLOCK_BYTES`` |
| pairs (text, on need) | one or two code units per adjacent word pair | ``pairs._PAIR_IDS`` |
| voting | at most 96 keys, each over its postings | ``seed._MAX_SEED_TOKENS`` |
| regions | limit + 3, each at most 256 KB or 4 x the quotation | ``seed.seed_bounds`` |
| verbatim pieces | 24 pieces, each found at most 4 times | ``seed._ANCHORS`` |
| rough alignment | a distance bound; 8 ends aligned back a region | ``align._REGION_HITS`` |
| whole text aligned | bytes x quotation words (64-bit) <= 16e6, ~0.3 s | ``align._WHOLE_BUDGET`` |
| overlap sweep | one bisection a hit, stopped at the limit | ``align.disjoint`` |
| refinement | limit + 3 windows; 16 ends, 4 aligned back (long: 2, 1) | ``span._WINDOW_ENDS`` |
| snapping | edges move at most 256 characters; a few options an edge | ``span._WORD_REACH`` |
| similarity | banded Levenshtein, widened only when exceeded | ``score._distance`` |
| wall clock | ``budget.checkpoint()`` in every long loop | ``engine.budget`` |

A quotation is long past ``align.LONG_QUOTE`` (1,000) bytes. Together these keep a check under
2 s on the adversarial texts of ``benchmarks/worst_case.py``, and the index under 6 times the
text's size.

The package itself loads only what building the index needs, and the search its stages on
first use, so a check that the exact tier answers never loads edlib or rapidfuzz.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from quote_tui._lazy import lazy_names, public_names
from quote_tui.engine.near.short import short_view

if TYPE_CHECKING:
    from quote_tui.engine.near.score import NearCandidate as NearCandidate
    from quote_tui.engine.near.score import near_threshold as near_threshold
    from quote_tui.engine.near.search import find_near as find_near

if TYPE_CHECKING:  # not exported: the type of ``warm``'s argument
    from quote_tui.engine.text import PreparedText

_EXPORTS = {
    "quote_tui.engine.near.score": ("NearCandidate", "near_threshold"),
    "quote_tui.engine.near.search": ("find_near",),
}

__all__ = sorted([*public_names(_EXPORTS), "warm"])


def warm(prepared: PreparedText) -> None:
    """Build the near index of a text now rather than on its first near check (a short text,
    searched without one, gets its short view)."""
    if short_view(prepared) is not None:
        return
    from quote_tui.engine.near.pairs import index_and_pairs  # pairs for a small vocabulary

    index_and_pairs(prepared)


__getattr__, __dir__ = lazy_names(__name__, _EXPORTS, globals())
