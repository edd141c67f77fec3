"""DOIs: open copies first, then the DOI resolver and the publisher, preferring full text.

The open copies OpenAlex and Europe PMC list (``openaccess.open_copies``) are tried around the
publisher's page by version: a copy of the published version before it, an accepted manuscript or
a preprint after it; the copy read is named in the record (``Retrieval.copy``).

The resolver's redirects go through the same guard as any URL. When the publisher's page is the
article itself (HTML full text, or a PDF), that is what is checked. When it is only a landing page
(title, abstract, author notes), the PDF named by ``citation_pdf_url`` and then the full-text
page named by ``citation_fulltext_html_url`` are tried; if neither can be read, the landing page
is checked and its representation says so (``doi_landing_page``), so a quotation from the body is
never reported as absent from the article. The page's ``citation_*`` tags become the record's
metadata (title, authors, journal, year, pdf_url).
"""

from __future__ import annotations

import re
from dataclasses import replace
from urllib.parse import quote, urljoin

from quote_tui.engine.errors import ErrorCode, FetchError, Recovery, SourceError
from quote_tui.sources.net.bodies import read_fetched_async
from quote_tui.sources.net.openaccess import Listing, open_copies, pace
from quote_tui.sources.net.session import NetSession
from quote_tui.sources.readers import jats
from quote_tui.sources.records import LoadedSource, OpenCopy, RefKind, Representation

__all__ = ["citation_metadata", "is_full_text", "load_doi", "try_copy"]

_SECTION = re.compile(
    r"(?im)^\s*(?:\d+\.?\s*)?(introduction|background|methods?|materials and methods|results|"
    r"discussion|conclusions?|references)\s*$"
)
# A landing page's text is a title, an abstract and notes; an article is many times longer.
_FULL_TEXT_CHARS = 12_000
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
_REGISTRY_NAMES = {"openalex": "OpenAlex", "europepmc": "Europe PMC"}
_ARXIV_PREFIX = "10.48550/"


def is_full_text(text: str, abstract: str | None) -> bool:
    """Whether a publisher page holds the article rather than only its abstract.

    Args:
        text: the page's checked text.
        abstract: the page's ``citation_abstract``/``dc.description``, when given.

    Returns:
        True for an article page: at least two section headings, or long enough to be more than
        the abstract several times over.
    """
    if len(_SECTION.findall(text)) >= 2:
        return True
    longer_than_abstract = not abstract or len(text) >= 4 * len(abstract)
    return len(text) >= _FULL_TEXT_CHARS and longer_than_abstract


def citation_metadata(meta: tuple[tuple[str, str], ...], doi: str) -> tuple[tuple[str, str], ...]:
    """The record's metadata from a page's meta tags: title, authors, journal, year, pdf_url.

    Args:
        meta: (name, content) pairs in document order, as the HTML reader returns them.
        doi: the DOI that was resolved.

    Returns:
        (key, value) pairs; several authors are joined with "; ".
    """
    first: dict[str, str] = {}
    authors: list[str] = []
    for name, content in meta:
        key = name.lower()
        content = content.strip()
        if not content:
            continue
        if key == "citation_author":
            authors.append(content)
        else:
            first.setdefault(key, content)
    out: list[tuple[str, str]] = [("doi", doi)]

    def pick(*keys: str) -> str | None:
        return next((first[k] for k in keys if k in first), None)

    title = pick("citation_title", "dc.title")
    if title:
        out.append(("title", title))
    if not authors:
        authors = [c.strip() for n, c in meta if n.lower() == "dc.creator" and c.strip()]
    if authors:
        out.append(("authors", "; ".join(authors)))
    journal = pick("citation_journal_title", "prism.publicationname")
    if journal:
        out.append(("journal", journal))
    date = pick("citation_publication_date", "citation_date", "citation_online_date", "dc.date")
    year = _YEAR.search(date) if date else None
    if year:
        out.append(("year", year.group(1)))
    pdf = pick("citation_pdf_url")
    if pdf:
        out.append(("pdf_url", pdf))
    return tuple(out)


def _resolver_url(base: str, doi: str) -> str:
    # DOI suffixes may hold any printable character; '/' stays, the rest that URLs reserve is
    # escaped so that '#', '?' and spaces reach the resolver as part of the DOI.
    return base.rstrip("/") + "/" + quote(doi, safe="/:;()._-<>")


