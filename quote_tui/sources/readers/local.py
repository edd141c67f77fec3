"""Local files and in-memory bodies: sniff the format, read it, cut it to size, index it.

``read_path`` reads a file; ``read_bytes`` does the same for bytes from anywhere (the network
layer passes fetched bodies here), dispatching on the content type, then the file name's
extension, then the bytes themselves. Every reader returns non-empty text or raises a
``SourceError`` with a specific code.

Plain ``.txt`` files are read literally, MEDLINE exports included: a quotation of a wrapped
MEDLINE abstract then matches through the whitespace rule, and the offsets refer to the file as
it is. Only MEDLINE-specific names (``.nbib``, ``.medline``) or an unknown extension with content
that starts with ``PMID-`` are parsed as MEDLINE records.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, Required, TypedDict, Unpack

from quote_tui.engine.errors import ErrorCode, QuoteTuiError, Recovery, SourceError
from quote_tui.engine.text import LineBox, PreparedText
from quote_tui.sources.readers.files import (
    DEFAULT_MAX_FILE_BYTES,
    read_file_bytes,
    regular_file_head,
)
from quote_tui.sources.readers.plain import decode_text, sniff_binary
from quote_tui.sources.records import LoadedSource, RefKind, Representation, Retrieval

__all__ = [
    "DEFAULT_MAX_CHARS",
    "MEDIA_TYPES",
    "BodyFacts",
    "PageProgress",
    "BodyReader",
    "format_by_name",
    "native",
    "read_bytes",
    "read_path",
    "read_timeout_error",
    "supplied_text",
]

DEFAULT_MAX_CHARS = 50_000_000

_BY_EXTENSION = {
    ".pdf": "pdf",
    ".html": "html",
    ".htm": "html",
    ".xhtml": "html",
    ".txt": "text",
    ".text": "text",
    ".md": "markdown",
    ".markdown": "markdown",
    ".xml": "xml",
    ".nbib": "medline",
    ".medline": "medline",
    ".epub": "epub",
}
MEDIA_TYPES = {
    "text/html": "html",
    "application/xhtml+xml": "html",
    "application/pdf": "pdf",
    "application/x-pdf": "pdf",
    "text/plain": "text",
    "text/markdown": "markdown",
    "text/x-markdown": "markdown",
    "application/xml": "xml",
    "text/xml": "xml",
    "application/x-medline": "medline",
    "application/nbib": "medline",
    "application/epub+zip": "epub",
}
# Media types that say nothing about the format: sniff instead.
_GENERIC_TYPES = frozenset({"", "application/octet-stream", "binary/octet-stream"})
_MEDIA_TYPE_OF = {
    "pdf": "application/pdf",
    "html": "text/html",
    "text": "text/plain",
    "markdown": "text/markdown",
    "xml": "application/xml",
    "medline": "application/x-medline",
    "epub": "application/epub+zip",
}
_FOREIGN_MAGIC = (
    (b"PK\x03\x04", "a ZIP archive (DOCX, EPUB, ODT?)"),
    (b"\x89PNG", "a PNG image"),
    (b"GIF8", "a GIF image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"{\\rtf", "an RTF document"),
    (b"\xd0\xcf\x11\xe0", "an old Microsoft Office document"),
)
_EPUB_MIMETYPE = b"mimetypeapplication/epub+zip"
_HTML_START = re.compile(rb"^\s*(<!--.*?-->\s*)*<(!doctype\s+html|html|head|body)\b", re.I | re.S)
_FRONT_TITLE = re.compile(r"\A---\r?\n(?:.*\r?\n)*?title:\s*[\"']?(.+?)[\"']?\s*\r?\n", re.M)
_JUNK_TITLES = frozenset({"untitled", "untitled document", "title", "document", "microsoft word"})
_FILE_NAME = re.compile(r"\.(indd|txt|docx?|pdf|tex|dvi|wpd|rtf|odt|qxd|ps|eps|html?)$", re.I)
_MD_HEADING = re.compile(r"^#\s+(.+?)\s*#*\s*$", re.M)


PageProgress = Callable[[int, int], None]
"""Told (pages read, pages in all) as OCR reads a scan's pages."""


