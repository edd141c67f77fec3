"""A language model's answer with citations, as a batch: each cited text checked in its document.

Three shapes are read, told apart by their own fields:

- an Anthropic Messages response (``{"type": "message", "content": [...]}``): the ``citations`` of
  its ``text`` blocks, each with ``cited_text`` and ``document_index`` (the order the documents
  were sent in); ``char_location`` (``start_char_index``, ``end_char_index``: 0-based, end
  exclusive), ``page_location`` (``start_page_number``, ``end_page_number``: 1-based, end
  exclusive) and ``content_block_location`` (``start_block_index``, ``end_block_index``) claim
  where the text stands; ``web_search_result_location`` names a URL;
- an OpenAI Responses object (``{"object": "response", "output": [...]}``): the ``annotations``
  of its ``output_text`` parts. A ``url_citation`` cites ``text[start_index:end_index]`` of the
  answer (offsets into the answer, not the page) from its ``url``; a ``file_citation`` cites the
  sentence of the answer that ends at its ``index`` from the file ``filename``. OpenAI's web
  search writes the span as the link it appends after the sentence (``([site](https://...))``),
  not the claim: a span that holds only links (or a ``【4:0†source】`` mark) stands for the
  sentence it follows, and that sentence is what is checked (the span as given is kept as
  ``cited_start``/``cited_end``);
- a plain list of ``{"quote", "source"}``, where ``source`` is a document's position (0-based) or
  its file name, and ``start``/``end`` or ``pages`` may claim a place.

The documents are the files the model was given (``--document``, in ``document_index`` order).
A citation's claimed place travels as its ``claimed`` field (``{start, end}``, ``{pages:
[first, last]}`` or ``{blocks: [first, last]}``, all inclusive but ``end``); whether the text
stands there is settled after the check (``quote_tui.batch.claims``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import PurePath
from typing import Any

from quote_tui.engine.errors import BatchInputError, ErrorCode, Recovery
from quote_tui.sources.refs import network_ref

__all__ = ["answer_batch", "answer_format"]

_SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*\s+")
_LINK = r"(?:\[[^\]]*\]\([^)\s]*\)|https?://[^\s)]+|【[^】]*】)"
_LINK_UNIT = rf"[(\[]?\s*{_LINK}\s*[)\]]?"
_ONLY_LINKS = re.compile(rf"\s*{_LINK_UNIT}(?:\s*[,;]?\s*{_LINK_UNIT})*\s*[.,;]?\s*", re.S)
"""A citation span that is nothing but links or source marks, however they are wrapped."""
_ITEM_LEAD = re.compile(r"(?:[-*+]|\d{1,3}[.)])[ \t]+|(?:\*\*|__)[^*_\n]{1,80}(?:\*\*|__):?[ \t]*")
"""A list item's mark and its bold label (``- **Presidential Election:** ``): the answer's
layout, not the claim."""


def _bad(message: str) -> BatchInputError:
    return BatchInputError(message, code=ErrorCode.BAD_BATCH, recovery=Recovery.FIX_INPUT)


def answer_format(data: Any) -> str | None:
    """``anthropic``, ``openai``, or None for anything else (a plain list is told by the caller,
    since an agent's list of quotations with their own sources has the same shape)."""
    if isinstance(data, dict):
        if isinstance(data.get("content"), list) and (
            data.get("type") == "message" or data.get("role") == "assistant"
        ):
            return "anthropic"
        if isinstance(data.get("output"), list) and (
            data.get("object") == "response" or "output_text" in _types(data["output"])
        ):
            return "openai"
    return None


def _types(output: list[Any]) -> set[str]:
    return {
        part.get("type")
        for item in output
        if isinstance(item, dict)
        for part in item.get("content") or ()
        if isinstance(part, dict)
    }


MAX_ANSWER_CITATIONS = 10_000
"""Citations taken from one answer (``--max-answer-citations``), like ``--max-quotes`` for a
manuscript: an answer of 10^6 citations once ran past 200 s without a report."""


def answer_batch(
    data: Any, documents: Sequence[dict[str, Any]], *, max_citations: int = MAX_ANSWER_CITATIONS
) -> tuple[dict[str, Any], list[str]]:
    """An answer and the documents it cites as a batch object (``parse_batch``'s input).

    Args:
        data: the decoded answer (any of the three shapes).
        documents: the documents in ``document_index`` order, each a batch source object
            without its id (``{"ref": ...}`` or ``{"text": ...}``, ``title`` optional).
        max_citations: the most citations taken; the rest are counted in a warning.

    Returns:
        The batch object (sources ``doc0``, ``doc1``, ... in that order; a URL cited by the
        answer but not among the documents becomes a source of its own) and warnings.

    Raises:
        BatchInputError: ``bad_batch`` when the answer is none of the three shapes.
    """
    reader = _Reader(documents, max_citations)
    kind = answer_format(data)
    if kind == "anthropic":
        reader.anthropic(data)
    elif kind == "openai":
        reader.openai(data)
    elif isinstance(data, list):
        reader.plain(data)
    else:
        raise _bad(
            "the answer is neither an Anthropic Messages response (type: message), an OpenAI "
            "Responses object (object: response) nor a list of {quote, source} objects"
        )
    if not reader.citations:
        reader.warnings.append("the answer cites nothing: no citations to check")
    if reader.dropped:
        given = len(reader.citations) + reader.dropped
        reader.warnings.append(
            f"the answer holds {given:,} citations; the first {max_citations:,} were taken "
            "(--max-answer-citations)"
        )
    return {"sources": reader.sources, "citations": reader.citations}, reader.warnings


class _Reader:
    def __init__(self, documents: Sequence[dict[str, Any]], limit: int) -> None:
        self.limit = limit
        self.dropped = 0
        self.documents = list(documents)
        self.sources: list[dict[str, Any]] = [
            {**doc, "id": f"doc{i}"} for i, doc in enumerate(self.documents)
        ]
        self.citations: list[dict[str, Any]] = []
        self.warnings: list[str] = []
        self._urls: dict[str, str] = {}

    # -- where a citation's text is to be found

    def _document(self, index: Any, what: str) -> str | None:
        if (
            isinstance(index, int)
            and not isinstance(index, bool)
            and 0 <= index < len(self.sources)
        ):
            return f"doc{index}"
        self.warnings.append(
            f"{what}: document_index {index!r}, but {len(self.sources)} document(s) were given "
            "(--document, in the order the model was sent them)"
        )
        return None

    def _named(self, name: Any) -> str | None:
        """The document a file name, title or URL stands for."""
        if not isinstance(name, str) or not name:
            return None
        for i, doc in enumerate(self.documents):
            ref = doc.get("ref")
            names = {doc.get("title"), ref}
            if isinstance(ref, str):
                names |= {PurePath(ref).name, PurePath(ref).stem}
            if name in names:
                return f"doc{i}"
        return None

    def _url(self, url: Any, title: Any) -> str | None:
        named = self._named(url) or self._named(title)
        if named is not None or not isinstance(url, str) or not url:
            return named
        if url not in self._urls:
            sid = f"url{len(self._urls)}"
            self._urls[url] = sid
            if network_ref(url) is None:
                # a path, file:// or ~/... in a model's URL field would read this machine's
                # files into the report: it is never read as a local file
                self.sources.append(_not_a_url(sid, url, title))
            else:
                self.sources.append({"id": sid, "ref": url, "title": title or None})
        return self._urls[url]

    def _full(self) -> bool:
        """Whether the citations reached the limit; each one past it is only counted, before
        anything of it (a new URL source) is kept."""
        if len(self.citations) < self.limit:
            return False
        self.dropped += 1
        return True

    def _add(self, quote: Any, source: str | None, **extra: Any) -> None:
        entry: dict[str, Any] = {
            "id": f"c{len(self.citations) + 1}",
            "source": source,
            "quote": quote,
        }
        claimed = extra.get("claimed")
        if claimed is not None and not any(_said(v) for v in claimed.values()):
            extra["claimed"] = None  # a location type without its numbers claims nothing
        entry.update({k: v for k, v in extra.items() if v is not None})
        self.citations.append(entry)

    # -- the three shapes

    def anthropic(self, data: dict[str, Any]) -> None:
        for b, block in enumerate(data["content"]):
            if not isinstance(block, dict) or block.get("type") != "text":
                continue
            for n, cite in enumerate(block.get("citations") or ()):
                if not isinstance(cite, dict) or self._full():
                    continue
                what = f"content[{b}].citations[{n}]"
                kind = cite.get("type")
                answer = {"format": "anthropic", "block": b, "citation": n, "type": kind}
                if kind == "web_search_result_location":
                    source = self._url(cite.get("url"), cite.get("title"))
                    self._add(cite.get("cited_text"), source, answer=answer)
                    continue
                if kind not in _CLAIMS:
                    self.warnings.append(f"{what}: citation type {kind!r} is not checked")
                    continue
                answer["document_index"] = cite.get("document_index")
                answer["document_title"] = cite.get("document_title")
                source = self._document(cite.get("document_index"), what)
                self._add(
                    cite.get("cited_text"), source, claimed=_CLAIMS[kind](cite), answer=answer
                )

    def openai(self, data: dict[str, Any]) -> None:
        for o, item in enumerate(data["output"]):
            if not isinstance(item, dict):
                continue
            for p, part in enumerate(item.get("content") or ()):
                if not isinstance(part, dict) or part.get("type") != "output_text":
                    continue
                text = part.get("text") if isinstance(part.get("text"), str) else ""
                after = 0  # where the text of the next file citation may begin
                for n, note in enumerate(part.get("annotations") or ()):
                    if not isinstance(note, dict) or self._full():
                        continue
                    kind = note.get("type")
                    answer = {"format": "openai", "output": o, "part": p, "annotation": n}
                    answer["type"] = kind
                    if kind == "url_citation":
                        start, end = note.get("start_index"), note.get("end_index")
                        if not (isinstance(start, int) and isinstance(end, int)):
                            continue
                        claim_start, claim_end = _claim(text, after, start, end)
                        if (claim_start, claim_end) != (start, end):
                            answer["cited_start"], answer["cited_end"] = start, end
                        answer["answer_start"], answer["answer_end"] = claim_start, claim_end
                        after = max(after, end)
                        source = self._url(note.get("url"), note.get("title"))
                        self._add(text[claim_start:claim_end], source, answer=answer)
                    elif kind == "file_citation":
                        index = note.get("index")
                        if not isinstance(index, int):
                            continue
                        if isinstance(note.get("start_index"), int):
                            # a span given as a source mark after the sentence: the sentence
                            start, index = _claim(text, after, note["start_index"], index)
                        else:
                            start = _sentence_start(text, after, index)
                        after = max(after, index)
                        answer["answer_start"], answer["answer_end"] = start, index
                        answer["file_id"] = note.get("file_id")
                        answer["filename"] = note.get("filename")
                        source = self._named(note.get("filename"))
                        if source is None:
                            self.warnings.append(
                                f"output[{o}].content[{p}].annotations[{n}]: file "
                                f"{note.get('filename') or note.get('file_id')!r} is not among "
                                "the documents"
                            )
                        self._add(text[start:index].strip(), source, answer=answer)
                    else:
                        self.warnings.append(f"annotation type {kind!r} is not checked")

    def plain(self, data: list[Any]) -> None:
        for n, item in enumerate(data):
            if not isinstance(item, dict) or not isinstance(item.get("quote"), str):
                self.warnings.append(f"entry {n + 1}: not an object with a quote; skipped")
                continue
            if self._full():
                continue
            ref = item.get("source")
            source = (
                self._document(ref, f"entry {n + 1}") if isinstance(ref, int) else self._named(ref)
            )
            if source is None and not isinstance(ref, int):
                self.warnings.append(f"entry {n + 1}: source {ref!r} is not among the documents")
            claimed = None
            if isinstance(item.get("start"), int) and isinstance(item.get("end"), int):
                claimed = {"start": item["start"], "end": item["end"]}
            elif _pages(item.get("pages")) is not None:
                claimed = {"pages": _pages(item.get("pages"))}
            self._add(item["quote"], source, claimed=claimed, answer={"format": "list", "entry": n})


def _not_a_url(sid: str, url: str, title: Any) -> dict[str, Any]:
    """A source for a cited "URL" that names no web address: unavailable, never read."""
    return {
        "id": sid,
        "title": title or None,
        "cited_url": url,
        "unavailable": {
            "code": ErrorCode.OUTSIDE_ROOT,
            "message": f"the answer cites {url[:200]!r} as a URL, which is no web address; a "
            "model's URL is never read as a local file. To check a local file, name it with "
            "--document",
            "recovery": Recovery.FIX_INPUT,
        },
    }


def _said(value: Any) -> bool:
    return any(v is not None for v in value) if isinstance(value, list) else value is not None


def _pages(value: Any) -> list[int] | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return [value, value]
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return [value[0], value[1]]
    return None


def _sentence_start(text: str, floor: int, index: int) -> int:
    """Where the sentence ending at ``index`` begins (not before ``floor``, nor before the line
    it stands on: a heading or a list item above is not part of it)."""
    head = text[floor:index].rstrip()
    ends = [m.end() for m in _SENTENCE_END.finditer(head)]
    line = head.rfind("\n") + 1
    return floor + max(ends[-1] if ends else 0, line)


def _claim(text: str, floor: int, start: int, end: int) -> tuple[int, int]:
    """The span of the answer a citation stands for: ``start:end`` itself, or, when that holds
    only links, the sentence it follows (from ``floor`` on at most, the previous citation's end).
    """
    if not (0 <= start <= end <= len(text)) or not _ONLY_LINKS.fullmatch(text, start, end):
        return start, end
    stop = len(text[:start].rstrip())
    begin = _sentence_start(text, min(floor, stop), stop)
    while begin < stop and text[begin].isspace():
        begin += 1
    while (lead := _ITEM_LEAD.match(text, begin, stop)) is not None and lead.end() > begin:
        begin = lead.end()
    return (begin, stop) if begin < stop else (start, end)


def _last(value: Any) -> Any:
    """The last of a range given with an exclusive end."""
    return value - 1 if isinstance(value, int) and not isinstance(value, bool) else None


_CLAIMS = {
    "char_location": lambda c: {"start": c.get("start_char_index"), "end": c.get("end_char_index")},
    "page_location": lambda c: {
        "pages": [c.get("start_page_number"), _last(c.get("end_page_number"))]
    },
    "content_block_location": lambda c: {
        "blocks": [c.get("start_block_index"), _last(c.get("end_block_index"))]
    },
}
"""Each located citation type's claim, in the report's terms (ranges inclusive but ``end``)."""
