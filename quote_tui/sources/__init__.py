"""Sources: from a ref to a checked text and the record of how it was obtained.

The public names below are loaded on first use, so importing the package (the CLI does, to
parse refs) does not load PyMuPDF, lxml or readability until a document is read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from quote_tui._lazy import lazy_names, public_names

if TYPE_CHECKING:
    from quote_tui.sources.readers.html import HtmlText as HtmlText
    from quote_tui.sources.readers.html import extract_html as extract_html
    from quote_tui.sources.readers.local import DEFAULT_MAX_CHARS as DEFAULT_MAX_CHARS
    from quote_tui.sources.readers.local import read_bytes as read_bytes
    from quote_tui.sources.readers.local import read_path as read_path
    from quote_tui.sources.readers.local import supplied_text as supplied_text
    from quote_tui.sources.readers.pdf import PdfText as PdfText
    from quote_tui.sources.readers.pdf import extract_pdf as extract_pdf
    from quote_tui.sources.readers.plain import decode_text as decode_text
    from quote_tui.sources.readers.pubmed import PubmedText as PubmedText
    from quote_tui.sources.readers.pubmed import extract_medline as extract_medline
    from quote_tui.sources.readers.pubmed import extract_pubmed_xml as extract_pubmed_xml
    from quote_tui.sources.records import LoadedSource as LoadedSource
    from quote_tui.sources.records import Redirect as Redirect
    from quote_tui.sources.records import RefKind as RefKind
    from quote_tui.sources.records import Representation as Representation
    from quote_tui.sources.records import Retrieval as Retrieval
    from quote_tui.sources.refs import ParsedRef as ParsedRef
    from quote_tui.sources.refs import parse_ref as parse_ref

_EXPORTS = {
    "quote_tui.sources.readers.html": ("HtmlText", "extract_html"),
    "quote_tui.sources.readers.local": (
        "DEFAULT_MAX_CHARS",
        "read_bytes",
        "read_path",
        "supplied_text",
    ),
    "quote_tui.sources.readers.pdf": ("PdfText", "extract_pdf"),
    "quote_tui.sources.readers.plain": ("decode_text",),
    "quote_tui.sources.readers.pubmed": ("PubmedText", "extract_medline", "extract_pubmed_xml"),
    "quote_tui.sources.records": (
        "LoadedSource",
        "Redirect",
        "RefKind",
        "Representation",
        "Retrieval",
    ),
    "quote_tui.sources.refs": ("ParsedRef", "parse_ref"),
}

__all__ = public_names(_EXPORTS)

__getattr__, __dir__ = lazy_names(__name__, _EXPORTS, globals())
