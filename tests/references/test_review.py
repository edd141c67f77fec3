"""Reviews: a researcher's note on a finding, honoured by ``refs`` and ``check --refs``: shown as
reviewed (never hidden), not failing ``--strict``, until the finding changes.

Offline throughout: the Retraction Watch CSV retracts Wakefield et al. (1998) with no network.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from quote_tui import api
from quote_tui.engine.errors import BatchInputError
from quote_tui.references import review
from quote_tui.references.review import add_review, fingerprint, read_reviews
from tests.cli_docs import run_cli
from tests.references.registry_fixtures import RETRACTION_CSV

WAKEFIELD = """@article{wakefield1998,
  author = {Wakefield, A. J. and Murch, S. H.},
  title = {Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive
           developmental disorder in children},
  journal = {Lancet},
  year = {1998},
  doi = {DOI_HERE},
  pmid = {9500320}
}
"""
NOTE = "Cited in section 2 as the example of a retracted study; intended."


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "paper.bib").write_text(
        WAKEFIELD.replace("DOI_HERE", "10.1016/S0140-6736(97)11096-0"), encoding="utf-8"
    )
    (tmp_path / "rw.csv").write_text(RETRACTION_CSV, encoding="utf-8")
    return tmp_path


def _refs(folder: Path, *more: str) -> list[str]:
    store = str(folder / "empty.sqlite3")
    bib, csv = str(folder / "paper.bib"), str(folder / "rw.csv")
    return ["refs", bib, "--offline", "--store", store, "--retractions", csv, *more]


def test_a_reviewed_retraction_is_shown_and_passes_strict_until_it_changes(folder: Path) -> None:
    r1 = folder / "r1.json"
    assert run_cli(_refs(folder, "-o", str(r1))).code == 0
    assert run_cli(_refs(folder, "--strict")).code == 1

    done = run_cli(["review", str(r1), "wakefield1998", "--note", NOTE])
    assert done.code == 0, done.err
    file = folder / api.REVIEW_FILE  # beside the bibliography the report checked
    assert [r.key for r in read_reviews(file)] == ["wakefield1998"]

    run = run_cli(_refs(folder, "--strict"))
    assert run.code == 0, run.err
    report = json.loads(run.out)
    ref = report["references"][0]
    assert ref["status"] == "retracted" and ref["review"]["note"] == NOTE  # shown, not hidden
    assert report["summary"]["retracted"] == 1
    assert report["reviews"] == {"file": api.REVIEW_FILE, "applied": 1, "stale": []}
    terminal = api.render_references(report, "terminal")
    assert "wakefield1998: retracted (reviewed)" in terminal and NOTE in terminal
    for fmt in ("markdown", "html"):
        text = api.render_references(report, fmt)
        assert "retracted (reviewed)" in text and NOTE.split(";")[0] in text, fmt

    # another DOI in the entry is another finding: the review no longer covers it
    (folder / "paper.bib").write_text(
        WAKEFIELD.replace("DOI_HERE", "10.1016/S0140-6736(97)99999-9"), encoding="utf-8"
    )
    back = run_cli(_refs(folder, "--strict"))
    assert back.code == 1
    again = json.loads(back.out)
    assert again["references"][0]["status"] == "retracted"
    assert "review" not in again["references"][0]
    assert again["reviews"]["stale"] == ["wakefield1998"]
    assert "no longer applies" in api.render_references(again, "terminal")


def test_check_refs_reads_the_review_beside_the_manuscript(folder: Path) -> None:
    ms = folder / "essay.md"
    ms.write_text("# Essay\n\nAs once claimed [@wakefield1998].\n", encoding="utf-8")
    base = ["check", str(ms), "--bib", str(folder / "paper.bib"), "--refs", "--offline"]
    base += ["--store", str(folder / "e.sqlite3"), "--retractions", str(folder / "rw.csv")]
    first = run_cli([*base, "--format", "json", "--strict"])
    assert first.code == 1
    r1 = folder / "r1.json"
    r1.write_text(first.out, encoding="utf-8")
    assert run_cli(["review", str(r1), "wakefield1998", "--note", NOTE]).code == 0
    assert (folder / api.REVIEW_FILE).is_file()
    run = run_cli([*base, "--format", "json", "--strict"])
    refs = json.loads(run.out)["references"]
    assert refs["references"][0]["review"]["note"] == NOTE
    assert not api.failing_references(refs)


def test_a_broken_review_file_is_refused_and_left_as_it_is(folder: Path) -> None:
    r1 = folder / "r1.json"
    assert run_cli(_refs(folder, "-o", str(r1))).code == 0
    file = folder / api.REVIEW_FILE
    file.write_text('{"reviews": [{"note": "mine, half typed', encoding="utf-8")
    before = file.read_bytes()
    refused = run_cli(["review", str(r1), "wakefield1998", "--note", NOTE])
    assert refused.code == 2 and "bad_batch" in refused.err and "left as it is" in refused.err
    assert file.read_bytes() == before  # nothing the user wrote is lost
    run = run_cli(_refs(folder))
    assert run.code == 2 and "bad_batch" in run.err and "Traceback" not in run.err


def test_review_input_errors(folder: Path) -> None:
    r1 = folder / "r1.json"
    assert run_cli(_refs(folder, "-o", str(r1))).code == 0
    other = run_cli(["review", str(r1), "nosuchkey", "--note", NOTE])
    assert other.code == 2 and "bad_option" in other.err and "nosuchkey" in other.err
    empty = run_cli(["review", str(r1), "wakefield1998", "--note", "   "])
    assert empty.code == 2 and "bad_option" in empty.err
    long = run_cli(["review", str(r1), "wakefield1998", "--note", "x" * 2001])
    assert long.code == 2 and "bad_option" in long.err
    assert not (folder / api.REVIEW_FILE).exists()
    exact = run_cli(["review", str(r1), "wakefield1998", "--note", "x" * 2000])
    assert exact.code == 0, exact.err


def test_one_note_per_finding_and_the_file_named_by_hand(folder: Path) -> None:
    r1 = folder / "r1.json"
    assert run_cli(_refs(folder, "-o", str(r1))).code == 0
    mine = folder / "notes" / "reviews.json"
    mine.parent.mkdir()
    for note in ("first thought", "second thought"):
        assert run_cli(["review", str(r1), "wakefield1998", "--note", note, "--review", str(mine)])
    assert [r.note for r in read_reviews(mine)] == ["second thought"]
    run = run_cli(_refs(folder, "--review", str(mine), "--strict"))
    assert run.code == 0 and json.loads(run.out)["reviews"]["applied"] == 1


def _finding(**over: object) -> dict:
    ref = {
        "key": "k",
        "status": "retracted",
        "reason": "Retracted (Retraction Watch).",
        "cited": {"doi": "10.1/A", "pmid": "1"},
        "notices": [{"kind": "retraction", "source": "crossref", "doi": "10.2/n"}],
    }
    return ref | over


def test_the_fingerprint_follows_the_finding_not_its_wording() -> None:
    base = fingerprint(_finding())
    assert fingerprint(_finding(reason="Reworded.")) == base
    assert fingerprint(_finding(cited={"doi": "10.1/a", "pmid": "1"})) == base  # DOI case
    for changed in (
        _finding(status="corrected"),
        _finding(key="k2"),
        _finding(cited={"doi": "10.1/B", "pmid": "1"}),
        _finding(notices=[{"kind": "retraction", "doi": "10.2/n"}, {"kind": "correction"}]),
        _finding(differences=[{"field": "year", "cited": "1998", "registered": "1999"}]),
    ):
        assert fingerprint(changed) != base


def test_the_review_file_name_is_said_once() -> None:
    assert api.REVIEW_FILE == review.REVIEW_FILE


def test_a_review_file_that_is_not_one(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text('{"reviews": [{"key": "a"}]}', encoding="utf-8")
    with pytest.raises(BatchInputError, match="without"):
        read_reviews(path)
    path.write_text("[]", encoding="utf-8")
    with pytest.raises(BatchInputError, match="not a review file"):
        add_review(path, _finding(), "a note")
    assert path.read_text(encoding="utf-8") == "[]"
