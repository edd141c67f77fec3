"""Misattribution: a quotation not in its cited source, looked for in the batch's other sources.

A stage of the run (``batch.stages``): once every source is read, each ``not_found`` citation
is checked against every other readable source of the same batch (or manuscript). Where its
words stand there, exactly or normalized,
the citation stays ``not_found`` (the cited source does not hold it) and gains ``found_in``: one
entry per source that does, in batch order, each placing the first occurrence.

The search is bounded, since it reads sources a second time and checks quotations against texts
they were not cited from: it runs only when the batch has at most ``MAX_SOURCES`` readable
sources and ``MAX_QUOTES`` citations not found, a quotation needs ``MIN_WORDS`` words or more
(a word or two stands in most texts), and only the exact and normalized tiers count
(a near passage in another source is no evidence of where the words came from). Sources are read
again one at a time, so a single text is held at once (a network source from the snapshot the
first read stored); a source that fails to read the second time is skipped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from quote_tui._untrusted import scrub
from quote_tui.batch.checked import CheckedCitation
from quote_tui.batch.service import Service
from quote_tui.batch.specs import Settings, SourceSpec
from quote_tui.engine.errors import QuoteTuiError
from quote_tui.engine.records import FOUND_STATUSES, MatchOptions
from quote_tui.engine.text import PreparedText

__all__ = [
    "MAX_QUOTES",
    "MAX_SOURCES",
    "MIN_WORDS",
    "READABLE",
    "find_elsewhere",
    "pending_elsewhere",
    "found_in_entry",
    "place_in",
    "worth_looking",
    "second_read",
]

MAX_SOURCES = 50
"""Most readable sources a batch may have for the search to run."""

MAX_QUOTES = 500
"""Most ``not_found`` citations a batch may have for the search to run."""

MIN_WORDS = 3
"""Fewest words a quotation needs to be looked for elsewhere: a word or two stands in most texts,
which says nothing about where the quotation came from."""

_PLACE = (
    "kind",
    "start",
    "end",
    "utf16_start",
    "utf16_end",
    "utf8_start",
    "utf8_end",
    "line_start",
    "line_end",
    "page_start",
    "page_end",
    "text",
)


def found_in_entry(source_id: str, match: dict[str, Any], prepared: PreparedText) -> dict[str, Any]:
    """A ``found_in`` item: the other source's id and where the words stand in it."""
    item: dict[str, Any] = {"source": source_id, **{key: match[key] for key in _PLACE}}
    if prepared.page_labels:
        item["printed_page_start"] = prepared.page_label(match["page_start"])
    return item


def worth_looking(quote: Any) -> bool:
    """Whether a quotation has words enough to say where it came from (``MIN_WORDS``)."""
    return isinstance(quote, str) and len(quote.split()) >= MIN_WORDS


def second_read(settings: Settings) -> Settings:
    """Settings to read a batch's sources again: a network source comes from the snapshot the
    first read stored, even under ``--refresh``."""
    if settings.remote is None or not settings.remote.refresh:
        return settings
    return replace(settings, remote=replace(settings.remote, refresh=False))


def placing_options(settings: Settings) -> MatchOptions:
    """The run's matching options for placing a quotation: its best place, without context."""
    return MatchOptions(**{**settings.options.to_dict(), "max_matches": 1, "context": 0})


async def place_in(
    service: Service, source_id: str, prepared: PreparedText, quote: str
) -> dict[str, Any] | None:
    """Where ``quote`` stands in one other source (exact or normalized), as a ``found_in`` item,
    or None (not there, or the check failed or ran past its budget)."""
    try:
        result = await service.run_check(
            prepared, quote, options=placing_options(service.settings), near=False
        )
    except QuoteTuiError:
        return None
    if result.status not in FOUND_STATUSES or not result.matches:
        return None
    return found_in_entry(source_id, result.matches[0].to_dict(), prepared)


async def find_elsewhere(
    pending: Sequence[CheckedCitation],
    readable: Sequence[SourceSpec],
    base_dir: Path | None,
    settings: Settings,
    *,
    texts: Mapping[str, PreparedText] | None = None,
) -> dict[int, tuple[dict[str, Any], ...]]:
    """Where the ``not_found`` citations' words stand in the batch's other sources.

    Args:
        pending: the ``not_found`` checked citations worth looking for.
        readable: the batch's readable sources, in batch order.
        base_dir: where a relative path ref resolves.
        settings: run settings (reading, matching, the citation budget).
        texts: checked texts a caller keeps (an interactive front end), by source id: searched
            where they are, not read again.

    Returns:
        The ``found_in`` items of each citation found elsewhere, by its index in ``pending``.
    """
    if not pending or len(readable) < 2 or len(readable) > MAX_SOURCES or len(pending) > MAX_QUOTES:
        return {}
    found: dict[int, list[dict[str, Any]]] = {}
    async with Service(second_read(settings), build_indexes=False) as service:
        for spec in readable:
            kept = (texts or {}).get(spec.id)
            prepared = kept
            if prepared is None:
                outcome = await service.load_source(spec, base_dir=base_dir)
                if outcome.loaded is None:
                    continue
                prepared = outcome.loaded.prepared
            for i, record in enumerate(pending):
                if record.spec.source == spec.id:
                    continue
                place = await place_in(service, spec.id, prepared, scrub(record.spec.quote))
                if place is not None:
                    found.setdefault(i, []).append(place)
            if kept is None:
                prepared.cache.clear()  # a text read here is let go; a kept one keeps its own
    return {i: tuple(items) for i, items in found.items()}


def pending_elsewhere(record: CheckedCitation) -> bool:
    """Whether a checked citation is one ``find_elsewhere`` looks for: not found in its cited
    source, and words enough to say where it came from."""
    return (
        record.status == "not_found"
        and bool(record.spec.source)
        and worth_looking(scrub(record.spec.quote))
    )


READABLE = frozenset({"readable", "supplied_text"})
"""Source statuses whose text was read: the sources a quotation is looked for in."""
