"""PubMed ids through a loopback E-utilities: abstracts, PMC full text, parameters, pacing."""

from __future__ import annotations

from http.server import BaseHTTPRequestHandler
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from quote_tui.engine.errors import SourceError
from quote_tui.sources.net.eutils import pmc_id
from quote_tui.sources.net.remote import RemoteSession
from quote_tui.sources.net.settings import RemoteSettings
from quote_tui.sources.readers.jats import extract_jats, has_body
from quote_tui.sources.records import RefKind, Representation
from quote_tui.sources.refs import parse_ref
from tests.net_fixtures import LoopbackServer

JATS = b"""<?xml version="1.0" encoding="UTF-8"?>
<pmc-articleset><article xmlns:xlink="http://www.w3.org/1999/xlink" article-type="research-article">
<front><article-meta>
<article-id pub-id-type="pmc">5442267</article-id>
<title-group><article-title>Telomere length and <italic>TERT</italic> variants</article-title>
</title-group>
<abstract><sec><title>Objective</title><p>We studied telomeres.</p></sec></abstract>
</article-meta></front>
<body>
<sec><title>Introduction</title>
<p>Telomere length (LTL) was measured in 1<sup>st</sup> degree relatives <xref ref-type="bibr"
rid="R1">1</xref>.</p></sec>
<sec><title>Results</title><p>The association held in the <bold>second</bold> cohort.</p>
<fig id="F1"><label>Figure 1</label><caption><p>Leukocyte telomere length by genotype.</p>
</caption></fig>
<table-wrap><table><tr><td>cell soup</td></tr></table></table-wrap></sec>
</body>
<back><ref-list><ref id="R1"><mixed-citation>Someone et al. 2001.</mixed-citation></ref></ref-list>
</back></article></pmc-articleset>"""
JATS_NO_BODY = b"""<pmc-articleset><article><front><article-meta><title-group><article-title>
Withheld</article-title></title-group></article-meta></front></article></pmc-articleset>"""


@pytest.fixture
def server():
    with LoopbackServer() as srv:
        yield srv


def eutils(server: LoopbackServer, answers: dict[tuple[str, str], bytes]) -> None:
    def handler(req: BaseHTTPRequestHandler) -> None:
        query = parse_qs(urlsplit(req.path).query)
        body = answers.get((query["db"][0], query["id"][0]))
        if body is None:
            body = b"<eFetchResult><ERROR>UID not found</ERROR></eFetchResult>"
        req.send_response(200)
        req.send_header("Content-Type", "text/xml; charset=UTF-8")
        req.send_header("Content-Length", str(len(body)))
        req.end_headers()
        req.wfile.write(body)

    server.route("/eutils/efetch.fcgi", handler=handler)


async def load_pmid(server: LoopbackServer, tmp_path: Path, ref: str, **kw: object):
    s = RemoteSettings(
        timeout=5.0,
        store_path=tmp_path / "s.sqlite3",
        allow_addresses=frozenset({server.address}),
        eutils_base=server.url("/eutils/"),
        openalex_api=server.url("/openalex/"),  # knows no work: the abstract is read
        **kw,  # type: ignore[arg-type]
    )
    async with RemoteSession(s) as session:
        return await session.load(parse_ref(ref), max_chars=1_000_000)


async def test_pmc_full_text_is_preferred_and_said(
    server: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    record = (corpus_dir / "pubmed" / "efetch-pubmed-27797938.xml").read_bytes()
    eutils(server, {("pubmed", "27797938"): record, ("pmc", "5442267"): JATS})
    loaded = await load_pmid(
        server, tmp_path, "pmid:27797938", ncbi_email="me@example.org", ncbi_api_key="k3y"
    )
    r = loaded.retrieval
    assert r.kind is RefKind.PMID
    assert r.representation is Representation.PMC_FULL_TEXT
    assert dict(r.metadata) == {"pmid": "27797938", "pmcid": "PMC5442267"}
    assert r.note and "PMC5442267" in r.note
    assert "1st degree relatives 1." in loaded.text
    assert "cell soup" not in loaded.text and "Someone et al" not in loaded.text
    assert "Leukocyte telomere length by genotype." in loaded.text
    queries = [parse_qs(urlsplit(p).query) for p, _ in server.seen_headers]
    assert [q["db"][0] for q in queries] == ["pubmed", "pmc"]
    for q in queries:
        assert q["tool"] == ["quote_tui"] and q["email"] == ["me@example.org"]
        assert q["api_key"] == ["k3y"] and q["retmode"] == ["xml"]
    assert server.hits["/robots.txt"] == 0  # an API, not a crawl


async def test_abstract_when_pmc_withholds_the_body(
    server: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    record = (corpus_dir / "pubmed" / "efetch-pubmed-27797938.xml").read_bytes()
    eutils(server, {("pubmed", "27797938"): record, ("pmc", "5442267"): JATS_NO_BODY})
    loaded = await load_pmid(server, tmp_path, "pmid:27797938")
    r = loaded.retrieval
    assert r.representation is Representation.PUBMED_ABSTRACT
    assert r.note and "abstract" in r.note and "PMC5442267" in r.note
    assert "OBJECTIVE" in loaded.text.upper()
    assert r.content_sha256 and r.final_url and "db=pubmed" in r.final_url


async def test_abstract_only_record(
    server: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    record = (corpus_dir / "pubmed" / "efetch-pubmed-28775130.xml").read_bytes()
    eutils(server, {("pubmed", "28775130"): record})
    # PMC answers with an error document for this id: the abstract is checked, and said so.
    loaded = await load_pmid(server, tmp_path, "https://pubmed.ncbi.nlm.nih.gov/28775130/")
    assert loaded.retrieval.representation is Representation.PUBMED_ABSTRACT
    assert loaded.retrieval.title
    again = await load_pmid(server, tmp_path, "pmid:28775130")
    assert again.retrieval.from_snapshot


async def test_unknown_pmid_is_reported(server: LoopbackServer, tmp_path: Path) -> None:
    eutils(server, {})
    with pytest.raises(SourceError) as info:
        await load_pmid(server, tmp_path, "pmid:1")
    assert info.value.recovery == "check_url"
    assert "PMID 1" in info.value.message


def test_pmc_id_is_the_records_own(corpus_dir: Path) -> None:
    data = (corpus_dir / "pubmed" / "efetch-pubmed-30108519.xml").read_bytes()
    assert pmc_id(data, "30108519") == "PMC6079548"
    assert pmc_id(data, "999") is None
    two = (corpus_dir / "pubmed" / "efetch-pubmed-12091962-9997.xml").read_bytes()
    assert pmc_id(two, "9997") is None


def test_jats_reader() -> None:
    assert has_body(JATS) and not has_body(JATS_NO_BODY)
    text = extract_jats(JATS)
    assert text.title == "Telomere length and TERT variants"
    assert text.text.split("\n\n")[:3] == [
        "Telomere length and TERT variants",
        "Objective",
        "We studied telomeres.",
    ]
