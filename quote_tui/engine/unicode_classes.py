"""The characters of the fast fold that depend on the Unicode table, kept per Unicode version.

Finding them scans every code point of the planes that hold compatibility characters, about
20 ms: more than the rest of a one-line ``quote-tui quote``. So the ranges of the Unicode
versions of the supported Pythons are stored here, and only another version is scanned.

This module imports nothing of the package, so any interpreter can run it to print its own
version's entry: ``python quote_tui/engine/unicode_classes.py [EARLIER]``, with an earlier
version stored here to print the changes since that one.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

__all__ = ["Ranges", "char_class", "range_class", "scan", "unicode_ranges"]

Ranges = tuple[tuple[int, int], ...]
"""Code points, as inclusive (first, last) pairs in ascending order."""

# Per Unicode version: the characters NFKC changes, then the combining marks (NFC may compose
# them with their base). Each range is the hex distance from the end of the one before, then
# ``+`` and the hex count of its code points after the first when there are more than one.
_STORED: dict[str, tuple[str, str]] = {}
_STORED["14.0.0"] = (
    (
        "a0 8 2 5 3+3 3+2 2+2 74+1 c+1 9 36 45+8 25+2 bd+8 20+5 3+4 5c+1 2+1 30 6 4 6+1 2 "
        "49+6 1a+2 2+1 4 18e ee+3 2e0+7 7d+1 2 54 3 23+2 3 fe+1 2d6 80 29+1 2f 37 a 5 5 5 d a "
        "2+4 8 12 a 5 5 5 d 143 c30+2 2+a 2+11 2+1b e 23+24 db+1 d6 2 2 2 2 2 2 3e 2+4 8 2 "
        "2+2 4 8 2+2 4 8 2+2 a 2 2+1 2+a 7 6 d+2 9 4+1 2+1 5 2 9+2 e 8 11+1 3+1a 2+c c 58+3 "
        "2+2 2+a 2+1 3+4 3+2 2 2 2 2+3 2+2 2+6 2+5 5+4 7+2f a a3+1 2+1 f9+1 136+8a 522 68+2 "
        "66 1a0+1 f2 130 54 d+d5 2b 36 2+2 61+1 3 60 32+5d 4+d 61+1e 2+27 9+2e 2+17f 729d+1 "
        "d3 82+2 4+1 363+3 a 4d97+10d 3 2 3+9 2 2 3+1 4+43 3+69 27+6 d+4 6 2+17 2+4 2 2+1 2+1 "
        "2+6b 22+16a 13+3f 3+35 29+c 14+9 17+14 3+b 2+12 2+3 5+2 2 2+86 5+bd 4+5 3+5 3+5 3+2 "
        "4+6 2+6 793+4 2+29 2+8 c9a4+6 57+5 240+54 2+46 2+1 3 3+1 3+3 2+b 2 2+6 2+40 2+3 3+7 "
        "2+6 2+1b 2+3 2+4 2 4+6 2+153 3+123 3+31 1601+3 2+1a 2+1 2 3 2+9 2+3 2 2 7 5 2 2 2+2 "
        "2+1 2 3 2 2 2 2 2+1 2 3+3 2+6 2+3 2+3 2 2+9 2+10 6+2 2+4 2+10 245+a 6+1e 2+1f 1b+2 "
        "24 70+2 e+2b 5+8 8+1 99f+9 fc07+21d"
    ),
    (
        "300+4e 2+1f 114+4 10a+2c 2 2+1 2+1 2 49+a 31+14 11 66+6 3+5 3+1 2+3 24 1f+1a a1+8 a "
        "19+3 2+8 2+2 2+4 2c+2 3d+7 2b+17 2+1c 3d 11 4+3 68 11 31 3e 11 6f 11 6f 11 80 6f 11 "
        "8+1 66 11 6e+1 11 7d 6e+2 e+3 6d+2 e+3 4d+1 1c 2 2 38+1 2 6+3 3 2+2 2+1 3f 71 2+1 53 "
        "2d0+2 3b5+1 1f 9e b cc 90+2 dc+1 48 15+7 3 31+d 2+f 66 10 27+8 37+1 3b c+1 44 99+2 "
        "2+c 2+6 5 7 4+1 c7+3f 2d1+c 5 4+b bff+2 8e 61+1f 22b+5 6a+1 75d5 5+9 21+1 51+1 115 "
        "26 98 1c+11 3a+2 26 60 d f0 2+2 3+1 6+1 2 35 f7 4f31 302+f 3ce e3 96+4 693 2 29+2 5 "
        "a6+1 23e+3 184+1 9a+a 32+3 c1 2a f 3a+1 46+2 31+1 3f 4d a 6b+1 b3+1 51+1 11 19+6 4+4 "
        "ce 4 18 64+1 fc+1 7f 77+1 74 10e+1 103+1 5 9d 54 13 52 1a6 103 2+1 52 4d59+4 3c+6 "
        "4ba+1 4cad 14c7+4 4+5 9+7 3+6 1f+3 95+2 dbc+6 2+10 3+6 2+1 2+4 106+6 178 3e+3 5e1+6 "
        "6e+6"
    ),
)
# Later versions, as an earlier one's ranges less some and plus others: (earlier version,
# (dropped from the characters NFKC changes, from the marks), (added to each)), encoded alike.
_LATER: dict[str, tuple[str, tuple[str, str], tuple[str, str]]] = {}
_LATER["15.0.0"] = ("14.0.0", ("", ""), ("1e030+3d", "10efd+2 1042+1 c14d 45d+3"))
_LATER["15.1.0"] = ("15.0.0", ("", ""), ("", ""))


def _ranges(points: Iterable[int]) -> Ranges:
    ordered = sorted(set(points))
    out: list[tuple[int, int]] = []
    for point in ordered:
        if out and out[-1][1] + 1 == point:
            out[-1] = (out[-1][0], point)
        else:
            out.append((point, point))
    return tuple(out)


def range_class(ranges: Iterable[tuple[int, int]]) -> str:
    """A regex character-class body holding these ranges."""
    out = []
    for lo, hi in ranges:
        first = re.escape(chr(lo))
        out.append(first if lo == hi else f"{first}-{re.escape(chr(hi))}")
    return "".join(out)


def char_class(chars: Iterable[str]) -> str:
    """A regex character-class body for a set of characters, compressed into ranges."""
    return range_class(_ranges(ord(c) for c in chars))


def scan() -> tuple[Ranges, Ranges]:
    """The characters NFKC changes and the combining marks, found by scanning this
    interpreter's Unicode table."""
    planes = [range(0x0, 0x20000), range(0x2F800, 0x2FA20)]
    unstable: list[int] = []
    marks: list[int] = []
    for plane in planes:
        for point in plane:
            c = chr(point)
            if not unicodedata.is_normalized("NFKC", c):
                unstable.append(point)
            if unicodedata.combining(c):
                marks.append(point)
    return _ranges(unstable), _ranges(marks)


