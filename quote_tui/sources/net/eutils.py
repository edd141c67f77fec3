"""PubMed ids through NCBI E-utilities: the abstract, or PubMed Central's open full text.

``efetch db=pubmed retmode=xml`` gives the record, read by the core PubMed reader. When the record
names a PMC id, ``efetch db=pmc`` is asked for the JATS article; if PMC serves its body, that full
text is checked (``pmc_full_text``), otherwise the abstract (``pubmed_abstract``), and the note
says which one and why. Every request carries ``tool`` and ``email`` (and ``api_key`` when given),
as NCBI's usage policy asks, and requests are paced at 3 per second (10 with an API key).
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
from quote_tui.sources.net.fetch import FetchedBody
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
        note = "Only the PubMed abstract was checked: the article has no PubMed Central copy."
        return _fill(abstract, record, metadata=metadata, note=note), record.body
    metadata += (("pmcid", pmc),)
    try:
        article = await _get(session, efetch_url(session, "pmc", pmc.removeprefix("PMC")))
        if not jats.has_body(article.body):
            raise SourceError(
                "PubMed Central does not serve this article's body",
                code=ErrorCode.NO_TEXT,
                recovery=Recovery.USE_SUPPLIED_TEXT,
            )
        full = await asyncio.to_thread(jats.read_jats, article.body, ref=ref, max_chars=max_chars)
    except (FetchError, SourceError) as exc:
        note = (
            f"Only the PubMed abstract was checked: the full text in PubMed Central ({pmc}) "
            f"could not be read ({exc.code})."
        )
        return _fill(abstract, record, metadata=metadata, note=note), record.body
    note = (
        f"The open full text in PubMed Central ({pmc}) was checked, not only the PubMed abstract."
    )
    title = full.retrieval.title or abstract.retrieval.title
    return _fill(full, article, metadata=metadata, note=note, title=title), article.body
