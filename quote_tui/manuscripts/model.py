"""Records for a scanned manuscript: quotations, references, bibliography entries, sources.

Everything here is a frozen record; ``ScanResult.to_batch_dict`` is the one place that turns
them into the batch JSON the service reads.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "Anchor",
    "BibEntry",
    "Citation",
    "Locator",
    "Location",
    "Reference",
    "ScanResult",
    "ScannedSource",
    "Unavailable",
]


def _filled(out: dict[str, Any], **values: Any) -> dict[str, Any]:
    """``out`` with each of ``values`` added that says something (empty ones are left out)."""
    out.update((name, value) for name, value in values.items() if value)
    return out


@dataclass(frozen=True, slots=True)
class Location:
    """Where a quotation stands in the manuscript.

    ``line`` and ``column`` are 1-based; ``offset`` is the 0-based character offset of the
    quotation's first character in the file's text. For a .docx the "line" is the paragraph
    number within its part and ``part`` names the part (document, footnotes, endnotes).
    """

    file: str
    line: int
    column: int
    offset: int
    part: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out = {"file": self.file, "line": self.line, "column": self.column, "offset": self.offset}
        return _filled(out, part=self.part)


@dataclass(frozen=True, slots=True)
class Locator:
    """A pin-point inside a cited work: ``label`` is a CSL locator label (page, chapter, ...)."""

    label: str
    value: str
    pages: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return _filled({"label": self.label, "value": self.value}, pages=list(self.pages))


@dataclass(frozen=True, slots=True)
class BibEntry:
    """What the manuscript's bibliography (or a reference manager) says about a cited work."""

    key: str | None = None
    title: str | None = None
    authors: tuple[str, ...] = ()  # surnames, in order
    year: str | None = None
    doi: str | None = None
    pmid: str | None = None
    url: str | None = None
    pages: str | None = None
    files: tuple[str, ...] = ()  # attached files, as written (may be relative)
    zotero_keys: tuple[str, ...] = ()  # item keys from Zotero URIs
    base_dir: str | None = None  # folder that relative ``files`` are relative to
    journal: str | None = None  # the journal or container title, when the entry names one

    def to_dict(
        self, fields: tuple[str, ...] = ("title", "year", "doi", "pmid", "url", "pages")
    ) -> dict[str, Any]:
        """The named fields the entry fills in, then its authors (as a list)."""
        out: dict[str, Any] = {name: getattr(self, name) for name in fields if getattr(self, name)}
        if self.authors:
            out["authors"] = list(self.authors)
        return out


@dataclass(frozen=True, slots=True)
class Reference:
    """The reference that applies to a quotation, as the manuscript wrote it."""

    raw: str
    style: str  # pandoc|latex|zotero|mendeley|endnote|author_date|numbered|url|doi|pmid
    key: str | None = None
    bib: BibEntry | None = None
    locator: Locator | None = None
    target: str | None = None  # a direct URL / doi: / pmid: ref when the reference is one
    why: str | None = None  # when no entry was found: what the lists hold instead

    def to_dict(self) -> dict[str, Any]:
        bib = self.bib.to_dict() if self.bib is not None else None
        return _filled({"raw": self.raw, "style": self.style}, key=self.key, bib=bib)


@dataclass(frozen=True, slots=True)
class Anchor:
    """A reference mark at a span of a text (a Word field, a footnote mark, a superscript).

    Exactly one of ``reference`` and ``footnote`` is set.
    """

    start: int
    end: int
    reference: Reference | None = None
    footnote: str | None = None


@dataclass(frozen=True, slots=True)
class Unavailable:
    """Why a cited work has no text to check."""

    code: str
    message: str
    recovery: str = "review_source"

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "recovery": self.recovery}


@dataclass(frozen=True, slots=True)
class ScannedSource:
    """A source the scan found for a reference (``how``: bib_file, pdfs_dir, zotero, doi, ...):
    a ref (path, URL, doi:, pmid:), supplied text, or an unavailable work."""

    id: str
    how: str | None = None
    ref: str | None = None
    title: str | None = None
    text: str | None = None
    bib_pages: str | None = None
    unavailable: Unavailable | None = None

    def to_dict(self, base_dir: Path | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id}
        if self.ref is not None:
            out["ref"] = _relative(self.ref, base_dir) if self.how in _LOCAL else self.ref
        if self.text is not None:
            out.update(text=self.text, truncated=False)
        unavailable = self.unavailable.to_dict() if self.unavailable is not None else None
        return _filled(
            out,
            title=self.title,
            bib_pages=self.bib_pages,
            found_by=self.how,
            unavailable=unavailable,
        )


_LOCAL = frozenset({"bib_file", "pdfs_dir", "zotero", "path", "source_text"})


def _relative(path: str, base_dir: Path | None) -> str:
    if base_dir is None:
        return path
    try:
        return os.path.relpath(path, base_dir)
    except ValueError:  # another drive on Windows
        return path


@dataclass(frozen=True, slots=True)
class Citation:
    """One quotation found in the manuscript, with the reference and source that apply."""

    id: str
    quote: str
    location: Location | None
    source: str | None = None
    reference: Reference | None = None
    locator: Locator | None = None
    status: str | None = None  # "unreferenced" when no reference applies

    def to_dict(self) -> dict[str, Any]:
        return _filled(
            {"id": self.id, "source": self.source, "quote": self.quote},
            locator=self.locator.to_dict() if self.locator is not None else None,
            location=self.location.to_dict() if self.location is not None else None,
            reference=self.reference.to_dict() if self.reference is not None else None,
            status=self.status,
        )


@dataclass(frozen=True, slots=True)
class ScanResult:
    """What a scan found: sources, citations and warnings, ready to become a batch."""

    manuscript: str
    sources: tuple[ScannedSource, ...]
    citations: tuple[Citation, ...]
    warnings: tuple[str, ...] = field(default=())
    read: tuple[Any, tuple[Any, ...]] | None = field(default=None, compare=False, repr=False)
    """The ``Manuscript`` as read and the ``Found`` quotations taken from it, in citation
    order, so the gate's prose checks use them rather than reading and extracting the
    manuscript again. (Named loosely: this module lies below the reader and the extractor.)"""

    def to_batch_dict(self, batch_path: str | os.PathLike[str] | None = None) -> dict[str, Any]:
        """The batch JSON object.

        Args:
            batch_path: where the batch will be written; local paths are then made relative to
                its folder. Without it they stay absolute.

        Returns:
            ``{"sources": [...], "citations": [...]}`` plus ``manuscript`` and ``warnings``.
        """
        base = Path(batch_path).resolve().parent if batch_path is not None else None
        return {
            "sources": [s.to_dict(base) for s in self.sources],
            "citations": [c.to_dict() for c in self.citations],
            "manuscript": self.manuscript,
            "warnings": list(self.warnings),
        }
