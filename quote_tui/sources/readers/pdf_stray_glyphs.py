"""Glyphs drawn into a gap of a line after the line itself, seated back in it.

A web page printed to PDF draws its MathJax formulas as Type 3 glyphs after the text: "the
t-test" is drawn as "the ", a gap, "-test", and then, apart, the italic "t" in the gap. MuPDF
reads the "t" as a line of its own, set aside with a figure's labels, and the sentence reads
"the -test" (p6's printed blog post: "t-value" read "-value"). A line of one or two glyphs
that stands inside another line, level with it and in a gap between two of its glyphs (where
none of them is drawn), is that line's: its text goes into the gap. The dict read tells
whether a page holds such a line (``has_strays``, rare); only then is its glyph read asked for,
for where the line's characters stand (the characters themselves are the dict read's).

A note's raised number is drawn so too: a word processor sets the line, then the mark over the
gap it left ("decades.”¹ Coffee and tea were expensive, water was" with the "1" drawn last),
and MuPDF reads the mark as a line of its own, which lands between that line and the next
("water was 1 dirty") or among the asides. A mark (a number or a dagger, set smaller) standing
raised inside a line, in a gap of it, goes back in as a span of its own, in its own size and
place: the line's reading keeps it apart from its word (``pdf_lines``), "decades.”\u200b1
Coffee", and a quotation that leaves it out is found. A space MuPDF set in the gap under the
mark alone is the mark's place, not a word space ("bottle”⁸, maybe").
"""

from __future__ import annotations

import re
from operator import itemgetter
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
_SPAN_TEXT = itemgetter("text")
_MARK = re.compile(r"^(?:\d{1,3}|[*†‡§¶]{1,2})$")
"""A note's mark: a number or a dagger (``pdf_lines``'s mark line)."""
_SMALL = 0.85
"""Share of its line's size a raised mark is set in at most (``pdf_lines.SUPER``)."""
_RAISE = 0.15
"""Share of the line's height a raised mark's foot stands above the line's foot at least."""
_TOP = 0.35
"""Share of the line's height a raised mark's top stands under the line's top at most."""


def _text(line: dict[str, Any]) -> str:
    spans = line.get("spans", ())
    if spans and "chars" in spans[0]:
        return "".join(c["c"] for span in spans for c in span["chars"])
    return "".join(span.get("text", "") for span in spans)


def _pairs(raw: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The page's short lines (strays, maybe) and its long ones (hosts, maybe)."""
    short: list[dict[str, Any]] = []
    long: list[dict[str, Any]] = []
    # runs for every line of a document: the text is joined once, the size asked only of a
    # line whose box may be too tall for it
    for block in raw.get("blocks", ()):
        if block.get("type", 0) != 0:
            continue
        for line in block.get("lines", ()):
            spans = line.get("spans") or ()
            if not spans:
                continue
            if "chars" in spans[0]:
                text = _text(line).strip()
            elif len(spans) == 1:
                text = spans[0].get("text", "").strip()
            else:
                text = "".join(map(_SPAN_TEXT, spans)).strip()
            n = len(text)
            if n == 0:
                continue
            if n <= _SHORT or (n <= 3 and _MARK.match(text)):
                into = short
            elif n >= _HOST:
                into = long
            else:
                continue
            height = line["bbox"][3] - line["bbox"][1]
            if height > _TALL * spans[0].get("size", 0.0) and height > _TALL * max(
                [span.get("size", 0.0) for span in spans]
            ):
                continue  # a glyph box far taller than its type (an old Type 3 font's)
            into.append(line)
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
        and len(_text(stray).strip()) <= _SHORT
    )


def _size(line: dict[str, Any]) -> float:
    return max((span.get("size", 0.0) for span in line.get("spans", ())), default=0.0)


def _raised(stray: dict[str, Any], host: dict[str, Any]) -> bool:
    """Whether a stray is a note's mark standing raised inside a host line: set smaller, its
    foot above the line's, its top about the line's (not a subscript, nor the line above's)."""
    x0, y0, x1, y1 = stray["bbox"]
    a, b, c, d = host["bbox"]
    height = d - b
    return (
        a < x0
        and x1 < c
        and b - _TOP * height <= y0 <= b + _TOP * height
        and b < y1 <= d - _RAISE * height
        and _size(stray) <= _SMALL * _size(host)
        and _MARK.match(_text(stray).strip()) is not None
    )


def has_strays(raw: dict[str, Any]) -> bool:
    """Whether a page's dict read holds a line of a glyph or two inside a longer line, or a
    note's mark raised inside one."""
    short, long = _pairs(raw)
    if not short or not long:
        return False
    return any(
        _inside(s, h) or (_raised(s, h) and not _stacked(s, short)) for s in short for h in long
    )


