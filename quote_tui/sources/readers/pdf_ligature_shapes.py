"""Ligature glyphs a font's Unicode map leaves out, read as the letters their shapes join.

A font that ligates more than "fi" and "fl" ("ti", "tt", "tti", "ft": Lato, Calibri, Cambria,
Candara) draws each ligature as one glyph. When the PDF's Unicode map (``ToUnicode``) has no
entry for that glyph, its letters are lost: a viewer gives nothing ("atention", "ac vité"),
and MuPDF gives the glyph's number as a character, a letter of another script inside a French
word ("acঞvité", "ceে" for "cette"; xdvipdfmx's maps of Lato, a French mémoire). Nothing in
the map nor in the stripped font program (no glyph names, no ``cmap``, no ``GSUB`` in a subset)
says what the glyph is; its outline's box does. A ligature keeps its letters' outer edges: it
starts where its first letter starts, rises as high as its tallest letter, sinks as low as its
lowest, and ends about where its last letter would end set beside the others (a little
before: a ligature tightens). So each such glyph's box (from the font's ``glyf`` table) is
compared with the boxes of the ligatures a font may make of letters the same map does read,
built from those letters' own boxes and widths: "tt" rises only to a "t"'s top where "ft"
rises to an "f"'s, "ti" ends where an "i" would, "fj" sinks with the "j". A glyph read as one
ligature, and no other nearly as well, has its letters added to the map, in the document as
opened (nothing is written back), before any page is read.

Only TrueType programs of CID-keyed fonts (``CIDFontType2``, two-byte codes) are read: the
fonts Word, LibreOffice and XeTeX embed for such typefaces. A glyph the map leaves out but
that no ligature's shape fits (a symbol, an accented letter) is left as MuPDF reads it.
"""

from __future__ import annotations

import re
import struct
import unicodedata

import pymupdf

__all__ = ["LIGATURES", "ligature_reading", "mend_ligature_shapes"]

LIGATURES = (
    "ff", "fi", "fl", "ffi", "ffl", "fj", "ffj", "fb", "ffb", "fh", "ffh", "fk", "ffk",
    "ft", "fft", "fti", "ffti", "tt", "ti", "tti", "tf", "tz", "Th", "ct", "st", "sp",
)  # fmt: skip
"""The ligatures of letters fonts make: the f- and t-ligatures of text faces (Calibri,
Cambria, Lato, Minion, Libertine), and the historical "ct", "st", "sp", "Th"."""
_EDGE = 15.0
"""Thousandths of an em a ligature's left edge, top and bottom may stray from its letters'
(Lato's "ti" rises 3.5 above its "i"'s dot; outlines are set on a grid of 1-2 units)."""
_END = 0.1
"""Share of its letters' width a ligature's right edge may stand from where its last letter
would end: ligatures tighten their letters (Lato Italic's "tti": 76 thousandths)."""
_ADVANCE = (0.85, 1.06)
"""A ligature's advance over its letters' advances side by side (0.92-1.03 in Lato)."""
_STEP = 20.0
"""Thousandths of an em between the points laid along an outline's segments."""
_BANDS = 12
"""Upright bands a ligature's ink is cut into to compare its outline with its letters'."""
_EMPTY = 300.0
"""What a band inked in one outline and empty in the other adds to their misfit."""
_FIT = 110.0
"""The most a ligature's outline may stray from its letters', on average over the bands."""
_MARGIN = 40.0
"""How much worse, in thousandths of an em, the next-best ligature must fit for a glyph to be
read: two that fit alike are not told apart."""
_BFCHAR = re.compile(rb"beginbfchar(.*?)endbfchar", re.S)
_BFRANGE = re.compile(rb"beginbfrange(.*?)endbfrange", re.S)
_PAIR = re.compile(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>")
_RANGE = re.compile(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])")
_HEX = re.compile(rb"<([0-9A-Fa-f]*)>")
_TWO_BYTE = re.compile(rb"<0000>\s*<FFFF>", re.I)
_NUMBERS = re.compile(r"\[|\]|-?[\d.]+")
_REF = re.compile(r"(\d+) 0 R")
_MUPDF_ERRORS = (RuntimeError, ValueError, pymupdf.mupdf.FzErrorBase)

Box = tuple[float, float, float, float]


