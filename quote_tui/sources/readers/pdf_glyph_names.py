"""Glyphs a font names in a typesetter's own way, read as the characters they draw.

A font without a Unicode map is read by its glyphs' names. MuPDF knows the standard names
("parenleft", "degree"); a name it does not know leaves the glyph's code in the text, a control
character where the page shows a bracket or a degree sign ("Cr\\x02001\\x03" for "Cr(001)",
"640 \\x03C" for "640 °C"), and a quotation that types the bracket misses a character. Two
families of typesetters' names stand in many published papers:

- the Mathematical Pi fonts' numbered names, in the physics journals of one publisher for a
  decade ("H20849" is "(", "H20850" is ")"): ``pdf_symbol_fonts.PI_NAMES`` (a font with no
  Unicode map has them in one before the pages are read; these are the others);
- a symbol font's glyphs named by their code in the Symbol encoding ("C176" is code 176 there,
  the degree sign; "C211" the copyright sign), as one publisher's fonts name them.

Pages are read again with those glyphs renamed only when the text holds an unreadable
character, so a document without one costs nothing more.
"""

from __future__ import annotations

import re
from typing import Any

import pymupdf

from quote_tui.sources.readers.pdf_errors import MUPDF_ERRORS as _MUPDF_ERRORS
from quote_tui.sources.readers.pdf_font_encoding import differences_pairs
from quote_tui.sources.readers.pdf_layout import PageBlocks, page_blocks
from quote_tui.sources.readers.pdf_symbol_fonts import PI_NAMES

__all__ = ["differences_pairs", "font_renames", "read_named", "rename_glyphs"]

_CODE = re.compile(r"C(\d{2,3})")
_SYMBOL = {
    **dict(zip(range(65, 91), "ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ", strict=True)),
    **dict(zip(range(97, 123), "αβχδεφγηιϕκλμνοπθρστυϖωξψζ", strict=True)),
    **dict(zip(range(161, 189), "ϒ′≤⁄∞ƒ♣♦♥♠↔←↑→↓°±″≥×∝∂•÷≠≡≈…", strict=True)),
    **dict(zip(range(191, 226), "↵ℵℑℜ℘⊗⊕∅∩∪⊃⊇⊄⊂⊆∈∉∠∇®©™∏√⋅¬∧∨⇔⇐⇑⇒⇓◊〈", strict=True)),
    34: "∀",
    36: "∃",
    39: "∋",
    42: "∗",
    45: "\u2212",
    64: "≅",
}
"""Adobe's Symbol encoding: the letters and signs a code stands for."""
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")
"""A control character MuPDF gives for a glyph it cannot name."""


def _char(name: str, symbol: bool) -> str | None:
    if name in PI_NAMES:
        return PI_NAMES[name]
    if symbol and (match := _CODE.fullmatch(name)):
        return _SYMBOL.get(int(match.group(1)))
    return None


def font_renames(page: pymupdf.Page) -> dict[str, dict[str, str]]:
    """Per font on the page (its name without a subset's tag): the characters MuPDF gives for
    glyphs it cannot name, each with the character the glyph draws. Empty for most pages."""
    doc = page.parent
    out: dict[str, dict[str, str]] = {}
    for xref, _ext, _kind, basefont, _name, _encoding in page.get_fonts():
        if doc.xref_get_key(xref, "ToUnicode")[0] != "null":
            continue  # a font with a Unicode map is read by it, not by its glyphs' names
        kind, differences = doc.xref_get_key(xref, "Encoding/Differences")
        if kind != "array":
            continue
        font = basefont.split("+", 1)[-1]
        symbol = "sym" in font.lower()
        table = {
            chr(code): char
            for code, name in differences_pairs(differences)
            if (char := _char(name, symbol)) is not None
        }
        if table:
            out[font] = table
    return out


def rename_glyphs(raw: dict[str, Any], renames: dict[str, dict[str, str]]) -> bool:
    """Replace, in a page's ``extractDICT``, each glyph ``font_renames`` names; one character for
    one, so every box stays as read. Whether any was replaced."""
    changed = False
    for block in raw.get("blocks", ()):
        for line in block.get("lines", ()):
            for span in line["spans"]:
                font = span.get("font", "")
                # MuPDF cuts a long font name short ("Universal-GreekwithMathP")
                table = renames.get(font) or next(
                    (t for name, t in renames.items() if font and name.startswith(font)), None
                )
                if table and any(c in table for c in span["text"]):
                    span["text"] = "".join(table.get(c, c) for c in span["text"])
                    changed = True
    return changed


def read_named(
    doc: pymupdf.Document,
    pages: list[PageBlocks | None],
    flags: int,
    kept: dict[int, pymupdf.TextPage],
) -> bool:
    """Read again, in ``pages``, each page whose text holds a control character and whose
    fonts name glyphs ``font_renames`` knows (``kept``: text pages kept from the first read).
    Whether any page changed."""
    changed = False
    for index, page in enumerate(pages):
        if page is None or page.hidden:
            continue
        if not any(_CONTROL.search(line.text) for b in page.blocks for line in b.lines):
            continue
        try:
            loaded = doc.load_page(index)
            if not (renames := font_renames(loaded)):
                continue
            textpage = kept.get(index) or loaded.get_textpage(flags=flags)
            raw = textpage.extractDICT()
        except _MUPDF_ERRORS:
            continue  # the page stays as first read
        if rename_glyphs(raw, renames):
            pages[index] = page_blocks(raw, raw["height"])
            changed = True
    return changed
