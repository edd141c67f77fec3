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

from quote_tui.sources.readers.pdf_errors import MUPDF_ERRORS as _MUPDF_ERRORS
from quote_tui.sources.readers.pdf_truetype_outlines import Box, Contour, TrueTypeOutlines, ink
from quote_tui.sources.readers.pdf_unicode_maps import BFCHAR, BFRANGE

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
_COLUMNS = 8
"""Grid columns per letter its ink is compared on."""
_ROWS = 32
"""Grid rows: a cell is about 30 thousandths of an em high, less than the gap between an
"i"'s stem and its dot."""
_FIT = 0.03
"""The most ink a ligature and its letters may hold apart (the share of their cells with no
cell of the other beside them): the ligatures measured differ by 0-0.008 from their own
letters, and by 0.015 or more from any other letters; "ß" by 0.13 from "fl"."""
_MARGIN = 0.008
"""How much more ink the next-best ligature must hold apart for a glyph to be read: DejaVu's
"ffi" differs from "ffl" only by the dot its hook replaces (0.004 and 0.015)."""
_PAIR = re.compile(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>")
_RANGE = re.compile(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])")
_HEX = re.compile(rb"<([0-9A-Fa-f]*)>")
_TWO_BYTE = re.compile(rb"<0000>\s*<FFFF>", re.I)
_NUMBERS = re.compile(r"\[|\]|-?[\d.]+")
_REF = re.compile(r"(\d+) 0 R")


def _unicode_map(cmap: bytes) -> dict[int, str]:
    """A two-byte ToUnicode map's codes and the text each gives."""
    mapped: dict[int, str] = {}
    for section in BFCHAR.findall(cmap):
        for code, text in _PAIR.findall(section):
            mapped[int(code, 16)] = bytes.fromhex(text.decode()).decode("utf-16-be", "replace")
    for section in BFRANGE.findall(cmap):
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


Letter = tuple[Box, float, int]
"""A letter's outline box, its advance and its glyph."""


def _misfit(glyphs: TrueTypeOutlines, glyph: Letter, letters: list[Letter]) -> float | None:
    """How much of a glyph's ink and its letters' ink set side by side is not shared (0 for
    the same shape, 1 for none in common); None where its box or advance rules that ligature
    out, which most glyphs' do."""
    box, advance, gid = glyph
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
    joined: list[Contour] = []
    offset = 0.0
    for _, advance_, letter in letters:
        joined.extend(
            [(box[0] + (x + offset - left) * scale, y) for x, y in contour]
            for contour in glyphs.contours(letter)
        )
        offset += advance_
    area = (box[0], min(box[1], bottom), box[2], max(box[3], top))
    columns = _COLUMNS * len(letters)
    mine = ink(glyphs.contours(gid), area, columns, _ROWS)
    theirs = ink(joined, area, columns, _ROWS)
    # a cell of one beside a cell of the other is no difference: a stem sampled one cell
    # wider, a hook drawn a little further, are a ligature's redrawing, not another letter
    apart = len(mine - _around(theirs)) + len(theirs - _around(mine))
    return apart / max(1, len(mine) + len(theirs))


def _around(cells: frozenset[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    """The cells and their eight neighbours."""
    return frozenset(
        (row + dr, column + dc) for row, column in cells for dr in (-1, 0, 1) for dc in (-1, 0, 1)
    )


def ligature_reading(
    glyphs: TrueTypeOutlines,
    glyph: Letter,
    letters: dict[str, Letter],
    taken: frozenset[str] = frozenset(),
) -> str | None:
    """The ligature a glyph's outline and advance say it is, given the outlines and advances
    of the letters its font's map reads; None where none fits, or two fit nearly alike. A
    ligature the map already reads at another glyph (``taken``: Lato maps its "ffi", not its
    "tti") is not a candidate."""
    fits: list[tuple[float, str]] = []
    for ligature in LIGATURES:
        if ligature not in taken and all(letter in letters for letter in ligature):
            misfit = _misfit(glyphs, glyph, [letters[letter] for letter in ligature])
            if misfit is not None:
                fits.append((misfit, ligature))
    fits.sort()
    if not fits or fits[0][0] > _FIT or (len(fits) > 1 and fits[1][0] - fits[0][0] < _MARGIN):
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
        glyphs = TrueTypeOutlines(doc.xref_stream(int(program_ref.split()[0])) or b"")
        letters: dict[str, Letter] = {}
        for text, cid in letter_cids.items():
            if box := glyphs.box(gid(cid)):
                letters[text] = (box, widths.get(cid, default_width), gid(cid))
        taken = frozenset(
            joined
            for text in mapped.values()
            if len(joined := unicodedata.normalize("NFKC", text)) > 1
        )
        readings: dict[int, str] = {}
        for cid in left:
            box = glyphs.box(gid(cid))
            if box and (
                ligature := ligature_reading(glyphs, (box, widths[cid], gid(cid)), letters, taken)
            ):
                readings[cid] = ligature
    except (struct.error, IndexError, ValueError):
        return {}  # a program cut short, or with no outlines of its own
    return readings


def _type0_fonts(doc: pymupdf.Document) -> set[int]:
    """Every Type0 font the pages use, from their resource dictionaries (pages mostly share
    one: a long book's are read once)."""
    seen: set[str] = set()
    asked: set[int] = set()
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
            for ref in {int(ref) for ref in _REF.findall(value)} - asked:
                asked.add(ref)  # each page of a Word document names the same fonts anew
                if doc.xref_get_key(ref, "Subtype")[1] == "/Type0":
                    fonts.add(ref)
        except _MUPDF_ERRORS:
            continue
    return fonts


def mend_ligature_shapes(doc: pymupdf.Document, fonts: set[int] | None = None) -> int:
    """Add to each Type0 font's Unicode map the ligature glyphs it leaves out, read by their
    shapes (in the open document only); the number of fonts mended. ``fonts``: the pages'
    Type0 fonts, where the caller has listed them."""
    mended = 0
    for font in _type0_fonts(doc) if fonts is None else fonts:
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