def _unicode_map(cmap: bytes) -> dict[int, str]:
    """A two-byte ToUnicode map's codes and the text each gives."""
    mapped: dict[int, str] = {}
    for section in _BFCHAR.findall(cmap):
        for code, text in _PAIR.findall(section):
            mapped[int(code, 16)] = bytes.fromhex(text.decode()).decode("utf-16-be", "replace")
    for section in _BFRANGE.findall(cmap):
        for first, last, start in _RANGE.findall(section):
            low, high = int(first, 16), int(last, 16)
            if start.startswith(b"["):  # an array gives each code's text in turn
                texts = _HEX.findall(start)
                for code, text in zip(range(low, high + 1), texts, strict=False):
                    mapped[code] = bytes.fromhex(text.decode()).decode("utf-16-be", "replace")
                continue
            base = int(start[1:-1], 16)
            for code in range(low, min(high, low + 0xFFFF) + 1):
                if 0 <= base + code - low <= 0x10FFFF:
                    mapped[code] = chr(base + code - low)
    return mapped


def _widths(array: str) -> dict[int, float]:
    """A CID font's ``/W`` array: each CID's advance, in thousandths of an em."""
    tokens = _NUMBERS.findall(array)
    if tokens and tokens[0] == "[":
        tokens = tokens[1:-1]
    widths: dict[int, float] = {}
    k = 0
    while k + 1 < len(tokens):
        first = int(float(tokens[k]))
        if tokens[k + 1] == "[":
            k += 2
            while k < len(tokens) and tokens[k] != "]":
                widths[first] = float(tokens[k])
                first += 1
                k += 1
            k += 1
        elif k + 2 < len(tokens):
            for cid in range(first, min(int(float(tokens[k + 1])), first + 0xFFFF) + 1):
                widths[cid] = float(tokens[k + 2])
            k += 3
        else:
            break
    return widths


