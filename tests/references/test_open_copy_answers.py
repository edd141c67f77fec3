"""One OpenAlex answer per DOI in ``check --refs``: the source's open-copy listing and the
reference's retraction flag ask the same question, so it is asked once and kept in the store.

The registries and the publisher are served on loopback through their configured base URLs
(``QUOTE_TUI_*_URL``); the records are those of ``registry_fixtures`` and ``test_cascade``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tests.cli_docs import run_cli
from tests.net_fixtures import LoopbackServer
from tests.references.registry_fixtures import serve_registries
from tests.references.test_cascade import serve_scholarly

DOI = "10.1038/nature14539"
ARTICLE = (
    "<html><head><title>Deep learning</title>"
    '<meta name="citation_title" content="Deep learning"></head><body><article>'
    "<h2>Introduction</h2><p>Deep learning allows computational models that are composed of "
    "multiple processing layers to learn representations of data with multiple levels of "
    "abstraction.</p><h2>Methods</h2><p>Backpropagation indicates how a machine should change "
    "its internal parameters.</p></article></body></html>"
)
MANUSCRIPT = (
    "# Essay\n\nThe review says that \u201cDeep learning allows computational models that are "
    "composed of multiple processing layers to learn representations\u201d [@lecun2015].\n"
)
BIB = """@article{lecun2015,
  author = {LeCun, Yann and Bengio, Yoshua and Hinton, Geoffrey},
  title = {Deep Learning},
  journal = {Nature},
  year = {2015},
  pages = {436--444},
  doi = {10.1038/nature14539}
}
"""


def _openalex_hits(server: LoopbackServer) -> int:
    return sum(n for path, n in server.hits.items() if path.startswith("/openalex/works/doi:"))


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> LoopbackServer:
    with LoopbackServer() as server:
        serve_registries(server)
        serve_scholarly(server)
        server.route(f"/{DOI}", ARTICLE, content_type="text/html; charset=utf-8")
        for name, path in (
            ("CROSSREF", "/crossref/"),
            ("EUTILS", "/eutils/"),
            ("OPENALEX", "/openalex/"),
            ("EUROPEPMC", "/europepmc/"),
            ("DOI", "/"),  # the whole server, robots.txt with it, is the user's own
        ):
            monkeypatch.setenv(f"QUOTE_TUI_{name}_URL", server.url(path))
        yield server


def _files(tmp_path: Path) -> tuple[Path, Path]:
    ms, bib = tmp_path / "essay.md", tmp_path / "refs.bib"
    ms.write_text(MANUSCRIPT, encoding="utf-8")
    bib.write_text(BIB, encoding="utf-8")
    return ms, bib


def test_check_refs_asks_openalex_once_for_a_doi(served: LoopbackServer, tmp_path: Path) -> None:
    ms, bib = _files(tmp_path)
    store = ["--store", str(tmp_path / "s.sqlite3")]
    run = run_cli(
        ["check", str(ms), "--bib", str(bib), "--refs", "--registries", "crossref,openalex"]
        + [*store, "--format", "json"]
    )
    assert run.out, run.err
    report = json.loads(run.out)
    assert report["citations"][0]["status"] == "exact", report["sources"]
    ref = report["references"]["references"][0]
    assert "openalex" in ref["checked_with"]
    assert _openalex_hits(served) == 1
    # and a second run asks it nothing
    run_cli(["check", str(ms), "--bib", str(bib), "--refs", *store, "--format", "json"])
    assert _openalex_hits(served) == 1


def test_max_lookups_counts_the_reference_check_and_not_the_source_reading(
    served: LoopbackServer, tmp_path: Path
) -> None:
    """The source's reading (the resolver, OpenAlex's open copies) is not a reference look-up;
    the reference check's Crossref record and notices are two, and OpenAlex's answer, stored by
    the source's reading, is free as every stored answer is (docs/references.md)."""
    ms, bib = _files(tmp_path)
    run = run_cli(
        ["check", str(ms), "--bib", str(bib), "--refs", "--registries", "crossref,openalex"]
        + ["--store", str(tmp_path / "s.sqlite3"), "--format", "json", "--max-lookups", "2"]
    )
    report = json.loads(run.out)
    assert report["citations"][0]["status"] == "exact", run.err
    refs = report["references"]
    assert refs["lookups"] == {"made": 2, "refused": 0, "max": 2}
    assert refs["references"][0]["status"] != "unverifiable"
    assert _openalex_hits(served) == 1
    assert sum(n for p, n in served.hits.items() if p.startswith("/crossref/")) == 2


def test_refresh_asks_once_a_run(served: LoopbackServer, tmp_path: Path) -> None:
    ms, bib = _files(tmp_path)
    argv = ["check", str(ms), "--bib", str(bib), "--refs", "--registries", "crossref,openalex"]
    argv += ["--store", str(tmp_path / "s.sqlite3"), "--format", "json", "--refresh"]
    run = run_cli(argv)
    assert json.loads(run.out)["citations"][0]["status"] == "exact", run.err
    assert _openalex_hits(served) == 1
    time.sleep(1.1)  # answers are dated to the second: a later run starts in a later one
    run_cli(argv)  # a later run with --refresh asks again, once
    assert _openalex_hits(served) == 2
