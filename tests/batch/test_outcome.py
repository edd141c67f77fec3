"""One outcome per citation, derived once: what the verdict says and what a reader must not miss."""

from __future__ import annotations

import asyncio
import json
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from quote_tui.batch.outcome import (
    HEADINGS,
    LOOKS,
    NOTICE_KINDS,
    Tone,
    derive,
    outcome_of,
    outcome_of_check,
    tally,
)
from quote_tui.batch.pipeline import check_batch, stream_batch
from quote_tui.batch.specs import Batch, CitationSpec, Settings, SourceSpec
from quote_tui.engine.check import check
from quote_tui.engine.text import PreparedText

VACCINE = "In the trial, the vaccine was not effective in older patients, the authors said."
SMITH = "Smith wrote that the tide turns twice a day.\nNothing else."
JONES = "Préface.\nJones held that “the moon pulls the sea” in every season."


def _schema() -> dict:
    text = resources.files("quote_tui.batch").joinpath("report.schema.json").read_text("utf-8")
    return json.loads(text)


def _entry(quote: str, text: str = VACCINE) -> dict:
    report = asyncio.run(
        check_batch(Batch((SourceSpec("s", text=text),), (CitationSpec("c", "s", quote),)))
    )
    return report["citations"][0]


def test_a_normalized_match_whose_ellipsis_hides_not_is_never_called_faithful() -> None:
    entry = _entry("vaccine was … effective in older patients")
    assert entry["status"] == "normalized"
    outcome = outcome_of(entry)
    assert outcome.label == "‼ Normalized — critical omission"
    assert outcome.heading == "critical" and not outcome.faithful and outcome.attention
    assert outcome.look.tone is Tone.WARN  # the warning colour, never the faithful one
    assert "meaning changes" in outcome.meaning
    assert entry["outcome"] == outcome.to_dict()


def test_a_near_match_that_drops_not_reads_apart_from_a_harmless_near() -> None:
    dropped = outcome_of(_entry("the vaccine was effective in older patients"))
    harmless = outcome_of(_entry("the vaccine was not effective in old patients"))
    assert dropped.status == harmless.status == "near"
    assert dropped.label.startswith("‼ Near ") and dropped.label.endswith("— critical negation")
    assert harmless.label.startswith("~ Near ") and "critical" not in harmless.label
    assert (dropped.heading, harmless.heading) == ("critical", "near")
    assert dropped.look.tone is Tone.BAD and harmless.look.tone is Tone.WARN


def test_a_faithful_quotation_on_the_wrong_page_or_claimed_place_is_noticed() -> None:
    outcome = derive(
        "exact",
        page_check={"status": "differs", "cited": 12, "found": 11},
        claimed={"pages": [3, 3], "agrees": False},
    )
    assert outcome.faithful and outcome.attention
    assert outcome.label == "✓ Exact"
    assert outcome.headline == (
        "✓ Exact · cited page 12, found on page 11; claimed place disagrees (page 3)"
    )
    counts = tally([outcome, derive("exact")])
    assert counts["citations"] == 2 and counts["exact"] == 2
    assert counts["page_differs"] == 1 and counts["claim_disagrees"] == 1


def test_references_text_outside_the_main_text_and_other_sources_are_noticed() -> None:
    outcome = derive("exact", reference="retracted", outside_main_text=True, found_in=0)
    assert [n.kind for n in outcome.notices] == ["outside_main_text", "reference_retracted"]
    assert [n.kind for n in derive("exact", reference="metadata_mismatch").notices] == [
        "reference_mismatch"
    ]
    assert derive("exact", reference="verified").notices == ()
    assert derive("not_found", found_in=2).notices[0].text == "found in 2 other sources"


def test_every_heading_and_notice_is_counted_and_has_a_look() -> None:
    counts = tally(())
    assert list(counts) == ["citations", *HEADINGS, *NOTICE_KINDS]
    assert all(h in LOOKS for h in HEADINGS)


