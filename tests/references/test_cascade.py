"""The registry cascade: an arXiv id at arXiv, a work without an identifier searched at
Crossref, then OpenAlex, then DBLP; OpenAlex's retraction flag confirmed elsewhere before it
counts. Recorded answers, retyped small in the shape of each API's public documentation, are
served on loopback through the configured base URLs, and replayed offline from the store.

The arXiv and DBLP records are real papers' public metadata (Vaswani et al. 2017; Krizhevsky,
Sutskever and Hinton, NIPS 2012). OpenAlex flags Wakefield et al. (1998) as retracted, as it
really does; its flag on LeCun et al. (2015) is made up for the test.
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
from quote_tui.engine.errors import BatchInputError
from quote_tui.references.check import DEFAULT_REGISTRIES, REGISTRIES
from quote_tui.sources.net.scholarly import arxiv_id
from tests.net_fixtures import LoopbackServer
from tests.references.registry_fixtures import (
    _json,
    registry_settings,
    send_body,
    serve_registries,
)

ARXIV_ATOM = b"""<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">
  <title type="html">ArXiv Query: search_query=&amp;id_list=1706.03762</title>
  <entry>
    <id>http://arxiv.org/abs/1706.03762v7</id>
    <published>2017-06-12T17:57:34Z</published>
    <title>Attention Is All You Need</title>
    <author><name>Ashish Vaswani</name></author>
    <author><name>Noam Shazeer</name></author>
    <author><name>Niki Parmar</name></author>
    <arxiv:primary_category term="cs.CL" scheme="http://arxiv.org/schemas/atom"/>
  </entry>
