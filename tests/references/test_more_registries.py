"""DataCite, a PMCID at NCBI, Semantic Scholar and OpenReview as registries; Europe PMC, arXiv
and bioRxiv/medRxiv as retraction sources; sources that disagree named on their sides.

Each registry's answer is retyped small in the shape its public API documents and served on
loopback through the configured base URLs (``RemoteSettings``), then replayed offline from the
store. The works are real papers' public metadata (Hu et al., LoRA, ICLR 2022; He et al.,
ResNet, CVPR 2016; Jinek et al. 2012, PMC6286148); every notice, withdrawal and the DataCite
record below are made up for the tests.
"""

from __future__ import annotations

import asyncio
import json
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from quote_tui import api
from quote_tui.batch.specs import Settings
from quote_tui.sources.net.catalogues import pmcid, works_from_openreview
from quote_tui.sources.net.scholarly import works_from_arxiv
from quote_tui.sources.net.withdrawals import PREPRINT_DOI, works_from_biorxiv
from tests.net_fixtures import LoopbackServer
from tests.references.registry_fixtures import (
    _json,
    registry_settings,
    send_body,
    serve_registries,
)

DATACITE = {
    "data": {
        "id": "10.5281/zenodo.7000001",
        "type": "dois",
        "attributes": {
            "doi": "10.5281/zenodo.7000001",
            "titles": [{"title": "Glacier mass balance measurements, 2010-2020"}],
            "creators": [
                {"name": "Rossi, Anna", "givenName": "Anna", "familyName": "Rossi"},
                {"name": "Bianchi, Luca", "nameType": "Personal"},
            ],
            "publisher": "Zenodo",
            "publicationYear": 2022,
            "types": {"resourceTypeGeneral": "Dataset"},
        },
    }
}
ESEARCH = b"""<?xml version="1.0" encoding="UTF-8" ?>
<eSearchResult><Count>1</Count><RetMax>1</RetMax><RetStart>0</RetStart>
<IdList><Id>22745249</Id></IdList></eSearchResult>"""
ESEARCH_NONE = b"""<?xml version="1.0" encoding="UTF-8" ?>
<eSearchResult><Count>0</Count><RetMax>0</RetMax><RetStart>0</RetStart><IdList/>
</eSearchResult>"""
S2 = {
    "total": 1,
    "offset": 0,
    "data": [
        {
            "paperId": "2c03df8b48bf3fa39054345bafabfeff15bfd11d",
            "externalIds": {"DOI": "10.1109/CVPR.2016.90", "CorpusId": 206594692},
            "title": "Deep Residual Learning for Image Recognition",
            "venue": "Computer Vision and Pattern Recognition",
            "year": 2016,
            "authors": [
                {"authorId": "39353098", "name": "Kaiming He"},
                {"authorId": "1771551", "name": "X. Zhang"},
            ],
        }
    ],
}


def _note(title: str, authors: list[str], venue: str, venueid: str) -> dict:
    return {
        "id": "nZeVKeeFYf9",
        "forum": "nZeVKeeFYf9",
        "cdate": 1632875478000,
        "pdate": 1643407200000,
        "content": {
            "title": {"value": title},
            "authors": {"value": authors},
            "venue": {"value": venue},
            "venueid": {"value": venueid},
        },
    }


