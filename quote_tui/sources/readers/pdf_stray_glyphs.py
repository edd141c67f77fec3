"""Glyphs drawn into a gap of a line after the line itself, seated back in it.

A web page printed to PDF draws its MathJax formulas as Type 3 glyphs after the text: "the
t-test" is drawn as "the ", a gap, "-test", and then, apart, the italic "t" in the gap. MuPDF
reads the "t" as a line of its own, set aside with a figure's labels, and the sentence reads
"the -test" (p6's printed blog post: "t-value" read "-value"). A line of one or two glyphs
that stands inside another line, level with it and in a gap between two of its glyphs (where
none of them is drawn), is that line's: its text goes into the gap. The dict read tells
whether a page holds such a line (``has_strays``, rare); only then is its glyph read asked for,
for where the line's characters stand (the characters themselves are the dict read's).
"""

from __future__ import annotations

from typing import Any

import pymupdf

__all__ = ["has_strays", "seat_strays", "seated_page"]

_SHORT = 2
"""Most characters of a stray line."""
_HOST = 8
"""Fewest characters of the line a stray stands in."""
_LEVEL = 0.6
"""Share of a stray's height its host line must cover."""
_TALL = 3.0
"""Times its type's size past which a line's box tells nothing of where its glyphs stand."""
_FOOT = 0.2
"""Share of the host's height within which a stray's foot stands level with the host's."""
_SPACE = 0.2
"""Share of the stray's height (about an em) of a gap after it that is a printed word space."""
_SLACK = 0.6
"""Points a stray may reach into the glyphs beside the gap it stands in (a glyph's advance is
measured, not its ink)."""


def _text(line: dict[str, Any]) -> str:
    spans = line.get("spans", ())
    if spans and "chars" in spans[0]:
        return "".join(c["c"] for span in spans for c in span["chars"])
    return "".join(span.get("text", "") for span in spans)


