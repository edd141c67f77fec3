"""Every rendering shows the one outcome: a critical difference is named "critical" on the line
or heading that names its verdict and counted apart from faithful citations; a cited page that
differs and a claim that disagrees are named on the citation's line and counted."""

from __future__ import annotations

import asyncio
import re
from html.parser import HTMLParser
from typing import Any

import pytest

from quote_tui.api import outcome_of, render, tally
from quote_tui.batch.pipeline import check_batch
from quote_tui.batch.specs import Batch, CitationSpec, SourceSpec
from quote_tui.gate.sarif import to_sarif

TEXT = (
    "In the trial, the vaccine was not effective in older patients, the authors said.\n"
    "The second dose was given after 21 days to every patient."
)
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _report() -> dict[str, Any]:
    """Five citations: a normalized quotation hiding "not", an exact one on the wrong page, an
    exact one a model answer places where it does not stand, a near one dropping "not", and a
    harmless near one."""
    batch = Batch(
        (SourceSpec("s", text=TEXT),),
        (
            CitationSpec("hides", "s", "vaccine was … effective in older patients"),
            CitationSpec("paged", "s", "the authors said"),
            CitationSpec(
                "claims", "s", "second dose was given", extra={"claimed": {"start": 0, "end": 5}}
            ),
            CitationSpec("drops", "s", "the vaccine was effective in older patients"),
            CitationSpec("slight", "s", "The second dose was given after 21 days to each patient"),
        ),
    )
    report = asyncio.run(check_batch(batch))
    # the page check as a paged source's reader gives it (a text in hand has no printed pages)
    paged = report["citations"][1]
    paged["page_check"] = {"status": "differs", "cited": 12, "found": 11, "pdf_page": 1}
    paged["outcome"] = outcome_of(paged).to_dict()
    report["outcomes"] = tally(report["citations"])
    return report


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    return _report()


def test_the_json_report_carries_each_outcome_and_counts_them(report: dict[str, Any]) -> None:
    by_id = {c["id"]: c for c in report["citations"]}
    assert [c["status"] for c in report["citations"]] == [
        "normalized",
        "exact",
        "exact",
        "near",
        "near",
    ]
    assert by_id["hides"]["outcome"]["label"] == "‼ Normalized — critical omission"
    assert by_id["drops"]["outcome"]["label"].endswith("— critical negation")
    assert "critical" not in by_id["slight"]["outcome"]["label"]
    counts = report["outcomes"]
    assert (counts["exact"], counts["normalized"], counts["critical"], counts["near"]) == (
        2,
        0,
        2,
        1,
    )
    assert counts["page_differs"] == 1 and counts["claim_disagrees"] == 1


def _line(text: str, needle: str) -> str:
    return next(line for line in text.splitlines() if needle in line)


@pytest.mark.parametrize("colour", [True, False])
def test_the_terminal_names_and_counts_them(report: dict[str, Any], colour: bool) -> None:
    out = _ANSI.sub("", render(report, "terminal", colour=colour))
    head = out.splitlines()[0]
    assert head.startswith("5 citations: 2 found as quoted; 2 critical differences, 1 near.")
    assert "1 cited page differs" in head and "1 claimed place disagrees" in head
    assert "critical omission" in _line(out, "[hides]")
    assert "critical negation" in _line(out, "[drops]")
    assert "critical" not in _line(out, "[slight]")
    assert "cited page 12, found on page 11" in _line(out, "[paged]")
    assert "claimed place disagrees (offsets 0–5)" in _line(out, "[claims]")
    # the citations to look at are expanded, not one line each
    assert "  pages   ✗ cited page 12, found on page 11" in out
    assert "  claimed ✗ claimed place disagrees (offsets 0–5)" in out


def test_the_cli_at_a_terminal_names_them(
    report: dict[str, Any], monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    import io
    import json
    import sys

    from quote_tui.cli import main

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    batch = {
        "sources": [{"id": "s", "text": TEXT}],
        "citations": [
            {"id": "hides", "source": "s", "quote": "vaccine was … effective in older patients"},
            {"id": "ok", "source": "s", "quote": "the authors said"},
        ],
    }
    path = tmp_path / "batch.json"
    path.write_text(json.dumps(batch), encoding="utf-8")
    screen = Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.setenv("NO_COLOR", "1")
    main(["check", str(path), "--offline"])
    out = screen.getvalue()
    assert out.startswith("2 citations: 1 found as quoted; 1 critical difference.")
    assert "[hides] ‼ Normalized — critical omission" in out


def test_markdown_names_and_counts_them(report: dict[str, Any]) -> None:
    md = render(report, "markdown")
    assert "### ‼ Normalized — critical omission — hides" in md
    assert "### ‼ Near — critical negation — drops" in md
    assert "| ‼ Critical difference | 2 |" in md
    assert "| ≈ Normalized |" not in md  # the critical one is not counted as faithful
    assert "| ✓ Exact | 2 |" in md and "| ~ Near | 1 |" in md
    assert "### ✓ Exact — paged · cited page 12, found on page 11" in md
    assert "### ✓ Exact — claims · claimed place disagrees (offsets 0–5)" in md
    assert "| cited page differs | 1 |" in md and "| claimed place disagrees | 1 |" in md


class _Cards(HTMLParser):
    """Each article's classes and its first line's text."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: dict[str, tuple[str, str]] = {}
        self.rows: list[str] = []
        self._card: str | None = None
        self._classes = ""
        self._depth = 0
        self._text: list[str] = []
        self._row: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "article":
            self._card, self._classes, self._text = found.get("id"), found.get("class") or "", []
        if tag == "dl":
            self._depth = 1  # the verdict's line ends where the facts begin
        if tag == "tr":
            self._row = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "dl" and self._card is not None:
            self.cards[self._card] = (self._classes, "".join(self._text))
            self._card = None
        if tag == "tr" and self._row is not None:
            self.rows.append(" ".join(self._row))
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._card is not None:
            self._text.append(data)
        if self._row is not None:
            self._row.append(data.strip())


def test_html_names_colours_and_counts_them(report: dict[str, Any]) -> None:
    parser = _Cards()
    parser.feed(render(report, "html"))
    classes, line = parser.cards["hides"]
    assert "Normalized — critical omission" in line
    assert "attn" in classes.split()  # the warning colour, not the faithful green
    classes, line = parser.cards["paged"]
    assert "cited page 12, found on page 11" in line and "attn" in classes.split()
    assert "claimed place disagrees" in parser.cards["claims"][1]
    assert parser.cards["slight"][0] == "near"
    assert "‼ Critical difference 2" in " ".join(parser.rows[:8])
    assert any(row.startswith("cited page differs 1") for row in parser.rows)
    assert any(row.startswith("claimed place disagrees 1") for row in parser.rows)


def test_sarif_reports_a_critical_difference_and_what_was_noticed(report: dict[str, Any]) -> None:
    log = to_sarif(report=report, fallback_file="batch.json")
    results = {r["properties"]["citation"]: r for r in log["runs"][0]["results"]}
    assert results["hides"]["ruleId"] == "citation/critical"
    assert results["hides"]["level"] == "error"
    assert results["hides"]["message"]["text"].startswith("‼ Normalized — critical omission")
    assert results["drops"]["ruleId"] == "citation/critical"
    assert results["slight"]["ruleId"] == "citation/near"
    assert results["paged"]["ruleId"] == "citation/page_differs"
    assert results["paged"]["level"] == "warning"
    assert results["claims"]["ruleId"] == "citation/claim_disagrees"
