"""TeX's ligatures that a PDF's text layer gives as control characters, read as their letters.

TeX's text fonts set the "ff", "fi", "fl", "ffi" and "ffl" ligatures at fixed codes: 11-15 in
the old text layout (OT1: Computer Modern and its clones), 27-31 in the European one (T1). A
PDF that keeps no Unicode for those glyphs, and names them by their code ("a12", "12", a
character escaped as "#0C", or the ASCII control's name "FF"), has MuPDF give the code itself:
"de\\x0cned" where the page prints "defined", "e\\x0ecient" for "efficient",
"Ö\\x1bentlichkeit" for "Öffentlichkeit". Bitmap fonts of TeX documents turned into PDF
(dvips's Type 3 fonts, pdfTeX's PK fonts) do so, and so does a publisher's Computer Modern
clone; a quotation with such a word then misses.

The code alone does not tell which glyph stands there: the same codes hold Greek letters in
TeX's math italic, quotation marks and guillemets in T1, "œ" and "ø" in OT1. The font's own
metrics do: a ligature is as wide as its letters set side by side, less the little a ligature
saves (0.83-0.98 of their widths in the fonts measured: Computer Modern's roman, bold and
italic, the T1 fonts, a publisher's clone), where a Greek letter, a quotation mark or a
guillemet is far narrower or wider. So a code is read as its ligature only in a font whose
every such code in use is as wide as its ligature's letters, measured in that font on the
same pages (``extractRAWDICT``: each glyph's advance); a font none of whose letters "f", "i"
or "l" stand there is left as it is. Only the pages whose text holds such a character next to
a letter are read so: a document without one costs nothing more.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import pymupdf

from quote_tui.sources.readers.pdf_errors import MUPDF_ERRORS as _MUPDF_ERRORS
from quote_tui.sources.readers.pdf_layout import PageBlocks
from quote_tui.sources.readers.pdf_lines import Line

__all__ = ["LIGATURE_CODES", "ligature_table", "read_tex_ligatures", "tex_ligature_in_word"]

Rect = tuple[float, float, float, float]
LIGATURE_CODES = {
    **dict(zip("\x0b\x0c\x0d\x0e\x0f", ("ff", "fi", "fl", "ffi", "ffl"), strict=True)),
    **dict(zip("\x1b\x1c\x1d\x1e\x1f", ("ff", "fi", "fl", "ffi", "ffl"), strict=True)),
}
"""The character MuPDF gives for each of TeX's ligature codes (OT1's 11-15, T1's 27-31), and
the letters the ligature stands for."""
_IN_WORD = re.compile(r"[\x0b-\x0f\x1b-\x1f](?=[^\W\d_])|(?<=[^\W\d_])[\x0b-\x0f\x1b-\x1f]")
"""Such a character next to a letter, as a ligature stands in a word."""
_T1_CODES = frozenset("\x1b\x1c\x1d\x1e\x1f")
_SHARP_S = "\xff"
"""What MuPDF gives for T1's code 255, "ß" (Latin-1's "ÿ": "genieÿen" for "genießen"): read
as "ß" in a font whose ligatures the widths confirm at T1's codes, where 255 is nothing else."""
_SHARP_IN_WORD = re.compile(r"(?<=[^\W\d_])\xff|\xff(?=[^\W\d_])")
_MARKED = frozenset(LIGATURE_CODES) | {_SHARP_S}
"""The characters whose font each line's reading keeps: the codes, and T1's "ß"."""
_NARROWEST = 0.8
_WIDEST = 1.05
"""Share of its letters' summed widths a glyph's width must fall within to be their
ligature: Computer Modern's ligatures measure 0.91-0.96 of them (bold "ff" 0.88), a
publisher's clone's "ff" 0.83; a math italic's "β" measures 0.68 of "fi", T1's "‹" 0.67."""
_SLACK = 0.5
"""Points a piece of a line may stand past the line's rectangle (rounding)."""


def tex_ligature_in_word(text: str) -> bool:
    """Whether a text holds one of TeX's ligature codes next to a letter (most hold none)."""
    return any(c in text for c in LIGATURE_CODES) and _IN_WORD.search(text) is not None


def ligature_table(
    widths: dict[tuple[str, str], list[float]], codes: Iterable[tuple[str, str]]
) -> dict[str, set[str]]:
    """Per font, the ligature codes its glyphs' widths confirm.

    Args:
        widths: per (font, character), each of its glyphs' advances over the span's size.
        codes: the (font, ligature code) pairs that stand next to a letter.

    Returns:
        For each font whose every such code is as wide as its ligature's letters, the codes
        read as ligatures; a font with one code too narrow or too wide is left out whole.
    """
    confirmed: dict[str, set[str]] = {}
    refused: set[str] = set()
    for font, code in set(codes):
        letters = LIGATURE_CODES[code]
        try:
            glyph = statistics.median(widths[(font, code)])
            parts = sum(statistics.median(widths[(font, c)]) for c in letters)
        except (KeyError, statistics.StatisticsError):
            continue  # no letter of the ligature stands in this font here: nothing to measure
        if parts > 0 and _NARROWEST <= glyph / parts <= _WIDEST:
            confirmed.setdefault(font, set()).add(code)
        else:
            refused.add(font)
    return {font: codes for font, codes in confirmed.items() if font not in refused}


