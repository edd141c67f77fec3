"""Symbol fonts whose text layer gives another character: each sign read as what its glyph is.

Typesetters of journals set signs in a symbol font, and the text layer often says nothing of
what those glyphs are. Three kinds stand in published papers of several decades:

- **Linotype's Pi fonts** (Mathematical Pi, Universal Greek with Math Pi, Universal News with
  Commercial Pi: Elsevier's, Cell's, J Neurosci's, Physical Review's, Wiley's books) name each
  glyph by a number ("H11005" is "=", "H11022" is ">"). With no Unicode map, MuPDF knows no
  such name and gives the glyph's code: where the font's own encoding puts "=" at the code of
  "5", the page's "n = 57" reads "n 5 57", ">80%" reads ".80%", "±5°" reads "65°", and a
  quotation that prints the sign is called a changed number. Where the PDF's encoding moves
  the glyphs to codes 1, 2, ... the text holds control characters, read as unreadable.
- **Advent 3B2's copies of the Pi fonts**, which name each glyph after its code's standard
  name, so that the Nature letter's "15°" reads "158" (below, ``_ADVENT_PI_FONT``);
- **Advent 3B2's math symbol font** (``AdvMathSymb``, ``AdvMacMthSyN``: Nature's and
  Elsevier's PDFs of the 2000s) names its parentheses, "=" and "+" after the Latin-1 signs
  whose codes they take ("eth", "Thorn", "onequarter", "thorn"), and its Unicode map follows
  the names: "p(T) = ..." reads "pðTÞ ¼ ...".

Each name below was read off the page images of the PDFs it stands in (a Nature letter, J
Neurosci, Physica A, a Wiley book chapter, an algorithms paper); a name not listed is left as
MuPDF reads it, since the number alone does not say which sign it draws. The signs are written
into each such font's Unicode map in the document as opened (nothing is written back), before
any page is read, so every read of a page (by lines, by glyphs) gives them.
"""

from __future__ import annotations

import re

import pymupdf

from quote_tui.sources.readers.pdf_errors import MUPDF_ERRORS as _MUPDF_ERRORS
from quote_tui.sources.readers.pdf_font_encoding import builtin_encoding, differences_pairs
from quote_tui.sources.readers.pdf_glyph_widths import (
    PI_OPERATORS,
    PI_PUNCTUATION,
    pi_copy_entries,
)
from quote_tui.sources.readers.pdf_ligature_letters import read_ligature_letters
from quote_tui.sources.readers.pdf_ligature_shapes import mend_ligature_shapes

__all__ = ["PI_NAMES", "mend_font_maps", "mend_symbol_maps", "symbol_codes"]