@dataclass(frozen=True, slots=True)
class _Read:
    """What a format reader found, before truncation and indexing."""

    text: str
    representation: Representation
    title: str | None = None
    encoding: str | None = None
    note: str | None = None
    metadata: tuple[tuple[str, str], ...] = ()
    page_starts: tuple[int, ...] = ()
    page_labels: tuple[str | None, ...] = ()
    line_boxes: tuple[LineBox, ...] = field(default=())
    page_number_source: str | None = None
    outside: str | None = None  # an HTML page's whole visible text, beside its main text
    ocr: bool = False  # read from page images by OCR (a scanned PDF)
    ocr_layer: bool = False  # that OCR text is the scan's own layer throughout
    incomplete: bool = False  # pages left unread (a scan's OCR out of time): flagged as cut
    unmapped_pages: tuple[int, ...] = ()  # pages whose text layer a font left unreadable
    unmapped_chars: tuple[int, ...] = ()  # the characters of those pages' unreadable regions


def _media_type(content_type: str | None) -> tuple[str, str | None]:
    if not content_type:
        return "", None
    main, *params = content_type.split(";")
    charset = None
    for param in params:
        key, _, value = param.partition("=")
        if key.strip().lower() == "charset" and value.strip():
            charset = value.strip().strip("\"'")
    return main.strip().lower(), charset


def _sniff(data: bytes) -> str | None:
    head = data[:4096].lstrip(b"\xef\xbb\xbf")
    if b"%PDF-" in data[:1024]:
        return "pdf"
    if _HTML_START.match(head):
        return "html"
    stripped = head.lstrip()
    if stripped.startswith(b"<?xml") or stripped.startswith(b"<!DOCTYPE"):
        low = head.lower()
        if b"<html" in low:
            return "html"
        return "xml"
    if stripped.startswith(b"PMID-"):
        return "medline"
    if head.startswith(b"PK\x03\x04") and _EPUB_MIMETYPE in head[26:120]:
        return "epub"  # an EPUB's first entry is its uncompressed mimetype
    for magic, what in _FOREIGN_MAGIC:
        if head.startswith(magic):
            raise _unsupported(f"this is {what}")
    reason = sniff_binary(data)
    if reason is not None:
        raise _unsupported(f"binary data ({reason})")
    return None


def _unsupported(why: str) -> SourceError:
    return SourceError(
        f"This format cannot be read: {why}. Supported: PDF, EPUB, HTML, plain text, Markdown "
        "and PubMed XML or MEDLINE.",
        code=ErrorCode.UNSUPPORTED_TYPE,
        recovery=Recovery.USE_SUPPLIED_TEXT,
    )


def format_by_name(name: str | os.PathLike[str]) -> str | None:
    """The format a file name's extension says (``pdf``, ``html``, ``text``, ...), or None."""
    return _BY_EXTENSION.get(Path(name).suffix.lower())


def _format(data: bytes, name: str, media_type: str) -> str:
    if media_type and media_type not in _GENERIC_TYPES:
        fmt = MEDIA_TYPES.get(media_type)
        if fmt is None:
            raise _unsupported(f"the content type is {media_type}")
        if fmt == "xml" and _sniff(data) == "html":
            return "html"
        return fmt
    return format_by_name(name) or _sniff(data) or "text"


def _pdf_title(title: str | None) -> str | None:
    # Producers often store a file name or a placeholder ("untitled", "report.indd") as title.
    title = (title or "").strip()
    if not title or title.lower() in _JUNK_TITLES or _FILE_NAME.search(title):
        return None
    return title


def _markdown_title(text: str) -> str | None:
    m = _FRONT_TITLE.match(text) or _MD_HEADING.search(text)
    return m.group(1).strip() if m else None


NATIVE_FORMATS = frozenset({"pdf", "html", "xml", "epub"})
"""Formats whose readers run native code (PyMuPDF, lxml)."""


def local_format(data: bytes, name: str) -> str:
    """The reader ``read_path`` would choose for a file, from its name and first bytes.

    Raises:
        SourceError: ``unsupported_type`` for a format that cannot be read.
    """
    return _format(data, name, "")


def native(path: str | os.PathLike[str], *, beneath: Path | None = None) -> bool:
    """Whether a local file is read by a native library (PDF, HTML, XML) and so in a child.

    Unreadable paths, and anything but a regular file, answer False: reading them in this
    process gives their specific error. ``beneath``: the folder the read is confined to
    (``read_path``), which the sniff is confined to as well.
    """
    # never a plain open(): on a FIFO it blocks until a writer comes
    head = regular_file_head(path, beneath=beneath)
    if head is None:
        return False
    try:
        return local_format(head, os.fspath(path)) in NATIVE_FORMATS
    except QuoteTuiError:
        return False


