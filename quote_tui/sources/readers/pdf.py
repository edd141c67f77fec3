"""PDF text layer via PyMuPDF, in a reading order that suits multi-column papers.

The checked text keeps what the page shows: ligatures (ﬁ), end-of-line hyphens and soft hyphens
stay, because the matcher's normalized tier folds them and reports that it did; silently
repairing them here would hide that from the user. Lines are joined with "\\n", blocks with
"\\n\\n" and pages with "\\n\\n"; every extracted line's rectangle is kept for highlighting.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import pymupdf

from quote_tui.engine.errors import ErrorCode, Recovery, SourceError
from quote_tui.engine.text import LineBox

__all__ = ["PdfText", "extract_pdf"]

# PyMuPDF's defaults for text extraction minus image handling: ligatures and whitespace kept,
# no dehyphenation, clipped to the media box, unknown glyphs as their CID rather than dropped.
_FLAGS = (
    pymupdf.TEXT_PRESERVE_LIGATURES
    | pymupdf.TEXT_PRESERVE_WHITESPACE
    | pymupdf.TEXT_MEDIABOX_CLIP
    | pymupdf.TEXT_CID_FOR_UNKNOWN_UNICODE
)
# A block wider than this share of the text area spans columns (a title, an abstract, a figure).
_WIDE = 0.6
# Headers and footers live in these top/bottom shares of the page.
_MARGIN_BAND = 0.12
# Pages with images and fewer non-space characters than this are scans without a usable text
# layer (a stray page number or stamp does not count as one).
_MIN_CHARS_PER_PAGE = 20

Rect = tuple[float, float, float, float]
# MuPDF's own errors are not RuntimeErrors in PyMuPDF 1.24+; FileDataError is.
_MUPDF_ERRORS = (RuntimeError, pymupdf.mupdf.FzErrorBase)
# PyMuPDF runs MuPDF on one shared context without locks and calls back into Python (for its
# warnings) from inside MuPDF, where another thread may take the GIL and enter MuPDF too: one
# extraction at a time per process. (Batches read PDFs in child processes; this guards the
# readers that run in-process, such as fetched PDFs.)
_MUPDF_LOCK = threading.Lock()


@dataclass(frozen=True, slots=True)
class PdfText:
    """The text layer of a PDF.

    Attributes:
        text: pages joined by blank lines.
        page_starts: offset where each page begins (first is 0).
        page_labels: the PDF's page labels where it defines them, else None per page.
        line_boxes: (start, end, page, x0, y0, x1, y1) per extracted line, page 1-based.
        page_count: number of pages.
        metadata: the document information dictionary's non-empty entries.
    """

    text: str
    page_starts: tuple[int, ...]
    page_labels: tuple[str | None, ...]
    line_boxes: tuple[LineBox, ...]
    page_count: int
    metadata: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class _Line:
    text: str
    rect: Rect


@dataclass(frozen=True, slots=True)
class _Block:
    rect: Rect
    lines: tuple[_Line, ...]


def _open(data: bytes, password: str | None) -> pymupdf.Document:
    if not data:
        raise SourceError(
            "The PDF is empty (0 bytes).",
            code=ErrorCode.EMPTY_FILE,
            recovery=Recovery.REVIEW_SOURCE,
        )
    try:
        doc = pymupdf.open(stream=data, filetype="pdf")
    except (*_MUPDF_ERRORS, ValueError) as exc:
        raise SourceError(
            f"The PDF cannot be opened: it is damaged or not a PDF ({exc}).",
            code=ErrorCode.BROKEN_FILE,
            recovery=Recovery.USE_SUPPLIED_TEXT,
        ) from exc
    # PyMuPDF already tries the empty user password, so files protected only against editing
    # (owner password) open without help; needs_pass is set only when a real password is needed.
    if doc.needs_pass and not (password is not None and doc.authenticate(password)):
        doc.close()
        given = "the password given is wrong" if password is not None else "no password was given"
        raise SourceError(
            f"The PDF is encrypted and {given}; save a copy without the password (a PDF "
            "viewer can) and read that, or paste its text.",
            code=ErrorCode.ENCRYPTED,
            recovery=Recovery.USE_SUPPLIED_TEXT,
        )
    try:
        pages = doc.page_count
    except _MUPDF_ERRORS as exc:  # MuPDF reads the page tree only now, and it may be broken
        doc.close()
        raise SourceError(
            f"The PDF's page tree is damaged ({exc}).",
            code=ErrorCode.BROKEN_FILE,
            recovery=Recovery.USE_SUPPLIED_TEXT,
        ) from exc
    if pages == 0:
        doc.close()
        raise SourceError(
            "The PDF has no pages.", code=ErrorCode.BROKEN_FILE, recovery=Recovery.REVIEW_SOURCE
        )
    return doc


def _blocks(page: pymupdf.Page) -> list[_Block]:
    raw: dict[str, Any] = page.get_text("dict", flags=_FLAGS, sort=False)
    out: list[_Block] = []
    for block in raw.get("blocks", ()):
        if block.get("type", 0) != 0:
            continue
        lines = []
        for line in block.get("lines", ()):
            text = "".join(span.get("text", "") for span in line.get("spans", ()))
            if text.strip():
                lines.append(_Line(text.replace("\n", " "), tuple(line["bbox"])))
        out.extend(_split_columns(lines))
    return out


def _split_columns(lines: list[_Line]) -> list[_Block]:
    """Split a block whose lines fall into side-by-side x-ranges (columns PyMuPDF merged)."""
    groups: list[list[Any]] = []  # [x0, x1, lines]
    for line in sorted(lines, key=lambda ln: ln.rect[0]):
        if groups and line.rect[0] < groups[-1][1] + 1:
            groups[-1][1] = max(groups[-1][1], line.rect[2])
            groups[-1][2].append(line)
        else:
            groups.append([line.rect[0], line.rect[2], [line]])
    if len(groups) == 1:
        return [_Block(_union(lines), tuple(lines))]
    blocks = []
    for _, _, members in groups:
        # Keep PyMuPDF's line order inside each column; it follows the content stream.
        ids = {id(m) for m in members}
        ordered = tuple(ln for ln in lines if id(ln) in ids)
        blocks.append(_Block(_union(ordered), ordered))
    return blocks


def _union(lines: list[_Line] | tuple[_Line, ...]) -> Rect:
    return (
        min(ln.rect[0] for ln in lines),
        min(ln.rect[1] for ln in lines),
        max(ln.rect[2] for ln in lines),
        max(ln.rect[3] for ln in lines),
    )


def _y_bands(blocks: list[_Block]) -> list[list[_Block]]:
    """Group blocks into horizontal bands separated by a vertical gap across the whole page."""
    bands: list[list[_Block]] = []
    bottom = float("-inf")
    for b in sorted(blocks, key=lambda b: (b.rect[1], b.rect[0])):
        if bands and b.rect[1] < bottom:
            bands[-1].append(b)
            bottom = max(bottom, b.rect[3])
        else:
            bands.append([b])
            bottom = b.rect[3]
    return bands


def _columns(blocks: list[_Block]) -> list[_Block]:
    """Order narrow blocks column by column: merge overlapping x-ranges into columns."""
    cols: list[list[Any]] = []  # [x0, x1, blocks]
    for b in sorted(blocks, key=lambda b: b.rect[0]):
        if cols and b.rect[0] < cols[-1][1] - 1:
            cols[-1][1] = max(cols[-1][1], b.rect[2])
            cols[-1][2].append(b)
        else:
            cols.append([b.rect[0], b.rect[2], [b]])
    ordered: list[_Block] = []
    for _, _, members in cols:
        ordered.extend(sorted(members, key=lambda b: (b.rect[1], b.rect[0])))
    return ordered


def _reading_order(blocks: list[_Block], height: float) -> list[_Block]:
    """Headers first, then body bands split by full-width blocks and read column by column."""
    if len(blocks) < 2:
        return blocks
    bands = _y_bands(blocks)
    head: list[_Block] = []
    foot: list[_Block] = []
    while len(bands) > 1 and max(b.rect[3] for b in bands[0]) <= height * _MARGIN_BAND:
        head.extend(sorted(bands.pop(0), key=lambda b: b.rect[0]))
    while len(bands) > 1 and min(b.rect[1] for b in bands[-1]) >= height * (1 - _MARGIN_BAND):
        foot[:0] = sorted(bands.pop(), key=lambda b: b.rect[0])
    body = [b for band in bands for b in band]
    left = min(b.rect[0] for b in body)
    right = max(b.rect[2] for b in body)
    wide = (right - left) * _WIDE

    ordered = list(head)
    run: list[_Block] = []
    for b in sorted(body, key=lambda b: (b.rect[1], b.rect[0])):
        if b.rect[2] - b.rect[0] >= wide:
            ordered.extend(_columns(run))
            run = []
            ordered.append(b)
        else:
            run.append(b)
    ordered.extend(_columns(run))
    ordered.extend(foot)
    return ordered


def _label(page: pymupdf.Page) -> str | None:
    try:
        label = page.get_label()
    except (RuntimeError, ValueError):
        return None
    return label or None


def extract_pdf(data: bytes, *, password: str | None = None) -> PdfText:
    """Extract a PDF's text layer page by page (one extraction at a time per process).

    Args:
        data: the PDF's bytes.
        password: the user password, for encrypted files.

    Returns:
        The text with page starts, page labels and line rectangles.

    Raises:
        SourceError: ``empty_file``, ``broken_file``, ``encrypted`` or ``no_text_layer``.
    """
    with _MUPDF_LOCK:
        return _extract(data, password)


def _extract(data: bytes, password: str | None) -> PdfText:
    doc = _open(data, password)
    try:
        parts: list[str] = []
        page_starts: list[int] = []
        labels: list[str | None] = []
        boxes: list[LineBox] = []
        pos = 0
        chars_per_page: list[int] = []
        has_images = False
        broken_pages = 0
        # Read once: MuPDF may repair a broken page tree while pages load, and the count
        # must stay that of the pages indexed here.
        page_count = doc.page_count
        for index in range(page_count):
            if index:
                parts.append("\n\n")
                pos += 2
            page_starts.append(pos)
            try:
                page = doc.load_page(index)
            except (*_MUPDF_ERRORS, ValueError):
                # A page-tree entry that leads nowhere: it stays in the index as an empty page.
                labels.append(None)
                chars_per_page.append(0)
                broken_pages += 1
                continue
            labels.append(_label(page))
            nonspace = 0
            try:
                blocks = _blocks(page)
            except _MUPDF_ERRORS:
                # One unreadable page (a broken content stream) should not cost the others;
                # it stays in the index as an empty page.
                blocks = []
                broken_pages += 1
            for bi, block in enumerate(_reading_order(blocks, page.rect.height)):
                for li, line in enumerate(block.lines):
                    sep = "" if bi == 0 and li == 0 else ("\n" if li else "\n\n")
                    parts.append(sep)
                    pos += len(sep)
                    parts.append(line.text)
                    boxes.append((pos, pos + len(line.text), index + 1, *line.rect))
                    pos += len(line.text)
                    nonspace += len("".join(line.text.split()))
            chars_per_page.append(nonspace)
            has_images = has_images or bool(page.get_images())
        metadata = tuple((key, str(value)) for key, value in (doc.metadata or {}).items() if value)
    finally:
        doc.close()

    if broken_pages == page_count:
        raise SourceError(
            "No page of the PDF could be read: it is damaged.",
            code=ErrorCode.BROKEN_FILE,
            recovery=Recovery.USE_SUPPLIED_TEXT,
        )
    if max(chars_per_page) < _MIN_CHARS_PER_PAGE and (has_images or not any(chars_per_page)):
        if not has_images:
            raise SourceError(
                f"The PDF's {page_count} page(s) hold no text.",
                code=ErrorCode.NO_TEXT,
                recovery=Recovery.REVIEW_SOURCE,
            )
        raise SourceError(
            f"The PDF has no text layer ({page_count} page(s) of images, a scan?): "
            "run OCR on it or paste its text.",
            code=ErrorCode.NO_TEXT_LAYER,
            recovery=Recovery.USE_SUPPLIED_TEXT,
            details={"pages": page_count},
        )
    return PdfText(
        text="".join(parts),
        page_starts=tuple(page_starts),
        page_labels=tuple(labels),
        line_boxes=tuple(boxes),
        page_count=page_count,
        metadata=metadata,
    )