PI_NAMES = {
    "H11001": "+",
    "H11002": "\u2212",
    "H11003": "\u00d7",
    "H11004": "\u00f7",
    "H11005": "=",
    "H11006": "\u00b1",
    # the tilde operator of "~5 degrees" and "~(∃x)": the engine reads "~" as the sign of an
    # approximation, and a quotation types it so
    "H11011": "~",
    "H11021": "<",
    "H11022": ">",
    "H11032": "\u2032",
    "H11034": "\u00b0",
    "H11083": "\u2205",
    "H11349": "\u2264",
    "H11350": "\u2265",
    "HS11349": "\u2270",
    "H11923": "\u2102",
    "H11934": "\u2115",
    "H11937": "\u211a",
    "H11938": "\u211d",
    "H11946": "\u2124",
    "H20648": "\u2225",
    "H20678": "\u2208",
    "HS20678": "\u2209",
    "H20844": "\u221a",
    "H20881": "\u221a",
    "H20849": "(",
    "H20850": ")",
    "H20851": "[",
    "H20852": "]",
    "H20853": "{",
    "H20854": "}",
    "H20855": "\u27e8",
    "H20856": "\u27e9",
    # the tall brackets of a formula set in display
    "H20873": "(",
    "H20874": ")",
    "H20875": "[",
    "H20876": "]",
    "H20863": "\u03a0",
    "H9251": "\u03b1",
    "H9252": "\u03b2",
    "H9253": "\u03b3",
    "H9254": "\u03b4",
    "H9255": "\u03b5",
    "H9258": "\u03b8",
    "H9261": "\u03bb",
    "H9262": "\u03bc",
    "H9280": "\u03b5",
    "H7002": "\u2203",
}
"""Linotype Pi glyph names, each with the sign it draws ("HS" names are the slashed signs)."""
_ADVENT_MATH = {"eth": "(", "Thorn": ")", "onequarter": "=", "onehalf": "[", "thorn": "+"}
"""Advent 3B2's math symbol font: the Latin-1 names its glyphs carry, with what they draw."""
_ADVENT_MATH_FONT = re.compile(r"AdvMa(?:thSymb|cMthSy)|AdvP4C4E74")
"""The font by its names, and by the hashed name later PDFs embed it under (Scientific Reports
2015, Postgrad Med J, Cognition, Am J Phys 2017, a Sage paper: the same glyph names, and
"(", ")", "=", "[", "+" where they stand on the pages)."""
_PI_CODES = {**PI_PUNCTUATION, **PI_OPERATORS, 56: "\u00b0", 57: "\u2032"}
"""Where Mathematical Pi and Universal Greek with Math Pi put their signs, among the codes of
the digits and the punctuation around them (their own encodings agree there)."""
_ADVENT_PI_FONT = re.compile(r"AdvMPi|AdvPS7DA6")
"""Advent 3B2's copies of a Pi font: "AdvMPi-One", and the one it files as "PS7DA6" (a Nature
letter's "15°" and "deg−1", a medical journal's "mean±SD"). They name each glyph after its
code's standard name ("eight", "two", "six"), so their text reads "158", "deg21", "mean6SD"."""
_GREEK_IN_ORDER = {
    **{chr(ord("a") + k): greek for k, greek in enumerate("αβγδεζηθικλμνξοπρστυφχψω")},
    **{chr(ord("A") + k): greek for k, greek in enumerate("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ")},
}
"""Greek letters laid on the Latin ones in alphabetical order, as two of Advent's fonts set them."""
_ADVENT_GREEK = {
    "AdvGreekM": {"1": "\u03b5", "V": "\u03a9"},
    "AdvPi2": {
        "a": "\u03b1",
        "b": "\u03b2",
        "d": "\u03b4",
        "l": "\u03bb",
        "m": "\u03bc",
        "r": "\u03c1",
        "s": "\u03c3",
        "t": "\u03c4",
        "x": "\u03be",
        "y": "\u03b8",
        "z": "\u03b6",
        "O": "\u03a9",
        "Z": "\u03b7",
    },
    "AdvPSMP4": {"\\": "<", "P": "\u2a7e"},
    # the Greek alphabet in its order from "a" and "A" (α-ω at a-x): every code read on a page
    # stands there (a α, d δ, g η, k λ, l μ, p π, D Δ, in 4 PDFs)
    "AdvPSMP10": _GREEK_IN_ORDER,
    "AdvPSMP13": _GREEK_IN_ORDER,
}
"""Advent 3B2's Greek and sign fonts, which draw Greek letters and signs at the codes of Latin
letters and name them by those letters (``/WinAnsiEncoding``, no Unicode map): an AIP paper's
"λ = 1.55 μm" read "k ¼ 1.55 lm", a Cognition paper's "η²" read "g2". Each font's layout is
its own (AdvPi2's "l" is λ, AdvPSMP10's is μ); each code was read off the page images of the
PDFs it stands in (8: AIP 2017, Cognition, Sage 2018, T&F 2018, Nature 2005, two Physica A,
a health-research paper), and a code no page has shown is left as MuPDF reads it, but in the
two fonts whose every code seen keeps the Greek alphabet's order from "a"."""
_PI_NAME = re.compile(r"HS?\d{4,5}")
_UNREAD = "\ue000"
"""What a Pi glyph no page has shown reads as: a private-use character, unreadable as a glyph
MuPDF cannot name is (``pdf_unmapped``), so a quotation of it is ``inconclusive``, where its
code ("8" for a sign) would make a number of it and the quotation a changed number. (MuPDF
takes no control character nor U+FFFD from a Unicode map: it gives the code again.)"""
_REF = re.compile(r"(\d+) 0 R")
_PI_FONT = re.compile(r"Pi(?![a-z])")
"""A Pi font's name: "MathematicalPi-One", "Universal-GreekwithMathPi", "MathPiOneItalic"."""
_SIMPLE = frozenset({"Type1", "MMType1", "TrueType"})
_SYMBOLIC = 4
"""The font descriptor's flag of a font whose glyphs are not the standard Latin set."""
_ONE_BYTE = re.compile(
    rb"begincodespacerange\s*<[0-9A-Fa-f]{2}>\s*<[0-9A-Fa-f]{2}>\s*endcodespacerange"
)
_CMAP = b"""/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CMapName /Symbols def
/CMapType 2 def
1 begincodespacerange
<00> <FF>
endcodespacerange
endcmap
CMapName currentdict /CMap defineresource pop
end
end
"""
"""A Unicode map of one-byte codes with no entry yet, for a font that has none."""


