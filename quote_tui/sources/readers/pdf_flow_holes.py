"""Blocks that stand inside a sentence of the body, told by the sentence itself.

A reader who comes to the foot of a column in mid-sentence ("Nearly all of the measles
victims had not been") looks for the words that go on with it, and skips what stands between:
a box of questions at the head of the next column, a boxed algorithm at the foot of the page,
the next page's running head. The layout's other rules tell such blocks by where they stand
and how they are set; where those say nothing (a box set in the body's own type), the sentence
tells: the body breaks off in mid-sentence, a few blocks follow that do not go on with it (no
lowercase opening a line of prose), then a block of prose opens in lowercase, going on with
the broken sentence. The blocks between are set aside, so a quotation across the break reads
as the reader read it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TypeVar

from quote_tui.sources.readers.pdf_block import Block
from quote_tui.sources.readers.pdf_shaded_boxes import Shaded, inside

__all__ = ["lift_holes"]

B = TypeVar("B", bound=Block)

_MOST_BLOCKS = 24
"""Most blocks set between a sentence's halves (a boxed algorithm's pieces, one or two each)."""
_MOST_CHARS = 600
"""Most characters of text between a sentence's halves: a column of prose that went on with
the sentence, its own ending in mid-sentence again, is no box."""
_PROSE = 20
"""Fewest characters of the line going on with the sentence: a line of prose, not a word of a
figure's ("then", "end if")."""
_OPEN = frozenset(",-\u00ad\u2010\u2011")
"""A block's last character that leaves its sentence open, besides a lowercase letter: a
comma, or a hyphen in any of the forms a text layer gives one at a line's end (the
hyphen-minus, the soft hyphen, Unicode's hyphen and its non-breaking hyphen)."""
_LIST_MARK = re.compile(r"\s*(?:\d{1,2}[.)]|\(?[a-z]\)|[\u2022\u00b7\u25aa\u2013-])\s")
"""A list item's mark at a block's start."""
_PAGES = 2
"""Pages past the broken sentence's own on which its rest may stand."""
_NEXT_LINE = 1.0
"""Lines' heights of space under a block within which the block under it is its next line."""
_HYPHENS = frozenset("-\u00ad\u2010\u2011")
_COUNTED = re.compile(r"\d[\d,.\u00b7\u2009 ]*\s[a-z]")
"""A line that opens with a number and a word in lowercase ("154 countries", "34 656 patients")."""
_STOPS = frozenset(".!?")
_NOTE = re.compile(r"\s*[*\u2020\u2021]+\s*\S")
"""A note's symbol at a block's start (a corresponding author's, set under a rule)."""
_WIDE = 0.85
"""Share of the broken line's width the line going on with it spans at least."""
_OTHER_SIZE = 0.25
"""Points by which a tinted box's first block is set larger or smaller than the broken
sentence, at least: a box set in the body's own type is told by the sentence alone."""


def _broken(block: Block) -> bool:
    """Whether a block ends in mid-sentence: its last word one of letters in lowercase (not
    an address's, "yahoo.com"), or a word and a comma or a hyphen."""
    # its last line's words only: a block's whole text is joined anew on each ask
    words = str(getattr(block.lines[-1], "text", "")).split() if block.lines else []
    if not words:
        return False
    last = words[-1]
    word = (last[:-1] if last[-1] in _OPEN else last).replace("\u2019", "").replace("'", "")
    return word.isalpha() and (last[-1] in _OPEN or last[-1].islower())


def _ends_sentence(block: Block) -> bool:
    """Whether a block's last word ends a sentence: a word of three characters or more, or a
    number, before a full stop, a question or an exclamation mark ("reference 1.", not "et al."
    or "e.g.")."""
    words = str(getattr(block.lines[-1], "text", "")).split() if block.lines else []
    last = words[-1].rstrip("\"'”’)]") if words else ""
    if last[-1:] not in _STOPS:
        return False
    word = last[:-1]
    return "." not in word and (word.isdigit() or len(word) >= 3)