def _read_format(
    fmt: str,
    data: bytes,
    *,
    charset: str | None,
    password: str | None,
    url: str | None,
    deadline: float | None = None,
    progress: PageProgress | None = None,
) -> _Read:
    if fmt == "pdf":
        from quote_tui.sources.readers.pdf import extract_pdf
        from quote_tui.sources.readers.pdf_ocr_poor import read_note
        from quote_tui.sources.readers.pdf_source_notes import (
            font_ocr_note,
            unmapped_note,
            unread_note,
        )

        pdf = extract_pdf(data, password=password, deadline=deadline, progress=progress)
        unread = pdf.unread_pages
        info = dict(pdf.metadata)
        labelled = any(label is not None for label in pdf.page_labels)
        return _Read(
            text=pdf.text,
            representation=Representation.PDF_TEXT_LAYER,
            title=_pdf_title(info.get("title")),
            metadata=tuple((f"pdf.{k}", v) for k, v in pdf.metadata),
            page_starts=pdf.page_starts,
            page_labels=pdf.page_labels,
            line_boxes=pdf.line_boxes,
            page_number_source="pdf_page_labels" if labelled else None,
            ocr=pdf.ocr,
            ocr_layer=pdf.ocr_layer,
            incomplete=bool(unread),
            unmapped_pages=pdf.unmapped_pages,
            unmapped_chars=pdf.unmapped_chars,
            note="; ".join(
                note
                for note in (
                    unread_note(unread, pdf.page_count) if unread else None,
                    unmapped_note(pdf.unmapped_pages),
                    read_note(pdf.ocr_read_pages),
                    font_ocr_note(pdf.font_ocr_pages),
                )
                if note
            )
            or None,
        )
    if fmt == "epub":
        from quote_tui.sources.readers.epub import extract_epub

        book = extract_epub(data)
        return _Read(
            text=book.text,
            representation=Representation.EPUB_TEXT,
            title=book.title,
            page_starts=book.chapter_starts,
            page_labels=book.chapter_labels,
            page_number_source="epub_chapters" if any(book.chapter_labels) else None,
        )
    if fmt == "html":
        from quote_tui.sources.readers.html import extract_html

        page = extract_html(data, declared_charset=charset, url=url)
        return _Read(
            text=page.text,
            representation=page.representation,
            title=page.title,
            encoding=page.encoding,
            note=page.note,
            metadata=page.metadata,
            outside=page.full_text,
        )
    if fmt == "xml":
        from quote_tui.sources.readers.pubmed import extract_pubmed_xml

        record = extract_pubmed_xml(data)
        return _Read(record.text, Representation.PUBMED_ABSTRACT, title=record.title)
    text, encoding = decode_text(data, declared=charset)
    if fmt == "medline":
        from quote_tui.sources.readers.pubmed import extract_medline

        record = extract_medline(text)
        return _Read(
            record.text, Representation.PUBMED_ABSTRACT, title=record.title, encoding=encoding
        )
    if fmt == "markdown":
        return _Read(
            text, Representation.MARKDOWN_TEXT, title=_markdown_title(text), encoding=encoding
        )
    return _Read(text, Representation.PLAIN_TEXT, encoding=encoding)


def _cut(read: _Read, max_chars: int) -> tuple[PreparedText, str | None]:
    text = read.text
    if len(text) <= max_chars:
        prepared = PreparedText(
            text,
            page_starts=read.page_starts,
            page_labels=read.page_labels,
            line_boxes=read.line_boxes,
            truncated=read.incomplete,
        )
        return prepared, None
    text = text[:max_chars]
    pages = [s for s in read.page_starts if s < max_chars]
    boxes = [(s, min(e, max_chars), *rest) for s, e, *rest in read.line_boxes if s < max_chars]
    prepared = PreparedText(
        text,
        page_starts=pages,
        page_labels=read.page_labels[: len(pages)],
        line_boxes=boxes,
        truncated=True,
    )
    where = f" (within page {len(pages)} of {len(read.page_starts)})" if pages else ""
    note = (
        f"Only the first {max_chars:,} of {len(read.text):,} characters were checked{where}; "
        "a quotation not found may lie in the rest."
    )
    return prepared, note


