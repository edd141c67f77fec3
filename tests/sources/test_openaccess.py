"""Open copies of DOIs: OpenAlex and Europe PMC answers served on loopback through the configured
base URLs, publisher pages behind bot walls, repository copies, preprints, and the guard.

The registry answers are small retypings of the shapes OpenAlex documents for its Work and
Location objects (``best_oa_location``, ``locations``, ``ids.pmcid``) and Europe PMC for its
REST ``search`` (``resultList.result``: ``pmcid``, ``isOpenAccess``, ``authMan``) and
``{PMCID}/fullTextXML`` (a JATS article).
"""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import pytest

from quote_tui.engine.errors import FetchError, SourceError
from quote_tui.sources.net.openaccess import copies_from_europepmc, copies_from_openalex, rank
from quote_tui.sources.net.remote import RemoteSession
from quote_tui.sources.net.settings import RemoteSettings
from quote_tui.sources.records import OpenCopy, RefKind, Representation
from quote_tui.sources.refs import parse_ref
from quote_tui.sources.store.snapshots import retrieval_from_json, retrieval_to_json
from tests.net_fixtures import LoopbackServer

DOI = "10.3390/curroncol30030233"
# A Cloudflare interstitial as publishers' pages serve it to scripts (HTTP 403).
BOT_WALL = (
    "<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>"
    "<noscript>Enable JavaScript and cookies to continue</noscript>"
    '<script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script>'
    "</body></html>"
)
JATS = """<?xml version="1.0" encoding="UTF-8"?>
<article xmlns:xlink="http://www.w3.org/1999/xlink" article-type="research-article">
<front><article-meta><title-group><article-title>Tide ledgers and harbour silting</article-title>
</title-group></article-meta></front>
<body><sec><title>Introduction</title>
<p>The harbour master kept a ledger of every tide from 1843 until the great flood.</p>
<p>Historians have used the ledger to date the silting of the inner basin.</p></sec></body>
</article>
"""


def location(
    *,
    pdf: str | None = None,
    page: str | None = None,
    version: str | None = "publishedVersion",
    licence: str | None = "cc-by",
    host: str = "Zenodo",
    is_oa: bool = True,
) -> dict[str, Any]:
    """An OpenAlex Location object, as the Work object lists it."""
    return {
        "is_oa": is_oa,
        "landing_page_url": page,
        "pdf_url": pdf,
        "source": {
            "id": "https://openalex.org/S4306400562",
            "display_name": host,
            "type": "repository",
        },
        "license": licence,
        "license_id": f"https://openalex.org/licenses/{licence}" if licence else None,
        "version": version,
        "is_accepted": version in ("acceptedVersion", "publishedVersion"),
        "is_published": version == "publishedVersion",
    }


def work(*locations: dict[str, Any], pmcid: str | None = None) -> dict[str, Any]:
    """An OpenAlex Work object: the publisher's closed location first, as OpenAlex lists it."""
    publisher = location(
        page=f"https://www.mdpi.com/{DOI}", is_oa=False, licence=None, host="Current Oncology"
    )
    oa = [loc for loc in locations if loc["is_oa"]]
    ids = {"openalex": "https://openalex.org/W4323linked", "doi": f"https://doi.org/{DOI}"}
    if pmcid:
        ids["pmcid"] = f"https://www.ncbi.nlm.nih.gov/pmc/articles/{pmcid}"
    return {
        "id": "https://openalex.org/W4323linked",
        "doi": f"https://doi.org/{DOI}",
        "title": "Canadian Recommendations for Ki67 Testing",
        "ids": ids,
        "primary_location": publisher,
        "best_oa_location": oa[0] if oa else None,
        "locations": [publisher, *locations],
        "open_access": {"is_oa": bool(oa), "oa_status": "green" if oa else "closed"},
        "is_retracted": False,
    }


async def _no_dns(host: str, port: int) -> list[str]:
    raise socket.gaierror(socket.EAI_NONAME, "no DNS in tests")


def settings(registry: LoopbackServer, web: LoopbackServer, store: Path, **kw: Any):
    """Registries through their configured base URLs (trusted as the user's own); the publisher
    and the repositories on ``web``, the one address the guard lets through."""
    return RemoteSettings(
        timeout=5.0,
        store_path=store,
        allow_addresses=frozenset({web.address}),
        doi_resolver=web.url("/resolve/"),
        openalex_api=registry.url("/openalex/"),
        europepmc_api=registry.url("/europepmc/rest/"),
        **kw,
    )