def _prose(block: Block) -> bool:
    """Whether a block is a paragraph's (lines of words, a line's length, most words opening
    in lowercase), not a heading's or a figure's ("for a Given Passenger Journey")."""
    last = str(getattr(block.lines[-1], "text", "")).strip() if block.lines else ""
    words = last.split()
    upper = sum(1 for w in words if next((c for c in w if c.isalpha()), "").isupper())
    return len(block.lines) > 1 and len(last) >= _PROSE and 2 * upper < len(words)


def _prose_line(block: Block) -> bool:
    """Whether a block's first line is one of prose (a line's length, words), not a figure's
    words ("then", "end if")."""
    first = str(getattr(block.lines[0], "text", "")).strip() if block.lines else ""
    return len(first) >= _PROSE and " " in first


def _goes_on_words(block: Block) -> bool:
    """Whether a block right after a broken sentence opens in lowercase with words that may go
    on with it: more than a lone word (a chart's axis title, "time", is none)."""
    return _opens_lower(block) and len(block.text.split()) > 1


def _long(line: object) -> bool:
    """Whether a line is one of prose (a line's length, words), not a figure's words."""
    text = str(getattr(line, "text", "")).strip()
    return len(text) >= _PROSE and " " in text


def _goes_on(block: Block) -> bool:
    """Whether a block opens with a line of prose in lowercase (a sentence's second half)."""
    first = str(getattr(block.lines[0], "text", "")).strip() if block.lines else ""
    # a paragraph's, not a line set as a block of its own
    return len(block.lines) > 1 and first[:1].islower() and _prose_line(block)


def _goes_on_past_box(block: Block) -> bool:
    """Whether a block under a tinted box goes on with a sentence broken above it: it opens with
    prose in lowercase, or with a number and a word in lowercase ("154 countries and was ..."),
    which the box's drawings, not the text alone, make safe to read on with."""
    first = str(getattr(block.lines[0], "text", "")).strip() if block.lines else ""
    counted = len(block.lines) > 1 and _COUNTED.match(first) is not None and _prose_line(block)
    return _goes_on(block) or counted


def _as_wide(broken: Block) -> Callable[[Block], bool]:
    """Whether a block opens a paragraph with a line of prose as wide as ``broken``'s last:
    the column's text going on, not a name or an address under a note."""
    last = broken.lines[-1].rect if broken.lines else broken.rect  # type: ignore[attr-defined]
    width = last[2] - last[0]

    def goes_on(block: Block) -> bool:
        if len(block.lines) < 2 or not _prose_line(block):
            return False
        first = block.lines[0].rect  # type: ignore[attr-defined]
        return first[2] - first[0] >= width * _WIDE

    return goes_on


def _opens_lower(block: Block) -> bool:
    """Whether a block opens in lowercase, past a list item's mark ("1. the organization"):
    a list going on with the sentence that leads into it."""
    text = block.text
    mark = _LIST_MARK.match(text)
    return text[mark.end() if mark else 0 :].lstrip()[:1].islower()


def _next_line(upper: tuple[int, Block], lower: tuple[int, Block]) -> bool:
    """Whether ``lower`` stands right under ``upper`` as its next line would, on its page and
    in its column: a document setting each line as a block of its own reads on there."""
    (page, a), (there, b) = upper, lower
    height = (a.rect[3] - a.rect[1]) / max(len(a.lines), 1)
    overlap = min(a.rect[2], b.rect[2]) > max(a.rect[0], b.rect[0])
    return page == there and overlap and -1 <= b.rect[1] - a.rect[3] <= height * _NEXT_LINE


