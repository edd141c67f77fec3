"""A model's answer with citations, as the HTTP and MCP tests send it."""

from __future__ import annotations

from typing import Any


def cited_answer(text: str, words: str, *more: dict[str, Any]) -> dict[str, Any]:
    """An Anthropic message that cites ``words`` of document 0 twice, at their place in ``text``
    (a claim that agrees) and at its start (one that does not), then the citations ``more``."""
    at = text.index(words)
    cite = {"type": "char_location", "cited_text": words, "document_index": 0}
    citations = [
        {**cite, "start_char_index": at, "end_char_index": at + len(words)},
        {**cite, "start_char_index": 0, "end_char_index": len(words)},
        *more,
    ]
    return {
        "type": "message",
        "content": [{"type": "text", "text": "So it says.", "citations": citations}],
    }
