"""Pages whose text layer a font without a Unicode map has made unreadable.

A PDF font may draw its glyphs without saying which characters they are (no ToUnicode map, a
custom encoding). Its text then extracts as control characters, U+FFFD or private-use
characters in place of the letters the page shows. A quotation that stands there cannot be
found in the text layer, so a miss on such a document is not evidence of absence: the page is
flagged and the verdict says the text is unreadable there.

A page is flagged when one block (a sidebar, a box) or the page as a whole holds enough such
characters and they make a large share of its characters. A stray private-use bullet or a
few symbol-font glyphs in a readable page do not flag it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from quote_tui.sources.readers.pdf_layout import PageBlocks

__all__ = ["has_unreadable", "unmapped_count", "unmapped_pages", "unmapped_regions"]

_MIN_UNMAPPED = 8
"""Fewest unreadable characters that flag a region (a bullet or two never do)."""
_SHARE = 0.3
"""Share of a region's non-space characters that, unreadable, make it unreadable.

A magazine's ad box whose shifted encoding reads "$IE␀2EDAKTION" holds about 13% control
characters (its spaces) and letters that are wrong but letters; it stays below this share,
since telling shifted letters from words takes a language model this reader does not have."""
# control characters but whitespace, surrogates, the private-use planes, and U+FFFD (what
# MuPDF gives for a glyph it cannot name); a regular expression, since every page is looked at.
# U+F8E5-U+F8FF are left out: Adobe's Symbol font names its pieces of big brackets, braces and
# radicals there (parenlefttp, bracerightmid, ...), and a page of formulas is full of them.
_UNREADABLE = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\uf8e4\ufffd\U000f0000-\U0010ffff]"
)
_MATH = re.compile("[\u2190-\u21ff\u2200-\u22ff\u27c0-\u27ef\u2980-\u2aff\U0001d400-\U0001d7ff]")
"""Arrows, mathematical operators and the mathematical alphanumerics (𝜃, 𝑁): a formula's."""
_WORD = re.compile(r"[^\W\d_]{3}")
_SPACE = re.compile("[\t\n\r \x85\xa0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000]")


def has_unreadable(text: str) -> bool:
    """Whether a text holds any character a font without a Unicode map gives."""
    # each of them but U+FFFD is a control, surrogate, private-use or unassigned character, which
    # isprintable() refuses: a text printable but for its line breaks and without U+FFFD holds
    # none, told in half the time of the pattern's search (most texts)
    if "\ufffd" not in text and text.replace("\n", " ").isprintable():
        return False
    return _UNREADABLE.search(text) is not None


def unmapped_count(text: str) -> tuple[int, int]:
    """(unreadable characters, non-space characters) of a text."""
    return len(_UNREADABLE.findall(text)), len(text) - len(_SPACE.findall(text))


def _unreadable(counts: Iterable[tuple[int, int]]) -> bool:
    bad = total = 0
    for b, t in counts:
        bad, total = bad + b, total + t
    return bad >= _MIN_UNMAPPED and bad >= _SHARE * total


def unmapped_pages(pages: Sequence[PageBlocks | None]) -> tuple[int, ...]:
    """The 1-based numbers of the pages with a region whose text layer is unreadable."""
    return tuple(number for number, _ in unmapped_regions(pages))


def unmapped_regions(pages: Sequence[PageBlocks | None]) -> tuple[tuple[int, int], ...]:
    """Each page with an unreadable region (1-based) and the non-space characters its
    unreadable regions hold: how long a passage could stand there unseen."""
    flagged: list[tuple[int, int]] = []
    for number, page in enumerate(pages, 1):
        if page is None or not any(_UNREADABLE.search(b.text) for b in page.blocks):
            continue
        # a formula's unmapped glyphs are its symbols (a math font's italic subscripts), not
        # words a quotation could stand in: a mémoire's algorithms flagged five pages, and
        # an invented sentence was inconclusive rather than not_found
        blocks = [unmapped_count(b.text) for b in page.blocks if not _formula(b.text)]
        regions = [total for bad, total in blocks if _unreadable([(bad, total)])]
        if not regions and _unreadable(blocks):
            # no one block is unreadable, the page's blocks together are: all that hold any
            regions = [total for bad, total in blocks if bad]
        if regions:
            flagged.append((number, sum(regions)))
    return tuple(flagged)


def _formula(text: str) -> bool:
    """Whether a block is a formula: mathematical signs or letters, and no word of three
    letters ("u\ue000∈u\ue001(u\ue002) ℒ≠∅", where prose in a font without a map holds no
    such sign)."""
    return _MATH.search(text) is not None and _WORD.search(text) is None