def _names(doc: pymupdf.Document, xref: int) -> dict[int, str]:
    """Each code's glyph name: the font program's own encoding (a symbol font's, where the PDF
    names no standard one), with the PDF's ``/Differences`` over it."""
    names: dict[int, str] = {}
    kind, flags = doc.xref_get_key(xref, "FontDescriptor/Flags")
    standard = doc.xref_get_key(xref, "Encoding")[0] == "name" or (
        doc.xref_get_key(xref, "Encoding/BaseEncoding")[0] != "null"
    )
    # a text font's program is not read: its glyphs are letters MuPDF names
    if kind == "int" and int(flags) & _SYMBOLIC and not standard:
        for key, compact in (("FontFile3", True), ("FontFile", False)):
            kind, ref = doc.xref_get_key(xref, "FontDescriptor/" + key)
            if kind == "xref":
                names = builtin_encoding(doc.xref_stream(int(ref.split()[0])) or b"", compact)
                break
    kind, differences = doc.xref_get_key(xref, "Encoding/Differences")
    if kind == "array":
        names.update(differences_pairs(differences))
    return names


def symbol_codes(doc: pymupdf.Document, xref: int, basefont: str) -> dict[int, str]:
    """The codes of a font whose glyph names say which sign they draw, each with the sign;
    empty for any other font (most)."""
    return _map_entries(doc, xref, basefont)[0]


def _map_entries(
    doc: pymupdf.Document, xref: int, basefont: str
) -> tuple[dict[int, str], dict[int, str]]:
    """A symbol font's signs by code, and the entries its Unicode map is to be given (the
    signs, or a whole map where it has none); empty for any other font (most)."""
    greek = _ADVENT_GREEK.get(basefont.rpartition("+")[2])
    if greek:
        first, last = (doc.xref_get_key(xref, key) for key in ("FirstChar", "LastChar"))
        if first[0] != "int" or last[0] != "int":
            return {}, {}
        # the standard encoding's printable ASCII: each code's own character
        names = {
            code: chr(code) for code in range(max(32, int(first[1])), min(126, int(last[1])) + 1)
        }
        signs = {code: greek[char] for code, char in names.items() if char in greek}
        return _entries_for(doc, xref, names, signs)
    advent = _ADVENT_MATH_FONT.search(basefont) is not None
    kind, differences = doc.xref_get_key(xref, "Encoding/Differences")
    if _ADVENT_PI_FONT.search(basefont):
        # the font draws its Pi glyphs at their codes whatever names its encoding gives them
        names = _names(doc, xref)
        first, last = (doc.xref_get_key(xref, key) for key in ("FirstChar", "LastChar"))
        if first[0] == "int" and last[0] == "int":
            for code in range(int(first[1]), int(last[1]) + 1):
                names.setdefault(code, chr(code) if 32 <= code < 127 else "")
        # every glyph of the copy is a sign: one not read off a page is unread, not a digit
        signs = {code: _PI_CODES.get(code, _UNREAD) for code in names if 32 < code < 127}
        return _entries_for(doc, xref, names, signs)
    if not advent and kind == "array" and not _PI_NAME.search(differences):
        return {}, {}  # the common case, told without reading the font program
    if (
        not advent
        and kind != "array"
        and not (_PI_FONT.search(basefont) and doc.xref_get_key(xref, "Encoding")[0] == "null")
    ):
        # a standard encoding: no typesetter's names; and only a Pi font's program is read for
        # its own encoding (a TeX font has one too, and reading every program costs)
        return {}, {}
    names = _names(doc, xref)
    table = _ADVENT_MATH if advent else PI_NAMES
    signs = {code: table[name] for code, name in names.items() if name in table}
    if not advent and doc.xref_get_key(xref, "ToUnicode")[0] == "null":
        # a Pi glyph no page has shown: unread, where MuPDF would give its code
        signs.update(
            (code, _UNREAD)
            for code, name in names.items()
            if code not in signs and _PI_NAME.fullmatch(name) and not _known(name)
        )
    return _entries_for(doc, xref, names, signs)


def _known(name: str) -> bool:
    """Whether MuPDF reads a glyph name itself (Adobe's glyph list keeps a few Pi names:
    "H18533" is "●")."""
    return pymupdf.mupdf.fz_unicode_from_glyph_name(name) not in (0, 0xFFFD)


def _entries_for(
    doc: pymupdf.Document, xref: int, names: dict[int, str], signs: dict[int, str]
) -> tuple[dict[int, str], dict[int, str]]:
    if not signs or doc.xref_get_key(xref, "ToUnicode")[0] != "null":
        return signs, signs
    if doc.xref_get_key(xref, "Encoding/BaseEncoding")[0] != "null":
        return {}, {}  # codes read by a standard encoding would be lost from a map of its own
    # once a font has a map, MuPDF reads no code by its glyph's name: every code the encoding
    # names is given in it, as MuPDF reads the name ("space"), or as the sign it draws
    entries = {}
    for code, name in names.items():
        # a code no name is known for stands for its own character (MuPDF's reading of it)
        unicode = ord(name) if len(name) == 1 else pymupdf.mupdf.fz_unicode_from_glyph_name(name)
        if code in signs:
            entries[code] = signs[code]
        elif 0 < unicode != 0xFFFD:
            entries[code] = chr(unicode)
    return signs, entries


