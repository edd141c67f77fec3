"""Report schema v1: the only serializer of results (written by ``quote_tui._output``).

Every report's entries are made here (``source_entry``, ``citation_line``, ``report_head``), and
put together in batch order by the pipeline's memory sink, so a report from the CLI, the servers
and the app has the same shape; ``report.schema.json`` beside this module documents it field by
field.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from quote_tui._output import atomic_write
from quote_tui._untrusted import scrub
from quote_tui._version import __version__
from quote_tui.batch.checked import CheckedCitation, checked_citation
from quote_tui.batch.outcomes import EXTRA_STATUSES, CitationOutcome, SourceOutcome
from quote_tui.batch.specs import Settings
from quote_tui.engine.records import Status

SCHEMA = "quote_tui.report"
SCHEMA_VERSION = 1
SUMMARY_KEYS = (*(str(s) for s in Status), *EXTRA_STATUSES, "link_ok")


def source_entry(outcome: SourceOutcome) -> dict[str, Any]:
    """The report's object for one source."""
    spec, loaded = outcome.spec, outcome.loaded
    entry: dict[str, Any] = {
        "id": spec.id,
        # "text" marks supplied text; a source with neither (a work a scan found no way to) has none
        "ref": spec.ref if spec.ref is not None else ("text" if spec.text is not None else None),
        "status": outcome.status,
        "representation": None,
        "title": spec.title,
        "characters": 0,
        "pages": None,
        "truncated": False,
        "checked_text_sha256": None,
        "content_sha256": None,
        "error": outcome.error.to_dict() if outcome.error else None,
    }
    if loaded is not None:
        retrieval, prepared = loaded.retrieval, loaded.prepared
        entry.update(
            representation=str(retrieval.representation),
            title=retrieval.title or spec.title,
            characters=len(prepared.text),
            pages=prepared.page_count or None,
            truncated=prepared.truncated,
            checked_text_sha256=prepared.sha256,
            content_sha256=retrieval.content_sha256,
            retrieval=retrieval.to_dict(),
        )
        if retrieval.ocr:  # the text was read from page images: OCR errors are possible
            entry["ocr"] = True
    for key, value in spec.extra.items():
        entry.setdefault(key, value)
    return entry


def citation_entry(outcome: CitationOutcome, source: SourceOutcome | None) -> dict[str, Any]:
    """The report's object for one citation checked against ``source``, before the last stages."""
    return citation_line(checked_citation(outcome, source))


def citation_line(record: CheckedCitation) -> dict[str, Any]:
    """The report's object for one checked citation: the one place a record is serialized."""
    outcome = record.checked
    spec, result = outcome.spec, outcome.result
    entry: dict[str, Any] = {
        "id": spec.id,
        "source": spec.source,
        "quote": scrub(spec.quote),
        "status": outcome.status,
        "match_count": 0,
        "matches_truncated": False,
        "best_similarity": 0.0,
        "matches": [],
        "error": outcome.error.to_dict() if outcome.error else None,
    }
    if result is not None:
        matches = []
        for i, match in enumerate(result.matches):
            item = match.to_dict()
            if record.printed_pages:
                item["printed_page_start"], item["printed_page_end"] = record.printed_pages[i]
            matches.append(item)
        entry.update(
            match_count=result.match_count,
            matches_truncated=result.matches_truncated,
            best_similarity=round(result.best_similarity, 4),
            matches=matches,
        )
        if result.match_count_lower_bound:
            entry["match_count_lower_bound"] = True
    if outcome.outside_main_text:
        entry["outside_main_text"] = True
    if record.copy_version is not None:  # a preprint or accepted manuscript was checked
        entry["copy_version"] = record.copy_version
    if outcome.why is not None:
        entry["reason"] = outcome.why
    if outcome.note is not None:
        entry["note"] = outcome.note
    if spec.locator is not None:
        entry["locator"] = spec.locator
    if outcome.page_check is not None:
        entry["page_check"] = outcome.page_check
    for key, value in spec.extra.items():
        entry.setdefault(key, value)
    # the settled claim stands where the batch's own ``claimed`` stood
    if record.claimed is not None:
        entry["claimed"] = dict(record.claimed)
    if record.found_in:
        entry["found_in"] = [dict(item) for item in record.found_in]
    if record.outcome is not None:
        entry["outcome"] = record.outcome.to_dict()
    return entry


def report_head(settings: Settings, created: str) -> dict[str, Any]:
    """The fields a report opens with: format, tool, settings (also a JSONL report's header)."""
    return {
        "schema": SCHEMA,
        "schema_version": SCHEMA_VERSION,
        "created": created,
        "tool": {"name": "quote_tui", "version": __version__},
        "settings": {
            "matching": settings.options.to_dict(),
            "max_source_chars": settings.max_source_chars,
            "citation_timeout": settings.citation_timeout,
            "read_timeout": settings.read_timeout,
        },
        "offsets": (
            "code points into each source's checked text"
            " (utf16_* in UTF-16 code units, utf8_* in UTF-8 bytes)"
        ),
    }


def summarize(statuses: Iterable[str]) -> dict[str, int]:
    """The report's ``summary``: how many citations, then one count per status."""
    counts = Counter(statuses)
    summary: dict[str, int] = {"citations": counts.total()}
    summary.update({key: 0 for key in SUMMARY_KEYS})
    summary.update(counts)
    return summary


def dumps(report: dict[str, Any]) -> str:
    """Serialize a report dict; stable key order and real Unicode characters.

    A lone surrogate is refused where it comes in (``_untrusted``); should one reach a report
    anyway, it is written as U+FFFD rather than making the report unwritable.
    """
    return scrub(json.dumps(report, ensure_ascii=False, indent=2)) + "\n"


def write_report(report: dict[str, Any], path: str | Path) -> Path:
    """Write a report dict to ``path`` atomically."""
    return atomic_write(path, dumps(report))