def _stacked(stray: dict[str, Any], short: list[dict[str, Any]]) -> bool:
    """Whether another short line stands right under the stray, across the same x: a fraction's
    numerator over its denominator ("within ½ unit"), no note's mark."""
    x0, _, x1, y1 = stray["bbox"]
    height = stray["bbox"][3] - stray["bbox"][1]
    return any(
        other is not stray
        and min(x1, other["bbox"][2]) > max(x0, other["bbox"][0])
        and y1 - 0.5 * height <= other["bbox"][1] <= y1 + height
        for other in short
    )


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
    marks: dict[int, list[tuple[int, int, dict[str, Any]]]] = {}  # per host: raised marks
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
        if id(stray) in seated:
            continue
        if _stacked(stray, short):
            continue
        # a raised mark: the line whose top stands nearest the mark's
        top = stray["bbox"][1]
        for host in sorted(long, key=lambda line: abs(line["bbox"][1] - top)):
            if not _raised(stray, host):
                continue
            place = _mark_place(stray, host, placed.get(tuple(host["bbox"])))
            if place is not None:
                marks.setdefault(id(host), []).append((*place, stray))
                hosts[id(host)] = host
                seated.add(id(stray))
            break
    for key, found in seats.items():
        for at, text in sorted(found, reverse=True):  # the later first: indexes hold
            _insert(hosts[key]["spans"], at, text)
    for key, places in marks.items():
        for at, end, stray in sorted(places, key=lambda p: p[0], reverse=True):
            hosts[key]["spans"] = _with_mark(hosts[key]["spans"], at, end, stray)
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


def _with_mark(
    spans: list[dict[str, Any]], at: int, end: int, stray: dict[str, Any]
) -> list[dict[str, Any]]:
    """The host's spans with the stray's (its text in its first span's size, flags and place)
    set before the line's character ``at``, and the characters up to ``end`` (a space under
    the mark) left out."""
    mark = {**stray["spans"][0], "text": _text(stray).strip()}
    out: list[dict[str, Any]] = []
    done, seated = 0, False  # characters of the spans before this one; the mark set
    for span in spans:
        text = span.get("text", "")
        start, stop = done, done + len(text)
        left = text[: max(0, min(at, stop) - start)]  # what stands before the mark
        right = text[min(max(end, start), stop) - start :]  # and after the space it fills
        if left:
            out.append({**span, "text": left})
        if not seated and start <= at <= stop:
            out.append(mark)
            seated = True
        if right:
            out.append({**span, "text": right})
        done = stop
    return out


def _mark_place(
    stray: dict[str, Any], host: dict[str, Any], placed: dict[str, Any] | None
) -> tuple[int, int] | None:
    """Where a raised mark goes into its host line: the index of the character it stands
    before, and the end of the spaces there it stands over alone (MuPDF's space for its gap);
    None where a glyph of the host inks under it, or it stands past the line's last glyph."""
    found = _gap_under(stray, host, placed)
    if found is None:
        return None
    chars, boxes = found
    x0, x1 = stray["bbox"][0], stray["bbox"][2]
    at = next((k for k, b in enumerate(boxes) if (b[0] + b[2]) / 2 > x0), None)
    if at is None or at == 0:
        return None  # past the line's end or before its start: ``pdf_lines`` glues those
    while at and chars[at - 1].isspace():
        at -= 1  # the mark follows its word; a space after it stays after it
    end = at
    while end < len(chars) and chars[end].isspace():
        end += 1
    if end > at and boxes[end - 1][2] > x1 + _SLACK:
        end = at  # a word space after the mark, printed: kept
    return at, end


def _gap_under(
    stray: dict[str, Any], host: dict[str, Any], placed: dict[str, Any] | None
) -> tuple[str, list[Any]] | None:
    """The host line's characters and their glyph boxes (from ``placed``, the same line's glyph
    read) where no glyph of the host inks under the stray (a space MuPDF set in the gap may span
    it); None where one does, or where the two reads do not tell the same characters."""
    if placed is None:
        return None
    spans = host["spans"]
    boxes = [c["bbox"] for span in placed["spans"] for c in span["chars"]]
    if [len(span["text"]) for span in spans] != [len(span["chars"]) for span in placed["spans"]]:
        return None
    x0, x1 = stray["bbox"][0], stray["bbox"][2]
    chars = "".join(span["text"] for span in spans)
    if any(
        not c.isspace() and min(b[2], x1 - _SLACK) > max(b[0], x0 + _SLACK)
        for c, b in zip(chars, boxes, strict=True)
    ):
        return None
    return chars, boxes


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
    found = _gap_under(stray, host, placed)
    if found is None:
        return None
    chars, boxes = found
    x0, x1 = stray["bbox"][0], stray["bbox"][2]
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
