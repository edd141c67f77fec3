"""Opcodes turning a quotation's token keys into the source's: difflib's, with a shortcut for
the common case (the keys differ only between a common head and tail) and a bound for keys that
repeat so much that difflib would be slow. ``diff.word_differences`` reads its words' pairing
from them.
"""

from __future__ import annotations

from collections import Counter
from difflib import SequenceMatcher

from rapidfuzz.distance import Levenshtein

__all__ = ["head_tail_opcodes", "opcodes"]

# Token pairs difflib may visit (see ``opcodes``); ordinary prose of 20,000 characters stays far
# below it.
_MAX_DIFFLIB_WORK = 2_000_000


def opcodes(a: list[str], b: list[str]) -> list[tuple[str, int, int, int, int]]:
    """Opcodes turning token keys ``a`` into ``b``: difflib's longest matching blocks, unless
    the tokens repeat so much that difflib would be slow.

    difflib's search for the longest block visits, per token of ``a``, every place the same
    token stands in ``b``: about the sum over keys of count(a) * count(b), which for a
    20,000-character quotation of one repeated word is tens of millions of steps per block.
    Past a bound, rapidfuzz's bit-parallel Levenshtein opcodes (least edits) take over.
    """
    # the work is at most every pair of tokens: a short diff needs no count
    if len(a) * len(b) <= _MAX_DIFFLIB_WORK:
        trimmed = head_tail_opcodes(a, b)
        if trimmed is not None:
            return trimmed
        work = 0
    else:
        counts_b = Counter(b)
        work = sum(n * counts_b[key] for key, n in Counter(a).items())
    if work <= _MAX_DIFFLIB_WORK:
        return SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    return [tuple(op) for op in Levenshtein.opcodes(a, b)]  # type: ignore[misc]


def head_tail_opcodes(a: list[str], b: list[str]) -> list[tuple[str, int, int, int, int]] | None:
    """difflib's opcodes for keys that differ only between a common head and tail (a number
    changed, a negation put in, a word dropped), or None when that is not sure.

    When no word between the head and the tail stands anywhere else on either side, no block
    difflib can match holds one, so on a side with words between, a block lies within the head
    or the tail: none is longer than the longer of the two. difflib takes the longest block
    earliest in ``a``, then in ``b``: the head whole when it is at least as long as the tail
    (no block starts before it), else the tail whole, unless the tail also stands earlier on a
    side with nothing between ("the a the" against "the the": the tail "the" there starts at
    0). Then the other end, and the words between are one replace, insert or delete
    (``tests/engine/test_diff_fast_paths.py`` compares it with difflib). The head and the tail
    may share words ("the"). Setting difflib up cost more than the rest of a short diff.
    """
    n = min(len(a), len(b))
    head = 0
    while head < n and a[head] == b[head]:
        head += 1
    if head == len(a) == len(b):
        return [("equal", 0, head, 0, head)] if head else []
    tail = 0
    while tail < n - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    a_end, b_end = len(a) - tail, len(b) - tail
    between = set(a[head:a_end])
    others = b[head:b_end]
    ends = set(a[:head])
    ends.update(a[a_end:])
    # no word between stands elsewhere on either side
    if not (ends.isdisjoint(between) and ends.isdisjoint(others) and between.isdisjoint(others)):
        return None
    if tail > head and (a_end == head or b_end == head):
        # the side with nothing between is head + tail: the tail may also start in the head
        side, last = a if a_end == head else b, a[a_end:]
        if any(side[j : j + tail] == last for j in range(head)):
            return None
    tag = "replace" if a_end > head and b_end > head else "delete" if a_end > head else "insert"
    ops = [("equal", 0, head, 0, head)] if head else []
    ops.append((tag, head, a_end, head, b_end))
    if tail:
        ops.append(("equal", a_end, len(a), b_end, len(b)))
    return ops
