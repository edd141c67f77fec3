"""Misattribution: a quotation not in its cited source but in another source of the batch."""

from __future__ import annotations

import json
from importlib import resources

import jsonschema

from quote_tui.batch import elsewhere
from quote_tui.batch.pipeline import check_batch
from quote_tui.batch.specs import Batch, CitationSpec, SourceSpec

SMITH = "Smith wrote that the tide turns twice a day.\nNothing else."
JONES = "Préface.\nJones held that “the moon pulls the sea” in every season."


def _batch() -> Batch:
    return Batch(
        (SourceSpec("smith", text=SMITH), SourceSpec("jones", text=JONES)),
        (
            CitationSpec("right", "smith", "the tide turns twice a day"),
            CitationSpec("wrong", "smith", '"the moon pulls the sea"'),
            CitationSpec("nowhere", "smith", "words that stand in no source at all"),
        ),
    )


async def test_a_misattributed_quotation_stays_not_found_and_says_where_it_stands() -> None:
    report = await check_batch(_batch())
    right, wrong, nowhere = report["citations"]
    assert right["status"] == "exact" and "found_in" not in right
    assert nowhere["status"] == "not_found" and "found_in" not in nowhere
    assert wrong["status"] == "not_found"
    [place] = wrong["found_in"]
    assert place["source"] == "jones"
    assert place["kind"] == "exact"  # quotation marks around it are no rule
    assert JONES[place["start"] : place["end"]] == place["text"] == "the moon pulls the sea"
    assert JONES.encode()[place["utf8_start"] : place["utf8_end"]].decode() == place["text"]
    assert place["line_start"] == 2
    schema = json.loads(
        resources.files("quote_tui.batch").joinpath("report.schema.json").read_text("utf-8")
    )
    jsonschema.validate(report, schema)


async def test_the_search_is_skipped_past_its_bounds(monkeypatch) -> None:
    monkeypatch.setattr(elsewhere, "MAX_QUOTES", 1)
    report = await check_batch(_batch())
    assert all("found_in" not in c for c in report["citations"])


async def test_a_single_source_batch_has_nowhere_else_to_look() -> None:
    batch = Batch((SourceSpec("smith", text=SMITH),), (CitationSpec("c", "smith", "moon"),))
    report = await check_batch(batch)
    assert report["citations"][0]["status"] == "not_found"
    assert "found_in" not in report["citations"][0]


async def test_every_human_report_says_where_the_words_stand_instead() -> None:
    from quote_tui.reports import render_html, render_markdown
    from quote_tui.reports.terminal import render_terminal

    report = await check_batch(_batch())
    for text in (render_markdown(report), render_html(report), render_terminal(report)):
        said = text.replace("\\", "")
        assert "found in [jones] (line 2) instead" in said, said


async def test_a_word_or_two_is_not_looked_for_elsewhere() -> None:
    batch = Batch(
        (SourceSpec("smith", text=SMITH), SourceSpec("jones", text=JONES)),
        (CitationSpec("short", "smith", "the moon"),),
    )
    report = await check_batch(batch)
    assert report["citations"][0]["status"] == "not_found"
    assert "found_in" not in report["citations"][0]