def unicode_ranges(version: str | None = None) -> tuple[Ranges, Ranges]:
    """``scan()``'s answer: stored for this interpreter's Unicode version (or ``version``),
    else scanned."""
    version = version or unicodedata.unidata_version
    if version in _STORED:
        unstable, marks = _STORED[version]
        return _decode(unstable), _decode(marks)
    if version not in _LATER:
        return scan()
    earlier, dropped, added = _LATER[version]
    unstable, marks = (
        tuple(sorted(set(ranges) - set(_decode(less)) | set(_decode(more))))
        for ranges, less, more in zip(unicode_ranges(earlier), dropped, added, strict=True)
    )
    return unstable, marks


def _encode(ranges: Ranges) -> str:
    out, end = [], 0
    for lo, hi in ranges:
        out.append(f"{lo - end:x}" + (f"+{hi - lo:x}" if hi > lo else ""))
        end = hi
    return " ".join(out)


def _decode(stored: str) -> Ranges:
    out, end = [], 0
    for item in stored.split():
        gap, _, more = item.partition("+")
        lo = end + int(gap, 16)
        end = lo + int(more or "0", 16)
        out.append((lo, end))
    return tuple(out)


def _entry(earlier: str | None) -> str:
    """This interpreter's entry, as source lines: of ``_STORED``, or of ``_LATER`` as the
    changes since the ``earlier`` version stored."""
    version = unicodedata.unidata_version
    found = scan()
    if earlier is None:
        return f"_STORED[{version!r}] = (\n{_lines(found)})"
    before = unicode_ranges(earlier)
    dropped = [tuple(sorted(set(b) - set(f))) for b, f in zip(before, found, strict=True)]
    added = [tuple(sorted(set(f) - set(b))) for b, f in zip(before, found, strict=True)]
    return (
        f"_LATER[{version!r}] = (\n    {earlier!r},\n    (\n{_lines(dropped, 8)}    ),\n"
        f"    (\n{_lines(added, 8)}    ),\n)"
    )


def _lines(groups: Iterable[Ranges], indent: int = 4) -> str:
    out = []
    for ranges in groups:
        words = _encode(ranges).split()
        out.append(" " * indent + "(")
        if not words:
            out.append(" " * indent + '    ""')
        while words:
            line = words.pop(0)
            while words and len(line) + len(words[0]) < 88 - indent:
                line += " " + words.pop(0)
            out.append(" " * indent + f'    "{line}{" " if words else ""}"')
        out.append(" " * indent + "),")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    import sys

    print(_entry(sys.argv[1] if len(sys.argv) > 1 else None))