OPENREVIEW = {
    "lora": _note(
        "LoRA: Low-Rank Adaptation of Large Language Models",
        ["Edward J Hu", "Yelong Shen", "Phillip Wallis"],
        "ICLR 2022 Poster",
        "ICLR.cc/2022/Conference",
    ),
    "sheds": _note(
        "A withdrawn study of garden shed topology",
        ["Ada Example"],
        "Submitted to ICLR 2023",
        "ICLR.cc/2023/Conference/Withdrawn_Submission",
    ),
}
EUROPEPMC_DEEP_LEARNING = {
    "hitCount": 1,
    "resultList": {
        "result": [
            {
                "id": "26017442",
                "source": "MED",
                "pmid": "26017442",
                "doi": "10.1038/nature14539",
                "title": "Deep learning.",
                "authorString": "LeCun Y, Bengio Y, Hinton G.",
                "journalTitle": "Nature",
                "pubYear": "2015",
                "pubTypeList": {"pubType": ["Retracted Publication", "Journal Article"]},
                "commentCorrectionList": {
                    "commentCorrection": [
                        {
                            "id": "99999998",
                            "source": "MED",
                            "type": "Retraction in",
                            "reference": "Test notice, made up for these tests",
                        }
                    ]
                },
            }
        ]
    },
}
ARXIV_WITHDRAWN = b"""<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">
  <entry>
    <id>http://arxiv.org/abs/2101.00001v2</id>
    <published>2021-01-01T00:00:00Z</published>
    <title>A Proof That Was Not</title>
    <author><name>Ada Example</name></author>
    <arxiv:comment>This paper has been withdrawn by the author due to a crucial error in
      Lemma 3</arxiv:comment>
  </entry>
</feed>"""
PREPRINT = "10.1101/2020.03.01.123456"
BIORXIV = {
    "messages": [{"status": "ok"}],
    "collection": [
        {
            "doi": PREPRINT,
            "title": "Sheds as a model of garden topology",
            "authors": "Example, A.; Sample, B.",
            "date": "2020-03-01",
            "version": "1",
            "type": "new results",
            "published": "NA",
            "server": "bioRxiv",
        },
        {
            "doi": PREPRINT,
            "title": "WITHDRAWN: Sheds as a model of garden topology",
            "authors": "Example, A.; Sample, B.",
            "date": "2020-06-01",
            "version": "2",
            "type": "new results",
            "abstract": "The authors have withdrawn this manuscript because of an error.",
            "published": "NA",
            "server": "bioRxiv",
        },
    ],
}
BIB = r"""
@misc{glaciers,
  author = {Rossi, Anna and Bianchi, Luca},
  title = {Glacier mass balance measurements, 2010--2020},
  year = {2022},
  publisher = {Zenodo},
  doi = {10.5281/zenodo.7000001}
}
@article{jinekPmc,
  author = {Jinek, Martin and Chylinski, Krzysztof},
  title = {A programmable dual-{RNA}-guided {DNA} endonuclease in adaptive bacterial immunity},
  journal = {Science},
  year = {2012},
  url = {https://pmc.ncbi.nlm.nih.gov/articles/PMC6286148/}
}
@article{badPmc,
  author = {Nobody, A.},
  title = {A wholly invented survey of imaginary results in nonexistent fields},
  year = {2021},
  url = {https://pmc.ncbi.nlm.nih.gov/articles/PMC1111111/}
}
@inproceedings{he2016,
  author = {He, Kaiming and Zhang, Xiangyu},
  title = {Deep Residual Learning for Image Recognition},
  booktitle = {CVPR},
  year = {2016}
}
@inproceedings{hu2022,
  author = {Hu, Edward J. and Shen, Yelong},
  title = {{LoRA}: Low-Rank Adaptation of Large Language Models},
  booktitle = {International Conference on Learning Representations},
  year = {2022}
}
@misc{sheds2023,
  author = {Example, Ada},
  title = {A withdrawn study of garden shed topology},
  year = {2023}
}
@article{lecun2015,
  author = {LeCun, Yann and Bengio, Yoshua and Hinton, Geoffrey},
  title = {Deep Learning},
  journal = {Nature},
  year = {2015},
  pages = {436--444},
  doi = {10.1038/NATURE14539}
}
@article{wakefield1998,
  author = {Wakefield, A. J. and Murch, S. H.},
  title = {Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive
           developmental disorder in children},
  journal = {Lancet},
  year = {1998},
  pages = {637--41},
  doi = {10.1016/S0140-6736(97)11096-0},
  pmid = {9500320}
}
@misc{proofnot,
  author = {Example, Ada},
  title = {A Proof That Was Not},
  journal = {arXiv preprint arXiv:2101.00001},
  year = {2021}
}
@article{shedsPreprint,
  author = {Example, A. and Sample, B.},
  title = {Sheds as a model of garden topology},
  journal = {bioRxiv},
  year = {2020},
  doi = {10.1101/2020.03.01.123456}
}
"""