def lift_holes(
    split: Sequence[tuple[list[B], list[B]]], shaded: Shaded | None = None
) -> list[tuple[list[B], list[B]]]:
    """Each page's (body, asides) with the blocks inside a broken sentence moved to their
    page's asides (the body read page after page, a sentence broken on one page going on on
    one of the next two: a page of a figure alone may stand between). ``shaded``: each page's
    tinted rectangles, where blocks inside them between a sentence's halves are a box's."""
    flow = [(n, b) for n, (main, _) in enumerate(split) for b in main]
    lifted: set[int] = set()
    i = 0
    while i < len(flow) - 2:
        page, block = flow[i]
        if not (_broken(block) and _prose(block)):  # a paragraph broken off, not a heading
            i += 1
            continue
        if _goes_on_words(flow[i + 1][1]) or _next_line(flow[i], flow[i + 1]):
            # what opens in lowercase next may be a tinted box's own sentence going on, in its
            # own type (a panel's second column, "by whole-genome-sequencing. Hence")
            end = _boxed(flow, i, page, shaded) if shaded is not None else None
            if end is not None:
                lifted.update(id(b) for _, b in flow[i + 1 : end])
            i = end if end is not None else i + 1
            continue
        # a word broken at a column's foot over a symbol's note ("*", "†"): its rest may open
        # in capitals ("Hydrogencarbonat-" / "Salz"), in a line as wide as the broken one
        notes = block.text.rstrip()[-1:] in _HYPHENS and bool(_NOTE.match(flow[i + 1][1].text))
        end = _resumed(flow, i, page, _as_wide(block) if notes else _goes_on)
        if end is None and shaded is not None:
            end = _boxed(flow, i, page, shaded)
        if end is None:
            i += 1
            continue
        lifted.update(id(b) for _, b in flow[i + 1 : end])
        i = end
    if not lifted:
        return [(list(main), list(side)) for main, side in split]
    out: list[tuple[list[B], list[B]]] = []
    for main, side in split:
        kept = [b for b in main if id(b) not in lifted]
        out.append((kept, [*side, *(b for b in main if id(b) in lifted)]))
    return out


def _resumed(
    flow: Sequence[tuple[int, B]], at: int, page: int, goes_on: Callable[[Block], bool]
) -> int | None:
    """Where the sentence broken at ``flow[at]`` goes on, past a few blocks that do not: the
    index of the first block of prose in lowercase, on the same page or one of the next two
    (a thesis's page of a figure alone between, its caption's last line a block of its own,
    "abondants."); None when the blocks between are too many, hold too much text, or one of
    them opens a line of prose in lowercase itself (it went on with the sentence)."""
    chars = 0
    for j in range(at + 1, min(len(flow), at + 2 + _MOST_BLOCKS)):
        there, block = flow[j]
        if there > page + _PAGES:
            return None
        if goes_on(block):
            # a hyphen at the foot of the block before would join its word to this one
            # a block right above it goes on into it, unless it ends a sentence (a caption
            # set tight over the column's rest: "... adapted from reference 1." over "and
            # friends) experiences of leave-on emollients")
            before = flow[j - 1][1]
            hyphen = before.text.rstrip()[-1:] in _HYPHENS
            above = _next_line(flow[j - 1], flow[j]) and not _ends_sentence(before)
            return None if hyphen or above else j
        chars += len(block.text)
        if _opens_lower(block) and any(_long(line) for line in block.lines):
            return None  # a list's item, a line of prose or a paragraph going on with it
        if chars > _MOST_CHARS or (_broken(block) and _prose(block)):
            return None  # a column of text, or prose broken off again: its own break
    return None


def _boxed(flow: Sequence[tuple[int, B]], at: int, page: int, shaded: Shaded) -> int | None:
    """Where the sentence broken at ``flow[at]`` goes on past tinted boxes: the index of the
    first block outside them, when every block before it stands inside one and it opens with
    prose in lowercase; None where the broken sentence is a box's own, or no box stands next."""
    if abs(flow[at + 1][1].size - flow[at][1].size) < _OTHER_SIZE:
        return None  # a box in the body's own type is the text rule's (no drawings asked for)
    for j in range(at + 1, min(len(flow), at + 2 + _MOST_BLOCKS)):
        there, block = flow[j]
        if there > page + _PAGES:
            return None
        if not inside(block.rect, shaded(there)):
            return j if j > at + 1 and _goes_on_past_box(block) else None
        if j == at + 1 and inside(flow[at][1].rect, shaded(page)):
            return None  # the broken sentence stands in a box itself
    return None
