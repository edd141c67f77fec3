"""A font program's own encoding: which glyph name each code draws, where the PDF says nothing.

A simple font with no ``/Encoding`` in the PDF draws each code with the glyph its program
assigns to it (its built-in encoding). A symbol font's glyph names are then known only from
the program, and MuPDF gives no character for a name it does not know ("H11005"): with the
reader's flags the code itself stands in the text ("n 5 57" where the page prints "n = 57").
This module reads that assignment from the two kinds of program a PDF embeds for such fonts:

- a compact font (CFF, ``/FontFile3``): its Top DICT's encoding and charset, after Adobe's
  Technical Note 5176 (a standard name, a string ID below 391, is asked of MuPDF's font
  reader by its glyph's number);
- a Type 1 program (``/FontFile``): its cleartext ``dup CODE /NAME put`` lines.

Anything malformed gives an empty table: the text stays as MuPDF reads it.
"""

from __future__ import annotations

import re

import pymupdf

from quote_tui.sources.readers.pdf_errors import MUPDF_ERRORS as _MUPDF_ERRORS

__all__ = ["builtin_encoding", "differences_pairs"]

_STANDARD_STRINGS = 391
"""CFF string IDs below this are the standard strings (".notdef" ... "Semibold")."""
_ENCODING, _CHARSET, _CHARSTRINGS = 16, 15, 17
"""Top DICT operators."""
_DIFFERENCES = re.compile(r"/?([^\s/\[\]]+)")
_TYPE1_PUT = re.compile(rb"dup\s+(\d{1,3})\s*/([^\s/\[\]{}()<>]+)\s+put")


def _u16(data: bytes, pos: int) -> int:
    return (data[pos] << 8) | data[pos + 1]


def _index(data: bytes, pos: int) -> tuple[list[bytes], int]:
    """A CFF INDEX at ``pos``: its items and the position after it."""
    count = _u16(data, pos)
    if count == 0:
        return [], pos + 2
    size = data[pos + 2]
    start = pos + 3
    offsets = [
        int.from_bytes(data[start + k * size : start + (k + 1) * size], "big")
        for k in range(count + 1)
    ]
    base = start + (count + 1) * size - 1
    items = [data[base + offsets[k] : base + offsets[k + 1]] for k in range(count)]
    return items, base + offsets[-1]


def _dict(data: bytes) -> dict[int, list[int]]:
    """A CFF DICT's integer operands per operator (real numbers are skipped: none is needed)."""
    out: dict[int, list[int]] = {}
    operands: list[int] = []
    pos = 0
    while pos < len(data):
        b0 = data[pos]
        if b0 <= 21:
            op = 1200 + data[pos + 1] if b0 == 12 else b0
            pos += 2 if b0 == 12 else 1
            out[op] = operands
            operands = []
        elif b0 == 28:
            operands.append(int.from_bytes(data[pos + 1 : pos + 3], "big", signed=True))
            pos += 3
        elif b0 == 29:
            operands.append(int.from_bytes(data[pos + 1 : pos + 5], "big", signed=True))
            pos += 5
        elif b0 == 30:  # a real: nibbles up to an 0xF end nibble
            pos += 1
            while pos < len(data) and (data[pos] & 0x0F) != 0x0F and (data[pos] >> 4) != 0x0F:
                pos += 1
            pos += 1
            operands.append(0)
        elif b0 <= 246:
            operands.append(b0 - 139)
            pos += 1
        elif b0 <= 250:
            operands.append((b0 - 247) * 256 + data[pos + 1] + 108)
            pos += 2
        elif b0 <= 254:
            operands.append(-(b0 - 251) * 256 - data[pos + 1] - 108)
            pos += 2
        else:
            pos += 1
    return out


