"""Which best alignments of a window are aligned back to their starts: the fewest that decide.

A window's best alignments all cost ``d`` edits, the least any part of the window costs, and
each of their ends ``e`` is aligned back to its earliest start ``s(e)`` (``align.start_of``, an
edlib call each). Those starts never decrease as the ends grow: for ends ``e1 < e2`` with
``s(e2) < s(e1)``, the best alignment ending at ``e2`` would start before and end after the one
ending at ``e1``, so their paths through the edit graph (monotone in both strings) share a
point; swapping their tails gives an alignment ending at ``e1`` from ``s(e2)`` and one ending at
``e2`` from ``s(e1)``, costing ``2 d`` together and each at least ``d``, so each exactly ``d``,
and ``s(e1)`` was not the earliest. So the earliest start of all is that of the first end
(``repeat.repeats_whole``), and the spans a refinement snaps can be taken in the order of their
ends (``first_spans``); ``tests/engine/test_starts.py`` holds both to every start worked out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["first_spans"]


def first_spans(
    start: Callable[[int], int], ends: Sequence[int], tries: int, cuts: Callable[[int], bool]
) -> list[tuple[int, int]]:
    """The first ``tries`` spans ``(start(e), e)`` of ``ends`` in the refinement's order, with as
    few starts worked out as that order needs.

    The order is a stable sort of the spans, in the order of ``ends``, by whether either edge
    cuts a word, then by start; going through the ends in order, each start is at least every
    one before it (module docstring). The ends where a span cuts no word come first in
    ``ends``, by end: a span of theirs that cuts no word ranks before every span that cuts one
    and after those found before it, so ``tries`` of them end the search. The ends where a span
    cuts a word (``cuts(e + 1)``) come last, by end; each ranks after every cutting span that
    ends before it (starting no later, standing earlier in ``ends``), so once those are as
    many as are still wanted, its start and every later one are not worked out.

    Args:
        start: the earliest start of the best alignment ending at an end (remembered).
        ends: ends of the window's best alignments, ordered by ``cuts(e + 1)`` then by end.
        tries: how many spans the refinement snaps.
        cuts: whether an edge at a folded offset cuts a word.

    Returns:
        Up to ``tries`` (start, end) pairs, in the refinement's order.
    """
    whole = [e for e in ends if not cuts(e + 1)]
    clean: list[tuple[int, int]] = []
    cutting: list[tuple[int, int, int]] = []  # (start, place in ``ends``, end)
    for place, e in enumerate(whole):
        s = start(e)
        if not cuts(s):
            clean.append((s, e))
            if len(clean) == tries:
                return clean
        else:
            cutting.append((s, place, e))
    wanted = tries - len(clean)
    # the cutting spans found so far that end before the next end: they start no later and
    # stand earlier in ``ends``, so they rank before it
    before = 0
    for place, e in enumerate(ends[len(whole) :], len(whole)):
        while before < len(cutting) and cutting[before][2] < e:
            before += 1
        if before >= wanted:
            break  # and so for every later end
        cutting.insert(before, (start(e), place, e))
    cutting.sort()
    return clean + [(s, e) for s, _, e in cutting[:wanted]]