def serve_walled_publisher(web: LoopbackServer) -> None:
    web.redirect(f"/resolve/{DOI}", "/mdpi/article")
    web.route("/mdpi/article", BOT_WALL, status=403)


def list_copies(registry: LoopbackServer, listed: dict[str, Any]) -> None:
    """OpenAlex's answer for the test DOI: ``listed``, a ``work(...)``."""
    registry.route(
        f"/openalex/works/doi:{DOI}", json.dumps(listed), content_type="application/json"
    )


def serve_ki67(web: LoopbackServer, path: str, corpus_dir: Path) -> None:
    """The corpus's Ki-67 article as the PDF a copy points to."""
    pdf = (corpus_dir / "pdf" / "faragalla-ki67-curroncol.pdf").read_bytes()
    web.route(path, pdf, content_type="application/pdf")


async def load(s: RemoteSettings, ref: str = f"doi:{DOI}"):
    async with RemoteSession(s, resolver=_no_dns) as session:
        return await session.load(parse_ref(ref), max_chars=2_000_000)


# -- the registries' answers ---------------------------------------------------------------------


def test_openalex_locations_become_copies_best_version_first() -> None:
    answer = work(
        location(
            pdf="https://arxiv.org/pdf/2301.00001v2",
            version="submittedVersion",
            host="arXiv (Cornell University)",
            licence=None,
        ),
        location(
            page="https://arxiv.org/abs/2301.00001",
            version="submittedVersion",
            host="arXiv (Cornell University)",
            licence=None,
        ),
        location(pdf="https://repo.example.edu/ki67.pdf", version="acceptedVersion"),
        location(page="https://europepmc.org/article/PMC/PMC10047385", licence="cc-by"),
        location(pdf="https://closed.example.com/x.pdf", is_oa=False),
    )
    copies, has_pmcid = copies_from_openalex(answer, europepmc="https://epmc.test/rest/")
    assert not has_pmcid
    ranked = rank(copies)
    assert [c.url for c in ranked] == [
        "https://epmc.test/rest/PMC10047385/fullTextXML",  # a PMC page is read as its JATS XML
        "https://repo.example.edu/ki67.pdf",
        "https://arxiv.org/pdf/2301.00001v2",
        "https://arxiv.org/pdf/2301.00001",  # an arXiv page is read as its PDF
    ]
    assert [c.version for c in ranked] == [
        "publishedVersion",
        "acceptedVersion",
        "submittedVersion",
        "submittedVersion",
    ]
    assert ranked[0].host == "Europe PMC" and ranked[0].license == "cc-by"
    assert all("closed.example.com" not in c.url for c in ranked)


def test_europepmc_search_names_the_pmc_copy_and_its_version() -> None:
    def answer(**item: str) -> dict[str, Any]:
        base = {
            "id": "36975446",
            "source": "MED",
            "pmid": "36975446",
            "doi": DOI.upper(),
            "isOpenAccess": "Y",
            "inEPMC": "Y",
            "inPMC": "Y",
            "hasPDF": "Y",
        }
        return {"version": "6.9", "hitCount": 1, "resultList": {"result": [base | item]}}

    base = "https://epmc.test/rest/"
    published = copies_from_europepmc(
        answer(pmcid="PMC10047385", authMan="N"), europepmc=base, doi=DOI
    )
    assert published == (
        OpenCopy(
            f"{base}PMC10047385/fullTextXML", "Europe PMC", "publishedVersion", None, "europepmc"
        ),
    )
    accepted = copies_from_europepmc(
        answer(pmcid="PMC10047385", authMan="Y"), europepmc=base, doi=DOI
    )
    assert accepted[0].version == "acceptedVersion"
    assert (
        copies_from_europepmc(answer(pmcid="PMC1", isOpenAccess="N"), europepmc=base, doi=DOI) == ()
    )
    assert copies_from_europepmc(answer(), europepmc=base, doi=DOI) == ()
    assert copies_from_europepmc({"resultList": "?"}, europepmc=base, doi=DOI) == ()


def test_the_copy_survives_the_store_and_the_report_record() -> None:
    from quote_tui.sources.records import RefKind, Retrieval

    copy = OpenCopy("https://repo.example.edu/ki67.pdf", "Zenodo", "acceptedVersion", "cc-by")
    r = Retrieval("doi:x", RefKind.DOI, Representation.PDF_TEXT_LAYER, "0" * 64, copy=copy)
    assert retrieval_from_json(retrieval_to_json(r)) == r
    assert r.to_dict()["copy"]["version"] == "acceptedVersion"
    plain = Retrieval("doi:x", RefKind.DOI, Representation.PDF_TEXT_LAYER, "0" * 64)
    assert "copy" not in plain.to_dict()
    assert retrieval_from_json(retrieval_to_json(plain)).copy is None


