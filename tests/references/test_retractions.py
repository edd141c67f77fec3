"""The Retraction Watch CSV: columns as Crossref publishes them, DOIs case-insensitive."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from quote_tui.engine.errors import BatchInputError
from quote_tui.references.retractions import load_retractions, read_retractions
from tests.references.registry_fixtures import RETRACTION_CSV


def test_indexed_by_doi_any_case_and_pmid() -> None:
    index = read_retractions(RETRACTION_CSV)
    assert index.records == 1
    by_doi = index.notices(doi="10.1016/s0140-6736(97)11096-0", pmid=None)
    by_pmid = index.notices(doi=None, pmid="9500320")
    assert by_doi == by_pmid
    notice = by_doi[0]
    assert notice.kind == "retraction"
    assert notice.doi == "10.1016/s0140-6736(10)60175-4"
    assert notice.pmid == "20137807"
    assert notice.label and "Falsification" in notice.label
    assert index.notices(doi="10.1038/nature14539", pmid=None) == ()


def test_natures_and_empty_ids() -> None:
    head = RETRACTION_CSV.splitlines()[0]
    rows = [
        "2,T,,,,,,,,,1/2/2020 0:00,,0,,10.1000/A,0,Expression of concern,Concerns,No,",
        "3,T,,,,,,,,,1/2/2020 0:00,,0,,10.1000/B,0,Correction,Error in figure,No,",
        "4,T,,,,,,,,,1/2/2020 0:00,,0,,unavailable,0,Retraction,x,No,",
    ]
    index = read_retractions("\n".join([head, *rows]) + "\n")
    assert index.notices(doi="10.1000/a", pmid=None)[0].kind == "expression_of_concern"
    assert index.notices(doi="10.1000/b", pmid=None)[0].kind == "correction"
    assert index.by_pmid == {}
    assert index.records == 2


def test_not_a_retraction_watch_file(tmp_path: Path) -> None:
    with pytest.raises(BatchInputError) as err:
        read_retractions("a,b\n1,2\n")
    assert err.value.code == "bad_batch"
    with pytest.raises(BatchInputError):
        load_retractions(tmp_path / "missing.csv")
    path = tmp_path / "rw.csv"
    path.write_bytes(RETRACTION_CSV.encode("cp1252"))
    assert load_retractions(path).records == 1


def test_unreadable_and_malformed_retraction_files(tmp_path: Path) -> None:
    with pytest.raises(BatchInputError, match="cannot be read: No such file") as missing:
        load_retractions(tmp_path / "missing.csv")
    assert missing.value.code == "bad_batch"
    huge = tmp_path / "huge.csv"  # one field past the csv module's field size limit
    huge.write_text(RETRACTION_CSV.splitlines()[0] + '\n"' + "x" * 200_000 + '"\n')
    with pytest.raises(BatchInputError, match="is not a readable CSV") as malformed:
        load_retractions(huge)
    assert malformed.value.code == "bad_batch"


def test_the_file_is_named_by_its_hash_rows_and_newest_notice(tmp_path: Path) -> None:
    head = RETRACTION_CSV.splitlines()[0]
    rows = [
        "2,T,,,,,,,,,1/2/2020 0:00,,0,,10.1000/A,0,Expression of concern,Concerns,No,",
        "3,T,,,,,,,,,11/30/2026 0:00,,0,,10.1000/B,0,Correction,Error in figure,No,",
        "4,T,,,,,,,,,12/1/2026 0:00,,0,,unavailable,0,Retraction,x,No,",
        "5,T,,,,,,,,,not a date,,0,,10.1000/C,0,Retraction,x,No,",
    ]
    # past the readers' buffers, so the hash must cover what the CSV reader read in pieces
    padding = [
        f"{n},T,,,,,,,,,1/1/2001 0:00,,0,,10.2000/{n},0,Retraction,x,No," for n in range(6, 9000)
    ]
    path = tmp_path / "rw.csv"
    path.write_bytes(("\n".join([head, *rows, *padding]) + "\n").encode("cp1252"))
    index = load_retractions(path)
    assert index.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    assert index.rows == 4 + len(padding) and index.records == 3 + len(padding)
    assert index.newest == "2026-12-01"  # rows not kept still date the file
    assert index.modified and index.modified.endswith("Z")
    assert index.provenance("rw.csv")["sha256"] == index.sha256
    text = read_retractions(RETRACTION_CSV)
    assert text.sha256 is None and "sha256" not in text.provenance("x")


def test_a_cp1252_file_is_hashed_as_it_is_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "rw.csv"
    path.write_bytes(RETRACTION_CSV.replace("Murch", "M\u00fcrch").encode("cp1252"))
    assert load_retractions(path).sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
