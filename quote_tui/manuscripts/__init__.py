"""Manuscripts in, quote_tui batches out: quotations, their references and the cited sources.

``scan(path, bib=..., pdfs=..., zotero=...)`` reads Markdown, plain text, LaTeX and .docx.
"""

from quote_tui.manuscripts.model import (
    BibEntry,
    Citation,
    Location,
    Locator,
    Reference,
    ScanResult,
    SourceSpec,
    Unavailable,
)
from quote_tui.manuscripts.scan import scan

__all__ = [
    "BibEntry",
    "Citation",
    "Locator",
    "Location",
    "Reference",
    "ScanResult",
    "SourceSpec",
    "Unavailable",
    "scan",
]
