"""A near match whose only differences are glyphs the text layer could not read.

A font may give a ligature or a letter no Unicode mapping: MuPDF then extracts a private-use
character, U+FFFD or a control character where the page shows letters ("formatted" reads
"forma\\ue03ced" when the "tt" ligature is unmapped). A quotation typed as printed then differs
from the text layer only there, and ``near`` (a misquotation) would be a false accusation: the
honest verdict is ``inconclusive`` (``unmapped_font``). Any other difference (a changed word or
number, a dropped negation) keeps the verdict ``near``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from quote_tui.engine.records import Difference, Match
from quote_tui.sources.readers.pdf_unmapped import has_unreadable

__all__ = ["describe", "unread_glyphs", "visible_glyphs"]

_MAX_LETTERS = 4
"""Most letters one unreadable glyph may stand for: a ligature draws at most three or four."""


def unread_glyphs(match: Match) -> tuple[str, ...] | None:
    """The unreadable characters a near match's differences all come down to, or None.

    None when the match has no differences, any difference is critical or has no source
    offsets (its words cannot be read back), or any run of touching differences is more than
    unreadable glyphs standing for the quotation's letters.
    """
    differences = match.differences
    if not differences or any(
        d.critical or d.source_start is None or d.source_end is None for d in differences
    ):
        return None
    glyphs: list[str] = []
    for group in _touching(differences):
        source = match.text[_start(group[0]) : _end(group[-1])]
        if not has_unreadable(source) or not _stands_for(source, _quoted(group)):
            return None
        for ch in source:
            if has_unreadable(ch) and ch not in glyphs:
                glyphs.append(ch)
    return tuple(glyphs) or None


def describe(glyphs: Sequence[str]) -> str:
    """The report's note for a verdict left inconclusive by unreadable glyphs."""
    names = ", ".join(f"U+{ord(ch):04X}" for ch in glyphs)
    return (
        f"the text layer could not read {names} (a glyph its font gives no Unicode for); "
        "the quotation differs only there, so it may be exactly what is printed"
    )


def visible_glyphs(text: str) -> str:
    """``text`` with each character a text layer gives for a glyph it cannot read written as
    its code point (``forma⟨U+E03C⟩ed``), for display: a private-use character shows as
    nothing or a box, so a difference made only of one reads as blank ("“” → “”")."""
    if not has_unreadable(text):
        return text
    return "".join(f"⟨U+{ord(ch):04X}⟩" if has_unreadable(ch) else ch for ch in text)


def _start(diff: Difference) -> int:
    return diff.source_start or 0


def _end(diff: Difference) -> int:
    return diff.source_end or 0


def _touching(differences: Sequence[Difference]) -> list[list[Difference]]:
    """Differences in runs whose source words touch (a word the tokenizer split at a glyph)."""
    runs: list[list[Difference]] = []
    for diff in differences:
        last = runs[-1][-1] if runs else None
        if last is not None and last.source_end == diff.source_start:
            runs[-1].append(diff)
        else:
            runs.append([diff])
    return runs


def _quoted(group: Sequence[Difference]) -> str:
    """The quotation's words of a run of differences, spaced where the quotation spaces them."""
    out = ""
    previous_end: int | None = None
    for diff in group:
        if out and diff.quote and previous_end is not None and diff.quote_start != previous_end:
            out += " "
        out += diff.quote
        if diff.quote_end is not None and diff.quote:
            previous_end = diff.quote_end
    return out


def _stands_for(source: str, quoted: str) -> bool:
    """Whether the quotation's words are the source's with each unreadable run read as letters."""
    pattern = ""
    run = False
    for ch in source:
        if has_unreadable(ch):
            if not run:
                pattern += rf"[^\W\d_]{{1,{_MAX_LETTERS}}}"
            run = True
        else:
            pattern += re.escape(ch)
            run = False
    return re.fullmatch(pattern, quoted) is not None