def _pairs(raw: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The page's short lines (strays, maybe) and its long ones (hosts, maybe)."""
    short: list[dict[str, Any]] = []
    long: list[dict[str, Any]] = []
    for block in raw.get("blocks", ()):
        if block.get("type", 0) != 0:
            continue
        for line in block.get("lines", ()):
            size = max((span.get("size", 0.0) for span in line.get("spans", ())), default=0.0)
            if line["bbox"][3] - line["bbox"][1] > _TALL * size:
                continue  # a glyph box far taller than its type (an old Type 3 font's)
            n = len(_text(line).strip())
            if 0 < n <= _SHORT:
                short.append(line)
            elif n >= _HOST:
                long.append(line)
    return short, long


def _inside(stray: dict[str, Any], host: dict[str, Any]) -> bool:
    """Whether a stray stands inside a host line, set as its glyphs are: a raised mark (a
    note's number drawn after the line, "(DMCA)" and a "1" above it) is read apart, as
    before, so a quotation that leaves it out stays found."""
    x0, y0, x1, y1 = stray["bbox"]
    a, b, c, d = host["bbox"]
    return (
        a < x0
        and x1 < c
        and min(y1, d) - max(y0, b) >= _LEVEL * (y1 - y0)
        and y1 - y0 >= _LEVEL * (d - b)
        and abs(y1 - d) <= _FOOT * (d - b)
    )


def has_strays(raw: dict[str, Any]) -> bool:
    """Whether a page's dict read holds a line of a glyph or two inside a longer line."""
    short, long = _pairs(raw)
    return any(_inside(s, h) for s in short for h in long) if short and long else False


def seat_strays(raw: dict[str, Any], glyphs: dict[str, Any]) -> dict[str, Any]:
    """A page's dict read with each stray's text set into the gap of the line it stands in,
    and the stray's line left out. ``glyphs``: the page's ``extractRAWDICT``, which tells
    where each of a line's characters stands (its own characters are not used: PyMuPDF gives
    a character past U+FFFF, a formula's "𝑡", as half of its surrogate pair)."""
    short, long = _pairs(raw)
    placed = {tuple(line["bbox"]): line for _, line in _lines(glyphs)}
    seats: dict[int, list[tuple[int, str]]] = {}  # per host line: (character index, text)
    hosts: dict[int, dict[str, Any]] = {}
    seated: set[int] = set()
    for stray in short:
        # the line whose foot stands nearest the stray's (lines set close may both reach it)
        foot = stray["bbox"][3]
        for host in sorted(long, key=lambda line: abs(line["bbox"][3] - foot)):
            if not _inside(stray, host):
                continue
            found = _seat(stray, host, placed.get(tuple(host["bbox"])))
            if found is not None:
                at, text = found
                seats.setdefault(id(host), []).append((at, text))
                hosts[id(host)] = host
                seated.add(id(stray))
            break  # the nearest line is the stray's, or none is
    for key, found in seats.items():
        for at, text in sorted(found, reverse=True):  # the later first: indexes hold
            _insert(hosts[key]["spans"], at, text)
    if seated:
        for block in raw.get("blocks", ()):
            if "lines" in block:
                block["lines"] = [ln for ln in block["lines"] if id(ln) not in seated]
        raw["blocks"] = [b for b in raw["blocks"] if b.get("type", 0) != 0 or b.get("lines")]
    return raw


def _insert(spans: list[dict[str, Any]], at: int, text: str) -> None:
    """``text`` set before the line's character ``at`` (counted over its spans)."""
    for span in spans:
        if at < len(span["text"]):
            span["text"] = span["text"][:at] + text + span["text"][at:]
            return
        at -= len(span["text"])


def _lines(raw: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    return [
        (block, line)
        for block in raw.get("blocks", ())
        if block.get("type", 0) == 0
        for line in block.get("lines", ())
    ]


def _seat(
    stray: dict[str, Any], host: dict[str, Any], placed: dict[str, Any] | None
) -> tuple[int, str] | None:
    """Where the stray's text goes into the host's (a dict read's line), and the text: the
    index of the character it stands before, where by the host's glyphs (``placed``, the same
    line's glyph read) a gap stands under it; None where none does."""
    if placed is None:
        return None
    spans = host["spans"]
    boxes = [c["bbox"] for span in placed["spans"] for c in span["chars"]]
    if [len(span["text"]) for span in spans] != [len(span["chars"]) for span in placed["spans"]]:
        return None  # the two reads do not tell the same characters
    x0, x1 = stray["bbox"][0], stray["bbox"][2]
    chars = "".join(span["text"] for span in spans)
    # a gap: no glyph of the host inks where the stray stands (a space MuPDF set in the gap
    # may span it)
    if any(
        not c.isspace() and min(b[2], x1 - _SLACK) > max(b[0], x0 + _SLACK)
        for c, b in zip(chars, boxes, strict=True)
    ):
        return None
    middle = (x0 + x1) / 2
    at = next((k for k, b in enumerate(boxes) if (b[0] + b[2]) / 2 > middle), None)
    if at is None:
        return None  # past the line's last glyph: no gap of it
    text = "".join(span["text"] for span in stray["spans"]).strip()
    # a word space printed after the glyph ("The symbol ∀ is called") and MuPDF's one space
    # set before it: the space goes after the glyph
    space = _SPACE * (stray["bbox"][3] - stray["bbox"][1])
    if not chars[at].isspace() and boxes[at][0] - x1 >= space:
        if at and chars[at - 1].isspace() and x0 - boxes[at - 1][0] < space:
            return at - 1, text + " "
        return at, text + " "
    return at, text


def seated_page(raw: dict[str, Any], textpage: pymupdf.TextPage) -> dict[str, Any]:
    """A page's dict read with its strays seated (``seat_strays``)."""
    return seat_strays(raw, textpage.extractRAWDICT())
