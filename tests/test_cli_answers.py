"""``quote-tui check ANSWER.json --document FILE``: cited texts checked in their documents."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import jsonschema

from tests.cli_docs import run_cli, write_pdf

CHARTER = (
    "Article 1. All members shall settle disputes by peaceful means.\nArticle 2. Nothing here.\n"
)
MINUTES = "The committee met on Tuesday. It agreed that the budget stands unchanged.\n"


def _cite(kind: str, text: str, index: int, **where: int) -> dict:
    return {
        "type": kind,
        "cited_text": text,
        "document_index": index,
        "document_title": "t",
        **where,
    }


def _anthropic(citations: list[dict]) -> dict:
    return {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "content": [
            {"type": "text", "text": "Here is what the documents say: "},
            {"type": "text", "text": "disputes are settled peacefully", "citations": citations},
        ],
    }


def _schema() -> dict:
    text = resources.files("quote_tui.batch").joinpath("report.schema.json").read_text("utf-8")
    return json.loads(text)


def _check(tmp_path: Path, answer: object, *docs: Path) -> dict:
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(answer), encoding="utf-8")
    argv = ["check", str(path), "--format", "json"]
    for doc in docs:
        argv += ["--document", str(doc)]
    run = run_cli(argv)
    assert run.code == 0, run.err
    report = run.json()
    jsonschema.validate(report, _schema())
    return report


def test_an_anthropic_answer_is_checked_and_its_claims_agree_or_not(tmp_path: Path) -> None:
    charter = tmp_path / "charter.txt"
    charter.write_text(CHARTER, encoding="utf-8")
    minutes = tmp_path / "minutes.txt"
    minutes.write_text(MINUTES, encoding="utf-8")
    words = "All members shall settle disputes by peaceful means."
    at = CHARTER.index(words)
    stated = "It agreed that the budget stands unchanged."
    report = _check(
        tmp_path,
        _anthropic(
            [
                _cite(
                    "char_location", words, 0, start_char_index=at, end_char_index=at + len(words)
                ),
                _cite("char_location", words, 0, start_char_index=0, end_char_index=len(words)),
                _cite("char_location", stated, 0, start_char_index=0, end_char_index=len(stated)),
            ]
        ),
        charter,
        minutes,
    )
    right, shifted, misattributed = report["citations"]
    assert right["status"] == "exact"
    assert right["claimed"] == {"start": at, "end": at + len(words), "agrees": True}
    assert shifted["status"] == "exact"
    assert shifted["claimed"]["agrees"] is False
    assert right["answer"]["document_index"] == 0
    # cited from the charter, but the words are the minutes'
    assert misattributed["status"] == "not_found"
    assert misattributed["claimed"]["agrees"] is False
    assert [place["source"] for place in misattributed["found_in"]] == ["doc1"]
    assert report["sources"][0]["ref"] == str(charter.resolve())


def test_page_claims_are_checked_against_the_pdf_pages(tmp_path: Path) -> None:
    pdf = write_pdf(
        tmp_path / "report.pdf",
        ["The first page speaks of rivers and their floods.", "The second page speaks of hills."],
    )
    report = _check(
        tmp_path,
        _anthropic(
            [
                _cite(
                    "page_location", "speaks of hills", 0, start_page_number=2, end_page_number=3
                ),
                _cite(
                    "page_location", "speaks of hills", 0, start_page_number=1, end_page_number=2
                ),
                _cite("char_location", "speaks of hills", 0, start_char_index=0, end_char_index=9),
            ]
        ),
        pdf,
    )
    on_page, off_page, offsets = report["citations"]
    assert on_page["claimed"] == {"pages": [2, 2], "agrees": True}
    assert off_page["claimed"] == {"pages": [1, 1], "agrees": False}
    # offsets into a PDF's extracted text are not the text the model saw
    assert offsets["claimed"]["agrees"] is None
    assert offsets["claimed"]["reason"] == "not_plain_text"


def test_a_plain_list_names_documents_by_position_or_name(tmp_path: Path) -> None:
    charter = tmp_path / "charter.txt"
    charter.write_text(CHARTER, encoding="utf-8")
    report = _check(
        tmp_path,
        [
            {"quote": "settle disputes by peaceful means", "source": 0},
            {"quote": "Nothing here", "source": "charter.txt", "start": 0, "end": 5},
        ],
        charter,
    )
    first, second = report["citations"]
    assert first["status"] == second["status"] == "exact"
    assert "claimed" not in first
    assert second["claimed"]["agrees"] is False


def test_an_openai_response_checks_its_url_and_file_citations(tmp_path: Path) -> None:
    charter = tmp_path / "charter.txt"
    charter.write_text(CHARTER, encoding="utf-8")
    text = "The charter is plain. All members shall settle disputes by peaceful means."
    response = {
        "object": "response",
        "output": [
            {
                "type": "message",
                "content": [
                    {
                        "type": "output_text",
                        "text": text,
                        "annotations": [
                            {
                                "type": "file_citation",
                                "file_id": "file-1",
                                "filename": "charter.txt",
                                "index": len(text),
                            },
                            {
                                "type": "url_citation",
                                "url": "https://example.org/charter",
                                "title": "charter.txt",
                                "start_index": 22,
                                "end_index": len(text),
                            },
                        ],
                    }
                ],
            }
        ],
    }
    report = _check(tmp_path, response, charter)
    by_file, by_url = report["citations"]
    assert by_file["quote"] == "All members shall settle disputes by peaceful means."
    assert by_file["status"] == "exact" and by_file["source"] == "doc0"
    assert by_url["status"] == "exact" and by_url["source"] == "doc0"
    assert by_url["answer"]["answer_start"] == 22


def test_an_anthropic_answer_without_its_documents_says_so(tmp_path: Path) -> None:
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(_anthropic([_cite("char_location", "x y z", 0)])), "utf-8")
    run = run_cli(["check", str(path), "--format", "json"])
    assert "document_index 0" in run.err


def test_document_goes_with_an_answer_and_a_whole_report(tmp_path: Path) -> None:
    doc = tmp_path / "doc.txt"
    doc.write_text(CHARTER, encoding="utf-8")
    paper = tmp_path / "paper.md"
    paper.write_text("No quotations.\n", encoding="utf-8")
    run = run_cli(["check", str(paper), "--document", str(doc)])
    assert run.code == 2 and "ANSWER.json" in run.err
    answer = tmp_path / "answer.json"
    answer.write_text("[]", encoding="utf-8")
    run = run_cli(["check", str(answer), "--document", str(doc), "--format", "jsonl"])
    assert run.code == 2 and "whole report" in run.err
