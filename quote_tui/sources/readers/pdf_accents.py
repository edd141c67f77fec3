"""Accents a PDF sets as glyphs of their own, composed with the letter they stand over.

TeX's OT1 fonts have no "ü": pdfTeX draws the spacing diaeresis and then the "u" under it, so
the text layer reads "f¨ur", "Aktivit¨aten" where a reader reads "für". Other producers draw
the accent after its letter ("Lo´pez", "Zˇ"). Which letter an accent belongs to is told by
where it is drawn, not by the order of the glyphs: it stands over its letter's box, while a
backtick in "`mod`" or a tilde in a URL ("˜ongaro") stands beside the letters around it and is
left as it is. An accent is composed only where Unicode has one character for the pair, so
"x̃" in a formula keeps both glyphs.

The glyphs are known only in a page's glyph-by-glyph read (``extractRAWDICT``), so only the
pages whose text holds a spacing accent beside a letter are read so (``accent_pending``).
MuPDF's own words keep the accent inside its word ("Verst¨andlichkeit"), so a composed word
is still one word where a highlight is drawn.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

__all__ = ["ACCENTS", "accent_pending", "accents_pending", "compose_accents"]

ACCENTS: dict[str, str] = {
    "\u00a8": "\u0308",  # diaeresis
    "\u00b4": "\u0301",  # acute
    "\u0060": "\u0300",  # grave
    "\u02c6": "\u0302",  # circumflex
    "\u02dc": "\u0303",  # tilde
    "\u00b8": "\u0327",  # cedilla
    "\u02c7": "\u030c",  # caron
    "\u02d8": "\u0306",  # breve
    "\u02da": "\u030a",  # ring
    "\u02d9": "\u0307",  # dot above
    "\u02dd": "\u030b",  # double acute
    "\u00af": "\u0304",  # macron
    "\u02db": "\u0328",  # ogonek
}
"""Each spacing accent and the combining mark it stands for."""
_DOTLESS = {"\u0131": "i", "\u0237": "j"}
"""TeX sets "í" as an accent over a dotless i: the composed letter has its dot's place."""
_ACCENT = re.compile(f"[{''.join(ACCENTS)}]")


def accent_pending(text: str) -> bool:
    """Whether a text holds a spacing accent beside a letter (one that may belong to it).

    Asked of every PDF's whole text: a plain search for each accent first, which costs next to
    nothing on a text without one, then a look beside each accent found."""
    if not any(accent in text for accent in ACCENTS):
        return False
    for m in _ACCENT.finditer(text):
        i = m.start()
        if text[i + 1 : i + 2].isalpha() or text[i - 1 : i].isalpha():
            return True
    return False


def accents_pending(text: str) -> list[int]:
    """Where ``accent_pending`` finds an accent beside a letter in ``text``: one search of a
    whole document's text, each offset then told to its line, rather than a search per line.
    A line's edges stand beside the separators around it, which are no letters."""
    return [
        m.start()
        for m in _ACCENT.finditer(text)
        if text[m.start() + 1 : m.start() + 2].isalpha()
        or text[m.start() - 1 : m.start()].isalpha()
    ]


def _composed(letter: str, accent: str) -> str | None:
    """The one character for a letter under (or over) an accent, if Unicode has one."""
    if not letter.isalpha():
        return None
    out = unicodedata.normalize("NFC", _DOTLESS.get(letter, letter) + ACCENTS[accent])
    return out if len(out) == 1 else None


def _over(accent: dict[str, Any], letter: dict[str, Any]) -> float:
    """How far inside a letter's box the accent's middle stands (0 when it is not over it)."""
    middle = (accent["bbox"][0] + accent["bbox"][2]) / 2
    x0, x1 = letter["bbox"][0], letter["bbox"][2]
    return max(0.0, min(middle - x0, x1 - middle))


def compose_accents(raw: dict[str, Any]) -> dict[str, Any]:
    """A page's ``extractRAWDICT`` with each accent drawn over a letter composed with it: the
    letter's glyph takes the composed character and the accent's glyph is left out (a span
    that held only the accent goes with it)."""
    for block in raw.get("blocks", ()):
        for line in block.get("lines", ()):
            spans = line.get("spans", ())
            chars = [c for span in spans for c in span.get("chars", ())]
            if not any(c["c"] in ACCENTS for c in chars):
                continue
            gone: set[int] = set()
            for i, char in enumerate(chars):
                if char["c"] not in ACCENTS:
                    continue
                best, depth, letter = -1, 0.0, ""
                for j in (i + 1, i - 1):  # the letter after first: TeX's order
                    if 0 <= j < len(chars) and j not in gone:
                        d = _over(char, chars[j])
                        composed = _composed(chars[j]["c"], char["c"]) if d > depth else None
                        if composed:
                            best, depth, letter = j, d, composed
                if best >= 0:
                    chars[best]["c"] = letter
                    gone.add(i)
            if not gone:
                continue
            dropped = {id(chars[i]) for i in gone}
            for span in spans:
                span["chars"] = [c for c in span.get("chars", ()) if id(c) not in dropped]
            kept = [span for span in spans if span["chars"]]
            line["spans"] = kept or spans[:1]
    return raw
