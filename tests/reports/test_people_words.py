"""Text meant for people carries no machine codes (issue 20, item 17)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from quote_tui.reports.common import locator_text
from quote_tui.reports.markdown import render_markdown
from quote_tui.reports.terminal import render_terminal


def _report(citation: dict, source: dict | None = None) -> dict:
    source = source or {"id": "s1", "title": "A & B <Notes>"}
    return {
        "summary": {"citations": 1},
        "sources": [source],
        "citations": [{"id": "c1", "source": "s1", **citation}],
    }


def test_markdown_says_what_to_do_and_escapes_without_entities() -> None:
    error = {"code": "file_not_found", "message": "No file at a&b.txt.", "recovery": "fix_input"}
    text = render_markdown(_report({"status": "unavailable", "quote": "x > y", "error": error}))
    assert "next:" not in text and "fix_input" not in text
    assert "check the path or reference you gave" in text
    assert "&amp;" not in text and "&gt;" not in text
    assert "a\\&b.txt" in text and "x \\> y" in text


def test_a_case_only_difference_is_near_and_says_so() -> None:
    diff = {"kind": "case", "quote": "four", "source": "Four", "critical": False}
    match = {"similarity": 0.998, "text": "Four score", "differences": [diff]}
    report = _report({"status": "near", "quote": "four score", "matches": [match]})
    text = "\n".join(render_terminal(report, colour=False).splitlines()[:2])
    assert "differs only in case" in text and "misquoted" not in text
    assert "Near" in text


def test_cli_errors_give_the_hint_in_words(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "quote_tui", "check", str(tmp_path / "nosuch.json")],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 2
    assert "recovery:" not in run.stderr and "fix_input" not in run.stderr
    json.dumps(run.stderr)


def test_no_line_says_instead_twice() -> None:
    """The terminal report once read "instead found in [jones] (line 2) instead"."""
    import asyncio

    from quote_tui.api import check_batch, parse_batch
    from quote_tui.reports import render_html

    batch = parse_batch(
        {
            "sources": [
                {"id": "smith", "text": "Smith wrote that the tide turns twice a day."},
                {
                    "id": "jones",
                    "text": "Préface.\nJones held that “the moon pulls the sea” always.",
                },
            ],
            "citations": [{"id": "c1", "source": "smith", "quote": "the moon pulls the sea"}],
        }
    )
    report = asyncio.run(check_batch(batch))
    for text in (render_terminal(report), render_markdown(report), render_html(report)):
        said = text.replace("\\", "")
        assert "found in [jones] (line 2) instead" in said
        assert not [line for line in said.splitlines() if line.count("instead") > 1], said


def test_a_locator_is_said_as_a_reader_says_it() -> None:
    assert locator_text({"label": "page", "value": "4"}) == "p. 4"
    assert locator_text({"label": "page", "value": "33-35"}) == "pp. 33-35"
    assert locator_text({"label": "page", "value": "12, 14"}) == "pp. 12, 14"
    # a page's note is one page, not a list
    assert locator_text({"label": "page", "value": "157, footnote"}) == "p. 157, footnote"
    assert locator_text({"label": "chapter", "value": "12"}) == "chapter 12"
