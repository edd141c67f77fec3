"""A footnote that runs on from one page's foot to the next page's.

Asides follow the whole body in the checked text, page by page (``pdf._compose``), so a
footnote broken at a page's foot ("... Philippe Hamon. Le personnel du") would read on into
that page's folio and the next page's running head before its other half ("roman : le système
des personnages ..."). The other half is moved to stand right after the first, as body text
runs on across a page; its lines keep their own page.

The second half is told by where it stands and how it reads: the first note-sized aside in the
lower half of the next page, set in the size of the broken note, opening with a small letter
and not with a note's mark, a few words long, after a note that ends without closing its sentence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from quote_tui.sources.readers.pdf_layout import Block

__all__ = ["carry_notes"]

_OPEN_END = re.compile(r"[^.!?»”)\]]\s*$")
"""A note that ends without closing its sentence (no full stop, closing quote or bracket)."""
_FOLIO = re.compile(r"^\s*(?:[-–—]\s*)?(?:\d{1,6}|[ivxlcdm]{1,8})(?:\s*[-–—])?\s*$", re.I)
"""A page number: the furniture standing after a page's last note."""
_OPENING = re.compile(r"[^\W\d_]+[\s,]")
"""A word that goes on a sentence: letters, then a space or a comma (not a link's
"localhost:1234" or "https://", which a page's foot repeats)."""
_CITED = re.compile(r"\([A-Z][a-z]{0,5}\.\s")
"""A citation's bracket opening with an abbreviation, which goes on a sentence: "(Minn. 1930)"
after "234 N.W. 9, 10" (a table's "(Additional file 1" does not)."""
_MIN_WORDS = 4
"""Fewest words of a note's second half: a stray word or label at a page's foot is none."""
_SAME_SIZE = 0.5
"""Points within which the two halves of one note are set."""
_LOWER = 0.5
"""Share of the page's height below which a page's notes stand."""
_LEVEL = 2.0
"""Points within which asides' tops stand level (a caption's two columns)."""


def _last_note(side: Sequence[Block]) -> int | None:
    """Where the page's last aside that is not its folio stands, when it runs on."""
    for i in range(len(side) - 1, -1, -1):
        if _FOLIO.match(side[i].text):
            continue
        return i if _OPEN_END.search(side[i].text) else None
    return None


def _run_on(side: Sequence[Block], height: float, size: float, floor: float) -> int | None:
    """Where the next page's first note stands, when it opens as the rest of a sentence
    (``floor``: the foot of the page's body, under which a page whose notes outweigh its body
    sets them, higher than its lower half)."""
    top = min(height * _LOWER, floor)
    lower = [i for i, b in enumerate(side) if b.rect[1] > top and not _FOLIO.match(b.text)]
    if not lower:
        return None
    # the first in reading order of those that stand highest: a caption set in two columns
    # opens at the left, and its right half, level with it, goes on its sentence, not a note's
    top_line = min(side[i].rect[1] for i in lower) + _LEVEL
    first = min(i for i in lower if side[i].rect[1] <= top_line)
    text = side[first].text.lstrip()
    opens = (_OPENING.match(text) is not None and text[:1].islower()) or bool(_CITED.match(text))
    if opens and len(text.split()) >= _MIN_WORDS and abs(side[first].size - size) <= _SAME_SIZE:
        return first
    return None


def carry_notes(
    sides: Sequence[Sequence[Block]],
    heights: Sequence[float],
    floors: Sequence[float] | None = None,
) -> list[list[tuple[Block, int]]]:
    """Each page's asides with the 1-based page each stands on, a note's second half moved
    from the next page's asides to stand right after its first.

    Args:
        sides: each page's asides in reading order.
        heights: each page's height (0.0 for a page that could not be read).
        floors: each page's lowest body text's foot (its height when it has none).

    Returns:
        Each page's asides as (block, page) pairs.
    """
    out = [[(b, n + 1) for b in side] for n, side in enumerate(sides)]
    for n in range(len(sides) - 1):
        here, there = out[n], out[n + 1]
        at = _last_note([b for b, _ in here])
        if at is None or not there or heights[n + 1] <= 0:
            continue
        floor = floors[n + 1] if floors is not None else heights[n + 1]
        moved = _run_on([b for b, _ in there], heights[n + 1], here[at][0].size, floor)
        if moved is not None:
            here.insert(at + 1, there.pop(moved))
    return out