</feed>"""
ARXIV_UNKNOWN = b"""<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><entry>
<id>http://arxiv.org/api/errors#incorrect_id_format_for_9999.99999</id><title>Error</title>
</entry></feed>"""
DBLP_HIT = {
    "result": {
        "hits": {
            "@total": "1",
            "hit": [
                {
                    "@score": "8",
                    "info": {
                        "authors": {
                            "author": [
                                {"@pid": "18/9979", "text": "Alex Krizhevsky"},
                                {"@pid": "60/1924", "text": "Ilya Sutskever"},
                                {"@pid": "10/3248", "text": "Geoffrey E. Hinton"},
                            ]
                        },
                        "title": "ImageNet Classification with Deep Convolutional Neural Networks.",
                        "venue": "NIPS",
                        "pages": "1106-1114",
                        "year": "2012",
                        "type": "Conference and Workshop Papers",
                        "key": "conf/nips/KrizhevskySH12",
                        "url": "https://dblp.org/rec/conf/nips/KrizhevskySH12",
                    },
                }
            ],
        }
    }
}


def _openalex(doi: str, title: str, year: int, authors: list[str], journal: str) -> dict:
    return {
        "id": "https://openalex.org/W0",
        "doi": f"https://doi.org/{doi}",
        "title": title,
        "display_name": title,
        "publication_year": year,
        "authorships": [{"author": {"display_name": a}} for a in authors],
        "primary_location": {"source": {"display_name": journal}},
        "is_retracted": True,
    }


OPENALEX = {
    "10.1016/s0140-6736(97)11096-0": _openalex(
        "10.1016/s0140-6736(97)11096-0",
        "RETRACTED: Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive "
        "developmental disorder in children",
        1998,
        ["Andrew J. Wakefield", "Simon H. Murch"],
        "The Lancet",
    ),
    "10.1038/nature14539": _openalex(
        "10.1038/nature14539", "Deep learning", 2015, ["Yann LeCun"], "Nature"
    ),
}
BIB = r"""
@article{vaswani2017,
  author = {Vaswani, Ashish and Shazeer, Noam and Parmar, Niki},
  title = {Attention Is All You Need},
  journal = {arXiv preprint arXiv:1706.03762},
  year = {2017}
}
@inproceedings{krizhevsky2012,
  author = {Krizhevsky, Alex and Sutskever, Ilya and Hinton, Geoffrey E.},
  title = {ImageNet Classification with Deep Convolutional Neural Networks},
  booktitle = {NIPS},
  year = {2012},
  pages = {1106--1114}
}
@article{wakefield1998,
  author = {Wakefield, A. J. and Murch, S. H.},
  title = {Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive
           developmental disorder in children},
  journal = {Lancet},
  year = {1998},
  pages = {637--41},
  doi = {10.1016/S0140-6736(97)11096-0}
}
@article{lecun2015,
  author = {LeCun, Yann and Bengio, Yoshua and Hinton, Geoffrey},
  title = {Deep Learning},
  journal = {Nature},
  year = {2015},
  pages = {436--444},
  doi = {10.1038/NATURE14539}
}
"""


def serve_scholarly(server: LoopbackServer) -> None:
    def arxiv(req: BaseHTTPRequestHandler) -> None:
        ident = parse_qs(urlsplit(req.path).query)["id_list"][0]
        body = ARXIV_ATOM if ident == "1706.03762" else ARXIV_UNKNOWN
        send_body(req, body, "application/atom+xml")

    def openalex(req: BaseHTTPRequestHandler) -> None:
        path = urlsplit(req.path).path
        if path.startswith("/openalex/works/doi:"):
            work = OPENALEX.get(path[len("/openalex/works/doi:") :].lower())
            _json(req, 200 if work else 404, work or {"error": "not found"})
        else:
            _json(req, 200, {"meta": {"count": 0}, "results": []})

    def dblp(req: BaseHTTPRequestHandler) -> None:
        q = parse_qs(urlsplit(req.path).query)["q"][0].casefold()
        found = DBLP_HIT if "imagenet" in q else {"result": {"hits": {"@total": "0"}}}
        _json(req, 200, found)

    server.route("/arxiv/query", handler=arxiv)
    server.route("/openalex/works", handler=openalex)
    for doi in OPENALEX:
        server.route(f"/openalex/works/doi:{doi}", handler=openalex)
    server.route("/dblp/search/publ/api", handler=dblp)


def _settings(server: LoopbackServer, store: Path, **kw: object) -> Settings:
    remote = registry_settings(
        server,
        store,
        arxiv_api=server.url("/arxiv/"),
        openalex_api=server.url("/openalex/"),
        dblp_api=server.url("/dblp/"),
        **kw,
    )
    return Settings(remote=remote)


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, Path, Path]:
    folder = tmp_path_factory.mktemp("cascade")
    bib = folder / "cs.bib"
    bib.write_text(BIB, encoding="utf-8")
    store = folder / "store.sqlite3"
    with LoopbackServer() as server:
        serve_registries(server)
        serve_scholarly(server)
        report = asyncio.run(
            api.check_references(
                api.read_references(bib), settings=_settings(server, store), registries="all"
            )
        )
    return report, bib, store


def _by_key(report: dict) -> dict[str, dict]:
    return {r["key"]: r for r in report["references"]}


def test_an_arxiv_only_reference_is_verified_at_arxiv(checked: tuple[dict, Path, Path]) -> None:
    ref = _by_key(checked[0])["vaswani2017"]
    assert ref["status"] == "verified", ref
    assert ref["registered"]["source"] == "arxiv"
    assert "arxiv" in ref["checked_with"]


def test_a_dblp_only_proceedings_paper_is_verified_at_dblp(
    checked: tuple[dict, Path, Path],
) -> None:
    ref = _by_key(checked[0])["krizhevsky2012"]
    assert ref["status"] == "verified", ref
    assert ref["registered"]["source"] == "dblp"
    assert "at DBLP" in ref["reason"]
    assert "Registered at DBLP: Krizhevsky et al. (2012)" in api.render_references(
        checked[0], "html"
    )
    # the cascade went in order and stopped at the first confident match
    assert ref["checked_with"][:3] == ["crossref", "openalex", "dblp"]


def test_openalex_and_crossref_together_call_a_work_retracted(
    checked: tuple[dict, Path, Path],
) -> None:
    ref = _by_key(checked[0])["wakefield1998"]
    assert ref["status"] == "retracted"
    assert {n["source"] for n in ref["notices"]} >= {"crossref", "openalex"}


def test_openalex_alone_is_said_but_does_not_retract(checked: tuple[dict, Path, Path]) -> None:
    ref = _by_key(checked[0])["lecun2015"]
    assert ref["status"] == "verified"
    assert "OpenAlex flags this work as retracted" in ref["reason"]
    assert [n["kind"] for n in ref["notices"]] == ["retraction_flag"]
    assert not api.failing_references({"references": [ref]})


def test_every_answer_replays_offline(checked: tuple[dict, Path, Path]) -> None:
    report, bib, store = checked
    with LoopbackServer() as server:  # nothing served: the store must answer
        offline = asyncio.run(
            api.check_references(
                api.read_references(bib),
                settings=_settings(server, store, offline=True),
                registries="all",
            )
        )
        assert server.total_hits == 0
    assert {k: r["status"] for k, r in _by_key(offline).items()} == {
        k: r["status"] for k, r in _by_key(report).items()
    }
    assert all(r["from_store"] for r in offline["references"])


def test_registries_are_chosen(checked: tuple[dict, Path, Path]) -> None:
    _, bib, store = checked
    with LoopbackServer() as server:
        offline = asyncio.run(
            api.check_references(
                api.read_references(bib),
                settings=_settings(server, store, offline=True),
                registries=["crossref", "pubmed"],
            )
        )
    refs = _by_key(offline)
    assert refs["vaswani2017"]["status"] == "unverifiable"  # arXiv not asked
    assert refs["krizhevsky2012"]["status"] == "unverifiable"  # DBLP not asked
    assert "openalex" not in refs["lecun2015"]["checked_with"]
    assert api.registry_names(None) == DEFAULT_REGISTRIES == api.DEFAULT_REGISTRIES
    assert api.registry_names("all") == REGISTRIES == api.REGISTRIES
    with pytest.raises(BatchInputError) as err:
        api.registry_names("crossref,scopus")
    assert err.value.code == "bad_option" and "scopus" in err.value.message


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (("10.48550/arXiv.2106.09685",), "2106.09685"),
        ((None, "https://arxiv.org/abs/1706.03762v5"), "1706.03762"),
        ((None, None, "arXiv preprint arXiv:1412.6980"), "1412.6980"),
        ((None, None, "CoRR abs/hep-th/9901001"), None),
        (("arXiv:hep-th/9901001",), "hep-th/9901001"),
        (("10.1038/nature14539", "https://example.org/", "Nature"), None),
    ],
)
def test_arxiv_ids_are_found_where_references_put_them(
    texts: tuple[str | None, ...], expected: str | None
) -> None:
    assert arxiv_id(*texts) == expected


def test_the_cli_takes_registries(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.cli_docs import run_cli

    bib = tmp_path / "cs.bib"
    bib.write_text(BIB, encoding="utf-8")
    with LoopbackServer() as server:
        serve_registries(server)
        serve_scholarly(server)
        for name, path in (
            ("CROSSREF", "/crossref/"),
            ("EUTILS", "/eutils/"),
            ("ARXIV", "/arxiv/"),
            ("OPENALEX", "/openalex/"),
            ("DBLP", "/dblp/"),
        ):
            monkeypatch.setenv(f"QUOTE_TUI_{name}_URL", server.url(path))
        store = ["--store", str(tmp_path / "s.sqlite3")]
        run = run_cli(["refs", str(bib), *store, "--registries", "crossref,arxiv,dblp"])
        bad = run_cli(["refs", str(bib), *store, "--registries", "scopus"])
    assert run.code == 0, run.err
    statuses = {r["key"]: r["status"] for r in json.loads(run.out)["references"]}
    assert statuses["vaswani2017"] == statuses["krizhevsky2012"] == "verified"
    assert bad.code == 2 and "bad_option" in bad.err
