"""When refining a window can only repeat the whole text's refinement, so the window is spared.

A text up to ``search._WHOLE_TEXT_CHARS`` is refined around each rough hit and then whole
(``search.find_near``). The whole text's alignment (``span.align_window``) is made first; with
its best distance ``d`` and every end ``E`` of its best alignments, a window ``[lo, hi)`` refines
to the same span as the whole text when:

- the text folds character for character (``typography.fold_chars`` gives a ``range``): each
  character then folds alone, so the window's fold, lowercased and put in the quotation's
  symbols, is the slice of the whole text's; a window starting (or ending) with a space folds
  as the window without it, the fold dropping edge spaces, so it is judged without it;
- every end ``e`` of ``E`` leaves room in the window for the best alignments ending there:
  ``e + 1 < hi``, and ``lo`` before the earliest start of one, strictly (a window's edges never
  cut a word in ``span.refine``'s tie-breaks, the text's may). An alignment of the quotation
  (``m`` symbols) with ``d`` edits spans at most ``m + d`` characters, so ``lo < e + 1 - m -
  d`` is enough; else the earliest start is what ``align.start_of`` finds, aligning the
  reversed quotation back from ``e`` (the longest of the best, so the earliest).

The window's best distance is then ``d`` and its ends exactly ``E`` (an end outside ``E`` does
worse than ``d`` in the whole text, and no better in a part of it); each is aligned back to the
same start (``start_of`` reads at most ``m + d`` characters before the end: in the window, the
part of them after ``lo``, which holds the earliest best start, and so the same one) and ranked
by the same word cuts, so the same spans are snapped and the same one wins. The caller refines
the whole text in the window's place, once.
``tests/engine/test_repeat.py`` holds the two refinements to each other on random texts.
"""

from __future__ import annotations

from quote_tui.engine.near.align import LONG_QUOTE
from quote_tui.engine.near.span import Aligned

__all__ = ["repeats_whole"]

# Most ends of the whole text's best alignments aligned back to their starts to tell whether a
# window holds them: as many as the whole text's refinement aligns back in any case
# (``span.refine``), fewer for a long quotation, whose alignment back costs its length squared.
_ENDS_ALIGNED_BACK = 16
_LONG_ENDS_ALIGNED_BACK = 2


def repeats_whole(whole: Aligned, query: bytes, lo: int, hi: int) -> bool:
    """Whether refining ``text[lo:hi]`` gives what refining the whole text gives.

    Args:
        whole: ``span.align_window`` over the whole text.
        query: the aligned quotation (``span.Memo.query``).
        lo: the window's start in the text.
        hi: its end.
    """
    window, ends = whole.window, whole.ends
    if whole.lo != 0 or not isinstance(whole.where, range) or not ends:
        return False
    if not 0 <= lo < hi <= len(window):
        return False
    # the fold drops a window's edge spaces (one at most: the text has single spaces): such a
    # window refines as the one without them
    lo += window[lo] == " "
    hi -= window[hi - 1] == " "
    if max(ends) + 1 >= hi:
        return False
    if lo < min(ends) + 1 - len(query) - whole.distance:
        return True
    # Closer: the earliest start of a best alignment ending at each end, which the whole text's
    # refinement aligns back to in any case (for a few ends only: it aligns back at most 16)
    most = _ENDS_ALIGNED_BACK if len(query) <= LONG_QUOTE else _LONG_ENDS_ALIGNED_BACK
    if len(ends) > most:
        return False
    # the earliest start of them all is the first end's (``starts``: starts never decrease)
    return lo < whole.start(min(ends), query[::-1])
