"""Copies of Linotype's Mathematical Pi told by their glyphs' widths, where no name says so.

Typesetters embed Mathematical Pi (and Universal Greek with Math Pi) under names of their own:
Advent 3B2 as "AdvP" and a hash ("AdvP3D3256", "AdvP414BFB": PLOS ONE, Scientific Reports,
Nature of the 2000s and 2010s), a Word-based system as "WWDOC01" (the American Economic
Review). The copy keeps the Pi font's encoding, with its signs at the codes of digits and
punctuation, but calls each glyph by its code's standard name or by nothing (``/WinAnsiEncoding``,
or a Unicode map that follows the codes), so the text layer reads the code: PLOS ONE's
"44.17±16.67" reads "44.17616.67", "p<0.05" reads "p,0.05", Scientific Reports' "N = 127"
reads "N 5 127", the AER's "x ≤ 0" reads "x # 0".

What the font still says is the width of each glyph: Mathematical Pi draws its operators and
relations 833/1000 em wide (every Pi font measured: Mathematical Pi One, Universal Greek with
Math Pi, and the copies above), a width no text font gives a digit or a comma (a digit is
0.5-0.6 em, the same for all ten; a comma 0.25). So a font whose glyph at the code of "1" to
"6" measures exactly 833, and whose digits, if any, measure no digit's width, is read as the Pi
font it is: each such code as the sign Mathematical Pi puts there, and "<", ">", "∼", "≤", "≥"
at ",", ".", ";", "#", "$" where those measure 833 too, the degree sign and the prime where
"8" and "9" measure 333. Punctuation alone does not tell which Pi font it is (Pi Three draws
"∼" at ","), nor "#" (833 wide in Computer Modern too), except in Advent's copy of Pi One,
known by its name. A code whose name or Unicode map already says something other than its own
character is left alone.
"""

from __future__ import annotations

import re

import pymupdf

from quote_tui.sources.readers.pdf_font_encoding import differences_pairs

__all__ = ["PI_OPERATORS", "PI_PUNCTUATION", "PI_WIDTH", "pi_copy_entries"]

PI_WIDTH = 833.0
"""Mathematical Pi's width of an operator or a relation, in thousandths of an em."""
_TOLERANCE = 0.5
"""Computer Modern's "#" measures 833.3 (written 833.3 or 833.34); a Pi glyph 833 exactly.
Neither matters alone (below), but the tolerance keeps MathType's 832 and 834 out."""
PI_OPERATORS = {
    49: "+",
    50: "\u2212",
    51: "\u00d7",
    52: "\u00f7",
    53: "=",
    54: "\u00b1",
}
"""Where both Pi encodings put their operators at the codes of digits (read off the Pi fonts'
own glyph names: H11005 "=" at "5", H11006 "±" at "6"). One of them 833 wide tells the font's
encoding; a code of punctuation does not: Mathematical Pi Three draws "∼" at ",", "≡" at ";"
(the AER's "WWDOC03"), where these two draw "<" and "∼"."""
PI_PUNCTUATION = {44: "<", 46: ">", 59: "~"}
"""H11021 "<" at ",", H11022 ">" at ".", H11011 "∼" at ";" (833 wide in Universal Greek with
Math Pi; Mathematical Pi One's glyph there measures 667 and is not read)."""
_PI_ONE_COPY = re.compile(r"AdvPS?7DA6|AdvMPi")
"""Advent 3B2's copy of Mathematical Pi One, by the name it keeps in every journal it set (Nature
2005, Postgraduate Medical Journal, PLOS ONE 2012, Scientific Reports 2015): its encoding
is known where only punctuation's codes are in use ("p<0.05" read "p,0.05")."""
_RELATIONS = {35: "\u2264", 36: "\u2265"}
"""Mathematical Pi One's "≤" and "≥" (H11349, H11350) at "#" and "$"; Universal Greek with Math
Pi has 333-wide brackets there, so only an 833-wide glyph is read so."""
_MARKS = {56: "\u00b0", 57: "\u2032"}
"""The degree sign (H11034) and the prime (H11032), 333 wide at "8" and "9" in both."""
_MARK_WIDTH = 333.0
_DIGIT_WIDTHS = (400.0, 700.0)
"""A text font's digits: 0.5 em (Times, Computer Modern), 0.556 (Helvetica), 0.64 (Verdana)."""
_SIMPLE = frozenset({"/Type1", "/MMType1", "/TrueType"})
_ENTRY = re.compile(r"<([0-9A-Fa-f]{2})>\s*<([0-9A-Fa-f]{4,})>")
_RANGE = re.compile(r"<([0-9A-Fa-f]{2})>\s*<([0-9A-Fa-f]{2})>\s*<([0-9A-Fa-f]{4})>")


