"""Manuscripts in, quote_tui batches out: quotations, their references and the cited sources.

``scan(path, bib=..., pdfs=..., zotero=...)`` reads Markdown, plain text, LaTeX and .docx.
"""

from quote_tui.manuscripts import model
from quote_tui.manuscripts.model import *  # noqa: F403 (the records are the package's)
from quote_tui.manuscripts.scan import scan as scan

__all__ = sorted([*model.__all__, "scan"])
