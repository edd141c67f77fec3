"""DOIs through a loopback resolver: full-text pages, landing pages, linked PDFs, metadata."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from quote_tui.engine.errors import SourceError
from quote_tui.sources.net.doi import citation_metadata, is_full_text
from quote_tui.sources.net.remote import RemoteSession
from quote_tui.sources.net.settings import RemoteSettings
from quote_tui.sources.records import RefKind, Representation
from quote_tui.sources.refs import parse_ref
from tests.net_fixtures import LoopbackServer


@pytest.fixture
def server():
    with LoopbackServer() as srv:
        yield srv


async def _no_dns(host: str, port: int) -> list[str]:
    # Publisher links in the corpus pages name real hosts; the tests must never look them up.
    raise socket.gaierror(socket.EAI_NONAME, "no DNS in tests")


async def load_doi(server: LoopbackServer, tmp_path: Path, doi: str):
    s = RemoteSettings(
        timeout=5.0,
        store_path=tmp_path / "s.sqlite3",
        allow_addresses=frozenset({server.address}),
        doi_resolver=server.url("/resolve/"),
    )
    async with RemoteSession(s, resolver=_no_dns) as session:
        return await session.load(parse_ref(doi), max_chars=1_000_000)


async def test_full_article_page_is_checked_with_its_metadata(
    server: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    page = (corpus_dir / "html" / "doi-plos-one-0213978.html").read_bytes()
    server.redirect("/resolve/10.1371/journal.pone.0213978", "/plosone/article?id=0213978")
    server.route("/plosone/article", page)
    loaded = await load_doi(server, tmp_path, "doi:10.1371/journal.pone.0213978")
    r = loaded.retrieval
    assert r.kind is RefKind.DOI
    assert r.ref == "doi:10.1371/journal.pone.0213978"
    assert r.representation is Representation.HTML_MAIN_TEXT
    assert r.redirects[0].status == 302
    meta = dict(r.metadata)
    assert meta["doi"] == "10.1371/journal.pone.0213978"
    assert meta["title"].startswith("Assessment on reticuloendotheliosis virus")
    assert meta["authors"].startswith("Yang Li; Tuanjie Wang; Lin Wang")
    assert meta["journal"] == "PLOS ONE"
    assert meta["year"] == "2019"
    assert "type=printable" in meta["pdf_url"]
    assert "reticuloendotheliosis" in loaded.text.lower()


async def test_landing_page_only_is_said_to_be_the_landing_page(
    server: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    page = (corpus_dir / "html" / "doi-first-monday-10274.html").read_bytes()
    server.redirect("/resolve/10.5210/fm.v25i10.10274", "/ojs/article/view/10274")
    server.route("/ojs/article/view/10274", page)
    loaded = await load_doi(server, tmp_path, "10.5210/fm.v25i10.10274")
    r = loaded.retrieval
    assert r.representation is Representation.DOI_LANDING_PAGE
    assert r.note and "abstract" in r.note and "dns_error" in r.note
    meta = dict(r.metadata)
    assert meta["authors"] == "Calvin Liang; Jevan Alexander Hutson; Os Keyes"
    assert meta["journal"] == "First Monday" and meta["year"] == "2020"
    assert server.total_hits == 3  # resolver, robots.txt, page: the real publisher never asked


async def test_landing_page_follows_citation_pdf_url(
    server: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    landing = (
        "<html><head><title>Creativity in Machine Learning</title>"
        '<meta name="citation_title" content="Creativity in Machine Learning">'
        '<meta name="citation_author" content="Martin Thoma">'
        '<meta name="citation_publication_date" content="2016/01/14">'
        '<meta name="citation_pdf_url" content="/files/thoma.pdf">'
        "</head><body><h1>Creativity in Machine Learning</h1><p>Abstract. Recent machine "
        "learning techniques can be modified to produce creative results.</p></body></html>"
    )
    server.redirect("/resolve/10.48550/arxiv.1601.03642", "/abs/1601.03642")
    server.route("/abs/1601.03642", landing)
    server.route(
        "/files/thoma.pdf",
        (corpus_dir / "pdf" / "thoma-creativity-ml.pdf").read_bytes(),
        content_type="application/pdf",
    )
    loaded = await load_doi(server, tmp_path, "doi:10.48550/arXiv.1601.03642")
    r = loaded.retrieval
    assert r.representation is Representation.PDF_TEXT_LAYER
    assert r.final_url == server.url("/files/thoma.pdf")
    assert r.note and "citation_pdf_url" in r.note
    assert dict(r.metadata)["authors"] == "Martin Thoma"
    assert loaded.prepared.page_count == 8


async def test_unregistered_doi_is_an_http_error_with_check_url(
    server: LoopbackServer, tmp_path: Path
) -> None:
    with pytest.raises(SourceError) as info:
        await load_doi(server, tmp_path, "doi:10.9999/does-not-exist")
    assert info.value.code == "http_error"
    assert info.value.details["status"] == 404
    assert info.value.recovery == "check_url"
    assert "not registered" in info.value.message


async def test_doi_straight_to_pdf(
    server: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    server.redirect("/resolve/10.3390/curroncol30030233", "/pdf")
    server.route(
        "/pdf",
        (corpus_dir / "pdf" / "ferrario-review-2021.pdf").read_bytes(),
        content_type="application/pdf",
    )
    loaded = await load_doi(server, tmp_path, "doi:10.3390/curroncol30030233")
    assert loaded.retrieval.representation is Representation.PDF_TEXT_LAYER


def test_full_text_heuristic_on_the_corpus_pages(corpus_dir: Path) -> None:
    from quote_tui.sources.readers.html import extract_html

    plos = extract_html((corpus_dir / "html" / "doi-plos-one-0213978.html").read_bytes())
    fm = extract_html((corpus_dir / "html" / "doi-first-monday-10274.html").read_bytes())
    assert is_full_text(plos.text, dict(plos.metadata).get("citation_abstract"))
    assert not is_full_text(fm.text, dict(fm.metadata).get("DC.Description"))


def test_citation_metadata_falls_back_to_dublin_core() -> None:
    meta = citation_metadata(
        (("DC.Title", "T"), ("DC.Creator", "A"), ("DC.Creator", "B"), ("DC.Date", "1999-02")),
        "10.1/x",
    )
    assert dict(meta) == {"doi": "10.1/x", "title": "T", "authors": "A; B", "year": "1999"}
