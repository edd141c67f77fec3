"""Low opening quotation marks built by lowering a closing one: "„" and "‚" read as they print.

LaTeX's OT1 fonts hold no low quotation marks, so babel's German "„Wort“" (``\\glqq``, the
``"``` shorthand) sets the closing mark "”" lowered by its own height, and "‚" (``\\glq``) a
lowered "’". The text layer gives the glyph, "”Wort“", where the page shows "„Wort“"; a
quotation that types the marks as printed reads a changed character, and a span compared with
it differs. Only the mark's place tells it: its baseline stands 0.55-0.6 em below its line's
and the word's it opens (Latin Modern, Computer Modern), where a subscript sinks 0.15-0.3 em. A
"”" opening a word is no evidence alone (Swedish and Finnish open quotations with it), so the
mark is read as the low one only where it stands so low. MuPDF gives such a mark a span of its
own, or keeps it in its word's span (its font and size unchanged); there the page's glyphs
are read (``extractRAWDICT``, on the pages that hold a closing mark opening a word only).
Seen in German student papers set by pdfLaTeX without ``fontenc``'s T1 (two of 615 PDFs
surveyed: p1's seminar paper, p7's handout); T1 fonts have the low marks themselves.
"""

from __future__ import annotations

import re
from typing import Any

import pymupdf

from quote_tui.sources.readers.pdf_errors import MUPDF_ERRORS as _MUPDF_ERRORS

__all__ = ["lower_quotes"]

_LOWERED = {"\u201d": "\u201e", "\u2019": "\u201a"}
"""A closing mark set low, and the low opening mark it prints."""
_OPENING = re.compile(r"(?<!\S)[\u201d\u2019](?=[^\W\d_]|[\[(\u2026])")
"""A closing mark that opens a word (a space or nothing before it, a letter, a bracket or an
ellipsis after, as in "„[...] a team": not the apostrophe of "’19" in a reference list)."""
_DROP = 0.4
"""Ems below the line's baseline that a mark must stand: a lowered mark stands 0.55-0.6 em
low, a subscript 0.15-0.3."""


def _baseline(line: dict[str, Any]) -> float:
    """The baseline most of a line's characters stand on (each glyph's, where the line was
    read glyph by glyph; else each span's)."""
    weights: dict[float, int] = {}
    for span in line["spans"]:
        if "chars" in span:
            for char in span["chars"]:
                y = round(char["origin"][1], 1)
                weights[y] = weights.get(y, 0) + 1
        else:
            y = round(span["origin"][1], 1)
            weights[y] = weights.get(y, 0) + len(span["text"])
    return max(weights, key=weights.__getitem__)


def _low(y: float, baseline: float, size: float) -> bool:
    return y - baseline >= _DROP * size


def _lowered_chars(line: dict[str, Any]) -> list[dict[str, Any]]:
    """The glyphs of a line read glyph by glyph that are closing marks opening a word and
    stand low, below their line and the word after them."""
    chars = [(char, span["size"]) for span in line["spans"] for char in span["chars"]]
    text = "".join(char["c"] for char, _size in chars)
    places = [m.start() for m in _OPENING.finditer(text)]
    if not places:
        return []
    baseline = _baseline(line)
    out = []
    for i in places:
        (char, size), after = chars[i], chars[i + 1][0]["origin"][1]
        if _low(char["origin"][1], baseline, size) and _low(char["origin"][1], after, size):
            out.append(char)
    return out


def _lone_mark(line: dict[str, Any], index: int) -> bool:
    """Whether a span of a closing mark alone, opening the word of the span after it, stands
    low, below its line and that word."""
    spans = line["spans"]
    before = spans[index - 1]["text"] if index > 0 else " "
    after = spans[index + 1] if index + 1 < len(spans) else None
    if after is None or not _OPENING.match(spans[index]["text"] + after["text"][:1]):
        return False
    if before[-1:] and not before[-1:].isspace():
        return False  # an apostrophe or a closing mark after a word
    span = spans[index]
    y, size = span["origin"][1], span["size"]
    return _low(y, _baseline(line), size) and _low(y, after["origin"][1], size)


def _replace(text: str, places: list[int]) -> str:
    chars = list(text)
    for i in places:
        chars[i] = _LOWERED[chars[i]]
    return "".join(chars)


def lower_quotes(raw: dict[str, Any], textpage: pymupdf.TextPage | None = None) -> int:
    """Read each lowered closing mark of a page's ``extractDICT`` (or ``extractRAWDICT``) as
    the low opening mark it prints, in place; the number read so. A mark inside a span of
    ``extractDICT`` is placed by the page's glyphs, read from ``textpage`` (the text page the
    dict came from) when there is one. Most pages hold no closing mark opening a word."""
    found = 0
    inside: list[tuple[int, int, int]] = []  # (block, line, span) of marks inside a span
    for b, block in enumerate(raw.get("blocks", ())):
        for n, line in enumerate(block.get("lines", ())):
            spans = line["spans"]
            if spans and "chars" in spans[0]:  # read glyph by glyph: every glyph is placed
                for char in _lowered_chars(line):
                    char["c"] = _LOWERED[char["c"]]
                    found += 1
                continue
            for s, span in enumerate(spans):
                text = span["text"]
                if "\u201d" not in text and "\u2019" not in text:
                    continue
                if text in _LOWERED:
                    if _lone_mark(line, s):
                        span["text"] = _LOWERED[text]
                        found += 1
                elif any(
                    m.start() > 0 or s == 0 or spans[s - 1]["text"][-1:].isspace()
                    for m in _OPENING.finditer(text)
                ):
                    # (a mark at the span's start after a word of another span, "Smith’s"
                    # with the name in italics, opens nothing)
                    inside.append((b, n, s))
    if inside and textpage is not None:
        found += _lower_inside(raw, textpage, inside)
    return found


def _lower_inside(
    raw: dict[str, Any], textpage: pymupdf.TextPage, inside: list[tuple[int, int, int]]
) -> int:
    """Marks inside the spans of ``extractDICT`` placed by the same text page's glyphs (its
    blocks, lines and spans stand in the same order)."""
    try:
        glyphs = textpage.extractRAWDICT()
    except _MUPDF_ERRORS:
        return 0
    found = 0
    for b, n, s in inside:
        try:
            line = glyphs["blocks"][b]["lines"][n]
            span = line["spans"][s]
        except (IndexError, KeyError):
            continue
        target = raw["blocks"][b]["lines"][n]["spans"][s]
        if "".join(char["c"] for char in span["chars"]) != target["text"]:
            continue  # not the same span: left as read
        low = [id(char) for char in _lowered_chars(line)]
        places = [i for i, char in enumerate(span["chars"]) if id(char) in low]
        if places:
            target["text"] = _replace(target["text"], places)
            found += len(places)
    return found