def read_bytes(
    data: bytes,
    *,
    name: str,
    content_type: str | None = None,
    max_chars: int = DEFAULT_MAX_CHARS,
    password: str | None = None,
    ref: str | None = None,
    kind: RefKind = RefKind.PATH,
    location: str | None = None,
    url: str | None = None,
    deadline: float | None = None,
    progress: PageProgress | None = None,
) -> LoadedSource:
    """Read a document held in memory.

    Args:
        data: the raw bytes.
        name: a file name or URL path; its extension is used when the content type is absent
            or generic.
        content_type: a Content-Type value (parameters such as ``charset`` allowed), if known.
        max_chars: longest text kept; longer texts are cut and flagged truncated.
        password: the user password of an encrypted PDF.
        ref: the ref recorded in the Retrieval (defaults to ``name``).
        kind: the ref kind recorded in the Retrieval.
        location: the absolute path or final URL recorded in the Retrieval.
        url: the document's URL, for HTML (never fetched).
        deadline: a ``time.monotonic()`` value by which a scan's OCR stops (the pages left
            unread are said so, and the text flagged as cut).
        progress: told (page n, of m) as OCR reads each page of a scan.

    Returns:
        The loaded source: its Retrieval record and its PreparedText.

    Raises:
        SourceError: ``empty_file``, ``unsupported_type``, ``no_text`` or a reader's own code.
    """
    if not data:
        raise SourceError(
            f"{name or 'The source'} is empty (0 bytes).",
            code=ErrorCode.EMPTY_FILE,
            recovery=Recovery.REVIEW_SOURCE,
        )
    if max_chars < 1:
        raise ValueError("max_chars must be at least 1")
    media_type, charset = _media_type(content_type)
    fmt = _format(data, name, media_type)
    read = _read_format(
        fmt, data, charset=charset, password=password, url=url, deadline=deadline, progress=progress
    )
    if not read.text.strip():
        raise SourceError(
            f"{name or 'The source'} holds no text.",
            code=ErrorCode.NO_TEXT,
            recovery=Recovery.REVIEW_SOURCE,
        )
    prepared, cut_note = _cut(read, max_chars)
    note = "; ".join(n for n in (read.note, cut_note) if n) or None
    retrieval = Retrieval(
        ref=ref if ref is not None else name,
        kind=kind,
        representation=read.representation,
        content_sha256=hashlib.sha256(data).hexdigest(),
        location=location,
        title=read.title,
        content_type=media_type if media_type not in _GENERIC_TYPES else _MEDIA_TYPE_OF[fmt],
        encoding=read.encoding,
        note=note,
        metadata=read.metadata,
        page_number_source=read.page_number_source,
        ocr=read.ocr,
        ocr_layer=read.ocr_layer,
        unmapped_pages=read.unmapped_pages,
        unmapped_chars=read.unmapped_chars,
    )
    outside = read.outside[:max_chars] if read.outside else None
    return LoadedSource(retrieval, prepared, outside)


class BodyFacts(TypedDict, total=False):
    """What a reader is told of a body besides its bytes: ``read_bytes``'s keywords but the
    password (fetched bodies carry none). One definition, so the protocol below and the isolated
    pool that forwards them to a child cannot drift from ``read_bytes``."""

    name: Required[str]
    content_type: str | None
    max_chars: int
    ref: str | None
    kind: RefKind
    location: str | None
    url: str | None


class BodyReader(Protocol):
    """Reads a document held in memory as ``read_bytes`` does, possibly somewhere else.

    The network layer reads fetched PDF and HTML bodies through one of these, so that the batch
    service can hand it a reader that parses them in an isolated child process.
    """

    def __call__(self, data: bytes, /, **facts: Unpack[BodyFacts]) -> LoadedSource: ...


