"""The ref grammar: what a user may name as a source.

A ref is a local path, an http(s) URL, a DOI (``doi:10.x/y``, a bare ``10.x/y`` or a doi.org
link), an arXiv id (``arxiv:2106.09685``, read as its DOI ``10.48550/arxiv.2106.09685``), a
PubMed id (``pmid:123``, a pubmed.ncbi.nlm.nih.gov link) or a PubMed Central id
(``pmcid:PMC123``, a PubMed Central or Europe PMC article page). DOI, PubMed and PMC links are
recognised before generic URLs so that the network layer can use the registries' APIs rather
than scraping a landing page. ``file://`` URLs are paths.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import SplitResult, unquote, urlsplit, urlunsplit

from quote_tui.engine.errors import ErrorCode, QuoteTuiError, Recovery, SourceError
from quote_tui.sources.records import RefKind

__all__ = [
    "ParsedRef",
    "network_ref",
    "parse_ref",
    "same_work_key",
    "source_host",
    "work_identifiers",
]

# C0/C1 controls and DEL; a tab or newline inside a ref is a pasting accident, never a path.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_DOI = re.compile(r"^10\.\d{4,9}/\S+$")
_DOI_HOSTS = frozenset({"doi.org", "dx.doi.org", "www.doi.org"})
_PUBMED_HOSTS = frozenset({"pubmed.ncbi.nlm.nih.gov", "www.ncbi.nlm.nih.gov"})
_PMID = re.compile(r"^\d{1,9}$")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")
_PUBMED_PATH = re.compile(r"^/(?:pubmed/)?(\d{1,9})/?$")
# PubMed Central's and Europe PMC's article pages: read as Europe PMC's full-text XML, which no
# bot wall stands in front of, rather than as web pages.
_PMC_PAGES = {
    "pmc.ncbi.nlm.nih.gov": re.compile(r"^/articles/PMC(\d{1,10})/?$", re.I),
    "www.ncbi.nlm.nih.gov": re.compile(r"^/pmc/articles/PMC(\d{1,10})/?$", re.I),
    "ncbi.nlm.nih.gov": re.compile(r"^/pmc/articles/PMC(\d{1,10})/?$", re.I),
    "europepmc.org": re.compile(r"^/(?:article/PMC|articles)/PMC(\d{1,10})/?$", re.I),
    "www.europepmc.org": re.compile(r"^/(?:article/PMC|articles)/PMC(\d{1,10})/?$", re.I),
}
_EUROPEPMC_MED = re.compile(r"^/(?:article|abstract)/MED/(\d{1,9})/?$", re.I)
_PMCID = re.compile(r"^(?:PMC)?(\d{1,10})$", re.I)
# arXiv's own ids, new style (2106.09685) and old (hep-th/9901001), an optional version after.
_ARXIV = re.compile(r"^(\d{4}\.\d{4,5}|[a-z-]+(?:\.[a-z]{2})?/\d{7})(v\d+)?$", re.I)
# Trailing punctuation that sentences glue to a pasted DOI ("see 10.1000/xyz.").
_DOI_TRAILING = ".,;:"


@dataclass(frozen=True, slots=True)
class ParsedRef:
    """A classified ref.

    Attributes:
        kind: what the ref names.
        value: the path, URL, normalized DOI (lower-case ``10.`` form) or PubMed id.
    """

    kind: RefKind
    value: str


def _bad(ref: str, why: str) -> SourceError:
    return SourceError(
        f"The source reference {ref!r} is not usable: {why}.",
        code=ErrorCode.BAD_REF,
        recovery=Recovery.FIX_INPUT,
    )


def _normalize_doi(raw: str) -> str | None:
    doi = unquote(raw.strip()).rstrip(_DOI_TRAILING)
    # DOIs are case-insensitive (the DOI handbook, 2.4); lower-case is the usual canonical form.
    doi = doi.lower()
    return doi if _DOI.match(doi) else None


def _split(ref: str, text: str) -> SplitResult:
    try:
        return urlsplit(text)
    except ValueError as exc:  # an unclosed IPv6 bracket, a port that is not a number
        raise _bad(ref, f"the URL is malformed ({exc})") from None


def parse_ref(ref: str) -> ParsedRef:
    """Classify a source reference.

    Args:
        ref: what the user typed: a path, URL, ``doi:...``, bare DOI, ``pmid:...`` or PubMed link.

    Returns:
        The kind and its normalized value.

    Raises:
        SourceError: ``bad_ref`` for an empty ref, control characters or a malformed DOI/PMID.
    """
    if not isinstance(ref, str) or not ref.strip():
        raise _bad(str(ref), "it is empty")
    if _CONTROL.search(ref):
        raise _bad(ref, "it contains control characters")
    if _SURROGATE.search(ref):
        # A lone surrogate (JSON allows "\ud800") names no file and no URL; paths and URLs
        # built from it fail to encode far from here.
        raise _bad(ref, "it is not valid Unicode")
    text = ref.strip()
    lower = text.lower()

    if lower.startswith("doi:"):
        doi = _normalize_doi(text[4:])
        if doi is None:
            raise _bad(ref, "a DOI looks like doi:10.1234/suffix")
        return ParsedRef(RefKind.DOI, doi)
    if lower.startswith("arxiv:"):
        m = _ARXIV.match(text[6:].strip())
        if m is None:
            raise _bad(ref, "an arXiv id looks like arxiv:2106.09685")
        # every arXiv paper has a DataCite DOI; through it the paper is read as any DOI is
        return ParsedRef(RefKind.DOI, f"10.48550/arxiv.{m.group(1).lower()}")
    if lower.startswith("pmcid:"):
        m = _PMCID.match(text[6:].strip())
        if m is None:
            raise _bad(ref, "a PubMed Central id looks like pmcid:PMC1234567")
        return ParsedRef(RefKind.PMCID, f"PMC{int(m.group(1))}")
    if lower.startswith("pmid:"):
        pmid = text[5:].strip()
        if not _PMID.match(pmid):
            raise _bad(ref, "a PubMed id is a number, as in pmid:12345")
        return ParsedRef(RefKind.PMID, str(int(pmid)))
    if _DOI.match(lower):
        return ParsedRef(RefKind.DOI, _normalize_doi(text) or lower)

    if lower.startswith("file://"):
        parts = _split(ref, text)
        if parts.netloc not in ("", "localhost"):
            raise _bad(ref, "file:// URLs must name a local file")
        path = unquote(parts.path)
        if not path:
            raise _bad(ref, "the file:// URL has no path")
        return ParsedRef(RefKind.PATH, path)

    if lower.startswith(("http://", "https://")):
        parts = _split(ref, text)
        host = (parts.hostname or "").lower()
        if not host:
            raise _bad(ref, "the URL has no host")
        if host in _DOI_HOSTS:
            doi = _normalize_doi(parts.path.lstrip("/"))
            if doi is not None:
                return ParsedRef(RefKind.DOI, doi)
        pmc_page = _PMC_PAGES.get(host)
        m = pmc_page.match(parts.path) if pmc_page is not None else None
        if m:
            return ParsedRef(RefKind.PMCID, f"PMC{int(m.group(1))}")
        if host in ("europepmc.org", "www.europepmc.org"):
            m = _EUROPEPMC_MED.match(parts.path)
            if m:  # Europe PMC's page of a PubMed record
                return ParsedRef(RefKind.PMID, str(int(m.group(1))))
        if host in _PUBMED_HOSTS:
            m = _PUBMED_PATH.match(parts.path)
            if m:
                return ParsedRef(RefKind.PMID, str(int(m.group(1))))
        return ParsedRef(RefKind.URL, text)

    scheme = _SCHEME.match(text)
    if scheme is not None:
        # "ftp://host/a" read as a path would be a file "ftp:/host/a" nobody meant
        raise _bad(ref, f"{scheme.group(1)}:// is not fetched; only http and https are")
    return ParsedRef(RefKind.PATH, text)


def same_work_key(ref: str) -> str | None:
    """One key for every way of writing a network reference, None for a local path or a bad ref.

    ``10.1000/X``, ``doi:10.1000/x`` and ``https://doi.org/10.1000/x`` name one work, as do
    ``PMID: 123`` and its PubMed page; a URL differs from another only by more than its
    scheme's and host's case or its fragment.
    """
    try:
        parsed = parse_ref(ref)
    except QuoteTuiError:
        return None
    if parsed.kind in (RefKind.DOI, RefKind.PMID, RefKind.PMCID):
        return f"{parsed.kind}:{parsed.value.lower()}"
    if parsed.kind is RefKind.URL:
        parts = urlsplit(parsed.value)
        return urlunsplit(
            (parts.scheme.lower(), parts.netloc.lower(), parts.path or "/", parts.query, "")
        )
    return None


def work_identifiers(ref: str | None) -> tuple[str | None, str | None]:
    """The DOI (lower case) and the PMID a ref names, each None when it names none: ``doi:``,
    a bare DOI or a doi.org link; ``pmid:`` or a PubMed page. A path, another URL, no ref or a
    ref that does not parse names neither."""
    if not ref:
        return None, None
    try:
        parsed = parse_ref(ref)
    except QuoteTuiError:
        return None, None
    if parsed.kind is RefKind.DOI:
        return parsed.value.lower(), None
    if parsed.kind is RefKind.PMID:
        return None, parsed.value
    return None, None


def network_ref(ref: str | None) -> ParsedRef | None:
    """The parsed ref of a source fetched over the network (a URL, DOI or PMID); None for a
    local path, no ref, or a ref that does not parse (its reader reports that)."""
    if not ref:
        return None
    try:
        parsed = parse_ref(ref)
    except (QuoteTuiError, ValueError):  # urlsplit's own error, e.g. an unclosed IPv6 bracket
        return None
    network = (RefKind.URL, RefKind.DOI, RefKind.PMID, RefKind.PMCID)
    return parsed if parsed.kind in network else None


def source_host(ref: str | None) -> str | None:
    """The host a source is fetched from; None for local files and supplied text.

    DOIs all start at the resolver, PubMed ids at NCBI and PubMed Central ids at Europe PMC, so
    each counts as one host.
    """
    parsed = network_ref(ref)
    if parsed is None:
        return None
    if parsed.kind is RefKind.DOI:
        return "doi.org"
    if parsed.kind is RefKind.PMID:
        return "eutils.ncbi.nlm.nih.gov"
    if parsed.kind is RefKind.PMCID:
        return "www.ebi.ac.uk"
    return (urlsplit(parsed.value).hostname or "").lower() or None