def _measure(
    raw: dict[str, Any],
    widths: dict[tuple[str, str], list[float]],
    codes: list[tuple[str, str]],
) -> dict[Rect, list[str]]:
    """Gather, from a page's ``extractRAWDICT``, the widths of the letters "f", "i", "l" and
    of the ligature codes per font, and the codes that stand next to a letter. Returns each
    line holding a ligature code: the fonts of its codes, in order."""
    fonts_at: dict[Rect, list[str]] = {}
    for block in raw.get("blocks", ()):
        for line in block.get("lines", ()):
            in_line: list[str] = []
            for span in line["spans"]:
                font, size = span.get("font", ""), span.get("size") or 1.0
                chars = span["chars"]
                for i, char in enumerate(chars):
                    c = char["c"]
                    if c == _SHARP_S:
                        in_line.append(font)
                        continue
                    if c in LIGATURE_CODES:
                        in_line.append(font)
                        before = chars[i - 1]["c"] if i else ""
                        after = chars[i + 1]["c"] if i + 1 < len(chars) else ""
                        if before.isalpha() or after.isalpha():
                            codes.append((font, c))
                    elif c not in "fil":
                        continue
                    box = char["bbox"]
                    widths.setdefault((font, c), []).append((box[2] - box[0]) / size)
            if in_line:
                fonts_at[tuple(line["bbox"])] = in_line  # type: ignore[index]
    return fonts_at


def _fonts_in(rect: Rect, fonts_at: dict[Rect, list[str]]) -> list[str]:
    """The fonts of the ligature codes in a line as the reader gave it: those of the lines
    MuPDF read inside its rectangle, left to right (a line the reader joined from MuPDF's
    pieces, a word each in a bitmap font's text, holds several)."""
    x0, y0, x1, y1 = rect[0] - _SLACK, rect[1] - _SLACK, rect[2] + _SLACK, rect[3] + _SLACK
    inside = sorted(
        (r for r in fonts_at if r[0] >= x0 and r[1] >= y0 and r[2] <= x1 and r[3] <= y1),
        key=lambda r: r[0],
    )
    return [font for r in inside for font in fonts_at[r]]


def _read(text: str, fonts: list[str], table: dict[str, set[str]]) -> str:
    """A line's text with each ligature code its font's table confirms read as its letters,
    and T1's "ß" as itself in a font confirmed at T1's codes; ``fonts``: the font of each code
    (and "ß") in the line, in order."""
    out: list[str] = []
    k = 0
    for c in text:
        if c in _MARKED:
            font = fonts[k]
            k += 1
            confirmed = table.get(font, ())
            if c in confirmed:
                out.append(LIGATURE_CODES[c])
                continue
            if c == _SHARP_S and confirmed and confirmed <= _T1_CODES:
                out.append("ß")
                continue
        out.append(c)
    return "".join(out)


def read_tex_ligatures(
    doc: pymupdf.Document,
    pages: list[PageBlocks | None],
    flags: int,
    kept: dict[int, pymupdf.TextPage],
) -> bool:
    """Read, in ``pages``, TeX's ligature codes as their letters where the fonts' widths
    confirm them (``kept``: text pages kept from the first read). Whether any line changed."""
    widths: dict[tuple[str, str], list[float]] = {}
    codes: list[tuple[str, str]] = []
    lines: dict[int, dict[Rect, list[str]]] = {}
    for index, page in enumerate(pages):
        if page is None or page.hidden:
            continue
        if not any(
            tex_ligature_in_word(line.text) or _SHARP_IN_WORD.search(line.text)
            for b in page.blocks
            for line in b.lines
        ):
            continue
        try:
            textpage = kept.get(index) or doc.load_page(index).get_textpage(flags=flags)
            raw = textpage.extractRAWDICT()
        except _MUPDF_ERRORS:
            continue  # the page stays as first read
        lines[index] = _measure(raw, widths, codes)
    table = ligature_table(widths, codes)
    if not table:
        return False
    changed = False
    for index, fonts_at in lines.items():
        page = pages[index]
        assert page is not None
        blocks = []
        for block in page.blocks:
            new = []
            for line in block.lines:
                if not any(c in line.text for c in _MARKED):
                    new.append(line)
                    continue
                fonts = fonts_at.get(line.rect) or _fonts_in(line.rect, fonts_at)
                # a line whose codes the pieces inside it do not all account for stays unread
                if fonts and sum(line.text.count(c) for c in _MARKED) == len(fonts):
                    text = _read(line.text, fonts, table)
                    if text != line.text:
                        line = Line(text, line.rect)
                new.append(line)
            if any(a is not b for a, b in zip(new, block.lines, strict=True)):
                block = replace(block, lines=tuple(new))
                changed = True
            blocks.append(block)
        pages[index] = replace(page, blocks=tuple(blocks))
    return changed