def _charset(data: bytes, pos: int, glyphs: int) -> list[int]:
    """Each glyph's string ID, glyph 0 (".notdef") first."""
    sids = [0]
    fmt = data[pos]
    pos += 1
    while len(sids) < glyphs:
        if fmt == 0:
            sids.append(_u16(data, pos))
            pos += 2
            continue
        first = _u16(data, pos)
        left = data[pos + 2] if fmt == 1 else _u16(data, pos + 2)
        pos += 3 if fmt == 1 else 4
        sids.extend(range(first, first + left + 1))
    return sids[:glyphs]


def _cff(data: bytes) -> dict[int, str | int]:
    """Each code of the encoding: its glyph's name where the font spells it, else the glyph's
    number (a standard name, which MuPDF gives)."""
    pos = data[2]  # the header's size
    _names, pos = _index(data, pos)
    tops, pos = _index(data, pos)
    strings, _ = _index(data, pos)
    if len(tops) != 1:
        return {}
    top = _dict(tops[0])
    if 1230 in top:  # a CID-keyed font: no codes of its own
        return {}
    encoding = (top.get(_ENCODING) or [0])[-1]
    charset = (top.get(_CHARSET) or [0])[-1]
    if encoding in (0, 1) or charset in (0, 1, 2) or _CHARSTRINGS not in top:
        return {}  # a standard encoding or charset: every name is a standard one
    glyphs = len(_index(data, top[_CHARSTRINGS][-1])[0])
    sids = _charset(data, charset, glyphs)
    gids: dict[int, int] = {}  # code -> glyph
    sup: dict[int, int] = {}  # code -> string ID, the supplement's
    fmt = data[encoding]
    pos = encoding + 1
    count = data[pos]
    pos += 1
    if fmt & 0x7F == 0:
        gids = {data[pos + k]: k + 1 for k in range(count)}
        pos += count
    elif fmt & 0x7F == 1:
        gid = 1
        for _ in range(count):
            first, left = data[pos], data[pos + 1]
            pos += 2
            for code in range(first, first + left + 1):
                gids[code] = gid
                gid += 1
    else:
        return {}
    if fmt & 0x80:
        for _ in range(data[pos]):
            sup[data[pos + 1]] = _u16(data, pos + 2)
            pos += 3
    out: dict[int, str | int] = {}
    for code, gid in gids.items():
        if gid < len(sids):
            sid = sids[gid]
            out[code] = _string(strings, sid) or gid
    for code, sid in sup.items():
        if name := _string(strings, sid):
            out[code] = name
    return out


def _string(strings: list[bytes], sid: int) -> str | None:
    """A glyph name the font spells itself; None for a standard string."""
    if _STANDARD_STRINGS <= sid < _STANDARD_STRINGS + len(strings):
        return strings[sid - _STANDARD_STRINGS].decode("latin-1")
    return None


def builtin_encoding(program: bytes, compact: bool) -> dict[int, str]:
    """Each code of a font program's built-in encoding with its glyph's name (``compact``: a CFF
    program, else a Type 1 one); empty where it has none of its own or cannot be read."""
    if not program:
        return {}
    if not compact:
        clear = program.split(b"eexec", 1)[0]
        return {
            int(code): name.decode("latin-1")
            for code, name in _TYPE1_PUT.findall(clear)
            if int(code) < 256
        }
    try:
        codes = _cff(program)
    except IndexError:
        return {}
    if all(isinstance(name, str) for name in codes.values()):
        return codes  # type: ignore[return-value]
    try:  # the standard names, as MuPDF's font reader gives them
        font = pymupdf.Font(fontbuffer=program).this
        named = pymupdf.mupdf.fz_get_glyph_name2
        return {
            code: name if isinstance(name, str) else named(font, name)
            for code, name in codes.items()
        }
    except _MUPDF_ERRORS:
        return {}


def differences_pairs(differences: str) -> list[tuple[int, str]]:
    """(code, glyph name) from a font's /Differences array's text ("[2/H20849/H20850]")."""
    out: list[tuple[int, str]] = []
    code = -1
    for token in _DIFFERENCES.findall(differences):
        if token.isdigit():
            code = int(token)
        elif code >= 0:
            out.append((code, token))
            code += 1
    return out
