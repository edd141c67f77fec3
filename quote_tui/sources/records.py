"""Records describing where a checked text came from."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from quote_tui.engine.text import PreparedText


class RefKind(StrEnum):
    """What a source ``ref`` names."""

    PATH = "path"
    URL = "url"
    DOI = "doi"
    PMID = "pmid"
    PMCID = "pmcid"  # a PubMed Central article, read as Europe PMC's full-text XML
    TEXT = "text"  # supplied (pasted) text


class Representation(StrEnum):
    """Which text of the source was checked."""

    PDF_TEXT_LAYER = "pdf_text_layer"
    EPUB_TEXT = "epub_text"  # chapters stand where pages would: locators cite them
    HTML_MAIN_TEXT = "html_main_text"
    HTML_FULL_TEXT = "html_full_text"
    PUBMED_ABSTRACT = "pubmed_abstract"
    PMC_FULL_TEXT = "pmc_full_text"
    DOI_LANDING_PAGE = "doi_landing_page"
    PLAIN_TEXT = "plain_text"
    MARKDOWN_TEXT = "markdown_text"
    SUPPLIED_TEXT = "supplied_text"


@dataclass(frozen=True, slots=True)
class Redirect:
    """One hop of a redirect chain."""

    url: str
    status: int

    def to_dict(self) -> dict[str, Any]:
        return {"url": self.url, "status": self.status}


COPY_VERSIONS = ("publishedVersion", "acceptedVersion", "submittedVersion")
"""The versions of a work a copy may hold, as OpenAlex names them, most authoritative first."""

VERSION_WORDS = {
    "publishedVersion": "published version",
    "acceptedVersion": "accepted manuscript",
    "submittedVersion": "preprint",
}
"""Each version as a reader says it."""


@dataclass(frozen=True, slots=True)
class OpenCopy:
    """Which copy of a DOI's work was read, when it was not the publisher's page.

    Attributes:
        url: where the copy was asked for (the retrieval's ``final_url`` says where it ended).
        host: the repository or site that holds it ("Europe PMC", "arXiv", a repository's name).
        version: one of ``COPY_VERSIONS``, or None when the registry does not say.
        license: the licence the registry lists for it ("cc-by"), or None.
        listed_by: the registry that listed it ("openalex", "europepmc").
    """

    url: str
    host: str
    version: str | None = None
    license: str | None = None
    listed_by: str = "openalex"

    @property
    def differs_from_published(self) -> bool:
        """Whether its wording may differ from the published version (a preprint or an accepted
        manuscript)."""
        return self.version in ("acceptedVersion", "submittedVersion")

    @property
    def words(self) -> str:
        """ "accepted manuscript at Europe PMC (cc-by)": the copy as a report line says it."""
        version = VERSION_WORDS.get(self.version or "", "copy of unstated version")
        licence = f" ({self.license})" if self.license else ""
        return f"{version} at {self.host}{licence}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "host": self.host,
            "version": self.version,
            "license": self.license,
            "listed_by": self.listed_by,
        }

    @classmethod
    def from_dict(cls, data: Any) -> OpenCopy | None:
        """The copy a stored record names; None for anything else (an older or damaged one)."""
        if not isinstance(data, dict) or not data.get("url") or not data.get("host"):
            return None
        version = data.get("version")
        license_ = data.get("license")
        return cls(
            url=str(data["url"]),
            host=str(data["host"]),
            version=str(version) if version in COPY_VERSIONS else None,
            license=str(license_) if license_ else None,
            listed_by=str(data.get("listed_by") or "openalex"),
        )


@dataclass(frozen=True, slots=True)
class Retrieval:
    """How a checked text was obtained: enough to find the same text again.

    Network fields stay ``None`` for local files and supplied text.
    """

    ref: str
    kind: RefKind
    representation: Representation
    content_sha256: str
    location: str | None = None  # absolute path or final URL
    title: str | None = None
    content_type: str | None = None
    encoding: str | None = None
    retrieved_at: str | None = None  # ISO-8601, set at the I/O edge
    final_url: str | None = None
    redirects: tuple[Redirect, ...] = ()
    http_status: int | None = None
    etag: str | None = None
    last_modified: str | None = None
    note: str | None = None  # e.g. why the full body was used instead of readability's main text
    metadata: tuple[tuple[str, str], ...] = ()  # citation_* meta and the like, in document order
    page_number_source: str | None = None  # how printed page numbers were derived, if at all
    from_snapshot: bool = False
    rendered: bool = False  # the text was read from the DOM headless Chromium built
    renderer: str | None = None  # the browser's version, when rendered
    ocr: bool = False  # read from a scan's page images by OCR: the text may hold OCR errors
    # the OCR text is the scan's own layer throughout (its producer's reading, not Tesseract's),
    # whose quality the batch may judge (``batch.readable.layer_reads``)
    ocr_layer: bool = False
    # 1-based pages with a region a font without a Unicode map left unreadable in the text layer
    unmapped_pages: tuple[int, ...] = ()
    # the non-space characters of each such page's unreadable regions (in the order of
    # ``unmapped_pages``): how long a passage could stand there unseen
    unmapped_chars: tuple[int, ...] = ()
    copy: OpenCopy | None = None  # a DOI read through an open copy, not the publisher's page

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "redirects":
                value = [r.to_dict() for r in value]
            elif f.name == "metadata":
                value = {k: v for k, v in value}
            elif f.name == "copy":
                if value is None:
                    continue  # the record of a source read as it was named keeps its old shape
                value = value.to_dict()
            elif f.name in ("unmapped_pages", "unmapped_chars"):
                if not value:
                    continue  # only a PDF with unreadable pages carries the field
                value = list(value)
            elif f.name == "ocr_layer" and not value:
                continue  # only a scan read from its own OCR layer carries it
            elif isinstance(value, StrEnum):
                value = str(value)
            out[f.name] = value
        return out


@dataclass(frozen=True, slots=True)
class LoadedSource:
    """A readable source: its checked text (with indexes) and its retrieval record."""

    retrieval: Retrieval
    prepared: PreparedText = field(repr=False)
    outside: str | None = field(default=None, repr=False)
    """The page's whole visible text when ``prepared`` is only its main text (an HTML page's
    article): where a quotation missing from the main text is looked for next."""

    @property
    def text(self) -> str:
        return self.prepared.text