class _Seen:
    s2_keys: list[str | None]

    def __init__(self) -> None:
        self.s2_keys = []


def serve_s2(req: BaseHTTPRequestHandler, seen: _Seen) -> None:
    seen.s2_keys.append(req.headers.get("x-api-key"))
    q = parse_qs(urlsplit(req.path).query)["query"][0].casefold()
    _json(req, 200, S2 if "residual" in q else {"total": 0, "offset": 0, "data": []})


def serve_more(server: LoopbackServer, seen: _Seen) -> None:
    def datacite(req: BaseHTTPRequestHandler) -> None:
        _json(req, 200, DATACITE)

    def esearch(req: BaseHTTPRequestHandler) -> None:
        term = parse_qs(urlsplit(req.path).query)["term"][0]
        body = ESEARCH if term == "PMC6286148[pmcid]" else ESEARCH_NONE
        send_body(req, body, "text/xml")

    def s2(req: BaseHTTPRequestHandler) -> None:
        serve_s2(req, seen)

    def openreview(req: BaseHTTPRequestHandler) -> None:
        term = parse_qs(urlsplit(req.path).query)["term"][0].casefold()
        notes = [n for k, n in OPENREVIEW.items() if k in term]
        if "garden shed" in term:
            notes = [OPENREVIEW["sheds"]]
        _json(req, 200, {"notes": notes, "count": len(notes)})

    def europepmc(req: BaseHTTPRequestHandler) -> None:
        query = parse_qs(urlsplit(req.path).query)["query"][0]
        found = EUROPEPMC_DEEP_LEARNING if "nature14539" in query.lower() else None
        _json(req, 200, found or {"hitCount": 0, "resultList": {"result": []}})

    def arxiv(req: BaseHTTPRequestHandler) -> None:
        send_body(req, ARXIV_WITHDRAWN, "application/atom+xml")

    server.route("/datacite/dois/10.5281%2Fzenodo.7000001", handler=datacite)
    server.route("/eutils/esearch.fcgi", handler=esearch)
    server.route("/s2/paper/search", handler=s2)
    server.route("/openreview/notes/search", handler=openreview)
    server.route("/europepmc/search", handler=europepmc)
    server.route("/arxiv/query", handler=arxiv)
    server.route(
        f"/biorxiv/details/biorxiv/{PREPRINT}/na/json",
        json.dumps(BIORXIV),
        content_type="application/json",
    )


def _settings(server: LoopbackServer, store: Path, **kw: object) -> Settings:
    remote = registry_settings(
        server,
        store,
        datacite_api=server.url("/datacite/"),
        semanticscholar_api=server.url("/s2/"),
        openreview_api=server.url("/openreview/"),
        europepmc_api=server.url("/europepmc/"),
        biorxiv_api=server.url("/biorxiv/"),
        arxiv_api=server.url("/arxiv/"),
        **kw,
    )
    return Settings(remote=remote)


CHOSEN = ["crossref", "datacite", "pubmed", "europepmc", "arxiv", "biorxiv"]
CHOSEN += ["semanticscholar", "openreview", "web"]


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, Path, Path, _Seen]:
    folder = tmp_path_factory.mktemp("more")
    bib = folder / "more.bib"
    bib.write_text(BIB, encoding="utf-8")
    store = folder / "store.sqlite3"
    seen = _Seen()
    with LoopbackServer() as server:
        serve_registries(server)
        serve_more(server, seen)
        settings = _settings(server, store, s2_api_key="test-key-123")
        report = asyncio.run(
            api.check_references(api.read_references(bib), settings=settings, registries=CHOSEN)
        )
    return report, bib, store, seen


def _by_key(report: dict) -> dict[str, dict]:
    return {r["key"]: r for r in report["references"]}


