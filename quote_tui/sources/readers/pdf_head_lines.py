"""Running heads told by their text with the page number masked, and a head read as the first
line of the body's block under it.

A running head repeats from page to page but for its number, so its text is compared with the
digits masked; OCR reads a folio's 1s as I, i, l or | and spaces its digits apart ("III4
JOURNAL OF POLITICAL ECONOMY", "I I I 6 JOURNAL ..."), so such a run at a head's start or end
is masked too. OCR may also set the head in one block with the first lines under it; that line
is split off (and then set aside as the head it is), or it would stand in a sentence running
over from the page before.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol, TypeVar

__all__ = ["mask", "placed_heads", "split_head_lines"]

_DIGITS = re.compile(r"\d+")
_SPACES = re.compile(r"\s+")
_OCR_FOLIO = re.compile(
    r"^[#ilogsbz|](?: ?[#ilogsbz|]){1,5}(?= )|(?<= )[#ilogsbz|](?: ?[#ilogsbz|]){1,5}$"
)
"""A folio OCR read in part as letters: "1" as "i", "l" or "|", "0" as "o", "9" as "g", "5" as "s",
"6" as "b", "2" as "z" ("291" as "2gi", "301" as "3OI"); masked only where a digit stands in it
(``_folio``), so a head's last word ("is", "log") stays a word."""


class Line(Protocol):
    @property
    def text(self) -> str: ...
    @property
    def rect(self) -> tuple[float, float, float, float]: ...


class Block(Protocol):
    """What is read of a layout block (``pdf_layout.Block``, which imports this module)."""

    @property
    def rect(self) -> tuple[float, float, float, float]: ...
    @property
    def lines(self) -> Sequence[Line]: ...


B = TypeVar("B", bound=Block)

_PLACED_SHARE = 0.4
"""Share of the pages whose outermost line stands in one place for that place to be a head's."""
_PLACED_MIN = 3
"""Fewest pages a head's place is seen on."""
_HEAD_CHARS = 60
"""Longest head told by its place."""
_HEAD_WIDTH = 0.6
"""Widest share of its page's widest block a head told by its place takes."""
_WORD = re.compile(r"[^\W\d_]{3}")
"""A word of three letters: what a head told by its place names (an equation's number at a
column's foot, "(13)", or a formula's piece stands at one height on many pages of a two-column
paper, the height of the column's last line, and names nothing)."""


class Page(Protocol):
    @property
    def blocks(self) -> Sequence[Block]: ...


class SizedBlock(Block, Protocol):
    @property
    def size(self) -> float: ...
    @property
    def text(self) -> str: ...


def mask(text: str) -> str:
    """A block's text as running heads are compared: digits masked, an OCR-read folio too."""
    # split() breaks at the characters \s matches: spaces collapsed and stripped, one pass
    masked = " ".join(_DIGITS.sub("#", text).split()).lower()
    if len(masked) < _ENDS:
        return _OCR_FOLIO.sub(_folio, masked).strip()
    # a long text (a paragraph at the page's edge): a folio stands only at its start or end
    head, tail = _OCR_FOLIO.match(masked), _OCR_FOLIO.search(masked, len(masked) - _ENDS // 2)
    start, end = head.end() if head else 0, tail.start() if tail else len(masked)
    return (
        (_folio(head) if head else "") + masked[start:end] + (_folio(tail) if tail else "")
    ).strip()


_ENDS = 24
"""Twice the longest ``_OCR_FOLIO`` match and more: a text this long holds no match but one at
its start and one at its end, which cannot overlap."""


def _folio(match: re.Match[str]) -> str:
    return "#" if "#" in match.group() else match.group()


def _rect(lines: Sequence[Line]) -> tuple[float, float, float, float]:
    return (
        min(ln.rect[0] for ln in lines),
        min(ln.rect[1] for ln in lines),
        max(ln.rect[2] for ln in lines),
        max(ln.rect[3] for ln in lines),
    )


def split_head_lines(
    blocks: Sequence[B], top: float, repeated: set[str]
) -> tuple[list[B], list[int]] | None:
    """The blocks with each one whose first line is a running head (in the top band, ending
    above ``top``, its masked text among ``repeated``) split after that line, and for each
    block of the result the index it came from; None when no block holds such a line."""
    if not any(
        len(b.lines) > 1 and b.lines[0].rect[3] <= top and mask(b.lines[0].text) in repeated
        for b in blocks
    ):
        return None
    out: list[B] = []
    origin: list[int] = []
    for i, b in enumerate(blocks):
        head = b.lines[0] if len(b.lines) > 1 else None
        if head is not None and head.rect[3] <= top and mask(head.text) in repeated:
            rest = tuple(b.lines[1:])
            out += [
                replace(b, rect=head.rect, lines=(head,)),
                replace(b, rect=_rect(rest), lines=rest),
            ]  # type: ignore[type-var]
            origin += [i, i]
        else:
            out.append(b)
            origin.append(i)
    return out, origin


def placed_heads(pages: Sequence[Page], edges: Sequence[Sequence[int]]) -> set[str]:
    """Masked texts of running heads told by their place: one-line blocks outermost on their
    page (``edges``) standing at one height and in one size on many pages, whatever they say (a
    brochure's head names each section: "Güterverkehr", "Personenverkehr", ...)."""
    seen: Counter[tuple[int, int, int]] = Counter()
    texts: dict[tuple[int, int, int], set[str]] = {}
    for page, edges_of in zip(pages, edges, strict=True):
        here: set[tuple[int, int, int]] = set()
        if not page.blocks:
            continue
        widest = max(b.rect[2] - b.rect[0] for b in page.blocks)
        for block, edge in zip(page.blocks, edges_of, strict=True):
            if not edge or len(block.lines) != 1:
                continue
            sized: SizedBlock = block  # type: ignore[assignment]
            text = sized.text.strip()
            if (
                len(text) > _HEAD_CHARS
                or text[-1:] in ".,;:"
                or (block.rect[2] - block.rect[0] > widest * _HEAD_WIDTH)
            ):
                continue  # a line of text (a paragraph's last, at the page's top), no head
            if not _WORD.search(text):
                continue  # no word: an equation's number, a formula's piece
            place = (round(block.rect[1]), round(block.rect[3]), round(sized.size * 2))
            here.add(place)
            texts.setdefault(place, set()).add(mask(sized.text))
        seen.update(here)
    need = max(_PLACED_MIN, len(pages) * _PLACED_SHARE)
    return {text for place, n in seen.items() if n >= need for text in texts[place]}
