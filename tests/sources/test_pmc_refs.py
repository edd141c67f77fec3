"""PubMed Central and Europe PMC article pages read as ``pmcid:`` refs (Europe PMC's full-text
XML), and a PubMed id without a PMC copy read through the open copy OpenAlex lists for it
before PubMed's abstract. Everything is served on loopback through the configured base URLs.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from quote_tui.sources.net.remote import RemoteSession
from quote_tui.sources.net.settings import RemoteSettings
from quote_tui.sources.records import RefKind, Representation
from quote_tui.sources.refs import parse_ref, same_work_key
from tests.net_fixtures import LoopbackServer
from tests.sources.test_eutils import JATS, eutils
from tests.sources.test_openaccess import location

PMID = "28775130"  # a PubMed record that names no PMC copy


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://pmc.ncbi.nlm.nih.gov/articles/PMC5442267/", (RefKind.PMCID, "PMC5442267")),
        ("https://pmc.ncbi.nlm.nih.gov/articles/pmc5442267", (RefKind.PMCID, "PMC5442267")),
        ("https://www.ncbi.nlm.nih.gov/pmc/articles/PMC5442267", (RefKind.PMCID, "PMC5442267")),
        (
            "https://www.ncbi.nlm.nih.gov/pmc/articles/PMC5442267/?report=reader",
            (RefKind.PMCID, "PMC5442267"),
        ),
        ("https://europepmc.org/article/PMC/PMC5442267", (RefKind.PMCID, "PMC5442267")),
        ("https://europepmc.org/articles/PMC5442267/", (RefKind.PMCID, "PMC5442267")),
        ("https://europepmc.org/article/MED/27797938", (RefKind.PMID, "27797938")),
        # a figure page, or another site's path, stays a web page
        (
            "https://pmc.ncbi.nlm.nih.gov/articles/PMC5442267/figure/F1/",
            (RefKind.URL, "https://pmc.ncbi.nlm.nih.gov/articles/PMC5442267/figure/F1/"),
        ),
        (
            "https://example.org/articles/PMC5442267",
            (RefKind.URL, "https://example.org/articles/PMC5442267"),
        ),
    ],
)
def test_pmc_article_pages_are_pmcid_refs(url: str, expected: tuple[RefKind, str]) -> None:
    parsed = parse_ref(url)
    assert (parsed.kind, parsed.value) == expected


def test_a_pmc_page_and_its_pmcid_are_one_work() -> None:
    assert same_work_key("https://pmc.ncbi.nlm.nih.gov/articles/PMC5442267/") == same_work_key(
        "pmcid:PMC5442267"
    )


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    with LoopbackServer() as srv:
        yield srv


def _settings(server: LoopbackServer, tmp_path: Path, **kw: Any) -> RemoteSettings:
    return RemoteSettings(
        timeout=5.0,
        store_path=tmp_path / "s.sqlite3",
        allow_addresses=frozenset({server.address}),
        eutils_base=server.url("/eutils/"),
        openalex_api=server.url("/openalex/"),
        europepmc_api=server.url("/europepmc/rest/"),
        **kw,
    )


async def _load(s: RemoteSettings, ref: str):
    async with RemoteSession(s) as session:
        return await session.load(parse_ref(ref), max_chars=1_000_000)


async def test_a_pmc_page_is_read_as_europepmc_full_text(
    server: LoopbackServer, tmp_path: Path
) -> None:
    server.route("/europepmc/rest/PMC5442267/fullTextXML", JATS, content_type="application/xml")
    loaded = await _load(
        _settings(server, tmp_path), "https://pmc.ncbi.nlm.nih.gov/articles/PMC5442267/"
    )
    assert loaded.retrieval.kind is RefKind.PMCID
    assert "second cohort" in loaded.text
    assert server.hits["/europepmc/rest/PMC5442267/fullTextXML"] == 1
    assert not any(p.startswith("/articles/") for p in server.hits)  # no web page was asked


def _openalex_work(*locations: dict[str, Any]) -> bytes:
    work = {
        "id": "https://openalex.org/W2",
        "ids": {"pmid": f"https://pubmed.ncbi.nlm.nih.gov/{PMID}"},
        "best_oa_location": locations[0] if locations else None,
        "locations": list(locations),
    }
    return json.dumps(work).encode()


async def test_a_pmid_without_pmc_is_read_through_an_openalex_copy(
    server: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    eutils(
        server,
        {("pubmed", PMID): (corpus_dir / "pubmed" / f"efetch-pubmed-{PMID}.xml").read_bytes()},
    )
    pdf = server.url("/repository/accepted.pdf")
    server.route(
        "/repository/accepted.pdf",
        (corpus_dir / "pdf" / "faragalla-ki67-curroncol.pdf").read_bytes(),
        content_type="application/pdf",
    )
    server.route(
        f"/openalex/works/pmid:{PMID}",
        _openalex_work(location(pdf=pdf, version="acceptedVersion")),
        content_type="application/json",
    )
    loaded = await _load(_settings(server, tmp_path), f"pmid:{PMID}")
    r = loaded.retrieval
    assert r.copy is not None and r.copy.url == pdf and r.copy.version == "acceptedVersion"
    assert r.representation is Representation.PDF_TEXT_LAYER
    assert r.note and "accepted manuscript" in r.note and "may differ" in r.note
    assert ("pmid", PMID) in r.metadata
    again = await _load(_settings(server, tmp_path, offline=True), f"pmid:{PMID}")
    assert again.retrieval.from_snapshot and again.retrieval.copy == r.copy


async def test_a_pmid_whose_copies_fail_is_read_as_its_abstract_and_says_why(
    server: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    eutils(
        server,
        {("pubmed", PMID): (corpus_dir / "pubmed" / f"efetch-pubmed-{PMID}.xml").read_bytes()},
    )
    gone = server.url("/repository/gone.pdf")
    server.route(
        f"/openalex/works/pmid:{PMID}",
        _openalex_work(location(pdf=gone, version="publishedVersion")),
        content_type="application/json",
    )
    loaded = await _load(_settings(server, tmp_path), f"pmid:{PMID}")
    r = loaded.retrieval
    assert r.representation is Representation.PUBMED_ABSTRACT and r.copy is None
    assert r.note and gone in r.note


async def test_open_copies_off_asks_openalex_nothing_for_a_pmid(
    server: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    eutils(
        server,
        {("pubmed", PMID): (corpus_dir / "pubmed" / f"efetch-pubmed-{PMID}.xml").read_bytes()},
    )
    loaded = await _load(_settings(server, tmp_path, open_copies=False), f"pmid:{PMID}")
    assert loaded.retrieval.representation is Representation.PUBMED_ABSTRACT
    assert not any(p.startswith("/openalex/") for p in server.hits)