class _Glyphs:
    """A TrueType program's outlines (``glyf``, ``loca``), read glyph by glyph as asked."""

    def __init__(self, program: bytes) -> None:
        tables: dict[bytes, int] = {}
        count = struct.unpack_from(">H", program, 4)[0]
        for k in range(count):
            tag, _sum, offset, _length = struct.unpack_from(">4sIII", program, 12 + 16 * k)
            tables[tag] = offset
        if not {b"head", b"loca", b"glyf"} <= tables.keys():
            raise ValueError("no outlines")
        self.program = program
        self.units = struct.unpack_from(">H", program, tables[b"head"] + 18)[0] or 1000
        self.long = struct.unpack_from(">h", program, tables[b"head"] + 50)[0] == 1
        self.loca = tables[b"loca"]
        self.glyf = tables[b"glyf"]

    def _span(self, gid: int) -> tuple[int, int]:
        if self.long:
            start, end = struct.unpack_from(">II", self.program, self.loca + 4 * gid)
            return self.glyf + start, self.glyf + end
        start, end = struct.unpack_from(">HH", self.program, self.loca + 2 * gid)
        return self.glyf + 2 * start, self.glyf + 2 * end

    def box(self, gid: int) -> Box | None:
        """The glyph's outline box in thousandths of an em; None for no outline (a space)."""
        start, end = self._span(gid)
        if end - start < 10:
            return None
        x0, y0, x1, y1 = struct.unpack_from(">hhhh", self.program, start + 2)
        return (self._em(x0), self._em(y0), self._em(x1), self._em(y1))

    def _em(self, value: float) -> float:
        return value * 1000 / self.units

    def points(self, gid: int, depth: int = 0) -> list[tuple[float, float]]:
        """The glyph's outline points, on and off the curve, in thousandths of an em, with
        points added along each contour's segments (a crossbar's top is a straight line
        between two points); a composite glyph's parts placed at their offsets."""
        start, end = self._span(gid)
        if end - start < 10 or depth > 3:
            return []
        program = self.program
        contours = struct.unpack_from(">h", program, start)[0]
        at = start + 10
        if contours < 0:
            return self._composite(at, depth)
        if contours == 0:
            return []
        ends = struct.unpack_from(f">{contours}H", program, at)
        count = ends[-1] + 1
        at += 2 * contours
        at += 2 + struct.unpack_from(">H", program, at)[0]  # past the instructions
        flags: list[int] = []
        while len(flags) < count:
            flag = program[at]
            at += 1
            repeat = 1
            if flag & 8:
                repeat += program[at]
                at += 1
            flags.extend([flag] * repeat)
        xs, at = self._coordinates(at, flags[:count], 2, 16)
        ys, _ = self._coordinates(at, flags[:count], 4, 32)
        points: list[tuple[float, float]] = []
        first = 0
        for last in ends:
            contour = [
                (self._em(x), self._em(y))
                for x, y in zip(xs[first : last + 1], ys[first : last + 1], strict=True)
            ]
            first = last + 1
            for k, (x, y) in enumerate(contour):
                nx, ny = contour[(k + 1) % len(contour)]
                steps = max(1, int(max(abs(nx - x), abs(ny - y)) // _STEP))
                points.extend(
                    (x + (nx - x) * j / steps, y + (ny - y) * j / steps) for j in range(steps)
                )
        return points

    def _coordinates(
        self, at: int, flags: list[int], short: int, same: int
    ) -> tuple[list[int], int]:
        values: list[int] = []
        value = 0
        for flag in flags:
            if flag & short:
                delta = self.program[at]
                at += 1
                value += delta if flag & same else -delta
            elif not flag & same:
                value += struct.unpack_from(">h", self.program, at)[0]
                at += 2
            values.append(value)
        return values, at

    def _composite(self, at: int, depth: int) -> list[tuple[float, float]]:
        points: list[tuple[float, float]] = []
        more = True
        while more:
            flags, gid = struct.unpack_from(">HH", self.program, at)
            at += 4
            if flags & 1:
                dx, dy = struct.unpack_from(">hh", self.program, at)
                at += 4
            else:
                dx, dy = struct.unpack_from(">bb", self.program, at)
                at += 2
            at += 2 if flags & 8 else 4 if flags & 0x40 else 8 if flags & 0x80 else 0
            if not flags & 2:
                dx = dy = 0  # parts placed by matching points: rare in letters
            points.extend(
                (x + self._em(dx), y + self._em(dy)) for x, y in self.points(gid, depth + 1)
            )
            more = bool(flags & 0x20)
        return points


Letter = tuple[Box, float, list[tuple[float, float]]]
"""A letter's outline box, its advance and its outline's points."""


def _profile(
    points: list[tuple[float, float]], left: float, right: float
) -> list[tuple[float, float] | None]:
    """The top and bottom of the ink in each of ``_BANDS`` upright bands from left to right."""
    bands: list[tuple[float, float] | None] = [None] * _BANDS
    step = (right - left) / _BANDS or 1.0
    for x, y in points:
        k = min(_BANDS - 1, max(0, int((x - left) / step)))
        band = bands[k]
        bands[k] = (max(band[0], y), min(band[1], y)) if band else (y, y)
    return bands


def _misfit(
    box: Box, advance: float, points: list[tuple[float, float]], letters: list[Letter]
) -> float | None:
    """How far a glyph's outline stands from its letters' set side by side (thousandths of an
    em, on average over the bands); None where its box or advance rules that ligature out."""
    width = sum(advance_ for _, advance_, _ in letters)
    if not width or not _ADVANCE[0] <= advance / width <= _ADVANCE[1]:
        return None
    left = letters[0][0][0]
    bottom = min(b[1] for b, _, _ in letters)
    top = max(b[3] for b, _, _ in letters)
    right = width - letters[-1][1] + letters[-1][0][2]
    edges = (abs(box[0] - left), abs(box[1] - bottom), abs(box[3] - top))
    if max(edges) > _EDGE or abs(box[2] - right) > _END * width or right <= left:
        return None
    # the letters side by side, drawn to the glyph's own width: a ligature tightens them
    scale = (box[2] - box[0]) / (right - left)
    joined: list[tuple[float, float]] = []
    offset = 0.0
    for _, advance_, outline in letters:
        joined.extend((box[0] + (x + offset - left) * scale, y) for x, y in outline)
        offset += advance_
    misfit = 0.0
    for mine, theirs in zip(
        _profile(points, box[0], box[2]), _profile(joined, box[0], box[2]), strict=True
    ):
        if mine and theirs:
            misfit += abs(mine[0] - theirs[0]) + abs(mine[1] - theirs[1])
        elif mine or theirs:
            misfit += _EMPTY
    return misfit / _BANDS


def ligature_reading(
    outline: tuple[Box, float, list[tuple[float, float]]],
    letters: dict[str, Letter],
    taken: frozenset[str] = frozenset(),
) -> str | None:
    """The ligature a glyph's outline and advance say it is, given the outlines and advances
    of the letters its font's map reads; None where none fits, or two fit nearly alike. A
    ligature the map already reads at another glyph (``taken``: Lato maps its "ffi", not its
    "tti") is not a candidate."""
    box, advance, points = outline
    fits: list[tuple[float, str]] = []
    for ligature in LIGATURES:
        if ligature not in taken and all(letter in letters for letter in ligature):
            misfit = _misfit(box, advance, points, [letters[letter] for letter in ligature])
            if misfit is not None and misfit <= _FIT:
                fits.append((misfit, ligature))
    fits.sort()
    if not fits or (len(fits) > 1 and fits[1][0] - fits[0][0] < _MARGIN):
        return None
    return fits[0][1]


def _gid_map(doc: pymupdf.Document, cid_font: int) -> dict[int, int] | None:
    """A CID font's CIDToGIDMap as a table, or None for the identity."""
    kind, value = doc.xref_get_key(cid_font, "CIDToGIDMap")
    if kind != "xref":
        return None
    data = doc.xref_stream(int(value.split()[0])) or b""
    return {
        cid: gid for cid, (gid,) in enumerate(struct.iter_unpack(">H", data[: len(data) // 2 * 2]))
    }


def _readings(doc: pymupdf.Document, font: int, mapped: dict[int, str]) -> dict[int, str]:
    """The glyphs of a Type0 font's TrueType program that the map leaves out and whose shape
    is a ligature's, each with its letters."""
    kind, value = doc.xref_get_key(font, "DescendantFonts")
    found = _REF.search(value) if kind in ("array", "xref") else None
    if not found:
        return {}
    cid_font = int(found.group(1))
    if doc.xref_get_key(cid_font, "Subtype")[1] != "/CIDFontType2":
        return {}
    kind, array = doc.xref_get_key(cid_font, "W")
    if kind == "xref":
        array = doc.xref_object(int(array.split()[0]), compressed=True)
    elif kind != "array":
        return {}
    widths = _widths(array)
    left = {cid for cid, width in widths.items() if cid not in mapped and cid and width > 0}
    if not left:
        return {}
    kind, program_ref = doc.xref_get_key(cid_font, "FontDescriptor/FontFile2")
    if kind != "xref":
        return {}
    # the letters the map reads, by the CID that draws each (the first, where several do)
    letter_cids: dict[str, int] = {}
    wanted = set("".join(LIGATURES))
    for cid, text in sorted(mapped.items()):
        if text in wanted and text not in letter_cids:
            letter_cids[text] = cid
    kind, default = doc.xref_get_key(cid_font, "DW")
    default_width = float(default) if kind in ("int", "real") else 1000.0
    if not letter_cids:
        return {}
    gids = _gid_map(doc, cid_font)
    gid = (lambda cid: gids.get(cid, 0)) if gids is not None else (lambda cid: cid)
    try:
        glyphs = _Glyphs(doc.xref_stream(int(program_ref.split()[0])) or b"")
        letters: dict[str, Letter] = {}
        for text, cid in letter_cids.items():
            if box := glyphs.box(gid(cid)):
                letters[text] = (box, widths.get(cid, default_width), glyphs.points(gid(cid)))
        taken = frozenset(
            joined
            for text in mapped.values()
            if len(joined := unicodedata.normalize("NFKC", text)) > 1
        )
        readings: dict[int, str] = {}
        for cid in left:
            box = glyphs.box(gid(cid))
            if box and (
                ligature := ligature_reading(
                    (box, widths[cid], glyphs.points(gid(cid))), letters, taken
                )
            ):
                readings[cid] = ligature
    except (struct.error, IndexError, ValueError):
        return {}  # a program cut short, or with no outlines of its own
    return readings


def _type0_fonts(doc: pymupdf.Document) -> set[int]:
    """Every Type0 font the pages use, from their resource dictionaries (pages mostly share
    one: a long book's are read once)."""
    seen: set[str] = set()
    fonts: set[int] = set()
    for index in range(doc.page_count):
        try:
            kind, value = doc.xref_get_key(doc.page_xref(index), "Resources/Font")
            if kind == "xref":
                value = doc.xref_object(int(value.split()[0]), compressed=True)
            elif kind != "dict":
                fonts.update(f[0] for f in doc.get_page_fonts(index) if f[2] == "Type0")
                continue
            if value in seen:
                continue
            seen.add(value)
            for ref in _REF.findall(value):
                if doc.xref_get_key(int(ref), "Subtype")[1] == "/Type0":
                    fonts.add(int(ref))
        except _MUPDF_ERRORS:
            continue
    return fonts


def mend_ligature_shapes(doc: pymupdf.Document) -> int:
    """Add to each Type0 font's Unicode map the ligature glyphs it leaves out, read by their
    shapes (in the open document only); the number of fonts mended."""
    mended = 0
    for font in _type0_fonts(doc):
        try:
            kind, ref = doc.xref_get_key(font, "ToUnicode")
            if kind != "xref":
                continue
            stream = int(ref.split()[0])
            cmap = doc.xref_stream(stream) or b""
            if not _TWO_BYTE.search(cmap) or b"endcmap" not in cmap:
                continue
            readings = _readings(doc, font, _unicode_map(cmap))
        except _MUPDF_ERRORS:
            continue
        if not readings:
            continue
        entries = b"".join(
            b"<%04X> <%s>\n" % (cid, text.encode("utf-16-be").hex().upper().encode())
            for cid, text in sorted(readings.items())
        )
        added = b"%d beginbfchar\n%sendbfchar\nendcmap" % (len(readings), entries)
        doc.update_stream(stream, cmap.replace(b"endcmap", added, 1))
        mended += 1
    return mended
