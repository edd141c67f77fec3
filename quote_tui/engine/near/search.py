"""The near search of one quotation in one text: seed, align roughly, refine, rank (the stages
are described in the package's docstring)."""

from __future__ import annotations

from quote_tui.engine.budget import checkpoint
from quote_tui.engine.near import short
from quote_tui.engine.near.align import align_whole, cuts_word_bytes, disjoint, rough_hits
from quote_tui.engine.near.index import char_offset, index_of
from quote_tui.engine.near.repeat import repeats_whole
from quote_tui.engine.near.score import NearCandidate
from quote_tui.engine.near.seed import GLOBAL_SEARCH_BYTES, seed_bounds
from quote_tui.engine.near.short import char_offset as short_char_offset
from quote_tui.engine.near.short import short_rough, short_view
from quote_tui.engine.near.span import Aligned, Memo, align_window, refine
from quote_tui.engine.text import PreparedText
from quote_tui.engine.typography import fold_chars, lower_same_length

__all__ = ["find_near"]

# A text up to this many characters is also aligned whole on folded characters: its byte view is
# not folded (a ligature, 𝐀 for A), and aligning it costs little.
_WHOLE_TEXT_CHARS = 32_000
# Candidates sought beyond the limit, for quotations up to _SPARE_QUOTE_CHARS: a seeded region
# may hold a worse passage than the next one.
_SPARE_CANDIDATES = 3
_SPARE_QUOTE_CHARS = 5000
# Characters read around a rough hit when it is refined: a fixed few, plus a share of the
# quotation (a rough hit may be off by a word or two at each end).
_SLACK_CHARS = 24
_SLACK_SHARE = 4
# What ``prepared.cache`` keeps for the next quotation checked in the same text: the text's fold
# when it folds character for character (its offsets a ``range``), and a short text's words
# (``span.snap``). Neither depends on the quotation.
_FOLD_KEY = "near.fold"
_MASK_KEY = "near.mask"


def find_near(
    prepared: PreparedText,
    quote: str,
    *,
    limit: int = 5,
    short_text_bytes: int | None = None,
) -> tuple[NearCandidate, ...]:
    """Find the passages of ``prepared.text`` closest to ``quote``, best first.

    Candidates below the near threshold are returned too: the caller decides what counts as
    near (``score.near_threshold``) and reports the best similarity either way.

    Args:
        prepared: the checked text; its seeding index is cached in ``prepared.cache``.
        quote: the quotation as typed.
        limit: most candidates to return; they never overlap.
        short_text_bytes: the largest text searched without an index (``short.SHORT_TEXT_BYTES``
            when None; 0 always builds one). Both paths give the same candidates.

    Returns:
        Up to ``limit`` candidates, by descending similarity then position.
    """
    text = prepared.text
    folded_quote, _ = fold_chars(quote)
    if limit <= 0 or not text or not folded_quote:
        return ()
    low_quote = lower_same_length(folded_quote)
    qbytes = low_quote.encode("utf-8", "surrogatepass")
    count = limit + _SPARE_CANDIDATES if len(quote) <= _SPARE_QUOTE_CHARS else limit
    view = short_view(
        prepared, short.SHORT_TEXT_BYTES if short_text_bytes is None else short_text_bytes
    )
    if view is not None:
        data = view.data
        rough = short_rough(view, quote, folded_quote, low_quote, qbytes, limit)
    else:
        index = index_of(prepared)
        data = index.data
        bounds = seed_bounds(prepared, quote, folded_quote, low_quote, count)
        rough = rough_hits(data, qbytes, bounds, limit)
        if not bounds or len(data) <= GLOBAL_SEARCH_BYTES:
            rough += align_whole(qbytes, data)
    # Among equally close hits, those that do not cut a word come first ("0" in "0000" and alone).
    rough = disjoint(
        sorted(rough, key=lambda h: (h[0], cuts_word_bytes(data, h[1], h[2]), h[1])), count
    )

    def to_char(byte: int) -> int:
        return short_char_offset(view, byte) if view is not None else char_offset(index, byte)

    slack = _SLACK_CHARS + len(folded_quote) // _SLACK_SHARE
    windows = [
        (max(0, to_char(b) - slack), min(len(text), to_char(e) + slack))
        for _, b, e in rough[:count]
    ]
    cache = prepared.cache
    memo = Memo(folded_quote, low_quote, mask=cache.get(_MASK_KEY))
    whole: Aligned | None = None
    if len(text) <= _WHOLE_TEXT_CHARS:
        # The byte view is not folded (a ligature, 𝐀 for A): a short text is also aligned whole.
        windows.append((0, len(text)))
        # aligned first: a window that can only repeat the whole text's refinement is spared
        folded = cache.get(_FOLD_KEY)
        if folded is None:
            folded = fold_chars(text)
            if isinstance(folded[1], range):  # no list of offsets kept: a text's size again
                cache[_FOLD_KEY] = folded
        if isinstance(folded[1], range):  # its windows and spans fold as its slices
            memo.text_fold = folded[0]
        whole = align_window(text, 0, len(text), memo, folded)
    found: list[NearCandidate] = []
    seen: set[tuple[int, int]] = set()
    whole_done = False
    for lo, hi in dict.fromkeys(windows):  # a window seen before refines to the same span
        checkpoint()
        if whole is not None and (
            (lo == 0 and hi == len(text)) or repeats_whole(whole, memo.query, lo, hi)
        ):
            # the whole text's refinement, in the place of the first window that repeats it
            if whole_done:
                continue
            whole_done = True
            candidate = refine(text, 0, len(text), folded_quote, low_quote, memo, whole)
        else:
            candidate = refine(text, lo, hi, folded_quote, low_quote, memo)
        if candidate is not None and (candidate.start, candidate.end) not in seen:
            seen.add((candidate.start, candidate.end))
            found.append(candidate)
    if memo.mask is not None:  # a short text's words, the same for every quotation
        cache[_MASK_KEY] = memo.mask
    found.sort(key=lambda c: (-c.similarity, c.start))
    kept: list[NearCandidate] = []
    for c in found:
        if all(c.end <= k.start or c.start >= k.end for k in kept):
            kept.append(c)
            if len(kept) == limit:
                break
    return tuple(kept)