def test_a_doi_crossref_does_not_know_is_verified_at_datacite(checked: tuple) -> None:
    ref = _by_key(checked[0])["glaciers"]
    assert ref["status"] == "verified", ref
    assert ref["registered"]["source"] == "datacite"
    assert ref["checked_with"][:2] == ["crossref", "datacite"]
    assert "registered at DataCite" in api.render_references(checked[0], "markdown")


def test_a_pmcid_is_read_through_ncbi(checked: tuple) -> None:
    refs = _by_key(checked[0])
    assert refs["jinekPmc"]["registered"]["source"] == "pubmed"
    assert refs["jinekPmc"]["registered"]["pmid"] == "22745249"
    assert refs["jinekPmc"]["status"] == "expression_of_concern"  # the PubMed record's notice
    assert refs["badPmc"]["status"] == "not_found"
    assert "PMCID PMC1111111" in refs["badPmc"]["reason"]


def test_semantic_scholar_verifies_with_the_key_in_its_header_only(checked: tuple) -> None:
    report, _, store, seen = checked
    ref = _by_key(report)["he2016"]
    assert ref["status"] == "verified", ref
    assert ref["registered"]["source"] == "semanticscholar"
    assert "at Semantic Scholar" in ref["reason"]
    assert seen.s2_keys and set(seen.s2_keys) == {"test-key-123"}
    assert b"test-key-123" not in store.read_bytes()  # never stored, never in a URL shown
    assert "test-key-123" not in json.dumps(report)


def test_openreview_verifies_a_venue_paper_and_says_a_withdrawal(checked: tuple) -> None:
    refs = _by_key(checked[0])
    assert refs["hu2022"]["status"] == "verified", refs["hu2022"]
    assert refs["hu2022"]["registered"]["source"] == "openreview"
    assert "at OpenReview" in refs["hu2022"]["reason"]
    withdrawn = refs["sheds2023"]
    assert [n["kind"] for n in withdrawn["notices"]] == ["withdrawal"]
    assert withdrawn["notices"][0]["source"] == "openreview"


def test_europe_pmc_retracts_and_crossref_silent_is_shown_as_disagreeing(checked: tuple) -> None:
    ref = _by_key(checked[0])["lecun2015"]
    assert ref["status"] == "retracted"
    assert ref["sources_disagree"] == {"retracted": ["europepmc"], "not_retracted": ["crossref"]}
    assert ref["reason"].startswith(
        "The sources disagree: Europe PMC says it is retracted or withdrawn; Crossref does not."
    )
    notices = [(n["kind"], n["source"], n.get("pmid")) for n in ref["notices"]]
    assert notices == [("retraction", "europepmc", "99999998")]  # typed and linked: one notice


def test_sources_that_agree_are_not_called_a_disagreement(checked: tuple) -> None:
    ref = _by_key(checked[0])["wakefield1998"]
    assert ref["status"] == "retracted"
    # Crossref and PubMed retract it; Europe PMC has no record of it here, so it is not asked
    assert "sources_disagree" not in ref


def test_a_withdrawn_arxiv_version_and_a_withdrawn_biorxiv_preprint(checked: tuple) -> None:
    refs = _by_key(checked[0])
    arxiv = refs["proofnot"]
    assert arxiv["status"] == "retracted" and arxiv["registered"]["source"] == "arxiv"
    assert [(n["kind"], n["source"]) for n in arxiv["notices"]] == [("withdrawal", "arxiv")]
    preprint = refs["shedsPreprint"]
    assert preprint["registered"]["source"] == "biorxiv", preprint
    assert preprint["status"] == "retracted"
    assert preprint["notices"][0]["date"] == "2020-06-01"


def test_every_registered_record_names_its_registry(checked: tuple) -> None:
    report = checked[0]
    shown = api.render_references(report, "markdown")
    for ref in report["references"]:
        if "registered" in ref:
            assert ref["registered"]["source"] in api.REGISTRIES, ref
    for name in ("DataCite", "Semantic Scholar", "OpenReview", "bioRxiv/medRxiv", "PubMed"):
        assert f"registered at {name}" in shown, name