async def load_doi(
    session: NetSession, doi: str, *, ref: str, max_chars: int
) -> tuple[LoadedSource, bytes]:
    """Read the article a DOI names: an open copy of its published version, else the
    publisher's page, else an open accepted manuscript or preprint, else the landing page.

    The publisher's full text is the version of record, so it outranks an accepted manuscript or
    a preprint; a copy of the published version is read first because it stands where no bot
    wall does. A copy that cannot be read (a wall, a login page, only an abstract, an address the
    guard refuses) is skipped, and the record's note says why.

    Args:
        session: the run's network session.
        doi: the normalized DOI (``10.x/y``).
        ref: the store key.
        max_chars: the checked text's size limit.

    Returns:
        The loaded source and the raw bytes that were checked; ``retrieval.copy`` names the open
        copy when one was read.

    Raises:
        FetchError, SourceError: when neither the page nor any copy can be read.
    """
    # an arXiv DOI names the preprint itself, which arXiv serves openly: no other copy is wanted
    wanted = session.settings.open_copies and not doi.startswith(_ARXIV_PREFIX)
    listing = await open_copies(session, doi) if wanted else Listing()
    skipped: list[str] = [f"{p} could not be asked" for p in listing.problems]
    published = [c for c in listing.copies if c.version == "publishedVersion"]
    later = [c for c in listing.copies if c.version != "publishedVersion"]
    for copy in published:
        got = await try_copy(session, copy, ref=ref, max_chars=max_chars, skipped=skipped)
        if got is not None:
            return _from_copy(got, copy, doi, skipped), got[1]
    landing: tuple[LoadedSource, bytes] | None = None
    failure: FetchError | SourceError | None = None
    try:
        loaded, raw, full = await _publisher(session, doi, ref=ref, max_chars=max_chars)
    except (FetchError, SourceError) as exc:
        if exc.details.get("status") == 404 and "doi" in exc.details:
            raise  # the DOI itself is not registered: no copy of it stands anywhere
        if not later:
            raise _with_skipped(exc, skipped) from exc
        failure = exc
        skipped.append(f"the publisher's page ({_reason(exc)})")
    else:
        if full or not later:
            return _noted(loaded, skipped), raw
        landing = (loaded, raw)
        skipped.append("the publisher's page (only the abstract)")
    for copy in later:
        got = await try_copy(session, copy, ref=ref, max_chars=max_chars, skipped=skipped)
        if got is not None:
            return _from_copy(got, copy, doi, skipped), got[1]
    if landing is not None:
        return _noted(landing[0], skipped), landing[1]
    assert failure is not None  # noqa: S101 - reached only after the publisher's page failed
    raise _with_skipped(failure, skipped) from failure


def _with_skipped(exc: FetchError | SourceError, skipped: list[str]) -> FetchError | SourceError:
    """The publisher page's error, with the open copies that were tried and why each was
    skipped (``details["open_copies_skipped"]``), so a user sees what else was looked at."""
    tried = [s for s in skipped if not s.startswith("the publisher's page")]
    if not tried:
        return exc
    message = f"{exc.message} Open copies tried: {'; '.join(tried)}."
    details = {**exc.details, "open_copies_skipped": tried}
    return type(exc)(message, code=exc.code, recovery=exc.recovery, details=details)


def _reason(exc: FetchError | SourceError) -> str:
    """Why a copy was skipped, in a word or two: the wall's kind or the guard's refusal, else
    the error's code."""
    reason = str(exc.details.get("reason") or "").replace("_", " ")
    if exc.code == ErrorCode.BLOCKED_ADDRESS:
        return f"refused by the address guard: {reason}" if reason else "refused by the guard"
    return reason or str(exc.code).replace("_", " ")


async def try_copy(
    session: NetSession,
    copy: OpenCopy,
    *,
    ref: str,
    max_chars: int,
    skipped: list[str],
    kind: RefKind = RefKind.DOI,
) -> tuple[LoadedSource, bytes] | None:
    """An open copy read as the checked text, or None (its reason added to ``skipped``) when it
    is not the article: a wall, a refused address, an abstract, an XML record without a body.
    ``kind`` is the ref's kind the copy stands for (a DOI's, or a PubMed id's)."""
    api = copy.url.startswith(session.settings.europepmc_api)
    url = copy.url
    try:
        if api:
            await pace(session, "europepmc")
        fetched = await session.fetch(url, api=api)
        if api and not jats.has_body(fetched.body):
            skipped.append(f"{url} (no full text)")
            return None
        loaded = await read_fetched_async(session, fetched, ref=ref, kind=kind, max_chars=max_chars)
        meta = loaded.retrieval.metadata
        if _html(loaded) and not is_full_text(loaded.text, _abstract(meta)):
            # a repository's record page: its citation_pdf_url is the deposited file
            link = next((v.strip() for k, v in meta if k.lower() == "citation_pdf_url"), "")
            pdf = urljoin(fetched.final_url, link) if link else ""
            if not pdf or pdf.split("#", 1)[0] == fetched.final_url:
                skipped.append(f"{url} (only the abstract)")
                return None
            url = pdf
            fetched = await session.fetch(pdf)
            loaded = await read_fetched_async(
                session, fetched, ref=ref, kind=kind, max_chars=max_chars
            )
            if _html(loaded) and not is_full_text(loaded.text, _abstract(meta)):
                skipped.append(f"{copy.url} (only the abstract)")
                return None
    except (FetchError, SourceError) as exc:
        skipped.append(f"{url} ({_reason(exc)})")
        return None
    return loaded, fetched.body


