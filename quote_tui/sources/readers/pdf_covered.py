"""Text drawn beneath a page image: a scan's OCR layer put under the image, not over it.

Most OCR tools write a scan's text layer invisible (render mode 3) over the page image, and the
reader tells such a layer by that (``PageBlocks.hidden``). Some write it in ordinary visible
text and draw the page image over it ("text under the page image": iTextSharp's layer of an AMS
journal scan, FineReader's option of that name): nothing on the page shows the text, the image
hides it, yet it was read as a typeset text layer, so OCR's misreadings were taken for the
print's words (a misread word a misquotation) and MuPDF's parting of OCR's wide word gaps went
unmended. Such a page's text drawn before an image that covers most of the page, where it is
most of the page's text, is made invisible in the page's dict (``alpha`` 0), so the page is read
as any OCR layer is; text drawn after the image (a licence stamp over the scan) stays visible.

MuPDF's draw log (``Page.get_bboxlog``) gives the order; it costs a page's display list, so it is
asked for only on pages holding an image shaped like the page (a full-page scan).
"""

from __future__ import annotations

from typing import Any

import pymupdf

from quote_tui.sources.readers.pdf_errors import MUPDF_ERRORS as _ERRORS

__all__ = ["covered_text", "hide_covered", "scan_image"]

_COVER = 0.8
"""Share of the page an image must cover to hide the text beneath it."""
_MOST = 0.8
"""Share of the page's text (by area) that must lie beneath the image."""
_ASPECT = 0.05
"""How far an image's width-to-height may differ from its page's to be a scan of the page."""


def scan_image(page: pymupdf.Page) -> bool:
    """Whether the page holds an image shaped like the page (cheap: the page's resources)."""
    rect = page.rect
    if rect.height <= 0 or rect.width <= 0:
        return False
    shape = rect.width / rect.height
    try:
        images = page.get_images()
    except _ERRORS:
        return False
    for image in images:
        width, height = image[2], image[3]
        if height and abs(width / height - shape) <= _ASPECT * shape:
            return True
        if width and abs(height / width - shape) <= _ASPECT * shape:  # stored turned
            return True
    return False


def covered_text(page: pymupdf.Page) -> list[pymupdf.Rect]:
    """The boxes of the page's text drawn beneath an image covering most of the page, where
    that is most of its text; none otherwise."""
    try:
        log = page.get_bboxlog()
    except _ERRORS:
        return []
    least = _COVER * abs(page.rect)
    covers = [
        (at, pymupdf.Rect(box))
        for at, (kind, box) in enumerate(log)
        if kind == "fill-image" and abs(pymupdf.Rect(box)) >= least
    ]
    if not covers:
        return []
    under: list[pymupdf.Rect] = []
    under_area = total = 0.0
    for at, (kind, box) in enumerate(log):
        if not kind.endswith("-text") or kind == "ignore-text":
            continue
        rect = pymupdf.Rect(box)
        total += abs(rect)
        if any(at < later and image.contains(rect) for later, image in covers):
            under.append(rect)
            under_area += abs(rect)
    return under if total and under_area >= _MOST * total else []


def hide_covered(raw: dict[str, Any], boxes: list[pymupdf.Rect]) -> None:
    """Each span of ``raw`` (a page's dict) standing inside ``boxes`` made invisible."""
    for block in raw["blocks"]:
        for line in block.get("lines", ()):
            for span in line["spans"]:
                x0, y0, x1, y1 = span["bbox"]
                middle = pymupdf.Point((x0 + x1) / 2, (y0 + y1) / 2)
                if any(middle in box for box in boxes):
                    span["alpha"] = 0
