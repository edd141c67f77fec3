"""PubMed ids through NCBI E-utilities: the abstract, or PubMed Central's open full text.

``efetch db=pubmed retmode=xml`` gives the record, read by the core PubMed reader. When the record
names a PMC id, ``efetch db=pmc`` is asked for the JATS article; if PMC serves its body, that full
text is checked (``pmc_full_text``), otherwise the abstract (``pubmed_abstract``), and the note
says which one and why. A record without a PMC id is first looked up in OpenAlex
(``works/pmid:{pmid}``): an open copy it lists (a repository PDF, an accepted manuscript, a
preprint) is read as a DOI's would be, and the record names it; only then the abstract.

Every request carries ``tool`` and ``email`` (and ``api_key`` when given), as NCBI's usage
policy asks, and requests are paced at 3 per second (10 with an API key).
E-utilities is an API with its own usage policy, so its robots.txt (written for crawlers) is not
consulted.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from urllib.parse import urlencode

from lxml import etree

from quote_tui.engine.errors import ErrorCode, FetchError, Recovery, SourceError
from quote_tui.sources.net.bodies import prepare_text
from quote_tui.sources.net.doi import try_copy
from quote_tui.sources.net.fetch import FetchedBody
from quote_tui.sources.net.openaccess import pmid_copies
from quote_tui.sources.net.session import NetSession
from quote_tui.sources.readers import jats, pubmed
from quote_tui.sources.readers.safe_xml import xml_parser
from quote_tui.sources.records import LoadedSource, RefKind, Representation, Retrieval

__all__ = ["efetch_url", "load_pmid", "pmc_id"]


def efetch_url(session: NetSession, db: str, uid: str) -> str:
    """The efetch URL for one id, with the identification NCBI asks for."""
    s = session.settings
    params = {"db": db, "id": uid, "retmode": "xml", "tool": s.ncbi_tool}
    if s.ncbi_email:
        params["email"] = s.ncbi_email
    if s.ncbi_api_key:
        params["api_key"] = s.ncbi_api_key
    return s.eutils_base.rstrip("/") + "/efetch.fcgi?" + urlencode(params)


def pmc_id(data: bytes, pmid: str) -> str | None:
    """The PMC id of the record ``pmid`` (never one of its references'), or None."""
    try:
        root = etree.fromstring(data, parser=xml_parser())
    except etree.XMLSyntaxError:
        return None
    for article in root.iter("PubmedArticle"):
        if (article.findtext("MedlineCitation/PMID") or "").strip() != pmid:
            continue
        for el in article.findall("PubmedData/ArticleIdList/ArticleId"):
            if el.get("IdType") == "pmc" and (el.text or "").strip():
                return el.text.strip()
    return None


async def _get(session: NetSession, url: str) -> FetchedBody:
    await session.ncbi_pacer.wait()
    return await session.fetch(url, accept="application/xml, text/xml", api=True)


def _fill(loaded: LoadedSource, fetched: FetchedBody, **changes: object) -> LoadedSource:
    retrieval = replace(loaded.retrieval, **fetched.retrieval_facts(), **changes)
    return LoadedSource(retrieval, loaded.prepared)


def _abstract(fetched: FetchedBody, pmid: str, *, ref: str, max_chars: int) -> LoadedSource:
    try:
        record = pubmed.extract_pubmed_xml(fetched.body)
    except SourceError as exc:
        raise SourceError(
            f"PubMed has no readable record for PMID {pmid} ({exc.message})",
            code=exc.code,
            recovery=Recovery.CHECK_URL,
            details={"pmid": pmid},
        ) from exc
    retrieval = Retrieval(
        ref=ref,
        kind=RefKind.PMID,
        representation=Representation.PUBMED_ABSTRACT,
        content_sha256=fetched.content_sha256,
        title=record.title,
    )
    return LoadedSource(retrieval, prepare_text(record.text, max_chars))


async def _open_copy(
    session: NetSession, pmid: str, *, ref: str, max_chars: int
) -> tuple[LoadedSource, bytes] | str:
    """An open copy OpenAlex lists for the PubMed id, read as the checked text; else why none
    was (the copies skipped, or "" when none is listed or open copies are off)."""
    if not session.settings.open_copies:
        return ""
    listing = await pmid_copies(session, pmid)
    skipped = [f"{p} could not be asked" for p in listing.problems]
    for copy in listing.copies:
        got = await try_copy(
            session, copy, ref=ref, max_chars=max_chars, skipped=skipped, kind=RefKind.PMID
        )
        if got is None:
            continue
        note = f"The {copy.words} listed by OpenAlex was checked, not only the PubMed abstract"
        if copy.differs_from_published:
            note += "; its wording may differ from the published version"
        note += f"; skipped: {', '.join(skipped)}." if skipped else "."
        loaded = got[0]
        return replace(loaded, retrieval=replace(loaded.retrieval, copy=copy, note=note)), got[1]
    return ", ".join(skipped)


async def load_pmid(
    session: NetSession, pmid: str, *, ref: str, max_chars: int
) -> tuple[LoadedSource, bytes]:
    """Read a PubMed record: PMC's open full text when there is one, else the abstract.

    Args:
        session: the run's network session.
        pmid: the PubMed id (digits).
        ref: the store key.
        max_chars: the checked text's size limit.

    Returns:
        The loaded source and the raw XML that was checked.

    Raises:
        FetchError: network failures; SourceError: no such record.
    """
    record = await _get(session, efetch_url(session, "pubmed", pmid))
    abstract = await asyncio.to_thread(_abstract, record, pmid, ref=ref, max_chars=max_chars)
    pmc = pmc_id(record.body, pmid)
    metadata: tuple[tuple[str, str], ...] = (("pmid", pmid),)
    if pmc is None:
        why = "the article has no PubMed Central copy"
    else:
        metadata += (("pmcid", pmc),)
        try:
            article = await _get(session, efetch_url(session, "pmc", pmc.removeprefix("PMC")))
            if not jats.has_body(article.body):
                raise SourceError(
                    "PubMed Central does not serve this article's body",
                    code=ErrorCode.NO_TEXT,
                    recovery=Recovery.USE_SUPPLIED_TEXT,
                )
            full = await asyncio.to_thread(
                jats.read_jats, article.body, ref=ref, max_chars=max_chars
            )
        except (FetchError, SourceError) as exc:
            why = f"the full text in PubMed Central ({pmc}) could not be read ({exc.code})"
        else:
            note = (
                f"The open full text in PubMed Central ({pmc}) was checked, not only the PubMed "
                "abstract."
            )
            title = full.retrieval.title or abstract.retrieval.title
            return _fill(full, article, metadata=metadata, note=note, title=title), article.body
    # no PMC text: an open copy OpenAlex lists is more of the article than the abstract
    copied = await _open_copy(session, pmid, ref=ref, max_chars=max_chars)
    if isinstance(copied, tuple):
        loaded, raw = copied
        title = loaded.retrieval.title or abstract.retrieval.title
        retrieval = replace(loaded.retrieval, metadata=metadata, title=title)
        return replace(loaded, retrieval=retrieval), raw
    note = f"Only the PubMed abstract was checked: {why}"
    note += f"; open copies skipped: {copied}." if copied else "."
    return _fill(abstract, record, metadata=metadata, note=note), record.body
