"""One reference as written in running text, and how overlapping readings of it are settled.

A ``Mention`` is one reference as written: a Pandoc key, a LaTeX cite, an author-date
citation, a numbered reference, a footnote mark, a URL, DOI or PMID. Each reader of a syntax
(pandoc_cites, latex_cites, author_year, author_page, mark_cites, web_cites) offers its
patterns as ``Scanner`` pairs; refs.find_mentions runs them in order.
"""

from __future__ import annotations

import re
from bisect import bisect_left, insort
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from quote_tui.manuscripts.model import Locator

__all__ = ["Mention", "Scanner", "first_of_overlapping"]


@dataclass(frozen=True, slots=True)
class Mention:
    """A reference as written in the text; ``start:end`` is its span."""

    start: int
    end: int
    style: str  # pandoc|latex|author_date|numbered|footnote|url|doi|pmid|locator
    raw: str
    key: str | None = None
    locator: Locator | None = None
    names: tuple[str, ...] = ()
    year: str | None = None
    number: str | None = None
    target: str | None = None
    footnote: str | None = None


# A pattern and what builds mentions from one of its matches (none when the match is not one).
Scanner = tuple[re.Pattern[str], Callable[[re.Match[str]], list[Mention]]]


def first_of_overlapping(mentions: Iterable[Mention]) -> list[Mention]:
    """The mentions that overlap none found before them, in the order given.

    The kept spans never overlap, so sorted by start their ends rise too: a new span overlaps one
    of them exactly when the last kept span starting before its end reaches past its start. One
    bisection per mention, where comparing with every kept one was quadratic in a long window
    (the rest of a 3 MB manuscript after its last quotation).
    """
    found: list[Mention] = []
    spans: list[tuple[int, int]] = []
    for mention in mentions:
        k = bisect_left(spans, (mention.end,))
        if k == 0 or spans[k - 1][1] <= mention.start:
            insort(spans, (mention.start, mention.end))
            found.append(mention)
    return found
