"""A TrueType font program's glyph outlines, read from its ``glyf`` table, and their ink on a
coarse grid.

A PDF's embedded subset of a TrueType font often keeps nothing that names its glyphs (no
``cmap``, no ``post`` names): only the outlines say what each glyph draws. This reads them
just far enough to compare two glyphs' shapes: each glyph's box, its contours (the points
on and off the curve, in order; off-curve points stand near the curve they bend, which is
close enough on a grid of a few dozen cells), and which cells of a grid its ink covers
(nonzero winding, as TrueType fills).
"""

from __future__ import annotations

import math
import struct
from collections.abc import Sequence

__all__ = ["Box", "Contour", "TrueTypeOutlines", "ink"]

Box = tuple[float, float, float, float]
"""A glyph's outline box (left, bottom, right, top), in thousandths of an em."""
Contour = list[tuple[float, float]]
_DEPTH = 3
"""Composite glyphs nested deeper than this are not followed (a broken program's loop)."""


class TrueTypeOutlines:
    """A TrueType program's outlines, read glyph by glyph as asked, in thousandths of an em.

    Raises:
        ValueError: the program has no ``glyf`` outlines (a CFF-flavoured program).
        struct.error: the program's table directory is cut short.
    """

    def __init__(self, program: bytes) -> None:
        tables: dict[bytes, int] = {}
        count = struct.unpack_from(">H", program, 4)[0]
        for k in range(count):
            tag, _sum, offset, _length = struct.unpack_from(">4sIII", program, 12 + 16 * k)
            tables[tag] = offset
        if not {b"head", b"loca", b"glyf"} <= tables.keys():
            raise ValueError("no TrueType outlines")
        self._program = program
        self._units = struct.unpack_from(">H", program, tables[b"head"] + 18)[0] or 1000
        self._long = struct.unpack_from(">h", program, tables[b"head"] + 50)[0] == 1
        self._loca = tables[b"loca"]
        self._glyf = tables[b"glyf"]
        self._read: dict[int, list[Contour]] = {}

    def _span(self, gid: int) -> tuple[int, int]:
        if self._long:
            start, end = struct.unpack_from(">II", self._program, self._loca + 4 * gid)
            return self._glyf + start, self._glyf + end
        start, end = struct.unpack_from(">HH", self._program, self._loca + 2 * gid)
        return self._glyf + 2 * start, self._glyf + 2 * end

    def _em(self, value: float) -> float:
        return value * 1000 / self._units

    def box(self, gid: int) -> Box | None:
        """The glyph's outline box; None for a glyph with no outline (a space)."""
        start, end = self._span(gid)
        if end - start < 10:
            return None
        x0, y0, x1, y1 = struct.unpack_from(">hhhh", self._program, start + 2)
        return (self._em(x0), self._em(y0), self._em(x1), self._em(y1))

    def contours(self, gid: int) -> list[Contour]:
        """The glyph's contours (read once); a composite glyph's parts placed at their
        offsets."""
        if gid not in self._read:
            self._read[gid] = self._contours(gid, 0)
        return self._read[gid]

    def _contours(self, gid: int, depth: int) -> list[Contour]:
        start, end = self._span(gid)
        if end - start < 10 or depth > _DEPTH:
            return []
        program = self._program
        count = struct.unpack_from(">h", program, start)[0]
        at = start + 10
        if count < 0:
            return self._composite(at, depth)
        if count == 0:
            return []
        ends = struct.unpack_from(f">{count}H", program, at)
        points = ends[-1] + 1
        at += 2 * count
        at += 2 + struct.unpack_from(">H", program, at)[0]  # past the instructions
        flags: list[int] = []
        while len(flags) < points:
            flag = program[at]
            at += 1
            repeat = 1
            if flag & 8:
                repeat += program[at]
                at += 1
            flags.extend([flag] * repeat)
        del flags[points:]
        xs, at = self._coordinates(at, flags, 2, 16)
        ys, _ = self._coordinates(at, flags, 4, 32)
        contours: list[Contour] = []
        first = 0
        for last in ends:
            contours.append(
                [
                    (self._em(x), self._em(y))
                    for x, y in zip(xs[first : last + 1], ys[first : last + 1], strict=True)
                ]
            )
            first = last + 1
        return contours

    def _coordinates(
        self, at: int, flags: list[int], short: int, same: int
    ) -> tuple[list[int], int]:
        values: list[int] = []
        value = 0
        for flag in flags:
            if flag & short:
                delta = self._program[at]
                at += 1
                value += delta if flag & same else -delta
            elif not flag & same:
                value += struct.unpack_from(">h", self._program, at)[0]
                at += 2
            values.append(value)
        return values, at

    def _composite(self, at: int, depth: int) -> list[Contour]:
        contours: list[Contour] = []
        more = True
        while more:
            flags, gid = struct.unpack_from(">HH", self._program, at)
            at += 4
            if flags & 1:
                dx, dy = struct.unpack_from(">hh", self._program, at)
                at += 4
            else:
                dx, dy = struct.unpack_from(">bb", self._program, at)
                at += 2
            # a scale, an x-and-y scale or a 2-by-2 matrix follows: not applied (letters' parts
            # are placed, not scaled)
            at += 2 if flags & 8 else 4 if flags & 0x40 else 8 if flags & 0x80 else 0
            if not flags & 2:
                dx = dy = 0  # parts placed by matching points: rare in letters
            x, y = self._em(dx), self._em(dy)
            contours.extend(
                [(px + x, py + y) for px, py in contour]
                for contour in self._contours(gid, depth + 1)
            )
            more = bool(flags & 0x20)
        return contours


def ink(
    contours: Sequence[Contour], area: Box, columns: int, rows: int
) -> frozenset[tuple[int, int]]:
    """The cells of a grid over ``area`` whose centres the contours fill (nonzero winding)."""
    left, bottom, right, top = area
    width = (right - left) / columns
    height = (top - bottom) / rows
    cells: set[tuple[int, int]] = set()
    for row in range(rows):
        y = bottom + (row + 0.5) * height
        crossings: list[tuple[float, int]] = []
        for contour in contours:
            for k, (x0, y0) in enumerate(contour):
                x1, y1 = contour[(k + 1) % len(contour)]
                if (y0 <= y) != (y1 <= y):
                    crossings.append((x0 + (y - y0) * (x1 - x0) / (y1 - y0), 1 if y1 > y0 else -1))
        if not crossings:
            continue
        crossings.sort()
        winding = 0
        spans: list[tuple[float, float]] = []
        for k, (x, turn) in enumerate(crossings[:-1]):
            winding += turn
            if winding:
                spans.append((x, crossings[k + 1][0]))
        for start, end in spans:
            first = max(0, math.ceil((start - left) / width - 0.5))
            last = min(columns - 1, math.floor((end - left) / width - 0.5))
            cells.update((row, column) for column in range(first, last + 1))
    return frozenset(cells)
