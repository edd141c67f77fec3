"""An exact quotation compared where the folded view says it may stand, not searched for.

The folded view's memo (``folded_view.verbatim_places``) knows the source places where a
quotation with plain edges can stand verbatim on word boundaries; comparing it there spares the
exact tier its own scan of the text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from quote_tui.engine.budget import checkpoint
from quote_tui.engine.meaning import sign_before

__all__ = ["finds", "spans_at"]

Span = tuple[int, int]


def finds(text: str, quote: str, pos: int) -> Iterator[int]:
    """Every offset of ``quote`` in ``text`` from ``pos`` on, overlapping ones included."""
    pos = text.find(quote, pos)
    while pos >= 0:
        yield pos
        pos = text.find(quote, pos + 1)


def spans_at(
    text: str,
    quote: str,
    starts: Iterable[int],
    limit: int,
    edges_ok: Callable[[str, int, int], bool],
) -> tuple[int, list[Span], list[Span]]:
    """The exact tier's answer where the places a quotation without a short period may stand
    are known, in order: each is compared, not the text scanned (a periodic one takes
    ``find_exact``'s run walk).

    Args:
        text: the checked text.
        quote: the trimmed quotation.
        starts: the source places it may start at, in order (repeats allowed).
        limit: how many occurrences to locate (all are counted).
        edges_ok: whether an occurrence's edges fall on word boundaries.

    Returns:
        How many occurrences stand on word boundaries without a sign before them, the first
        ``limit`` of those, and the first ``limit`` of those with a sign before them.
    """
    found: list[Span] = []
    signed: list[Span] = []
    count = 0
    last = -1
    for pos in starts:
        checkpoint()
        # two folded places can share a source place (inside a ligature)
        if pos == last or not text.startswith(quote, pos):
            continue
        last, end = pos, pos + len(quote)
        if not edges_ok(text, pos, end):
            continue
        if sign_before(text, pos) is not None:
            if len(signed) < limit:
                signed.append((pos, end))
        else:
            count += 1
            if len(found) < limit:
                found.append((pos, end))
    return count, found, signed
