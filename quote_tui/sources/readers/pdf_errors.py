"""What MuPDF raises on a damaged or unusual PDF object: a reader that asks a font, a stream or a
page for something catches these and reads on without it, so one bad object costs one rule's
help, never the document. (MuPDF's own errors are no RuntimeErrors since PyMuPDF 1.24.)"""

from __future__ import annotations

import pymupdf

__all__ = ["MUPDF_ERRORS"]

MUPDF_ERRORS = (RuntimeError, ValueError, pymupdf.mupdf.FzErrorBase)