def _widths(doc: pymupdf.Document, xref: int) -> dict[int, float]:
    """The font's glyph widths by code (codes without a glyph, width 0, left out)."""
    first = doc.xref_get_key(xref, "FirstChar")
    kind, widths = doc.xref_get_key(xref, "Widths")
    if kind == "xref":
        widths = doc.xref_object(int(widths.split()[0]))
    elif kind != "array":
        return {}
    if first[0] != "int":
        return {}
    try:
        values = [float(value) for value in widths.strip("[] \n").split()]
    except ValueError:
        return {}
    return {int(first[1]) + k: w for k, w in enumerate(values) if w > 0}


def _mapped(doc: pymupdf.Document, xref: int) -> dict[int, str]:
    """What the font's Unicode map gives for each one-byte code it names."""
    kind, ref = doc.xref_get_key(xref, "ToUnicode")
    if kind != "xref":
        return {}
    cmap = (doc.xref_stream(int(ref.split()[0])) or b"").decode("latin-1")
    out: dict[int, str] = {}
    for lo, hi, start in _RANGE.findall(cmap):
        for code in range(int(lo, 16), int(hi, 16) + 1):
            out[code] = chr(int(start, 16) + code - int(lo, 16))
    for code, value in _ENTRY.findall(cmap):
        out[int(code, 16)] = bytes.fromhex(value).decode("utf-16-be", "replace")
    return out


def _reads_its_code(name: str | None, mapped: str | None, code: int) -> bool:
    """Whether the text layer gives the code's own character (the wrong reading mended here)."""
    if mapped is not None:
        return mapped == chr(code)
    return name is None or pymupdf.mupdf.fz_unicode_from_glyph_name(name) == code


def _pi(width: float | None) -> bool:
    return width is not None and abs(width - PI_WIDTH) <= _TOLERANCE


def pi_copy_entries(
    doc: pymupdf.Document, xref: int, basefont: str = ""
) -> tuple[dict[int, str], dict[int, str]]:
    """A copy of a Pi font's signs by code, and the entries its Unicode map is to be given
    (the signs, and where it has no map, every other code as the character it reads now);
    both empty for any other font (nearly all)."""
    if doc.xref_get_key(xref, "Subtype")[1] not in _SIMPLE:
        return {}, {}
    widths = _widths(doc, xref)
    operators = [code for code in PI_OPERATORS if _pi(widths.get(code))]
    if not operators and not _PI_ONE_COPY.search(basefont):
        return {}, {}  # the common case, told from the widths alone
    low, high = _DIGIT_WIDTHS
    if any(low <= widths.get(code, 0.0) <= high for code in range(48, 58)):
        return {}, {}  # a text font: its digits are digits
    kind, differences = doc.xref_get_key(xref, "Encoding/Differences")
    names = dict(differences_pairs(differences)) if kind == "array" else {}
    mapped = _mapped(doc, xref)
    signs = {code: PI_OPERATORS[code] for code in operators}
    signs.update((code, sign) for code, sign in PI_PUNCTUATION.items() if _pi(widths.get(code)))
    signs.update((code, sign) for code, sign in _RELATIONS.items() if _pi(widths.get(code)))
    signs.update(
        (code, sign)
        for code, sign in _MARKS.items()
        if abs(widths.get(code, 0.0) - _MARK_WIDTH) <= _TOLERANCE
    )
    signs = {
        code: sign
        for code, sign in signs.items()
        if _reads_its_code(names.get(code), mapped.get(code), code)
    }
    if not signs or doc.xref_get_key(xref, "ToUnicode")[0] != "null":
        return signs, signs
    if doc.xref_get_key(xref, "Encoding")[0] not in ("name", "xref", "dict") or any(
        code >= 127 for code in widths
    ):
        # a program's own encoding, or a code past ASCII: what MuPDF reads for the font's
        # other codes is not followed here, and a new map would lose it
        return {}, {}
    # a new map is the only one MuPDF reads: every other code the font draws goes in it as
    # read now, by its name where the encoding gives one, else by the code (ASCII)
    others = {}
    for code in widths:
        unicode = pymupdf.mupdf.fz_unicode_from_glyph_name(names[code]) if code in names else code
        if code not in signs and 32 <= code < 127 and 0 < unicode != 0xFFFD:
            others[code] = chr(unicode)
    return signs, {**others, **signs}
