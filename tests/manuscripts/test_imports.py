"""Imports: cite-gate claims files and agents' JSON quotation lists."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from quote_tui.engine.errors import BatchInputError
from quote_tui.manuscripts import scan

CLAIMS = {
    "config": {"allow": ["Lincoln"]},
    "sections": [
        {
            "title": "The occasion",
            "items": [
                {
                    "id": "opening",
                    "text": "He looked back four score and seven years.",
                    "claims": [
                        {"src": "gettysburg", "quote": "Four score and seven years ago"},
                    ],
                },
                {
                    "id": "number-not-in-quote",
                    "text": "Four score and seven years is 87 years, back to 1,776.",
                    "claims": [{"src": "gettysburg", "quote": "Four score and seven years"}],
                },
                {
                    "id": "missing-source",
                    "text": "A claim from nowhere.",
                    "claims": [{"src": "absent", "quote": "words from a source file not there"}],
                },
            ],
        }
    ],
}


def test_cite_gate_claims(tmp_path: Path) -> None:
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / "gettysburg.txt").write_text(
        "Four score and seven years ago our fathers brought forth", encoding="utf-8"
    )
    claims = tmp_path / "claims.json"
    claims.write_text(json.dumps(CLAIMS, indent=1), encoding="utf-8")
    result = scan(claims)
    batch = result.to_batch_dict(tmp_path / "batch.json")
    assert [c["quote"] for c in batch["citations"]] == [
        "Four score and seven years ago",
        "Four score and seven years",
        "words from a source file not there",
    ]
    sources = {s["id"]: s for s in batch["sources"]}
    first = batch["citations"][0]
    assert sources[first["source"]]["ref"] == str(Path("sources") / "gettysburg.txt")
    assert first["reference"] == {
        "raw": "opening: gettysburg",
        "style": "cite_gate",
        "key": "gettysburg",
    }
    assert first["location"]["file"] == "claims.json" and first["location"]["line"] > 1
    absent = sources[batch["citations"][2]["source"]]
    assert absent["unavailable"]["code"] == "file_not_found"
    # The number rule is the claims gate's (a failure there), not a scan warning.
    assert result.warnings == ()


def test_agent_list(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("local words", encoding="utf-8")
    items = [
        {"quote": "a quote from a web page", "url": "https://example.org/a"},
        {"quote": "a quote from a DOI", "doi": "10.1000/xyz"},
        {"quote": "a quote from PubMed", "pmid": "16403221"},
        {"quote": "pasted words", "source_text": "the pasted words in full", "title": "Pasted"},
        {"quote": "local words", "source": "notes.txt"},
        {"quote": "another from the same page", "url": "https://example.org/a"},
        {"quote": "no source given"},
        "not an object",
    ]
    path = tmp_path / "agent.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    result = scan(path)
    batch = result.to_batch_dict()
    refs = [s.get("ref") for s in batch["sources"]]
    assert refs == [
        "https://example.org/a",
        "doi:10.1000/xyz",
        "pmid:16403221",
        None,
        str((tmp_path / "notes.txt").resolve()),
    ]
    assert batch["sources"][3]["text"] == "the pasted words in full"
    assert batch["citations"][5]["source"] == batch["citations"][0]["source"]
    assert batch["citations"][6]["status"] == "unreferenced"
    assert len(result.warnings) == 2


def test_other_json_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"hello": 1}', encoding="utf-8")
    with pytest.raises(BatchInputError) as info:
        scan(path)
    assert info.value.code == "bad_manuscript"