def _font_refs(doc: pymupdf.Document, xref: int, seen: set[str], fonts: set[int]) -> bool:
    """The fonts of an object's resources (a page's, a form's), and of the forms it draws; a
    resource dictionary already ``seen`` (most pages share one) is skipped. Whether the object
    names any fonts or forms of its own."""
    found = False
    for key in ("Resources/Font", "Resources/XObject"):
        kind, value = doc.xref_get_key(xref, key)
        found = found or kind != "null"
        if kind == "xref":
            value = doc.xref_object(int(value.split()[0]), compressed=True)
        elif kind != "dict":
            continue
        if value in seen:
            continue
        seen.add(value)
        refs = [int(ref) for ref in _REF.findall(value)]
        if key.endswith("Font"):
            fonts.update(refs)
        else:
            for form in refs:
                if doc.xref_get_key(form, "Subtype")[1] == "/Form":
                    _font_refs(doc, form, seen, fonts)
    return found


def _page_fonts(doc: pymupdf.Document) -> dict[int, str]:
    """Every font of the document's pages, by its object, with its subtype ("Type1",
    "Type0"): read from the pages' resource dictionaries, which pages mostly share (listing
    each page's fonts would cost a long book's read a few percent)."""
    seen: set[str] = set()
    refs: set[int] = set()
    for index in range(doc.page_count):
        try:
            if not _font_refs(doc, doc.page_xref(index), seen, refs):
                # resources inherited from the page tree, or none: MuPDF's own listing
                refs.update(font[0] for font in doc.get_page_fonts(index))
        except _MUPDF_ERRORS:
            continue
    return {xref: doc.xref_get_key(xref, "Subtype")[1][1:] for xref in refs}


def _entries(codes: dict[int, str]) -> bytes:
    lines = b"".join(
        b"<%02X> <%s>\n" % (code, char.encode("utf-16-be").hex().upper().encode())
        for code, char in sorted(codes.items())
    )
    return b"%d beginbfchar\n%sendbfchar\nendcmap" % (len(codes), lines)


def _write(doc: pymupdf.Document, xref: int, codes: dict[int, str]) -> bool:
    """Add the codes to the font's Unicode map, or give it one of its own (MuPDF takes a code's
    last entry in a map); whether it was written."""
    kind, ref = doc.xref_get_key(xref, "ToUnicode")
    if kind == "xref":
        stream = int(ref.split()[0])
        cmap = doc.xref_stream(stream) or b""
        if not _ONE_BYTE.search(cmap) or b"endcmap" not in cmap:
            return False  # not a simple font's map of one-byte codes: left as it is
        doc.update_stream(stream, cmap.replace(b"endcmap", _entries(codes), 1))
        return True
    if kind != "null":
        return False
    stream = doc.get_new_xref()
    doc.update_object(stream, "<<>>")
    doc.update_stream(stream, _CMAP.replace(b"endcmap", _entries(codes), 1))
    doc.xref_set_key(xref, "ToUnicode", f"{stream} 0 R")
    return True


def mend_font_maps(doc: pymupdf.Document) -> int:
    """Mend the Unicode maps of the pages' fonts, listed once: each symbol font's signs
    (``mend_symbol_maps``), each CID font's ligatures its map leaves out
    (``mend_ligature_shapes``), and the f-ligatures a map spells as letters, those just read
    among them (``read_ligature_letters``); the number of fonts and maps mended."""
    fonts = _page_fonts(doc)
    cid_fonts = {xref for xref, subtype in fonts.items() if subtype == "Type0"}
    mended = mend_symbol_maps(doc, fonts) + mend_ligature_shapes(doc, cid_fonts)
    return mended + read_ligature_letters(doc, set(fonts))


def mend_symbol_maps(doc: pymupdf.Document, fonts: dict[int, str] | None = None) -> int:
    """Give each symbol font's signs (``symbol_codes``) in its Unicode map, in the open document
    only; the number of fonts mended. Every page's fonts are looked at (``fonts``, by object
    with their subtypes, where the caller has listed them): a formula's font may first stand
    on page 40."""
    mended = 0
    for xref, subtype in (_page_fonts(doc) if fonts is None else fonts).items():
        if subtype not in _SIMPLE:
            continue
        basefont = doc.xref_get_key(xref, "BaseFont")[1].lstrip("/")
        try:
            _signs, entries = _map_entries(doc, xref, basefont)
            if not entries:
                # a copy of a Pi font under a name of its own: told by its glyphs' widths
                _signs, entries = pi_copy_entries(doc, xref, basefont)
        except _MUPDF_ERRORS:
            continue
        if entries and _write(doc, xref, entries):
            mended += 1
    return mended
