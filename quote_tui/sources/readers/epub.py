"""EPUB books through PyMuPDF, with chapters as the locator unit.

An EPUB has no fixed pages: a reader's device lays it out anew at every font size, so a book
citation names a chapter (``ch. 12``) rather than a page. The checked text is each chapter
(each spine document, in reading order) joined by blank lines; the chapter starts take the
place of page starts, and each chapter's label is the number its table-of-contents entry
gives ("Chapter 12", "XII. The Return", "12 The Return"), so a chapter locator is compared as
a page locator is. A spine document the table of contents numbers nowhere (a cover, a title
page) has no label.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pymupdf

from quote_tui.engine.errors import ErrorCode, Recovery, SourceError
from quote_tui.sources.readers.pdf import MUPDF_LOCK
from quote_tui.sources.readers.printed_pages import chapter_label

__all__ = ["EpubText", "extract_epub"]

_FLAGS = pymupdf.TEXT_PRESERVE_LIGATURES | pymupdf.TEXT_PRESERVE_WHITESPACE
_MUPDF_ERRORS = (RuntimeError, ValueError, pymupdf.mupdf.FzErrorBase)
_NUMBERED = re.compile(
    r"^\s*(?:(?:chapter|chap\.|ch\.|book|part)\s+)?(?P<n>\d{1,4}|[ivxlcdm]{1,8})\b[\s.:—–-]*",
    re.I,
)
_ROMAN = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}


@dataclass(frozen=True, slots=True)
class EpubText:
    """An EPUB's text, chapter by chapter.

    Attributes:
        text: chapters joined by blank lines.
        chapter_starts: offset where each chapter (spine document) begins.
        chapter_labels: ``ch. N`` from the table of contents, or None.
        title: the book's title from its metadata.
    """

    text: str
    chapter_starts: tuple[int, ...]
    chapter_labels: tuple[str | None, ...]
    title: str | None


def _number(title: str) -> int | None:
    """The chapter number a table-of-contents title gives, if it gives one."""
    m = _NUMBERED.match(title)
    if m is None:
        return None
    n = m.group("n")
    if n.isdigit():
        return int(n)
    if not re.match(r"(?i)^(chapter|chap\.|ch\.|book|part)\s", title.strip()) and len(n) < 2:
        return None  # a lone "I" or "V" opening a title is a word more often than a number
    total = 0
    values = [_ROMAN[c] for c in n.lower()]
    for v, nxt in zip(values, [*values[1:], 0], strict=True):
        total += -v if v < nxt else v
    return total or None


def extract_epub(data: bytes) -> EpubText:
    """Read an EPUB's chapters in reading order.

    Args:
        data: the EPUB file's bytes.

    Returns:
        The text with chapter starts and labels.

    Raises:
        SourceError: ``broken_file`` (not an EPUB, or damaged), ``encrypted`` (DRM) or
            ``no_text``.
    """
    with MUPDF_LOCK:  # one MuPDF context for PDFs and books alike: one reader at a time
        return _extract(data)


def _extract(data: bytes) -> EpubText:
    try:
        doc = pymupdf.open(stream=data, filetype="epub")
    except (*_MUPDF_ERRORS, pymupdf.FileDataError) as exc:
        raise SourceError(
            f"The EPUB cannot be opened: it is damaged or not an EPUB ({exc}).",
            code=ErrorCode.BROKEN_FILE,
            recovery=Recovery.USE_SUPPLIED_TEXT,
        ) from exc
    try:
        if doc.needs_pass or (doc.metadata or {}).get("encryption"):
            raise SourceError(
                "The EPUB is encrypted (DRM): open it in its reader and paste the text.",
                code=ErrorCode.ENCRYPTED,
                recovery=Recovery.USE_SUPPLIED_TEXT,
            )
        labels = _labels(doc)
        parts: list[str] = []
        starts: list[int] = []
        pos = 0
        for chapter in range(doc.chapter_count):
            if chapter:
                parts.append("\n\n")
                pos += 2
            starts.append(pos)
            pages = []
            for number in range(doc.chapter_page_count(chapter)):
                try:
                    page = doc.load_page((chapter, number))
                    pages.append(page.get_text("text", flags=_FLAGS).strip("\n"))
                except _MUPDF_ERRORS:
                    continue  # one unreadable page should not cost the book
            body = "\n".join(p for p in pages if p)
            parts.append(body)
            pos += len(body)
        title = ((doc.metadata or {}).get("title") or "").strip() or None
    except _MUPDF_ERRORS as exc:
        raise SourceError(
            f"The EPUB is damaged ({exc}).",
            code=ErrorCode.BROKEN_FILE,
            recovery=Recovery.USE_SUPPLIED_TEXT,
        ) from exc
    finally:
        doc.close()
    text = "".join(parts)
    if not text.strip():
        raise SourceError(
            "The EPUB holds no text.", code=ErrorCode.NO_TEXT, recovery=Recovery.REVIEW_SOURCE
        )
    return EpubText(text, tuple(starts), labels, title)


def _labels(doc: pymupdf.Document) -> tuple[str | None, ...]:
    """Each spine document's chapter label, from the first table-of-contents entry in it."""
    labels: list[str | None] = [None] * doc.chapter_count
    try:
        toc = doc.get_toc(simple=True)
    except _MUPDF_ERRORS:
        return tuple(labels)
    for _level, title, page in toc:
        if page < 1:
            continue
        try:
            chapter, _ = doc.location_from_page_number(page - 1)
        except (*_MUPDF_ERRORS, AttributeError):
            continue
        number = _number(str(title))
        if 0 <= chapter < len(labels) and labels[chapter] is None and number is not None:
            labels[chapter] = chapter_label(number)
    return tuple(labels)
