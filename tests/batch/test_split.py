"""A large source's citations checked in forked copies give the report checked in turn."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

import pytest

from quote_tui.batch import split
from quote_tui.batch.pipeline import check_batch, stream_batch
from quote_tui.batch.service import Service
from quote_tui.batch.specs import Batch, CitationSpec, Settings, SourceSpec

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="splits on Linux")

WORDS = (
    "the",
    "committee",
    "found",
    "that",
    "results",
    "were",
    "not",
    "significant",
    "at",
    "five",
    "percent",
    "level",
)
TEXT = " ".join(WORDS[(i * 7 + i // 3) % len(WORDS)] for i in range(3000)) + "\n"


def _batch() -> Batch:
    quotes: list[Any] = []
    for i in range(14):
        start = TEXT.index(" ", 150 * i) + 1
        quote = TEXT[start : start + 60 + 5 * i]
        if i % 4 == 1:
            quote = quote.replace(" ", "\n", 2)
        elif i % 4 == 2:
            quote = quote[:20] + "x" + quote[21:]
        elif i % 4 == 3:
            quote = "a sentence that the text never holds, in any form at all"
        quotes.append(quote)
    quotes += ["", None, 42]  # an unusable quotation, a link check, a malformed entry
    return Batch(
        (SourceSpec("s", text=TEXT), SourceSpec("small", text="A short text.")),
        tuple(CitationSpec(f"c{i}", "s", q) for i, q in enumerate(quotes))
        + (CitationSpec("d", "small", "short"),),
    )


def _report(monkeypatch: pytest.MonkeyPatch, *, parts: int) -> dict[str, Any]:
    monkeypatch.setattr(split, "_MIN_CHARS", 1000)
    monkeypatch.setattr(split, "_cores", lambda: parts)
    report = asyncio.run(check_batch(_batch(), Settings()))
    report.pop("created")
    return report


def test_split_parts_follow_cores_size_and_count(monkeypatch: pytest.MonkeyPatch) -> None:
    batch = _batch()
    big, small = (asyncio.run(Service().load_source(spec)) for spec in batch.sources)
    monkeypatch.setattr(split, "_MIN_CHARS", 1000)
    monkeypatch.setattr(split, "_cores", lambda: 3)
    assert split.split_parts(batch.citations, big) == 3  # 15 quotations: 4 or more a part
    assert split.split_parts(batch.citations[:7], big) == 1  # 6 quotations: too few to split
    assert split.split_parts(batch.citations, small) == 1  # a short text
    assert split.split_parts(batch.citations, None) == 1
    monkeypatch.setattr(split, "_cores", lambda: 1)
    assert split.split_parts(batch.citations, big) == 1


def test_split_report_equals_the_report_checked_in_turn(monkeypatch) -> None:
    in_turn = _report(monkeypatch, parts=1)
    assert _report(monkeypatch, parts=3) == in_turn
    statuses = {c["status"] for c in in_turn["citations"]}
    assert {"exact", "near", "not_found", "error", "link_ok"} <= statuses


def test_a_copys_claimed_places_are_settled_as_in_turn(monkeypatch) -> None:
    batch = _batch()
    claims = []
    for spec in batch.citations:
        quote = spec.quote if isinstance(spec.quote, str) else ""
        start = TEXT.find(quote) if quote else -1
        place = (
            {"start": start, "end": start + len(quote)} if start >= 0 else {"start": 0, "end": 9}
        )
        claims.append(CitationSpec(spec.id, spec.source, spec.quote, extra={"claimed": place}))
    claimed = Batch(batch.sources, tuple(claims))
    monkeypatch.setattr(split, "_MIN_CHARS", 1000)
    reports = []
    for parts in (1, 3):
        monkeypatch.setattr(split, "_cores", lambda parts=parts: parts)
        report = asyncio.run(check_batch(claimed, Settings()))
        report.pop("created")
        reports.append(report)
    in_turn, in_copies = reports
    assert in_copies == in_turn
    agrees = [c["claimed"].get("agrees", "unsettled") for c in in_copies["citations"]]
    assert "unsettled" not in agrees and True in agrees and False in agrees


def test_a_copy_that_fails_has_its_citations_checked_here(monkeypatch) -> None:
    in_turn = _report(monkeypatch, parts=1)

    async def broken(*args: object) -> list[dict[str, Any]]:
        raise RuntimeError("a copy that fails")

    monkeypatch.setattr(split, "_check_share", broken)
    assert _report(monkeypatch, parts=3) == in_turn


def test_a_stuck_copy_is_killed_at_its_deadline_and_its_citations_checked_here(
    monkeypatch,
) -> None:
    monkeypatch.setattr(split, "_MIN_CHARS", 1000)
    monkeypatch.setattr(split, "_cores", lambda: 2)
    monkeypatch.setattr(split, "_COPY_MARGIN", 1.0)

    async def stuck(*args: object) -> list[dict[str, Any]]:
        await asyncio.sleep(3600)  # a copy that never answers (a lock it can never take)
        return []

    monkeypatch.setattr(split, "_check_share", stuck)
    settings = Settings(citation_timeout=0.2)  # 7 citations a copy: stuck for over 2.4 s
    start = time.monotonic()
    report = asyncio.run(check_batch(_batch(), settings))
    assert time.monotonic() - start < 60
    monkeypatch.setattr(split, "_cores", lambda: 1)
    in_turn = asyncio.run(check_batch(_batch(), settings))
    assert [c["status"] for c in report["citations"]] == [c["status"] for c in in_turn["citations"]]


def test_streamed_lines_keep_batch_order(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(split, "_MIN_CHARS", 1000)
    monkeypatch.setattr(split, "_cores", lambda: 2)
    out = tmp_path / "r.jsonl"
    asyncio.run(stream_batch(_batch(), Settings(), out))
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    ids = [line["id"] for line in lines if line.get("source") == "s" and "quote" in line]
    cited = [i for i in ids if i.startswith("c")]
    assert cited == sorted(cited, key=lambda i: int(i[1:]))
