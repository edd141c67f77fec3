"""A quotation broken by its attribution, read as one."""

from __future__ import annotations

from dataclasses import replace

from quote_tui.manuscripts.found import Found
from quote_tui.manuscripts.voice import interrupts

__all__ = ["join_interrupted"]


def join_interrupted(
    out: list[tuple[int, int, Found]], ends: dict[tuple[int, int], int]
) -> list[Found]:
    """ "History is what hurts," Jameson asserts, "it is what refuses desire" (87-88): a
    quotation broken by its attribution is one, and its first part takes the citation."""
    founds = [f for _, _, f in out]
    for i in range(len(out) - 1, 0, -1):
        (index, start, first), (next_index, next_start, second) = out[i - 1], out[i]
        end = ends.get((index, start))
        if end is None or next_index != index or (first.mention, first.reference) != (None, None):
            continue
        if (second.mention, second.reference) == (None, None):
            continue
        if first.quote_raw.rstrip().endswith(",") and interrupts(first.doc.text, end, next_start):
            founds[i - 1] = replace(
                first, mention=second.mention, reference=second.reference, locator=second.locator
            )
            out[i - 1] = (index, start, founds[i - 1])
    return founds
