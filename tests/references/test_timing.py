"""Cited before or after the retraction: the manuscript's date (given, or its own) beside the
retraction notice's (Crossref's ``updated-by`` of Wakefield et al. 1998: 2010-02-06)."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from quote_tui import api
from quote_tui.engine.errors import BatchInputError
from quote_tui.references.timing import (
    add_retraction_timing,
    manuscript_date,
    manuscript_date_source,
    parse_date,
)
from tests.cli_docs import run_cli
from tests.net_fixtures import LoopbackServer
from tests.references.registry_fixtures import serve_registries

WAKEFIELD = r"""@article{wakefield1998,
  author = {Wakefield, A. J. and Murch, S. H.},
  title = {Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive
           developmental disorder in children},
  journal = {Lancet},
  year = {1998},
  pages = {637--41},
  doi = {10.1016/S0140-6736(97)11096-0}
}
"""


def _refs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *argv: str) -> dict:
    with LoopbackServer() as server:
        serve_registries(server)
        monkeypatch.setenv("QUOTE_TUI_CROSSREF_URL", server.url("/crossref/"))
        monkeypatch.setenv("QUOTE_TUI_EUTILS_URL", server.url("/eutils/"))
        run = run_cli(["refs", *argv, "--store", str(tmp_path / "s.sqlite3"), "--format", "json"])
    assert run.code == 0, run.err
    return json.loads(run.out)


def test_a_manuscript_dated_before_the_notice_cites_before_the_retraction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "paper.bib").write_text(WAKEFIELD, encoding="utf-8")
    paper = tmp_path / "paper.md"
    paper.write_text(
        "---\ntitle: A paper\ndate: 2009-05-01\n---\n\nAs shown [@wakefield1998].\n",
        encoding="utf-8",
    )
    report = _refs(tmp_path, monkeypatch, str(paper), "--bib", str(tmp_path / "paper.bib"))
    ref = report["references"][0]
    assert ref["status"] == "retracted"
    assert ref["retraction_timing"] == {
        "cited": "before",
        "manuscript_date": "2009-05-01",
        "notice_date": "2010-02-06",
    }
    assert ref["reason"].startswith("Cited before the retraction")
    assert report["manuscript_date"] == "2009-05-01"


def test_date_overrides_and_says_after(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bib = tmp_path / "paper.bib"
    bib.write_text(WAKEFIELD, encoding="utf-8")
    report = _refs(tmp_path, monkeypatch, str(bib), "--date", "2011-03-04")
    assert report["references"][0]["retraction_timing"]["cited"] == "after"
    assert report["references"][0]["reason"].startswith("Cited after the retraction")


def test_no_date_no_timing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bib = tmp_path / "paper.bib"
    bib.write_text(WAKEFIELD, encoding="utf-8")
    report = _refs(tmp_path, monkeypatch, str(bib))
    assert "retraction_timing" not in report["references"][0]
    assert "manuscript_date" not in report


def test_a_bad_date_is_refused_before_anything_is_asked(tmp_path: Path) -> None:
    bib = tmp_path / "paper.bib"
    bib.write_text(WAKEFIELD, encoding="utf-8")
    with LoopbackServer() as server:
        run = run_cli(["refs", str(bib), "--date", "2011-13-40", "--offline"])
        assert server.total_hits == 0
    assert run.code == 2 and "bad_option" in run.err and "2011-13-40" in run.err


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2009-05-01", "2009-05-01"),
        ("2009-05", "2009-05"),
        ('"2009-05-01"', "2009-05-01"),
        ("March 4, 2010", "2010-03-04"),
        ("4 March 2010", "2010-03-04"),
        ("March 2010", "2010-03"),
        ("2010-02-06T10:00:00Z", "2010-02-06"),
    ],
)
def test_dates_are_read_as_written(text: str, expected: str) -> None:
    assert parse_date(text) == expected


@pytest.mark.parametrize("text", ["yesterday", "2010-02-30", "\\today", ""])
def test_what_is_not_a_date_is_refused(text: str) -> None:
    with pytest.raises(BatchInputError) as err:
        parse_date(text)
    assert err.value.code == "bad_option"


def test_latex_and_word_give_their_dates(tmp_path: Path) -> None:
    tex = tmp_path / "paper.tex"
    tex.write_text("\\documentclass{article}\n\\date{March 2010}\n\\begin{document}", "utf-8")
    assert manuscript_date(tex) == "2010-03"
    today = tmp_path / "today.tex"
    today.write_text("\\date{\\today}\n", "utf-8")
    assert manuscript_date(today) is None
    docx = tmp_path / "paper.docx"
    with zipfile.ZipFile(docx, "w") as z:
        z.writestr(
            "docProps/core.xml",
            '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/'
            'metadata/core-properties" xmlns:dcterms="http://purl.org/dc/terms/">'
            "<dcterms:created>2009-01-01T00:00:00Z</dcterms:created>"
            "<dcterms:modified>2010-03-01T09:30:00Z</dcterms:modified></cp:coreProperties>",
        )
    # when it was begun, not its last save
    assert manuscript_date_source(docx) == ("2009-01-01", "Word core property created")
    broken = tmp_path / "broken.docx"
    broken.write_bytes(b"PK not a zip")
    assert manuscript_date(broken) is None
    assert manuscript_date(tmp_path / "missing.md") is None


def test_a_date_as_vague_as_the_notice_says_nothing() -> None:
    report = {
        "references": [
            {
                "status": "retracted",
                "notices": [{"kind": "retraction", "source": "crossref", "date": "2010-02-06"}],
            },
            {
                "status": "corrected",
                "notices": [{"kind": "correction", "source": "crossref", "date": "2001-01-01"}],
            },
        ]
    }
    add_retraction_timing(report, "2010")
    assert "retraction_timing" not in report["references"][0]
    add_retraction_timing(report, "2010-02-06")
    assert report["references"][0]["retraction_timing"]["cited"] == "same_day"
    assert "retraction_timing" not in report["references"][1]
    assert api.manuscript_date(Path("nowhere.bib")) is None
