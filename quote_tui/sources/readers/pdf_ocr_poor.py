"""A scan's own OCR layer that reads poorly, read again by Tesseract.

A scan's OCR layer was made by whoever scanned it, with their program and settings: a
typewritten memo's layer reads "Eeairing to keep you posted ... you Kill tee interested to
knot", "A l e t t e r from The Katicm! Sugar defining Coapsny", where Tesseract reads the same
page image as "Desiring ... you will be interested to know", "The National Sugar Refining
Company". A layer's quality shows in its words: a share of them are no word at all (letters
mixed with signs, digits or capitals inside, a lone consonant, four letters without a vowel).
So a page whose layer has many such words is read again, while the read's time allows, and
Tesseract's reading is kept only where it holds less than half as many (a page of formulas
reads as poorly either way, and its layer, made from the scanner's own image, is kept).
"""

from __future__ import annotations

from collections.abc import Callable

import pymupdf

from quote_tui.sources.readers.ocr_quality import odd_share
from quote_tui.sources.readers.pdf_layout import PageBlocks

__all__ = [
    "POOR",
    "pages_named",
    "poor_layers",
    "read_note",
    "read_poor_layers",
]

POOR = 0.2
"""Share of a layer's words that are no word above which its page is read again. Measured on
the sets' scans with layers: the memo's 0.23; pages of prose 0.00-0.09 (Science 1968, two JSTOR
articles, a law review from HeinOnline); pages dense with formulas or tables 0.2-0.44, which
Tesseract reads no better (0.31-0.38), so they cost a page's read and are kept."""
_BETTER = 0.5
"""Tesseract's reading is kept where its share of odd words is under this part of the layer's
(the memo: 0.23 to 0.03)."""
_TRIED = 1
"""Poor pages read again, none of them better, after which a scan's other poor pages are left
as its layer reads them: a layer's quality is its producer's, page after page, and a JSTOR
article's seven pages of formulas cost a page's read each (0.3 s to 9 s for the article) and
were all kept."""
_LEAST_WORDS = 20
"""A page of fewer words is a cover or a plate: not judged."""


def _tokens(page: PageBlocks) -> list[str]:
    return [token for block in page.blocks for line in block.lines for token in line.text.split()]


def poor_layers(pages: list[PageBlocks | None]) -> dict[int, float]:
    """The 0-based pages whose OCR layer reads poorly, each with its share of odd words."""
    poor = {}
    for index, page in enumerate(pages):
        if page is None or not page.hidden:
            continue
        share, count = odd_share(_tokens(page))
        if count >= _LEAST_WORDS and share > POOR:
            poor[index] = share
    return poor


def read_poor_layers(
    doc: pymupdf.Document,
    pages: list[PageBlocks | None],
    poor: dict[int, float],
    over: Callable[[], bool],
    read_page: Callable[[pymupdf.Page], PageBlocks | None],
) -> tuple[list[PageBlocks | None], tuple[int, ...]]:
    """The pages with each ``poor`` one read again where Tesseract reads it clearly better,
    and the 1-based numbers of the pages so replaced. ``read_page(page)`` reads a page (None
    when it cannot); none is started once ``over()`` says the OCR budget is spent."""
    out = list(pages)
    replaced: list[int] = []
    kept = 0
    for index, share in poor.items():
        if over():
            break  # the layer's reading of the pages left is there already
        if kept >= _TRIED and not replaced:
            break  # Tesseract reads this scan no better than its layer: its formulas, its type
        again = read_page(doc.load_page(index))
        better, words = odd_share(_tokens(again)) if again is not None else (1.0, 0)
        if again is not None and words >= _LEAST_WORDS and better < _BETTER * share:
            out[index] = again
            replaced.append(index + 1)
        else:
            kept += 1
    return out, tuple(replaced)


def pages_named(pages: tuple[int, ...]) -> str:
    """Pages for a source's note: the first ten, and an ellipsis for the rest."""
    return ", ".join(str(page) for page in pages[:10]) + (", ..." if len(pages) > 10 else "")


def read_note(pages: tuple[int, ...]) -> str | None:
    """The source's note naming a scan's pages whose own OCR layer read poorly, read by OCR."""
    if not pages:
        return None
    return (
        f"The scan's own OCR layer read poorly on page(s) {pages_named(pages)}: their text is "
        "Tesseract's reading of the page images."
    )
