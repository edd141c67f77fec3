"""HTML character references a scan's OCR layer holds as text, read as the characters they name.

Some OCR producers write their recognised text through an HTML or XML step (hOCR, a web
service's answer) and put it into the PDF without decoding it: the layer reads "Smith &amp;
Jones", "p. 12 &middot; Vol. 3", "&#8220;Yes&#8221;" where the page image shows "Smith & Jones",
"p. 12 · Vol. 3" and curly quotes. A quotation typed from the page then reads ``near``, and
every such word counts against the layer's quality. Only a scan's own layer is read so, and
only one escaped throughout, every "&" in it opening a reference (a producer that escapes its
text escapes each ampersand): in a born-digital text layer, or a scan of a book that prints web
pages' source, "&amp;" is what the page shows, and such a page prints a bare "&" somewhere too.
"""

from __future__ import annotations

import re
from html import unescape
from html.entities import html5

from quote_tui.engine.text import LineBox
from quote_tui.sources.readers.pdf_cuts import moved_past_cuts

__all__ = ["read_entities"]

_REFERENCE = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
"""A character reference with its closing semicolon (a bare "&amp" is left: in OCR text it is
as likely an ampersand before a word the OCR joined to it)."""


def _named(reference: str) -> str | None:
    """The characters a reference names, or None where it names none (an unknown name, a
    number past Unicode's range or a control character)."""
    if reference[1] != "#":
        return html5.get(reference[1:])
    read = unescape(reference)
    if len(read) != 1 or read == "\ufffd" or not (read.isprintable() or read.isspace()):
        return None
    return read


def read_entities(
    text: str, page_starts: tuple[int, ...], boxes: tuple[LineBox, ...]
) -> tuple[str, tuple[int, ...], tuple[LineBox, ...]]:
    """``text`` with each character reference read as its characters, and the page starts and
    line boxes moved to the shorter text's offsets (a reference's characters stand where its
    "&" stood); the same three when it holds none."""
    if "&" not in text or text.count("&") != len(_REFERENCE.findall(text)):
        return text, page_starts, boxes
    pieces: list[str] = []
    cuts: list[int] = []
    last = 0
    for m in _REFERENCE.finditer(text):
        named = _named(m.group())
        if named is None:
            continue
        pieces.append(text[last : m.start()])
        pieces.append(named)
        cuts.extend(range(m.start() + len(named), m.end()))
        last = m.end()
    if not cuts:
        return text, page_starts, boxes
    pieces.append(text[last:])
    starts, new_boxes = moved_past_cuts(cuts, page_starts, boxes)
    return "".join(pieces), starts, new_boxes
