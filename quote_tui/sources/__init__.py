"""Sources: from a ref to a checked text and the record of how it was obtained.

The public names below are loaded on first use, so importing the package (the CLI does, to
parse refs) does not load PyMuPDF, lxml or readability until a document is read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from quote_tui._lazy import lazy_names

if TYPE_CHECKING:
    from quote_tui.sources.readers.html import HtmlText, extract_html
    from quote_tui.sources.readers.local import (
        DEFAULT_MAX_CHARS,
        read_bytes,
        read_path,
        supplied_text,
    )
    from quote_tui.sources.readers.pdf import PdfText, extract_pdf
    from quote_tui.sources.readers.plain import decode_text
    from quote_tui.sources.readers.pubmed import PubmedText, extract_medline, extract_pubmed_xml
    from quote_tui.sources.records import (
        LoadedSource,
        Redirect,
        RefKind,
        Representation,
        Retrieval,
    )
    from quote_tui.sources.refs import ParsedRef, parse_ref

_EXPORTS = {
    "DEFAULT_MAX_CHARS": "readers.local",
    "HtmlText": "readers.html",
    "LoadedSource": "records",
    "ParsedRef": "refs",
    "PdfText": "readers.pdf",
    "PubmedText": "readers.pubmed",
    "Redirect": "records",
    "RefKind": "records",
    "Representation": "records",
    "Retrieval": "records",
    "decode_text": "readers.plain",
    "extract_html": "readers.html",
    "extract_medline": "readers.pubmed",
    "extract_pdf": "readers.pdf",
    "extract_pubmed_xml": "readers.pubmed",
    "parse_ref": "refs",
    "read_bytes": "readers.local",
    "read_path": "readers.local",
    "supplied_text": "readers.local",
}

__all__ = [
    "DEFAULT_MAX_CHARS",
    "HtmlText",
    "LoadedSource",
    "ParsedRef",
    "PdfText",
    "PubmedText",
    "Redirect",
    "RefKind",
    "Representation",
    "Retrieval",
    "decode_text",
    "extract_html",
    "extract_medline",
    "extract_pdf",
    "extract_pubmed_xml",
    "parse_ref",
    "read_bytes",
    "read_path",
    "supplied_text",
]


__getattr__, __dir__ = lazy_names(
    __name__, {name: f"{__name__}.{module}" for name, module in _EXPORTS.items()}, globals()
)