@pytest.mark.parametrize(
    "quote",
    [
        "vaccine was … effective in older patients",
        "the vaccine was effective in older patients",
        "the vaccine was not effective in old patients",
        "the vaccine was not effective",
        "nothing like it at all in this text",
        "The vaccine was [not] effective",
    ],
)
def test_the_typed_check_and_its_report_entry_give_the_same_outcome(quote: str) -> None:
    entry = _entry(quote)
    result = check(PreparedText(VACCINE), quote)
    assert outcome_of_check(str(result.status), result) == outcome_of(entry)


def _claims_batch() -> Batch:
    return Batch(
        (SourceSpec("smith", text=SMITH), SourceSpec("jones", text=JONES)),
        (
            CitationSpec("right", "smith", "the tide turns twice a day"),
            CitationSpec("wrong", "smith", '"the moon pulls the sea"'),
            CitationSpec(
                "claims", "smith", "the tide turns", extra={"claimed": {"start": 0, "end": 5}}
            ),
            CitationSpec(
                "fills", "smith", "the tide turns", extra={"claimed": {"start": 17, "end": 31}}
            ),
        ),
    )


def test_a_jsonl_report_carries_found_in_claimed_and_outcomes(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    asyncio.run(stream_batch(_claims_batch(), Settings(), out))
    lines = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    streamed = {line["id"]: line for line in lines if line["type"] == "citation"}
    assert streamed["wrong"]["found_in"][0]["source"] == "jones"
    assert streamed["claims"]["claimed"]["agrees"] is False
    assert streamed["fills"]["claimed"]["agrees"] is True
    assert streamed["claims"]["outcome"]["notices"][0]["kind"] == "claim_disagrees"
    summary = lines[-1]
    assert summary["outcomes"]["claim_disagrees"] == 1
    assert summary["outcomes"]["found_elsewhere"] == 1
    # the same lines as the report in memory, field for field
    report = asyncio.run(check_batch(_claims_batch()))
    for entry in report["citations"]:
        line = {k: v for k, v in streamed[entry["id"]].items() if k != "type"}
        assert line == entry
    assert report["outcomes"] == summary["outcomes"]
    jsonschema.validate(report, _schema())


def test_a_streamed_source_keeps_its_lines_in_order_behind_a_waiting_quotation(
    tmp_path: Path,
) -> None:
    out = tmp_path / "r.jsonl"
    batch = Batch(
        (SourceSpec("smith", text=SMITH), SourceSpec("jones", text=JONES)),
        (
            CitationSpec("a", "smith", '"the moon pulls the sea"'),
            CitationSpec("b", "smith", "the tide turns twice a day"),
            CitationSpec("c", "jones", "the moon pulls the sea"),
        ),
    )
    asyncio.run(stream_batch(batch, Settings(), out))
    lines = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    smith = [line["id"] for line in lines if line.get("source") == "smith"]
    assert smith == ["a", "b"]
    assert lines[[x.get("id") for x in lines].index("a")]["found_in"][0]["source"] == "jones"


def test_a_streamed_run_past_the_waiting_bound_writes_its_lines_without_the_search(
    tmp_path: Path, monkeypatch
) -> None:
    from quote_tui.batch import stages

    monkeypatch.setattr(stages, "MAX_WAITING", 0)
    out = tmp_path / "r.jsonl"
    asyncio.run(stream_batch(_claims_batch(), Settings(), out))
    lines = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    wrong = next(line for line in lines if line.get("id") == "wrong")
    assert wrong["status"] == "not_found" and "found_in" not in wrong
    assert "outcome" in wrong


def test_a_streamed_run_past_the_quotation_bound_writes_its_lines_without_the_search(
    tmp_path: Path, monkeypatch
) -> None:
    from quote_tui.batch import stages

    monkeypatch.setattr(stages, "MAX_QUOTES", 0)  # the first waiting quotation is one too many
    out = tmp_path / "r.jsonl"
    asyncio.run(stream_batch(_claims_batch(), Settings(), out))
    lines = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    wrong = next(line for line in lines if line.get("id") == "wrong")
    assert "found_in" not in wrong and wrong["outcome"]["heading"] == "not_found"
    assert lines[-1]["outcomes"]["found_elsewhere"] == 0
