"""Ligatures a font's Unicode map gives as plain letters, read as the ligature printed.

A font draws "fi" with one glyph, and its Unicode map (``ToUnicode``) may give that glyph's
code the two letters rather than the ligature's character: pdfTeX's ``glyphtounicode`` does so
for every Computer Modern and Libertine ligature ("<0C> <00660069>"), and so do Elsevier's and
Nature's typesetters ("<01> <01> [<00660069>]"). The text layer then reads "Infinite" where
the page prints "Inﬁnite", and a quotation typed with the two letters is called ``exact``,
though the checked text keeps each printed ligature (``pdf``'s docstring) and the matcher
reports the ones it folds: the same word printed by another producer reads ``normalized``.
Such a code is given its ligature's character in the font's map, in the document as opened
(nothing is written back), before any page is read. Only the five Latin f-ligatures Unicode
has a character for are read so; one code for other letters ("T_h") stays as mapped.

The character is followed in the map by a word joiner (U+2060), dropped from the text once it
is read (``drop_fillers``): MuPDF measures a lone ligature character by its letters' own
widths, wider than the ligature's glyph, and so finds no word space in the gap after it where a
producer sets none ("staﬀcan" for "staff can"); a second character of one code is placed
where the glyph ends, as the letters' second was, and the gap after it reads as before.

The fonts are every page's, as ``pdf_symbol_fonts`` lists them from the pages' resources
(a font may first stand on page 40), and the pass runs after that module's and
``pdf_ligature_shapes``' mends, so a ligature they read as letters is read as printed too.
"""

from __future__ import annotations

import re

import pymupdf

from quote_tui.engine.text import LineBox
from quote_tui.sources.readers.pdf_cuts import cut_out
from quote_tui.sources.readers.pdf_errors import MUPDF_ERRORS as _MUPDF_ERRORS
from quote_tui.sources.readers.pdf_unicode_maps import BFCHAR, BFRANGE, page_fonts

__all__ = ["drop_fillers", "read_ligature_letters"]

_FIRST_PAGES = 3
"""Pages whose fonts are looked at in every document."""
_LIGATURES = {
    b"00660066": b"FB002060",
    b"00660069": b"FB012060",
    b"0066006C": b"FB022060",
    b"006600660069": b"FB032060",
    b"00660066006C": b"FB042060",
}
"""The letters of each f-ligature, as a map spells them (UTF-16BE, upper case), and what the
map gives instead: its character and the filler."""
_FILLER = "\u2060"
_FILLED = re.compile("(?<=[\ufb00-\ufb04])\u2060")
"""A filler after the ligature it follows."""
_SPELLED = re.compile(rb"<(0066(?:0066)?(?:006[69cC]|0066))>")
"""A map's value that may be an f-ligature's letters (checked against ``_LIGATURES``)."""
_PAIR = re.compile(rb"(<[0-9A-Fa-f]+>)(\s*)<([0-9A-Fa-f]+)>")
"""One of a bfchar section's entries: a code, then its value."""
_RANGE = re.compile(rb"<([0-9A-Fa-f]+)>(\s*)<([0-9A-Fa-f]+)>(\s*)(<[0-9A-Fa-f]+>|\[[^\]]*\])")
"""One of a bfrange section's entries: its first and last code, then a value or an array."""


def _ligature(value: bytes) -> bytes | None:
    return _LIGATURES.get(value.upper())


def _char(m: re.Match[bytes]) -> bytes:
    code, space, value = m.groups()
    lig = _ligature(value)
    return m.group() if lig is None else code + space + b"<" + lig + b">"


def _range(m: re.Match[bytes]) -> bytes:
    first, gap, last, space, value = m.groups()
    if value.startswith(b"["):  # an array: one value per code
        arrayed = _SPELLED.sub(lambda v: b"<" + (_ligature(v.group(1)) or v.group(1)) + b">", value)
        return b"<" + first + b">" + gap + b"<" + last + b">" + space + arrayed
    lig = _ligature(value[1:-1])
    if lig is None or int(first, 16) != int(last, 16):
        return m.group()  # a range's value grows by one a code: never a ligature's letters
    return b"<" + first + b">" + gap + b"<" + last + b">" + space + b"<" + lig + b">"


def _read(cmap: bytes) -> bytes:
    """The map with each f-ligature's letters given as its character."""
    cmap = BFCHAR.sub(lambda s: _PAIR.sub(_char, s.group()), cmap)
    return BFRANGE.sub(lambda s: _RANGE.sub(_range, s.group()), cmap)


def _maps(doc: pymupdf.Document, fonts: set[int]) -> set[int]:
    """The Unicode maps' streams of ``fonts``."""
    streams: set[int] = set()
    for xref in fonts:
        try:
            kind, ref = doc.xref_get_key(xref, "ToUnicode")
        except _MUPDF_ERRORS:
            continue
        if kind == "xref":
            streams.add(int(ref.split()[0]))
    return streams


def _spelled(doc: pymupdf.Document, stream: int) -> bytes | None:
    """The map read anew, where it spells an f-ligature's letters; None where it does not."""
    try:
        cmap = doc.xref_stream(stream) or b""
    except _MUPDF_ERRORS:
        return None
    if not any(_ligature(m.group(1)) for m in _SPELLED.finditer(cmap)):
        return None
    read = _read(cmap)
    return read if read != cmap else None


def read_ligature_letters(doc: pymupdf.Document, fonts: set[int] | None = None) -> int:
    """Give each f-ligature a font's Unicode map spells as its letters the ligature's
    character (in the open document only); the number of maps changed. ``fonts``: every font
    of the pages, where the caller has listed them (``pdf_symbol_fonts`` does, from the
    pages' resources); else the first pages' are asked of MuPDF, and every page's once one
    font is found."""
    listed = page_fonts(doc, range(min(_FIRST_PAGES, doc.page_count))) if fonts is None else fonts
    first = _maps(doc, listed)
    found = {stream: read for stream in first if (read := _spelled(doc, stream))}
    if fonts is None and found:
        later = page_fonts(doc, range(_FIRST_PAGES, doc.page_count)) - listed
        for stream in _maps(doc, later) - first:
            if read := _spelled(doc, stream):
                found[stream] = read
    for stream, read in found.items():
        doc.update_stream(stream, read, compress=False)  # no time spent deflating it
    return len(found)


def drop_fillers(
    text: str, page_starts: tuple[int, ...], boxes: tuple[LineBox, ...]
) -> tuple[str, tuple[int, ...], tuple[LineBox, ...]]:
    """``text`` without the filler after each ligature read from its letters, and the page
    starts and line boxes moved to the shorter text's offsets; the same three when it holds
    none."""
    if _FILLER not in text:
        return text, page_starts, boxes
    return cut_out(_FILLED, text, page_starts, boxes)
