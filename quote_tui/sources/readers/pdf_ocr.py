"""A scanned PDF's text through Tesseract, page by page, by PyMuPDF's own OCR.

A scan has no text layer: each page is an image. PyMuPDF renders the page and hands it to
Tesseract (Debian's ``tesseract-ocr`` package, found through ``TESSDATA_PREFIX`` or its usual
folder), and reads Tesseract's words back as a text page, so the rest of the reader (columns,
page furniture, line boxes for highlighting) treats them as any other page's text. OCR text has
errors; the checked source says ``ocr: true`` and the service reads a quotation not found in it
as ``inconclusive``, never ``not_found``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pymupdf

from quote_tui.engine.errors import ErrorCode, Recovery, SourceError
from quote_tui.sources.readers.pdf_layout import PageBlocks, page_blocks

__all__ = ["OCR_DPI", "ocr_pages", "tessdata"]

OCR_DPI = 200
"""Resolution the page is rendered at for Tesseract: its documentation asks for about 300 dpi
for small print; 200 reads body text as well at under half the time."""
_LANGUAGE = "eng"
_FLAGS = pymupdf.TEXT_PRESERVE_LIGATURES | pymupdf.TEXT_PRESERVE_WHITESPACE
_ASK_TIMEOUT = 10.0
"""Seconds ``tesseract --list-langs`` may take to say where its language data is."""
_LANGS_IN = re.compile(r'List of available languages in "(.+?)"')
# MuPDF's own errors are not RuntimeErrors in PyMuPDF 1.24+
_MUPDF_ERRORS = (RuntimeError, ValueError, pymupdf.mupdf.FzErrorBase)


def tessdata() -> str | None:
    """The folder of Tesseract's language data, or None when Tesseract is not installed.

    ``TESSDATA_PREFIX`` names it where set; otherwise Tesseract itself says where its
    languages are (``tesseract --list-langs``), as PyMuPDF's ``get_tessdata`` asks it, but
    without a shell.
    """
    named = os.environ.get("TESSDATA_PREFIX")
    if named:
        return named if (Path(named) / f"{_LANGUAGE}.traineddata").is_file() else None
    program = shutil.which("tesseract")
    if program is None:
        return None
    try:
        listed = subprocess.run(
            [program, "--list-langs"], capture_output=True, text=True, timeout=_ASK_TIMEOUT
        )
    except (OSError, subprocess.SubprocessError):
        return None
    found = _LANGS_IN.search(listed.stdout + listed.stderr)
    if found is None or _LANGUAGE not in listed.stdout.split():
        return None
    return found.group(1)


def _missing() -> SourceError:
    return SourceError(
        "The PDF has no text layer (a scan) and Tesseract, which reads its page images, is "
        "not installed: apt-get install tesseract-ocr (or set TESSDATA_PREFIX to its "
        "tessdata folder), or paste the text.",
        code=ErrorCode.RENDERER_MISSING,
        recovery=Recovery.INSTALL_RENDERER,
        details={"package": "tesseract-ocr"},
    )


def ocr_pages(doc: pymupdf.Document) -> list[PageBlocks | None]:
    """Every page of a scanned document read by Tesseract.

    Args:
        doc: the open document (the caller holds MuPDF's lock).

    Returns:
        Each page's blocks; None for a page Tesseract could not read.

    Raises:
        SourceError: ``renderer_missing`` when Tesseract or its English data is absent.
    """
    folder = tessdata()
    if folder is None:
        raise _missing()
    pages: list[PageBlocks | None] = []
    for index in range(doc.page_count):
        try:
            page = doc.load_page(index)
            textpage = page.get_textpage_ocr(
                flags=_FLAGS, language=_LANGUAGE, dpi=OCR_DPI, full=True, tessdata=folder
            )
            raw = page.get_text("dict", textpage=textpage, sort=False)
        except _MUPDF_ERRORS:
            pages.append(None)
            continue
        pages.append(page_blocks(raw, page.rect.height))
    return pages
