"""The note-marks rule: a quotation that leaves out a footnote or citation mark inside its span.

The PDF reader sets a superscript mark glued to a word apart with a zero-width space
("apodeictic\u200b5 certainty", "structure\u200b16–18", "Coriolanus.\u200b11 “The"). A reader
quoting the sentence leaves the mark out, as style guides ask, so "apodeictic certainty" is the
same words: ``normalized`` with the ``note_marks`` rule. Only a mark the reader set apart is
dropped; a number in the running text ("in 1998 the") is never touched, so a quotation that
changes it stays ``near`` with the number a critical difference, and a quotation that types a
different mark ("apodeictic6 certainty") finds nothing here.

A producer may also set the mark in Unicode's superscript digits ("pandoc³ offre", "Zotero⁵,").
Those are marks only where a note mark stands: glued to a word of at least three letters, or to
the punctuation after one. A superscript of a term is not: a unit after a number ("5 cm³", "1
GeV²"), a variable ("x²", "r²"), an exponent ("10⁶"), a charge ("Ca²⁺") or one inside a word
("m⁶A"); a quotation that leaves one of those out stays ``near``.

Which marks count is ``marks.py``'s to say (a match's wording leaves out the same ones).
The search runs the exact and normalized tiers on a copy of the text with the marks taken out
(built once, on need, in ``PreparedText.cache``) and maps each hit back to the text's offsets.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, replace

from quote_tui.engine.exact import Found, Hits, find_exact, find_normalized
from quote_tui.engine.marks import NOTE_MARK, mark_spans
from quote_tui.engine.records import MatchOptions, Rule
from quote_tui.engine.text import PreparedText

__all__ = ["NOTE_MARK", "find_without_marks"]

_CACHE_KEY = "note_marks"
_TYPED_NUMBER = re.compile(r"\[\s*[0-9]")


@dataclass(frozen=True, slots=True)
class _Unmarked:
    """The text with its note marks taken out, and where each one stood."""

    prepared: PreparedText
    at: tuple[int, ...]  # offset in the unmarked text where each removed mark stood
    before: tuple[int, ...]  # characters removed up to and including each mark


def _unmarked(prepared: PreparedText) -> _Unmarked | None:
    """The unmarked copy of a text, or None when it sets no mark apart."""
    if _CACHE_KEY in prepared.cache:
        cached: _Unmarked | None = prepared.cache[_CACHE_KEY]
        return cached
    text = prepared.text
    pieces: list[str] = []
    at: list[int] = []
    before: list[int] = []
    last = removed = 0
    for start, end in mark_spans(text, searched=True):
        pieces.append(text[last:start])
        removed += end - start
        at.append(end - removed)
        before.append(removed)
        last = end
    view = None
    if at:
        pieces.append(text[last:])
        view = _Unmarked(PreparedText("".join(pieces)), tuple(at), tuple(before))
    prepared.cache[_CACHE_KEY] = view
    return view


def _to_text(view: _Unmarked, pos: int, *, end: bool) -> int:
    """An offset of the unmarked text in the text: a start lands after a mark standing at it,
    an end before one (the span stops at its last word, not at the mark after it)."""
    k = bisect_left(view.at, pos) if end else bisect_right(view.at, pos)
    return pos + (view.before[k - 1] if k else 0)


def _marks_inside(view: _Unmarked, start: int, end: int) -> bool:
    return bisect_right(view.at, start) < bisect_left(view.at, end)


def _mapped(view: _Unmarked, found: Found) -> Found:
    start = _to_text(view, found.start, end=False)
    fragments = tuple(
        replace(f, start=_to_text(view, f.start, end=False), end=_to_text(view, f.end, end=True))
        for f in found.fragments
    )
    differences = tuple(
        replace(
            d,
            source_start=None
            if d.source_start is None
            else _to_text(view, found.start + d.source_start, end=False) - start,
            source_end=None
            if d.source_end is None
            else _to_text(view, found.start + d.source_end, end=True) - start,
        )
        for d in found.differences
    )
    rules = tuple(r for r in Rule if r in {*found.rules, Rule.NOTE_MARKS})
    return Found(start, _to_text(view, found.end, end=True), rules, fragments, differences)


def _bracket_mark_inside(view: _Unmarked, text: str, start: int, end: int) -> bool:
    """Whether a hit's span (unmarked offsets) held a bracketed citation taken out."""
    for k in range(bisect_right(view.at, start), bisect_left(view.at, end)):
        mark_end = view.at[k] + view.before[k]
        mark_start = mark_end - (view.before[k] - (view.before[k - 1] if k else 0))
        if text[mark_start:mark_end].lstrip().startswith("["):
            return True
    return False


def find_without_marks(prepared: PreparedText, quote: str, *, options: MatchOptions) -> Hits:
    """Occurrences of a quotation that stand once note marks inside them are left out.

    Args:
        prepared: the checked text.
        quote: the trimmed quotation.
        options: matching settings, as the normalized tier's.

    Returns:
        The hits whose span holds at least one mark (a hit without one was the other tiers' to
        find), in the text's offsets, each with the ``note_marks`` rule; none when the text sets
        no mark apart.
    """
    view = _unmarked(prepared)
    if view is None:
        return Hits(0, ())
    typed = _TYPED_NUMBER.search(quote) is not None
    for hits in (
        find_exact(view.prepared, quote, limit=options.max_matches),
        find_normalized(view.prepared, quote, options=options, literal_only=True),
        find_normalized(view.prepared, quote, options=options),
    ):
        kept = [
            f
            for f in hits.found
            if _marks_inside(view, f.start, f.end)
            # a quotation typing its own bracketed number ("[25]") is read against the one the
            # text prints, not matched past it as an interpolation
            and not (typed and _bracket_mark_inside(view, prepared.text, f.start, f.end))
        ]
        if kept:
            found = tuple(_mapped(view, f) for f in kept)
            # every occurrence is counted: those past the located ones hold a mark too, as the
            # tiers before found none of them in the text itself
            count = hits.count - (len(hits.found) - len(kept))
            return Hits(count, found, capped=hits.capped)
    return Hits(0, ())
