"""An exact quotation's occurrences that a line break interrupts.

The ladder stops at its first tier that finds a quotation, so without this an occurrence
broken across two lines ("treatment-\\nnaïve") beside a verbatim one would be neither counted
nor shown, and a page check would miss the one on the cited page.
"""

from __future__ import annotations

from quote_tui.engine.exact import Hits, find_normalized
from quote_tui.engine.folded_view import first_places, folded_source, places_of
from quote_tui.engine.plain_letters import stands_at_most
from quote_tui.engine.quote_parts import plan_quote
from quote_tui.engine.records import MatchOptions
from quote_tui.engine.text import PreparedText

__all__ = ["find_line_broken"]

_BREAK_CHARACTERS = "\n\r\x0b\x0c\x85\u2028\u2029"
"""The characters ``LINE_BREAK_PATTERN`` matches, each sought with ``in`` (a byte search)."""


def find_line_broken(
    prepared: PreparedText, quote: str, verbatim: int, *, options: MatchOptions
) -> Hits:
    """The occurrences of a quotation found as it stands that a line break interrupts.

    Only the folded quotation as a whole is sought (no ellipsis or
    bracket reading): these are the same words, laid out otherwise.

    Args:
        prepared: the checked text.
        quote: the trimmed quotation, already found as it stands.
        verbatim: how many times it stands verbatim (``find_exact``'s count).
        options: matching settings (``max_matches``).

    Returns:
        The count and the first ``options.max_matches`` such occurrences with their rules.
    """
    text = prepared.text
    if not any(brk in text for brk in _BREAK_CHARACTERS):
        return Hits(0, ())  # without a line break the text needs no fold for this
    if stands_at_most(prepared, quote, verbatim):
        return Hits(0, ())  # nor with one, when a short text's letters say so
    source = folded_source(prepared)
    plan = plan_quote(quote, bracket_max_words=options.bracket_max_words, literal=True)
    if plan is None:
        return Hits(0, ())
    # Each verbatim occurrence is one of the folded text too: one scan in C says whether there
    # is any other, and most quotations found as they stand need no walk over them in Python.
    needle = plan.folded.text
    firsts = first_places(prepared, source)
    places = None if firsts is None else places_of(source, needle, firsts)
    if places is None:
        others = source.text.count(needle)
    else:
        others, free = _count(places.starts, len(needle))
        if not places.complete:
            others += source.text.count(needle, free)
    if others <= verbatim:
        return Hits(0, ())
    return find_normalized(prepared, quote, options=options, literal_only=True, broken_only=True)


def _count(starts: tuple[int, ...], width: int) -> tuple[int, int]:
    """What ``str.count`` gives from a needle's places (those that do not overlap, greedily),
    and where a count of the rest of the text goes on from."""
    count, free = 0, 0
    for start in starts:
        if start >= free:
            count, free = count + 1, start + width
    return count, free