def _html(loaded: LoadedSource) -> bool:
    return loaded.retrieval.representation in (
        Representation.HTML_MAIN_TEXT,
        Representation.HTML_FULL_TEXT,
    )


def _abstract(meta: tuple[tuple[str, str], ...]) -> str | None:
    return next((v for k, v in meta if k.lower() in ("citation_abstract", "dc.description")), None)


def _from_copy(
    got: tuple[LoadedSource, bytes], copy: OpenCopy, doi: str, skipped: list[str]
) -> LoadedSource:
    loaded = got[0]
    note = f"The {copy.words} listed by {_REGISTRY_NAMES.get(copy.listed_by, copy.listed_by)} was "
    note += "checked, not the publisher's page"
    if copy.differs_from_published:
        note += "; its wording may differ from the published version"
    note += f"; skipped: {', '.join(skipped)}." if skipped else "."
    metadata = citation_metadata(loaded.retrieval.metadata, doi)
    retrieval = replace(
        loaded.retrieval,
        copy=copy,
        note=note,
        metadata=metadata,
        title=loaded.retrieval.title or dict(metadata).get("title"),
    )
    return replace(loaded, retrieval=retrieval)


def _noted(loaded: LoadedSource, skipped: list[str]) -> LoadedSource:
    if not skipped:
        return loaded
    said = f"Open copies skipped: {', '.join(skipped)}."
    note = f"{loaded.retrieval.note} {said}" if loaded.retrieval.note else said
    return replace(loaded, retrieval=replace(loaded.retrieval, note=note))


async def _publisher(
    session: NetSession, doi: str, *, ref: str, max_chars: int
) -> tuple[LoadedSource, bytes, bool]:
    """The publisher's page through the DOI resolver: its full text (or a PDF it links), else
    its landing page; the flag says whether it is the full text."""
    resolver_url = _resolver_url(session.settings.doi_resolver, doi)
    try:
        page = await session.fetch(resolver_url)
    except FetchError as exc:
        if exc.details.get("status") == 404 and exc.details.get("url") == resolver_url:
            raise _doi_not_found(doi, resolver_url) from exc
        raise
    loaded = await read_fetched_async(session, page, ref=ref, kind=RefKind.DOI, max_chars=max_chars)
    if loaded.retrieval.representation not in (
        Representation.HTML_MAIN_TEXT,
        Representation.HTML_FULL_TEXT,
    ):
        return loaded, page.body, True  # the resolver led straight to a PDF or text
    raw_meta = loaded.retrieval.metadata
    metadata = citation_metadata(raw_meta, doi)
    abstract = _abstract(raw_meta)
    if is_full_text(loaded.text, abstract):
        return _with(loaded, metadata=metadata), page.body, True

    tried: list[str] = []
    for key in ("citation_pdf_url", "citation_fulltext_html_url"):
        link = next((v.strip() for k, v in raw_meta if k.lower() == key and v.strip()), None)
        if not link:
            continue
        url = urljoin(page.final_url, link)
        if url.split("#", 1)[0] == page.final_url:
            continue
        try:
            linked = await session.fetch(url)
            full = await read_fetched_async(
                session, linked, ref=ref, kind=RefKind.DOI, max_chars=max_chars
            )
        except (FetchError, SourceError) as exc:
            tried.append(f"{url} ({exc.code})")
            continue
        if full.retrieval.representation is Representation.PDF_TEXT_LAYER or is_full_text(
            full.text, abstract
        ):
            note = (
                f"The DOI's landing page {page.final_url} shows only the abstract; the full text "
                f"linked by its {key} tag was checked."
            )
            return _with(full, metadata=metadata, note=note), linked.body, True
        tried.append(f"{url} (no full text)")
    note = "The publisher's page shows only the abstract and front matter, so only it was checked"
    note += f"; tried {', '.join(tried)}." if tried else "; it links no open full text."
    landing = _with(
        loaded, metadata=metadata, note=note, representation=Representation.DOI_LANDING_PAGE
    )
    return landing, page.body, False


def _with(
    loaded: LoadedSource,
    *,
    metadata: tuple[tuple[str, str], ...],
    note: str | None = None,
    representation: Representation | None = None,
) -> LoadedSource:
    retrieval = replace(
        loaded.retrieval,
        metadata=metadata,
        note=note or loaded.retrieval.note,
        representation=representation or loaded.retrieval.representation,
        title=loaded.retrieval.title or dict(metadata).get("title"),
    )
    return replace(loaded, retrieval=retrieval)


def _doi_not_found(doi: str, url: str) -> FetchError:
    return FetchError(
        f"The DOI {doi} is not registered with the resolver (HTTP 404); check it for typos.",
        code=ErrorCode.HTTP_ERROR,
        recovery=Recovery.CHECK_URL,
        details={"status": 404, "doi": doi, "url": url},
    )
