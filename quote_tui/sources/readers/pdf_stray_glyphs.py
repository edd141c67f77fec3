"""Glyphs drawn into a gap of a line after the line itself, seated back in it.

A web page printed to PDF draws its MathJax formulas as Type 3 glyphs after the text: "the
t-test" is drawn as "the ", a gap, "-test", and then, apart, the italic "t" in the gap. MuPDF
reads the "t" as a line of its own, set aside with a figure's labels, and the sentence reads
"the -test" (p6's printed blog post: "t-value" read "-value"). A line of one or two glyphs
that stands inside another line, level with it and in a gap between two of its glyphs (where
none of them is drawn), is that line's: its glyphs go into the gap. The dict read tells
whether a page holds such a line (``has_strays``, rare); only then is its glyph read asked for.
"""

from __future__ import annotations

from typing import Any

import pymupdf

from quote_tui.sources.readers.pdf_lines import close_ligature_gaps

__all__ = ["has_strays", "seat_strays", "seated_page"]

_SHORT = 2
"""Most characters of a stray line."""
_HOST = 8
"""Fewest characters of the line a stray stands in."""
_LEVEL = 0.6
"""Share of a stray's height its host line must cover."""
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
            n = len(_text(line).strip())
            if 0 < n <= _SHORT:
                short.append(line)
            elif n >= _HOST:
                long.append(line)
    return short, long


def _inside(stray: dict[str, Any], host: dict[str, Any]) -> bool:
    x0, y0, x1, y1 = stray["bbox"]
    a, b, c, d = host["bbox"]
    return a < x0 and x1 < c and min(y1, d) - max(y0, b) >= _LEVEL * (y1 - y0)


def has_strays(raw: dict[str, Any]) -> bool:
    """Whether a page's dict read holds a line of a glyph or two inside a longer line."""
    short, long = _pairs(raw)
    return any(_inside(s, h) for s in short for h in long) if short and long else False


def seat_strays(raw: dict[str, Any]) -> dict[str, Any]:
    """A page's ``extractRAWDICT`` with each stray's glyphs set into the gap of the line it
    stands in, and the stray's line left out."""
    short, long = _pairs(raw)
    seated: set[int] = set()
    for stray in short:
        x0, x1 = stray["bbox"][0], stray["bbox"][2]
        middle = (x0 + x1) / 2
        glyphs = [c for span in stray["spans"] for c in span["chars"] if not c["c"].isspace()]
        for host in long:
            if not _inside(stray, host):
                continue
            chars = [(span, i) for span in host["spans"] for i in range(len(span["chars"]))]
            # a gap: no glyph of the host inks where the stray stands (a space MuPDF set in
            # the gap may span it)
            if any(
                not (c := span["chars"][i])["c"].isspace()
                and min(c["bbox"][2], x1 - _SLACK) > max(c["bbox"][0], x0 + _SLACK)
                for span, i in chars
            ):
                continue
            after = next(
                (
                    (span, i)
                    for span, i in chars
                    if (span["chars"][i]["bbox"][0] + span["chars"][i]["bbox"][2]) / 2 > middle
                ),
                None,
            )
            if after is None:
                continue  # past the line's last glyph: no gap of it
            span, i = after
            span["chars"][i:i] = glyphs
            seated.add(id(stray))
            break
    if seated:
        for block in raw.get("blocks", ()):
            if "lines" in block:
                block["lines"] = [ln for ln in block["lines"] if id(ln) not in seated]
        raw["blocks"] = [b for b in raw["blocks"] if b.get("type", 0) != 0 or b.get("lines")]
    return raw


def seated_page(textpage: pymupdf.TextPage) -> dict[str, Any]:
    """A page's read with its strays seated, its spans' texts as the dict read gives them."""
    return close_ligature_gaps(seat_strays(textpage.extractRAWDICT()))
