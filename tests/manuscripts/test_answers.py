"""A model's answer read as a batch, and its claimed places settled after the check."""

from __future__ import annotations

import pytest

from quote_tui.api import answer_input, check_batch
from quote_tui.engine.errors import BatchInputError
from quote_tui.manuscripts.answers import answer_batch, answer_format

TEXT = "Alpha words come first. Beta words follow them. Gamma words end it."


def _message(*citations: dict) -> dict:
    return {"type": "message", "content": [{"type": "text", "text": "x", "citations": citations}]}


def _char(text: str, start: int | None, end: int | None, index: int = 0) -> dict:
    return {
        "type": "char_location",
        "cited_text": text,
        "document_index": index,
        "start_char_index": start,
        "end_char_index": end,
    }


def test_shapes_are_told_apart() -> None:
    assert answer_format(_message()) == "anthropic"
    assert answer_format({"role": "assistant", "content": []}) == "anthropic"
    assert answer_format({"object": "response", "output": []}) == "openai"
    assert answer_format([{"quote": "x"}]) is None
    assert answer_format({"sources": [], "citations": []}) is None
    with pytest.raises(BatchInputError):
        answer_batch({"sources": []}, [])


def test_citations_keep_their_claims_and_their_place_in_the_answer() -> None:
    data, warnings = answer_batch(
        _message(
            _char("Beta words", 24, 34),
            {
                "type": "page_location",
                "cited_text": "Beta",
                "document_index": 0,
                "start_page_number": 2,
                "end_page_number": 4,
            },
            {
                "type": "content_block_location",
                "cited_text": "Beta",
                "document_index": 0,
                "start_block_index": 1,
                "end_block_index": 2,
            },
            {"type": "search_result_location", "cited_text": "Beta"},
            _char("Beta", 0, 4, index=5),
        ),
        [{"text": TEXT}],
    )
    first, pages, blocks, far = data["citations"]
    assert first["claimed"] == {"start": 24, "end": 34}
    assert first["answer"]["block"] == 0 and first["answer"]["citation"] == 0
    assert pages["claimed"] == {"pages": [2, 3]}
    assert blocks["claimed"] == {"blocks": [1, 1]}
    assert far["source"] is None
    assert any("search_result_location" in w for w in warnings)
    assert any("document_index 5" in w for w in warnings)


def test_a_file_citation_cites_the_sentence_it_closes() -> None:
    text = "First claim here. Second claim there. Third."
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
                            {"type": "file_citation", "filename": "a.txt", "index": 17},
                            {"type": "file_citation", "filename": "a.txt", "index": 37},
                        ],
                    }
                ],
            }
        ],
    }
    data, _ = answer_batch(response, [{"ref": "/docs/a.txt"}])
    assert [c["quote"] for c in data["citations"]] == ["First claim here.", "Second claim there."]
    assert {c["source"] for c in data["citations"]} == {"doc0"}


async def test_claims_agree_or_say_why_they_cannot_be_told() -> None:
    at = TEXT.index("Beta words follow them.")
    batch, _ = answer_input(
        _message(
            _char("Beta words follow them.", at, at + 23),
            _char("Beta words follow them.", at + 1, at + 23),
            _char("Beta words follow them.", at - 5, at + 28),
            _char("Beta words follow them.", at, at + 10_000),
            _char("Beta words follow them.", 30, 20),
            _char("Beta wordz follow them.", at, at + 23),
            {
                "type": "page_location",
                "cited_text": "Gamma words",
                "document_index": 0,
                "start_page_number": 1,
                "end_page_number": 2,
            },
            {
                "type": "content_block_location",
                "cited_text": "Gamma words",
                "document_index": 0,
                "start_block_index": 0,
                "end_block_index": 1,
            },
        ),
        [{"text": TEXT}],
    )
    report = await check_batch(batch)
    claims = [c["claimed"] for c in report["citations"]]
    assert [c["agrees"] for c in claims] == [True, False, False, False, None, False, None, None]
    assert claims[4]["reason"] == "bad_claim"
    assert report["citations"][5]["status"] == "near"
    assert claims[6]["reason"] == "unpaged"
    assert claims[7]["reason"] == "content_blocks"
    # the batch's own claim is left as the answer gave it
    assert "agrees" not in batch.citations[0].extra["claimed"]


async def test_offsets_around_whitespace_and_quotation_marks_still_agree() -> None:
    text = 'He said: "all is well" and left.'
    start = text.index('"')
    batch, _ = answer_input(_message(_char('"all is well" ', start, start + 14)), [{"text": text}])
    report = await check_batch(batch)
    assert report["citations"][0]["claimed"]["agrees"] is True
