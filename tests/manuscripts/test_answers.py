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


# A recorded OpenAI Responses answer with web search (gpt-4o-2024-08-06, response
# resp_68ac1e32b0108192973c8cfec29c2e61014ed998995dd5ee), retyped from pydantic/pydantic-ai's
# tests/models/cassettes/test_openai_responses/test_openai_responses_model_web_search_tool.yaml
# (MIT licence): its first two paragraphs and their citations, offsets as recorded.
ICELAND = (
    "As of August 25, 2025, here are the latest developments in Iceland:\n\n"
    "**Volcanic Activity:**\n\n"
    "The Reykjanes Peninsula has experienced a series of volcanic eruptions since December 2023, "
    "collectively known as the 2023–2025 Sundhnúkur eruptions. The most recent eruption began on "
    "July 16, 2025, and lasted approximately 20 days. While this eruption did not threaten "
    "infrastructure, it caused significant gas pollution that spread unusually far, resulting in "
    "higher pollution levels in nearby towns and cities compared to previous eruptions. "
    "([en.wikipedia.org](https://en.wikipedia.org/wiki/2023%E2%80%932025_Sundhn%C3%BAkur_eruptions"
    "?utm_source=openai))\n\n"
    "**Political Developments:**\n\n"
    "- **Presidential Election:** On June 1, 2024, entrepreneur Halla Tómasdóttir was elected "
    "President of Iceland, succeeding Guðni Th. Jóhannesson, who did not seek a third term. "
    "Tómasdóttir assumed office on August 1, 2024. ([en.wikipedia.org](https://en.wikipedia.org/"
    "wiki/2024_Icelandic_presidential_election?utm_source=openai))\n\n"
)
ICELAND_RESPONSE = {
    "id": "resp_68ac1e32b0108192973c8cfec29c2e61014ed998995dd5ee",
    "object": "response",
    "model": "gpt-4o-2024-08-06",
    "output": [
        {
            "id": "ws_68ac1e339ee8819289d2eb5604ce44ce014ed998995dd5ee",
            "type": "web_search_call",
            "status": "completed",
            "action": {"query": "latest news in Iceland October 2023", "type": "search"},
        },
        {
            "id": "msg_68ac1e3616548192bc0265a336983d12014ed998995dd5ee",
            "type": "message",
            "role": "assistant",
            "status": "completed",
            "content": [
                {
                    "type": "output_text",
                    "logprobs": [],
                    "text": ICELAND,
                    "annotations": [
                        {
                            "type": "url_citation",
                            "start_index": 538,
                            "end_index": 651,
                            "title": "2023–2025 Sundhnúkur eruptions",
                            "url": "https://en.wikipedia.org/wiki/2023%E2%80%932025_Sundhn%C3%BA"
                            "kur_eruptions?utm_source=openai",
                        },
                        {
                            "type": "url_citation",
                            "start_index": 904,
                            "end_index": 1010,
                            "title": "2024 Icelandic presidential election",
                            "url": "https://en.wikipedia.org/wiki/2024_Icelandic_presidential_"
                            "election?utm_source=openai",
                        },
                    ],
                }
            ],
        },
    ],
}


def test_the_recorded_answer_cites_links_appended_after_its_sentences() -> None:
    # The premise, as OpenAI writes it: each span is the link, not the claim.
    for note in ICELAND_RESPONSE["output"][1]["content"][0]["annotations"]:
        assert ICELAND[note["start_index"] : note["end_index"]].startswith("([en.wikipedia.org](")


def test_a_web_search_citation_checks_the_sentence_its_link_follows() -> None:
    data, warnings = answer_batch(ICELAND_RESPONSE, [])
    eruption, office = data["citations"]
    assert eruption["quote"].startswith("While this eruption did not threaten infrastructure")
    assert eruption["quote"].endswith("compared to previous eruptions.")
    assert office["quote"] == "Tómasdóttir assumed office on August 1, 2024."
    assert office["answer"]["cited_start"] == 904 and office["answer"]["cited_end"] == 1010
    start, end = office["answer"]["answer_start"], office["answer"]["answer_end"]
    assert ICELAND[start:end] == office["quote"]
    assert not warnings


async def test_the_recorded_answer_is_found_in_the_page_it_cites() -> None:
    page = (
        "The 2024 Icelandic presidential election was held on 1 June 2024. Halla Tómasdóttir won. "
        "Tómasdóttir assumed office on August 1, 2024. She is the second woman to hold the office."
    )
    batch, _ = answer_input(
        ICELAND_RESPONSE, [{"text": page, "title": "2024 Icelandic presidential election"}]
    )
    report = await check_batch(batch)
    office = next(c for c in report["citations"] if c["source"] == "doc0")
    assert office["status"] == "exact"


@pytest.mark.parametrize(
    "mark",
    [
        " ([example.org](https://example.org/a?utm_source=openai))",
        " [example.org](https://example.org/a)",
        " (https://example.org/a)",
        " 【4:0†source】",
        " ([a.org](https://a.org/x)) ([b.org](https://b.org/y))",
    ],
)
def test_a_span_of_links_or_marks_alone_stands_for_the_sentence_before_it(mark: str) -> None:
    text = "A first claim stands here. The cited claim is this one." + mark + "\n\nMore."
    start = text.index(mark) + 1
    note = {"type": "url_citation", "start_index": start, "end_index": start + len(mark) - 1}
    response = {
        "object": "response",
        "output": [
            {
                "type": "message",
                "content": [
                    {
                        "type": "output_text",
                        "text": text,
                        "annotations": [{**note, "url": "https://example.org/a"}],
                    }
                ],
            }
        ],
    }
    data, _ = answer_batch(response, [])
    assert data["citations"][0]["quote"] == "The cited claim is this one."


def test_a_span_of_words_is_still_the_claim_as_given() -> None:
    text = "The cited claim is this one, said the page."
    note = {"type": "url_citation", "start_index": 4, "end_index": 15, "url": "https://a.org"}
    response = {
        "object": "response",
        "output": [
            {
                "type": "message",
                "content": [{"type": "output_text", "text": text, "annotations": [note]}],
            }
        ],
    }
    data, _ = answer_batch(response, [])
    assert data["citations"][0]["quote"] == "cited claim"
    assert "cited_start" not in data["citations"][0]["answer"]
