"""The strict rule, through what callers see: ``api.exit_code(report, strict=True)`` and the CLI.

A citation passes ``--strict`` only when its verdict is exact or normalized and none of its
matches hides a negation or a number; any one failing citation fails the run. Progress figures
(rate, time left) are checked here too: the CLI's progress line shows them.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from quote_tui import api
from quote_tui.cli import main

SOURCE = (
    "The drug did not reduce mortality in the trial. "
    "The drug did so reduce mortality in the trial. "
    "The dose was given twice a day to adults.\n"
)


def _report(quote: str, source: str = SOURCE) -> dict[str, Any]:
    check = asyncio.run(api.check_quote(quote, text=source))
    return check.to_dict()


@pytest.mark.parametrize(
    ("quote", "status", "code"),
    [
        ("The dose was given twice a day", "exact", api.EXIT_OK),
        ("The  dose was given  twice a day", "normalized", api.EXIT_OK),
        ("The dose was given ... a day", "normalized", api.EXIT_STRICT),  # hides "twice"
        ("The dose was given three times a day", "near", api.EXIT_STRICT),
        ("Nothing of the kind stands in this source at all", "not_found", api.EXIT_STRICT),
    ],
)
def test_strict_passes_only_faithful_quotations(quote: str, status: str, code: int) -> None:
    report = _report(quote)
    assert report["citations"][0]["status"] == status
    assert api.exit_code(report, strict=True) == code
    assert api.exit_code(report, strict=False) == api.EXIT_OK


def test_one_match_of_two_hiding_a_negation_fails_strict() -> None:
    report = _report("The drug did ... reduce mortality")
    citation = report["citations"][0]
    assert citation["status"] == "normalized"
    assert [m["critical"] for m in citation["matches"]] == [True, False]
    assert api.exit_code(report, strict=True) == api.EXIT_STRICT
    swapped = {**citation, "matches": citation["matches"][::-1]}
    assert api.exit_code({**report, "citations": [swapped]}, strict=True) == api.EXIT_STRICT
    clean = {**citation, "matches": citation["matches"][1:]}
    assert api.exit_code({**report, "citations": [clean]}, strict=True) == api.EXIT_OK


def test_one_failing_citation_fails_the_whole_run() -> None:
    good = _report("The dose was given twice a day")["citations"][0]
    bad = _report("The dose was given three times a day")["citations"][0]
    for citations in ([good, bad], [bad, good], [bad]):
        report = {"citations": citations}
        assert api.exit_code(report, strict=True) == api.EXIT_STRICT
    assert api.exit_code({"citations": [good, good]}, strict=True) == api.EXIT_OK
    assert api.exit_code({"citations": []}, strict=True) == api.EXIT_OK


def test_a_citation_that_could_not_be_checked_fails_strict(tmp_path: Path) -> None:
    check = asyncio.run(api.check_quote("a quotation", str(tmp_path / "missing.txt")))
    report = check.to_dict()
    assert report["citations"][0]["status"] not in ("exact", "normalized")
    assert api.exit_code(report, strict=True) == api.EXIT_STRICT
    for status in ("error", "unreferenced"):
        entry = {"status": status, "matches": None}
        assert api.exit_code({"citations": [entry]}, strict=True) == api.EXIT_STRICT


def test_strict_on_the_command_line(tmp_path: Path) -> None:
    (tmp_path / "source.txt").write_text(SOURCE, encoding="utf-8")
    batch = tmp_path / "batch.json"
    quotes = {"ok": "The dose was given twice a day", "two": "The drug did ... reduce mortality"}
    citations = [{"id": k, "source": "s1", "quote": q} for k, q in quotes.items()]
    batch.write_text(
        json.dumps({"sources": [{"id": "s1", "ref": "source.txt"}], "citations": citations}),
        encoding="utf-8",
    )
    out = tmp_path / "report.json"
    assert main(["check", str(batch), "-o", str(out), "--strict"]) == api.EXIT_STRICT
    assert main(["check", str(batch), "-o", str(out)]) == api.EXIT_OK


# --- progress figures


def test_progress_rate_and_time_left() -> None:
    p = api.Progress(citations_done=5, citations_total=20, elapsed=10.0)
    assert p.rate == 0.5
    assert p.remaining == 30.0
    done = api.Progress(citations_done=20, citations_total=20, elapsed=4.0)
    assert done.rate == 5.0
    assert done.remaining == 0.0


def test_progress_before_the_first_citation_or_the_first_tick_knows_no_rate() -> None:
    assert api.Progress(0, 20, elapsed=3.0).rate == 0.0
    assert api.Progress(0, 20, elapsed=3.0).remaining is None
    assert api.Progress(3, 20, elapsed=0.0).rate == 0.0
    assert api.Progress(3, 20, elapsed=0.0).remaining is None
    assert api.Progress(3, 20, elapsed=-1.0).rate == 0.0


def test_progress_counts_sources_from_nothing_and_time_from_zero() -> None:
    p = api.Progress(1, 4)
    assert (p.sources_done, p.sources_total, p.elapsed) == (0, 0, 0.0)
    assert p.rate == 0.0
    assert p.remaining is None
    quick = api.Progress(1, 4, elapsed=0.5)
    assert quick.rate == 2.0
    assert quick.remaining == 1.5
    with pytest.raises(AttributeError):
        quick.elapsed = 1.0  # type: ignore[misc]
