"""A scanned page for the OCR tests, made from a corpus PDF."""

from __future__ import annotations

from pathlib import Path

import pymupdf


def nist_scan(corpus_dir: Path, folder: Path) -> Path:
    """NIST SP 800-223's printed page 4 as a scan: its top half as an image, no text layer."""
    source = pymupdf.open(corpus_dir / "pdf/nist-sp800-223.pdf")
    page = source[11]
    clip = pymupdf.Rect(0, 0, page.rect.width, page.rect.height / 2)
    image = page.get_pixmap(dpi=150, clip=clip).tobytes("png")
    doc = pymupdf.open()
    scanned = doc.new_page(width=clip.width, height=clip.height)
    scanned.insert_image(scanned.rect, stream=image)
    path = folder / "scan.pdf"
    doc.save(path)
    return path


def blank_scan_page(doc: pymupdf.Document) -> pymupdf.Page:
    """A new page of ``doc`` covered by a blank page image: text set on it in render mode 3
    (invisible) is a scan's OCR layer, in any other mode a text layer over an image."""
    page = doc.new_page()
    pix = pymupdf.Pixmap(pymupdf.csGRAY, pymupdf.IRect(0, 0, 850, 1100), False)
    pix.clear_with(255)
    page.insert_image(page.rect, pixmap=pix)
    return page


def lines_over_scan(lines: list[str], render_mode: int, times: int) -> bytes:
    """``lines`` ``times`` over, set over a blank page image: in render mode 3 (invisible) an
    OCR layer's text, in any other mode a text layer over an image."""
    doc = pymupdf.open()
    page = blank_scan_page(doc)
    for i, text in enumerate(lines * times):
        page.insert_text((72, 72 + 14 * i), text, fontsize=10, render_mode=render_mode)
    return doc.tobytes()
