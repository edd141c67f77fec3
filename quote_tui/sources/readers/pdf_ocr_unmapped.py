"""Pages whose text layer a font left unreadable throughout, read from their images by OCR.

A font without a Unicode map can leave a whole page's text layer unreadable: a working paper
set in Cambria and Calibri, embedded without their maps, extracts as control characters on
every page but its cover, where the page shows plain prose; 1990s papers set in dvips's bitmap
Type 3 fonts read as control characters and letters of the wrong code. Such a page is as good
as a scan for a reader who has only its text: a quotation on it could only be
``inconclusive``. So where a page's words are mostly no words and unreadable characters stand
among them, the page is read from its image by
Tesseract, as a scan's pages are, and the source says ``ocr: true`` (a quotation not found
faithfully in the document is then ``inconclusive`` for OCR's sake, as in a scan). A page with
an unreadable box or a few unmapped glyphs in readable prose is not read again: its readable
text is better than OCR's, and ``unmapped_font`` speaks for the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pymupdf

from quote_tui.sources.readers.ocr_quality import odd_share
from quote_tui.sources.readers.pdf_layout import PageBlocks
from quote_tui.sources.readers.pdf_ocr import ocr_pages, tessdata
from quote_tui.sources.readers.pdf_ocr_marks import set_marks_apart, set_sole_marks_apart
from quote_tui.sources.readers.pdf_ocr_quotes import close_quotes
from quote_tui.sources.readers.pdf_ocr_words import mend_words
from quote_tui.sources.readers.pdf_scan_figures import set_figures_aside
from quote_tui.sources.readers.pdf_unmapped import unmapped_count

__all__ = ["GARBLED", "read_unreadable", "unreadable_throughout"]

GARBLED = 0.8
"""Share of a page's words of two characters or more that are no word (``pdf_ocr_poor.odd``)
above which a page that holds unreadable characters is read by OCR. Measured on the sets' PDFs,
the shared corpus and 500 PDFs fetched from public repositories, on every page with an
unreadable character: the working paper's body pages 0.98-1.0; 1990s papers set in dvips's
bitmap Type 3 fonts whose codes map to no character (Therac-25, "Making a fast curry", a reply
to Cheriton and Skeen, Ptacek and Newsham's IDS evasion report; 12-62% of their characters
control characters, the rest letters of the wrong code) 0.84-1.0; a pdfminer sample set all in
such a font 0.94. No page of readable text with a few unmapped glyphs, formulas, tables or
figures drawn in a font's glyphs comes near it (a book's page of tree figures in such glyphs
with its caption: 0.15, and 0.56 with its lone characters)."""
_SHARE = 0.1
"""Least share of a page's non-space characters that are unreadable for it to be read so: a
readable page of letter-spaced words with a bullet or two is not."""
_SEEN = 0.5
"""Least part of the text layer's non-space characters OCR must read on a page for its reading
to stand: glyphs that draw nothing (codes a font has no glyph for) are no words OCR missed,
and a page OCR reads a few words of keeps its layer, flagged ``unmapped_font``. The working
paper's pages read 0.8-0.9 of their layer's characters (the layer's spaces are control
characters, counted)."""
_NICENESS = 19
"""How much lower the workers reading such pages are set: below a scan's (10), so a scan read
beside the document in a batch keeps the cores its budget was set for (at a load of 14 on two
cores, p4's six-page scan beside the working paper ran out of its budget at equal priority)."""
_LEAST = 8
"""Fewest unreadable characters on a page read so (a page number in such a font is not one)."""


def unreadable_throughout(pages: Sequence[PageBlocks | None]) -> list[int]:
    """The 0-based pages whose text layer is unreadable throughout: unreadable characters
    among words that are mostly no words (not an OCR layer: a scan's own layer is judged by
    its words alone, ``pdf_ocr_poor``)."""
    out = []
    for index, page in enumerate(pages):
        if page is None or page.hidden:
            continue
        bad = total = 0
        for block in page.blocks:
            unread, chars = unmapped_count(block.text)
            bad, total = bad + unread, total + chars
        if bad < _LEAST or bad < _SHARE * total:
            continue
        # lone characters are left out: a figure drawn in a font's glyphs (trees, arrows in
        # LaTeX's picture mode) reads as lone unmapped characters around a readable caption
        lines = (line.text for block in page.blocks for line in block.lines)
        words = (word for line in lines for word in line.split() if len(word) > 1)
        if odd_share(words)[0] >= GARBLED:
            out.append(index)
    return out


def read_unreadable(
    doc: pymupdf.Document,
    data: bytes,
    password: str | None,
    pages: list[PageBlocks | None],
    deadline: float | None,
    progress: Callable[[int, int], None] | None,
) -> tuple[list[PageBlocks | None], tuple[int, ...]]:
    """The pages with each page whose text layer is unreadable throughout read by Tesseract,
    while the read's time allows (its budget grows with those pages, as a scan's does), and the
    1-based pages so read. Without Tesseract, or where OCR reads much less text than the layer
    holds (``_SEEN``), a page stays as its text layer reads, flagged ``unmapped_font``."""
    wanted = unreadable_throughout(pages)
    if not wanted or tessdata() is None:
        return pages, ()
    # read as a scan's pages are, one worker a core, within a scan's OCR budget for these
    # pages (``ocr_budget``; pages past it stay unread and flagged ``unmapped_font``,
    # named in the source's note), at the lowest priority: a scan read beside it needs its
    # pages more, since this document's other pages read as they are
    read, _ = ocr_pages(doc, data, password, deadline, progress, wanted, _NICENESS)
    # the passes a scan's OCR text takes (pdf._extract), on these pages alone
    read = set_figures_aside(set_marks_apart(set_sole_marks_apart(close_quotes(mend_words(read)))))
    out = list(pages)
    replaced = []
    for index in wanted:
        page = read[index]
        if page is not None and _chars(page) >= _SEEN * _chars(pages[index]):
            out[index] = page
            replaced.append(index + 1)
    return out, tuple(replaced)


def _chars(page: PageBlocks | None) -> int:
    return sum(unmapped_count(block.text)[1] for block in page.blocks) if page else 0
