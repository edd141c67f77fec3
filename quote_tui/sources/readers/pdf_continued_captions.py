"""A caption continued on the next page, read as one caption.

A long caption that does not fit under its figure ends with a note that it goes on and goes on
overleaf under its label again (PeerJ: "... (as shown on the left most side of (C)).
(continued on next page...)" at the foot of page 5, "Figure 2 (...continued)" / "However, you
may wish ..." at the head of page 6). Read as printed, the two notes, the page's foot and the
next page's asides before the rest stand inside the caption's sentence, and a quotation across
it is not found. So where a caption's last line ends with such a note and the next page's
asides hold a block opening with the same label marked as continued, the rest's lines follow
the caption's (as a footnote's rest follows its start, ``pdf_notes``), and the two notes stand
after them, each on its own page, as read: the checked text keeps every word the pages show.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from quote_tui.sources.readers.pdf_lines import Line

__all__ = ["carry_captions"]

_GOES_ON = re.compile(
    r"\s*\(?\s*(?:\.{3}|…)?\s*continued\s+(?:on\s+)?(?:the\s+)?(?:next|following)\s+page"
    r"\s*(?:\.{3}|…)?\s*\)?\s*$",
    re.IGNORECASE,
)
"""The note ending a caption's last line that it goes on overleaf."""
_NOTE_CHARS = 60
"""Most characters of the note ("(continued on the following page ...)" is 38)."""
_LABEL = re.compile(r"(Figure|Fig\.|Table|Box|Scheme|Plate)\s*([0-9]+[A-Za-z]?|[IVX]+)\b")
"""A caption's label: its kind and its number."""
_REST = re.compile(
    r"(Figure|Fig\.|Table|Box|Scheme|Plate)\s*([0-9]+[A-Za-z]?|[IVX]+)\s*[.:]?\s*"
    r"\(\s*(?:\.{3}|…)?\s*(?:continued|cont\.|cont'd)\s*(?:\.{3}|…)?\s*\)\s*[.:]?\s*$",
    re.IGNORECASE,
)
"""The head of a caption's rest: its label, marked as continued, alone on its line."""

Placed = tuple[Any, int]  # a layout block and its 1-based page


def _rest_at(blocks: list[Any], kind: str, number: str) -> int | None:
    for k, block in enumerate(blocks):
        if len(block.lines) < 2:
            continue
        head = _REST.match(block.lines[0].text.strip())
        if head and head.group(1).lower() == kind.lower() and head.group(2) == number:
            return k
    return None


def carry_captions(sides: list[list[Placed]], mains: list[list[Any]]) -> list[list[Placed]]:
    """Each page's asides (``pdf_notes.carry_notes``'s) with a caption's rest moved from the
    next page's asides, or its body, where it was read as a paragraph of it, to follow the
    caption, the two notes after them (module docstring); ``sides`` and ``mains`` in place."""
    for n in range(len(sides) - 1):
        here = sides[n]
        for i, (block, page) in enumerate(here):
            last = block.lines[-1]
            if "ontinue" not in last.text and "ONTINUE" not in last.text:  # most: no pattern
                continue
            # the note ends the line: its last characters are searched, never a long line whole
            note = _GOES_ON.search(last.text, max(0, len(last.text) - _NOTE_CHARS))
            label = _LABEL.match(block.lines[0].text.lstrip())
            if note is None or label is None or note.start() == 0:
                continue
            kind, number = label.group(1), label.group(2)
            at = _rest_at([b for b, _ in sides[n + 1]], kind, number)
            if at is not None:
                rest = sides[n + 1].pop(at)[0]
            elif n + 1 < len(mains) and (at := _rest_at(mains[n + 1], kind, number)) is not None:
                rest = mains[n + 1].pop(at)
            else:
                continue
            cut = Line(last.text[: note.start()].rstrip(), last.rect)
            ends = Line(last.text[note.start() :].strip(), last.rect)
            head = rest.lines[0]
            here[i : i + 1] = [
                (replace(block, lines=(*block.lines[:-1], cut)), page),
                (replace(rest, lines=tuple(rest.lines[1:])), n + 2),
                (replace(block, lines=(ends,)), page),
                (replace(rest, lines=(head,)), n + 2),
            ]
            break
    return sides
