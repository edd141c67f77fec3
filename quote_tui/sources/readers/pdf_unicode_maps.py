"""What every reader of a font's Unicode map (``ToUnicode``) needs: the map's two kinds of
section, and the fonts some pages use, each once."""

from __future__ import annotations

import re

import pymupdf

from quote_tui.sources.readers.pdf_errors import MUPDF_ERRORS

__all__ = ["BFCHAR", "BFRANGE", "page_fonts"]

BFCHAR = re.compile(rb"beginbfchar(.*?)endbfchar", re.S)
BFRANGE = re.compile(rb"beginbfrange(.*?)endbfrange", re.S)


def page_fonts(doc: pymupdf.Document, pages: range, *, composite: bool = True) -> set[int]:
    """The fonts on ``pages``, each once (a body font stands on every page); without the
    composite (Type0) ones where ``composite`` is false."""
    xrefs: set[int] = set()
    for index in pages:
        try:
            xrefs.update(
                font[0] for font in doc.get_page_fonts(index) if composite or font[2] != "Type0"
            )
        except MUPDF_ERRORS:
            continue
    return xrefs