# -- reading a DOI -------------------------------------------------------------------------------


async def test_walled_publisher_is_read_through_the_repository_copy(
    registry: LoopbackServer, web: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    serve_walled_publisher(web)
    pdf = web.url("/repository/bitstream/ki67.pdf")
    list_copies(registry, work(location(pdf=pdf, version="acceptedVersion")))
    serve_ki67(web, "/repository/bitstream/ki67.pdf", corpus_dir)
    loaded = await load(settings(registry, web, tmp_path / "s.sqlite3"))
    r = loaded.retrieval
    assert r.representation is Representation.PDF_TEXT_LAYER
    assert r.final_url == pdf
    assert r.copy == OpenCopy(pdf, "Zenodo", "acceptedVersion", "cc-by", "openalex")
    assert r.note and "bot challenge" in r.note and "accepted manuscript" in r.note
    assert web.hits["/mdpi/article"] == 1  # the publisher's page was asked first, and walled
    assert "Ki67" in loaded.text and loaded.prepared.page_count == 12
    assert dict(r.metadata)["doi"] == DOI


async def test_published_copy_is_read_before_the_publisher_page(
    registry: LoopbackServer, web: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    serve_walled_publisher(web)
    pdf = web.url("/repository/ki67.pdf")
    list_copies(registry, work(location(pdf=pdf)))
    serve_ki67(web, "/repository/ki67.pdf", corpus_dir)
    loaded = await load(settings(registry, web, tmp_path / "s.sqlite3"))
    assert loaded.retrieval.copy is not None
    assert loaded.retrieval.copy.version == "publishedVersion"
    assert web.hits[f"/resolve/{DOI}"] == 0  # the version of record was open: no wall to meet
    assert registry.total_hits == 1  # OpenAlex knew the work and its PMCID-less copies


async def test_pmc_copy_is_read_as_europepmc_fulltext_xml(
    registry: LoopbackServer, web: LoopbackServer, tmp_path: Path
) -> None:
    serve_walled_publisher(web)
    list_copies(registry, work(pmcid="PMC10047385"))
    registry.route("/europepmc/rest/PMC10047385/fullTextXML", JATS, content_type="application/xml")
    loaded = await load(settings(registry, web, tmp_path / "s.sqlite3"))
    r = loaded.retrieval
    assert r.representation is Representation.PMC_FULL_TEXT
    assert r.copy is not None and r.copy.host == "Europe PMC" and r.copy.version is None
    assert "great flood" in loaded.text


async def test_unknown_to_openalex_is_looked_for_at_europepmc(
    registry: LoopbackServer, web: LoopbackServer, tmp_path: Path
) -> None:
    serve_walled_publisher(web)  # OpenAlex answers 404: the route is absent
    found = {
        "resultList": {
            "result": [{"doi": DOI, "pmcid": "PMC10047385", "isOpenAccess": "Y", "authMan": "Y"}]
        }
    }
    registry.route("/europepmc/rest/search", json.dumps(found), content_type="application/json")
    registry.route("/europepmc/rest/PMC10047385/fullTextXML", JATS, content_type="application/xml")
    loaded = await load(settings(registry, web, tmp_path / "s.sqlite3"))
    copy = loaded.retrieval.copy
    assert copy is not None and copy.listed_by == "europepmc"
    assert copy.version == "acceptedVersion"
    asked = [p for p in registry.hits if p.startswith("/europepmc/rest/search?")]
    assert asked and "DOI%3A%22" in asked[0]


async def test_abstract_only_copy_is_skipped_and_the_next_read(
    registry: LoopbackServer, web: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    serve_walled_publisher(web)
    abstract_page = web.url("/repository/record/77")
    pdf = web.url("/preprints/ki67.pdf")
    registry.route(
        f"/openalex/works/doi:{DOI}",
        json.dumps(
            work(
                location(page=abstract_page, version="acceptedVersion"),
                location(pdf=pdf, version="submittedVersion", host="medRxiv", licence=None),
            )
        ),
        content_type="application/json",
    )
    web.route(
        "/repository/record/77", (corpus_dir / "html" / "doi-first-monday-10274.html").read_bytes()
    )
    serve_ki67(web, "/preprints/ki67.pdf", corpus_dir)
    loaded = await load(settings(registry, web, tmp_path / "s.sqlite3"))
    r = loaded.retrieval
    assert r.copy is not None and r.copy.host == "medRxiv"
    assert r.copy.version == "submittedVersion" and r.copy.differs_from_published
    assert r.note and f"{abstract_page} (only the abstract)" in r.note
    assert "may differ from the published version" in r.note


async def test_copy_on_a_private_address_is_refused_by_the_guard(
    registry: LoopbackServer, web: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    serve_walled_publisher(web)
    with LoopbackServer() as private:
        private.route(
            "/ki67.pdf",
            (corpus_dir / "pdf" / "faragalla-ki67-curroncol.pdf").read_bytes(),
            content_type="application/pdf",
        )
        # a registry the user trusts may still list an address nobody allowed
        beside = registry.url("/elsewhere/ki67.pdf")
        registry.route(
            "/elsewhere/ki67.pdf", b"%PDF-1.4 never read", content_type="application/pdf"
        )
        registry.route(
            f"/openalex/works/doi:{DOI}",
            json.dumps(work(location(pdf=private.url("/ki67.pdf")), location(pdf=beside))),
            content_type="application/json",
        )
        with pytest.raises((FetchError, SourceError)) as info:
            await load(settings(registry, web, tmp_path / "s.sqlite3"))
        assert private.total_hits == 0
        assert registry.hits["/elsewhere/ki67.pdf"] == 0  # trusted only under its base URL
    assert info.value.details.get("reason") == "bot_challenge"  # the publisher's wall, last


async def test_refused_copy_is_named_in_the_note_when_another_is_read(
    registry: LoopbackServer, web: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    serve_walled_publisher(web)
    pdf = web.url("/repository/ki67.pdf")
    serve_ki67(web, "/repository/ki67.pdf", corpus_dir)
    with LoopbackServer() as private:
        registry.route(
            f"/openalex/works/doi:{DOI}",
            json.dumps(
                work(
                    location(pdf=private.url("/ki67.pdf")),
                    location(pdf=pdf, version="acceptedVersion"),
                )
            ),
            content_type="application/json",
        )
        loaded = await load(settings(registry, web, tmp_path / "s.sqlite3"))
        assert private.total_hits == 0
    note = loaded.retrieval.note or ""
    assert (
        f"{private.url('/ki67.pdf')} (" in note and "refused by the address guard: loopback" in note
    )
    assert loaded.retrieval.copy is not None and loaded.retrieval.final_url == pdf


async def test_offline_replays_the_same_copy(
    registry: LoopbackServer, web: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    serve_walled_publisher(web)
    pdf = web.url("/preprints/ki67.pdf")
    list_copies(registry, work(location(pdf=pdf, version="submittedVersion")))
    serve_ki67(web, "/preprints/ki67.pdf", corpus_dir)
    store = tmp_path / "s.sqlite3"
    first = await load(settings(registry, web, store))
    hits = registry.total_hits + web.total_hits
    again = await load(settings(registry, web, store, offline=True))
    assert registry.total_hits + web.total_hits == hits
    assert again.retrieval.from_snapshot
    assert again.retrieval.copy == first.retrieval.copy
    assert again.retrieval.final_url == pdf and again.text == first.text


async def test_open_copies_can_be_turned_off(
    registry: LoopbackServer, web: LoopbackServer, tmp_path: Path
) -> None:
    serve_walled_publisher(web)
    with pytest.raises(FetchError):
        await load(settings(registry, web, tmp_path / "s.sqlite3", open_copies=False))
    assert registry.total_hits == 0


async def test_an_arxiv_id_is_read_through_arxiv_without_asking_for_copies(
    registry: LoopbackServer, web: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    # the preprint is what was cited: a journal version OpenAlex might list is another text
    landing = (
        "<html><head><title>Creativity in Machine Learning</title>"
        '<meta name="citation_title" content="Creativity in Machine Learning">'
        '<meta name="citation_pdf_url" content="/pdf/1601.03642">'
        "</head><body><h1>Creativity in Machine Learning</h1><p>Abstract. Recent machine "
        "learning techniques can be modified to produce creative results.</p></body></html>"
    )
    web.redirect("/resolve/10.48550/arxiv.1601.03642", "/abs/1601.03642")
    web.route("/abs/1601.03642", landing)
    web.route(
        "/pdf/1601.03642",
        (corpus_dir / "pdf" / "thoma-creativity-ml.pdf").read_bytes(),
        content_type="application/pdf",
    )
    loaded = await load(settings(registry, web, tmp_path / "s.sqlite3"), "arxiv:1601.03642v1")
    assert loaded.retrieval.representation is Representation.PDF_TEXT_LAYER
    assert loaded.retrieval.copy is None
    assert registry.total_hits == 0


async def test_a_repository_record_page_is_read_through_its_deposited_pdf(
    registry: LoopbackServer, web: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    serve_walled_publisher(web)
    record = web.url("/handle/1807/126")
    list_copies(registry, work(location(page=record, version="acceptedVersion", host="TSpace")))
    # a DSpace item page: title, abstract, and the deposited file named in citation_pdf_url
    web.route(
        "/handle/1807/126",
        "<html><head><title>Canadian Recommendations for Ki67 Testing</title>"
        '<meta name="citation_title" content="Canadian Recommendations for Ki67 Testing">'
        '<meta name="citation_pdf_url" content="/bitstream/1807/126/1/ki67.pdf">'
        "</head><body><h1>Canadian Recommendations for Ki67 Testing</h1><p>Abstract: Ki67 is "
        "a marker of proliferation.</p></body></html>",
    )
    serve_ki67(web, "/bitstream/1807/126/1/ki67.pdf", corpus_dir)
    loaded = await load(settings(registry, web, tmp_path / "s.sqlite3"))
    r = loaded.retrieval
    assert r.representation is Representation.PDF_TEXT_LAYER
    assert r.final_url == web.url("/bitstream/1807/126/1/ki67.pdf")
    assert r.copy is not None and r.copy.url == record and r.copy.host == "TSpace"


async def test_an_openalex_answer_that_is_no_json_is_named_and_europepmc_asked(
    registry: LoopbackServer, web: LoopbackServer, tmp_path: Path
) -> None:
    serve_walled_publisher(web)
    registry.route(f"/openalex/works/doi:{DOI}", "<html>maintenance</html>")
    registry.route("/europepmc/rest/search", json.dumps({"hitCount": 0}))
    with pytest.raises(FetchError) as info:
        await load(settings(registry, web, tmp_path / "s.sqlite3"))
    assert info.value.details.get("reason") == "bot_challenge"
    assert any(p.startswith("/europepmc/rest/search?") for p in registry.hits)


async def test_a_registry_that_cannot_be_asked_is_named_beside_the_publisher_page(
    registry: LoopbackServer, web: LoopbackServer, tmp_path: Path, corpus_dir: Path
) -> None:
    page = (corpus_dir / "html" / "doi-plos-one-0213978.html").read_bytes()
    web.redirect(f"/resolve/{DOI}", "/plosone/article")
    web.route("/plosone/article", page)
    registry.route(f"/openalex/works/doi:{DOI}", "<html>maintenance</html>")
    registry.route("/europepmc/rest/search", "", status=503)
    loaded = await load(settings(registry, web, tmp_path / "s.sqlite3"))
    assert loaded.retrieval.copy is None
    assert loaded.retrieval.representation is Representation.HTML_MAIN_TEXT
    note = loaded.retrieval.note or ""
    assert "OpenAlex (bad answer) could not be asked" in note
    assert "Europe PMC (http error) could not be asked" in note


async def test_a_pmcid_is_read_as_europepmc_fulltext_xml_and_replayed_offline(
    registry: LoopbackServer, web: LoopbackServer, tmp_path: Path
) -> None:
    registry.route("/europepmc/rest/PMC10047385/fullTextXML", JATS, content_type="application/xml")
    store = tmp_path / "s.sqlite3"
    loaded = await load(settings(registry, web, store), "pmcid:PMC10047385")
    r = loaded.retrieval
    assert r.kind is RefKind.PMCID and r.ref == "pmcid:PMC10047385"
    assert r.representation is Representation.PMC_FULL_TEXT
    assert r.title == "Tide ledgers and harbour silting"
    assert "great flood" in loaded.text
    hits = registry.total_hits
    again = await load(settings(registry, web, store, offline=True), "pmcid:10047385")
    assert again.retrieval.from_snapshot and again.text == loaded.text
    assert registry.total_hits == hits


async def test_a_pmcid_outside_the_open_subset_is_no_text(
    registry: LoopbackServer, web: LoopbackServer, tmp_path: Path
) -> None:
    front_only = JATS.split("<body>")[0] + "</article>\n"
    registry.route("/europepmc/rest/PMC7/fullTextXML", front_only, content_type="application/xml")
    with pytest.raises(SourceError) as info:
        await load(settings(registry, web, tmp_path / "s.sqlite3"), "pmcid:PMC7")
    assert info.value.code == "no_text" and info.value.recovery == "use_supplied_text"
    with pytest.raises(FetchError) as unknown:
        await load(settings(registry, web, tmp_path / "s.sqlite3"), "pmcid:PMC8")
    assert unknown.value.details.get("status") == 404