def read_path(
    path: str | os.PathLike[str],
    *,
    max_chars: int = DEFAULT_MAX_CHARS,
    password: str | None = None,
    ref: str | None = None,
    max_bytes: int = DEFAULT_MAX_FILE_BYTES,
    deadline: float | None = None,
    beneath: Path | None = None,
    progress: PageProgress | None = None,
) -> LoadedSource:
    """Read a local file (PDF, HTML, text, Markdown, PubMed XML or MEDLINE).

    Args:
        path: the file's path (``~`` is expanded).
        max_chars: longest text kept; longer texts are cut and flagged truncated.
        password: the user password of an encrypted PDF.
        ref: the ref as the user wrote it (defaults to the path).
        max_bytes: largest file read (``too_large`` past it, before a byte is read).
        deadline: a ``time.monotonic()`` value at which reading the bytes stops (``timeout``).
        beneath: a resolved folder the file must lie under, opened with no link followed
            (``files.read_file_bytes``); ``~`` is then not expanded.
        progress: told (page n, of m) as OCR reads each page of a scan.

    Returns:
        The loaded source.

    Raises:
        SourceError: ``file_not_found``, ``is_directory``, ``not_a_file`` (a FIFO, a device, a
            socket: refused without opening it), ``too_large``, ``timeout``, ``unreadable``,
            ``empty_file`` or a reader's own code.
    """
    shown = os.fspath(path)
    target = Path(shown) if beneath is not None else Path(shown).expanduser()
    absolute = None
    try:
        absolute = target.resolve()
        data = read_file_bytes(
            absolute, max_bytes=max_bytes, deadline=deadline, shown=shown, beneath=beneath
        )
    except OSError as exc:
        raise _unreadable(shown, exc, absolute or target) from exc
    return read_bytes(
        data,
        name=absolute.name,
        max_chars=max_chars,
        password=password,
        ref=ref if ref is not None else shown,
        kind=RefKind.PATH,
        location=str(absolute),
        deadline=deadline,
        progress=progress,
    )


def _unreadable(shown: str, exc: OSError, path: Path) -> SourceError:
    """The error for a file that could not be read, by what the system said of it."""
    if isinstance(exc, FileNotFoundError):
        message = f"No file at {shown}."
        code, recovery = ErrorCode.FILE_NOT_FOUND, Recovery.FIX_INPUT
    elif isinstance(exc, PermissionError):
        message = f"{shown} cannot be read: permission denied."
        code, recovery = ErrorCode.UNREADABLE, Recovery.REVIEW_SOURCE
    elif isinstance(exc, IsADirectoryError) or _is_dir(path):
        message = f"{shown} is a folder, not a file."
        code, recovery = ErrorCode.IS_DIRECTORY, Recovery.FIX_INPUT
    else:
        message = f"{shown} cannot be read ({exc.strerror or exc})."
        code, recovery = ErrorCode.UNREADABLE, Recovery.REVIEW_SOURCE
    return SourceError(message, code=code, recovery=recovery)


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:  # the reason itself (a name too long) makes the question fail too
        return False


def read_timeout_error(shown: str, seconds: float | None, *, stopped: bool = False) -> SourceError:
    """The ``timeout`` error of a read that took longer than its budget (``--read-timeout``).

    Args:
        shown: the file, or the ref, as the user knows it.
        seconds: the budget.
        stopped: whether a reader process was killed for it (the message then says so).

    Returns:
        The error, with the budget in its details.
    """
    tail = "; the reader was stopped" if stopped else ""
    return SourceError(
        f"Reading {shown} took longer than its {seconds:g} s budget (--read-timeout){tail}.",
        code=ErrorCode.TIMEOUT,
        recovery=Recovery.RAISE_TIME_BUDGET,
        details={"seconds": seconds},
    )


def supplied_text(
    text: str, *, title: str | None = None, truncated: bool = False, ref: str = "text"
) -> LoadedSource:
    """Wrap pasted text as a source.

    Args:
        text: the text exactly as supplied (it is checked as is).
        title: a title to show, if any.
        truncated: whether the caller already cut the text at a size limit.
        ref: the ref recorded in the Retrieval.

    Returns:
        The loaded source (representation ``supplied_text``).

    Raises:
        SourceError: ``no_text`` for empty or whitespace-only text.
    """
    if not text or not text.strip():
        raise SourceError(
            "The supplied text is empty.", code=ErrorCode.NO_TEXT, recovery=Recovery.FIX_INPUT
        )
    retrieval = Retrieval(
        ref=ref,
        kind=RefKind.TEXT,
        representation=Representation.SUPPLIED_TEXT,
        content_sha256=hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest(),
        title=title,
        content_type="text/plain",
        encoding="utf-8",
        note="The text was cut at a size limit." if truncated else None,
    )
    return LoadedSource(retrieval, PreparedText(text, truncated=truncated))
