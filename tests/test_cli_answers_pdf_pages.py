"""A model's page claims on a PDF whose notes stand after the body in the checked text: a page's
window holds that page's lines, its footnote among them, and no other page's."""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf

from tests.cli_docs import run_cli

NOTE = "A footnote on the first page says the rivers flood."


def _pdf(path: Path) -> Path:
    doc = pymupdf.open()
    first = doc.new_page(width=432, height=648)
    first.insert_text((60, 100), "The first page speaks of rivers in its body text.", fontsize=11)
    first.insert_text((60, 560), "1 " + NOTE, fontsize=8)
    second = doc.new_page(width=432, height=648)
    second.insert_text((60, 100), "The second page speaks of hills in its body.", fontsize=11)
    doc.save(path)
    return path


def _claim(first: int, last: int) -> dict:
    return {
        "type": "page_location",
        "cited_text": NOTE,
        "document_index": 0,
        "document_title": "t",
        "start_page_number": first,
        "end_page_number": last + 1,
    }


def test_a_page_claim_sees_its_own_footnote_and_no_other(tmp_path: Path) -> None:
    pdf = _pdf(tmp_path / "notes.pdf")
    answer = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "content": [
            {"type": "text", "text": "Rivers flood.", "citations": [_claim(1, 1), _claim(2, 2)]}
        ],
    }
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(answer), encoding="utf-8")
    run = run_cli(["check", str(path), "--format", "json", "--document", str(pdf)])
    assert run.code == 0, run.err
    on_page, off_page = run.json()["citations"]
    assert on_page["claimed"] == {"pages": [1, 1], "agrees": True}
    assert off_page["claimed"] == {"pages": [2, 2], "agrees": False}
