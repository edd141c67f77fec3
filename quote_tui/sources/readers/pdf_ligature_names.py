"""Ligatures a font names by their letters but leaves out of its Unicode map, read as them.

A font's encoding may name a ligature glyph by the letters it joins, as Adobe's glyph naming
does ("T_h", "t_t", "f_t", "Q_u"; a small capital's "q.sc_u.sc"), while its Unicode map
(``ToUnicode``) lists only the common ligatures ("fi", "ffl"). MuPDF then gives the glyph its
name's first letter: a reprint of Shannon's 1948 paper set in Linux Libertine reads "Te
channel" for "The channel" and "transmiter" for "transmitter", so a quotation of either is
called misquoted. The letters the name gives are what the page shows, so the missing codes are
added to the font's map, in the document as opened (nothing is written back), before any page
is read.

The fonts are looked for on a document's first pages: a body font's object is shared by every
page it is used on, and asking each page of a long book for its fonts would cost its read a
few percent. A document with such a font has every page's fonts looked at.
"""

from __future__ import annotations

import re

import pymupdf

from quote_tui.sources.readers.pdf_font_encoding import differences_pairs
from quote_tui.sources.readers.pdf_unicode_maps import BFCHAR, BFRANGE, page_fonts

__all__ = ["mend_ligature_maps"]

_FIRST_PAGES = 3
"""Pages whose fonts are looked at in every document."""
_LETTERS = re.compile(r"[A-Za-z](?:\.[a-z]+)?")
"""One component of a ligature's name: a letter, maybe with a variant's suffix ("q.sc")."""
_CODESPACE_ONE_BYTE = re.compile(rb"<[0-9A-Fa-f]{2}>\s*<[0-9A-Fa-f]{2}>")
_HEX = re.compile(rb"<([0-9A-Fa-f]+)>")
_RANGE_ITEM = re.compile(rb"<[0-9A-Fa-f]+>|\[[^\]]*\]")


def _letters(name: str) -> str | None:
    """The letters a ligature's name joins ("T_h" is "Th", "q.sc_u.sc" is "qu"); None for a
    name that is no ligature of letters."""
    parts = name.split("_")
    if len(parts) < 2 or not all(_LETTERS.fullmatch(part) for part in parts):
        return None
    return "".join(part[0] for part in parts)


_NOTHING = re.compile(rb"<(?:[Ff]{4}|[Ff]{3}[Dd]|0{4})>")
"""A map's value that gives no character: U+FFFF (a noncharacter), U+FFFD, U+0000. A Mac's
Quartz maps every ligature it cannot spell so ("di\uffffer" for "differ", "a\uffffacks")."""
_TO_NOTHING = re.compile(
    rb"<([0-9A-Fa-f]{2})>(\s*<[0-9A-Fa-f]{2}>)?(\s*)<(?:[Ff]{4}|[Ff]{3}[Dd]|0{4})>"
)
"""A one-byte code (or a range of one) mapped to no character, its value to be given."""


def _mapped(cmap: bytes) -> set[int]:
    """The one-byte codes a ToUnicode map gives characters for (a value that is no character
    gives none)."""
    codes: set[int] = set()
    for section in BFCHAR.findall(cmap):
        values = _HEX.findall(section)
        codes.update(
            int(values[k], 16)
            for k in range(0, len(values) - 1, 2)
            if not _NOTHING.fullmatch(b"<%s>" % values[k + 1])
        )
    for section in BFRANGE.findall(cmap):
        # each range is its first and last code, then a start or an array of values
        items = _RANGE_ITEM.findall(section)
        for k in range(0, len(items) - 2, 3):
            if not _NOTHING.fullmatch(items[k + 2]):
                codes.update(range(int(items[k][1:-1], 16), int(items[k + 1][1:-1], 16) + 1))
    return codes


def _missing(doc: pymupdf.Document, xref: int) -> tuple[int, dict[int, str]] | None:
    """The font's ToUnicode stream and the ligatures it leaves out, by code; None for a font
    with none left out (most: no such names, or a map that lists them)."""
    kind, differences = doc.xref_get_key(xref, "Encoding/Differences")
    if kind != "array" or "_" not in differences:
        return None
    named = {
        code: letters
        for code, name in differences_pairs(differences)
        if (letters := _letters(name))
    }
    kind, ref = doc.xref_get_key(xref, "ToUnicode")
    if not named or kind != "xref":
        return None
    stream = int(ref.split()[0])
    cmap = doc.xref_stream(stream) or b""
    if not _CODESPACE_ONE_BYTE.search(cmap):
        return None  # a simple font's map has one-byte codes
    mapped = _mapped(cmap)
    left = {code: letters for code, letters in named.items() if code not in mapped}
    return (stream, left) if left else None


def _add(doc: pymupdf.Document, stream: int, left: dict[int, str]) -> None:
    cmap = doc.xref_stream(stream) or b""
    given: set[int] = set()

    def give(m: re.Match[bytes]) -> bytes:
        # a code mapped to no character gets its letters in place, so no second entry for it
        # stands in the map beside the first
        code = int(m.group(1), 16)
        if code not in left or (m.group(2) and int(m.group(2).strip()[1:-1], 16) != code):
            return m.group()
        given.add(code)
        value = left[code].encode("utf-16-be").hex().upper().encode()
        return b"<%s>%s%s<%s>" % (m.group(1), m.group(2) or b"", m.group(3), value)

    cmap = _TO_NOTHING.sub(give, cmap)
    left = {code: letters for code, letters in left.items() if code not in given}
    if not left:
        doc.update_stream(stream, cmap)
        return
    entries = b"".join(
        b"<%02X> <%s>\n" % (code, letters.encode("utf-16-be").hex().upper().encode())
        for code, letters in sorted(left.items())
    )
    added = b"%d beginbfchar\n%sendbfchar\nendcmap" % (len(left), entries)
    doc.update_stream(stream, cmap.replace(b"endcmap", added, 1))


def mend_ligature_maps(doc: pymupdf.Document) -> int:
    """Add to each font's Unicode map the ligatures its encoding names by their letters and
    the map leaves out (in the open document only); the number of fonts mended."""
    first = page_fonts(doc, range(min(_FIRST_PAGES, doc.page_count)), composite=False)
    found = {xref: left for xref in first if (left := _missing(doc, xref))}
    if not found:
        return 0
    for xref in page_fonts(doc, range(doc.page_count), composite=False) - first:
        if left := _missing(doc, xref):
            found[xref] = left
    mended = set()
    for stream, left in found.values():
        if stream not in mended:  # fonts may share one map
            _add(doc, stream, left)
            mended.add(stream)
    return len(found)
