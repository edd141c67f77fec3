"""Claimed places: does a cited text stand where its citation says it does?

A citation read from a language model's answer (``quote_tui.manuscripts.answers``) may claim a
place in its document: character offsets (``{start, end}``), pages (``{pages: [first, last]}``)
or content blocks (``{blocks: [first, last]}``). After the check, the claim gains ``agrees``:

- ``true``: the cited text stands, exactly or normalized, in the claimed window of the checked
  text. For offsets the match must fill the window (whitespace and quotation marks at its edges
  aside), so ``checked_text[start:end]`` is the cited text; for pages the text must stand
  wholly within those pages (1-based PDF page index, ``first`` to ``last`` inclusive);
- ``false``: it does not (it stands elsewhere in the document, in another document:
  ``found_in``, or nowhere), or the window lies outside the text;
- ``null``, with ``reason``: it cannot be told. ``unavailable`` (the document was not read or the
  check did not finish), ``not_plain_text`` (offsets into a document whose checked text is not
  the file's own text, such as a PDF's extracted text: the model saw another text),
  ``unpaged`` (pages of an unpaged document), ``content_blocks`` (blocks are not kept in the
  checked text) and ``bad_claim`` (the claim's numbers are missing or out of order).

Offsets are code points of the checked text, which is the file's text for plain-text documents;
a reader that changes the text (a byte-order mark dropped, an HTML page's markup taken away)
makes offsets that were right in the model's copy disagree here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from quote_tui._untrusted import scrub
from quote_tui.batch.checked import CheckedCitation
from quote_tui.batch.elsewhere import placing_options
from quote_tui.batch.outcomes import PASSING
from quote_tui.batch.service import Service
from quote_tui.engine.errors import QuoteTuiError
from quote_tui.engine.records import FOUND_STATUSES, MatchOptions
from quote_tui.engine.text import PreparedText

__all__ = ["settle_claim"]

_PLAIN = frozenset({"plain_text", "markdown_text", "supplied_text"})
_EDGES = " \t\r\n\u00a0\"'“”‘’«»"


async def settle_claim(
    service: Service,
    record: CheckedCitation,
    source: dict[str, Any] | None,
    prepared: PreparedText | None,
) -> CheckedCitation:
    """A checked citation whose ``claimed`` is settled (see above), with its source in hand.

    A stage of the run: the runner settles each claim right after the citation's check, while
    the source's text is still read, so a streamed report carries it and nothing is read twice.

    Args:
        service: runs the check of the claimed window.
        record: the checked citation; the batch's own ``claimed`` stays as it was.
        source: the source's report entry (whether it is paged, its representation).
        prepared: the source's checked text, None when it was not read.

    Returns:
        The record with its settled claim, or the record itself when it claims no place.
    """
    given = record.spec.extra.get("claimed")
    if not isinstance(given, dict):
        return record
    claim = dict(given)
    early = _early(record.status, claim, source)
    if early is None and prepared is None:
        early = {"agrees": None, "reason": "unavailable"}
    if early is None:
        assert prepared is not None
        early = await _settle(
            service, prepared, scrub(record.spec.quote), claim, placing_options(service.settings)
        )
    claim.update(early)
    return replace(record, claimed=claim)


def _early(
    status: str, claim: dict[str, Any], source: dict[str, Any] | None
) -> dict[str, Any] | None:
    """The verdict when the report alone tells it, or None when the text must be read."""
    if status in ("not_found", "near"):
        return {"agrees": False}
    if status not in PASSING or source is None:
        return {"agrees": None, "reason": "unavailable"}
    if "blocks" in claim:
        return {"agrees": None, "reason": "content_blocks"}
    if "pages" in claim:
        if not source.get("pages"):
            return {"agrees": None, "reason": "unpaged"}
        first, last = (list(claim["pages"]) + [None, None])[:2]
        if not (_int(first) and _int(last)) or first > last:
            return {"agrees": None, "reason": "bad_claim"}
        return None
    start, end = claim.get("start"), claim.get("end")
    if not (_int(start) and _int(end)) or start > end:
        return {"agrees": None, "reason": "bad_claim"}
    if source.get("representation") not in _PLAIN:
        return {"agrees": None, "reason": "not_plain_text"}
    return None


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


async def _settle(
    service: Service,
    prepared: PreparedText,
    quote: str,
    claim: dict[str, Any],
    options: MatchOptions,
) -> dict[str, Any]:
    text = prepared.text
    if "pages" in claim:
        first, last = claim["pages"]
        starts = prepared.page_starts
        if first < 1 or last > len(starts):
            return {"agrees": False}
        start = starts[first - 1]
        end = starts[last] if last < len(starts) else len(text)
    else:
        start, end = claim["start"], claim["end"]
        if end > len(text):
            return {"agrees": False}
    window = text[start:end]
    if "pages" in claim and prepared.line_boxes:
        # a PDF's asides (notes, captions) follow the whole body: its pages' lines, by page
        window = "\n".join(
            text[s:e] for s, e, page, *_ in prepared.line_boxes if first <= page <= last
        )
    if not window.strip():
        return {"agrees": False}
    try:
        result = await service.run_check(PreparedText(window), quote, options=options, near=False)
    except QuoteTuiError:
        return {"agrees": None, "reason": "unavailable"}
    if result.status not in FOUND_STATUSES or not result.matches:
        return {"agrees": False}
    if "pages" in claim:
        return {"agrees": True}
    match = result.matches[0]
    fills = not window[: match.start].strip(_EDGES) and not window[match.end :].strip(_EDGES)
    return {"agrees": fills}