def test_every_answer_replays_offline(checked: tuple) -> None:
    report, bib, store, _ = checked
    with LoopbackServer() as server:
        offline = asyncio.run(
            api.check_references(
                api.read_references(bib),
                settings=_settings(server, store, offline=True),
                registries=CHOSEN,
            )
        )
        assert server.total_hits == 0
    assert {k: r["status"] for k, r in _by_key(offline).items()} == {
        k: r["status"] for k, r in _by_key(report).items()
    }


def test_without_a_key_semantic_scholar_is_asked_without_one(tmp_path: Path) -> None:
    bib = tmp_path / "he.bib"
    bib.write_text(BIB.split("@inproceedings{hu2022")[0], encoding="utf-8")
    seen = _Seen()
    with LoopbackServer() as server:
        serve_registries(server)
        serve_more(server, seen)
        report = asyncio.run(
            api.check_references(
                api.read_references(bib),
                settings=_settings(server, tmp_path / "s.sqlite3"),
                registries=["crossref", "semanticscholar"],
            )
        )
    assert _by_key(report)["he2016"]["status"] == "verified"
    assert seen.s2_keys and set(seen.s2_keys) == {None}


@pytest.mark.parametrize(
    ("doi", "preprint"),
    [
        ("10.1101/2020.03.01.123456", True),
        ("10.1101/123456", True),
        ("10.1101/2020.03.01.123456v2", True),
        ("10.1101/gr.123456.111", False),
        ("10.1038/nature14539", False),
    ],
)
def test_only_preprint_dois_are_asked_at_biorxiv(doi: str, preprint: bool) -> None:
    assert bool(PREPRINT_DOI.match(doi)) is preprint


def test_pmcids_are_found_where_references_put_them() -> None:
    assert pmcid("https://www.ncbi.nlm.nih.gov/pmc/articles/PMC3257301/") == "PMC3257301"
    assert pmcid(None, "pmc6286148") == "PMC6286148"
    assert pmcid("https://example.org/PMC12") is None  # too short to be one


def test_parsers_refuse_what_is_not_their_format() -> None:
    from quote_tui.engine.errors import FetchError

    for parse in (works_from_openreview, works_from_biorxiv):
        with pytest.raises(FetchError) as err:
            parse(b"<html>not json</html>", "https://example.org/")
        assert err.value.code == "http_error"
    assert works_from_biorxiv(b'{"messages": [{"status": "no posts found"}]}', "u") == ()
    assert works_from_arxiv(ARXIV_WITHDRAWN, "u")[0].updates[0].kind == "withdrawal"


def test_the_key_is_not_sent_along_a_redirect(tmp_path: Path) -> None:
    bib = tmp_path / "he.bib"
    he = BIB.split("@inproceedings{he2016")[1].split("@inproceedings{hu2022")[0]
    bib.write_text("@inproceedings{he2016" + he, encoding="utf-8")
    seen = _Seen()
    with LoopbackServer() as server:
        serve_registries(server)
        serve_more(server, seen)

        def moved(req: BaseHTTPRequestHandler) -> None:
            req.send_response(302)
            req.send_header("Location", server.url("/s2/moved" + req.path[len("/s2") :]))
            req.send_header("Content-Length", "0")
            req.end_headers()

        server.route("/s2/paper/search", handler=moved)
        server.route("/s2/moved/paper/search", handler=lambda req: serve_s2(req, seen))
        report = asyncio.run(
            api.check_references(
                api.read_references(bib),
                settings=_settings(server, tmp_path / "s.sqlite3", s2_api_key="test-key-123"),
                registries=["crossref", "semanticscholar"],
            )
        )
        first = [h.get("x-api-key") for p, h in server.seen_headers if p.startswith("/s2/paper")]
        after = [h.get("x-api-key") for p, h in server.seen_headers if p.startswith("/s2/moved")]
    assert _by_key(report)["he2016"]["status"] == "verified"
    assert first and set(first) == {"test-key-123"}
    assert after and set(after) == {None}
