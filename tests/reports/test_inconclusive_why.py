"""Every report says why a verdict is inconclusive: a quotation that differs from a PDF's text
layer only at a glyph its font leaves unmapped is named as such in the text, Markdown, HTML and
SARIF renderings, not only in the JSON's ``note``."""

from __future__ import annotations

from typing import Any

import pytest

from quote_tui.api import check_batch, outcome_of, parse_batch, render, run
from quote_tui.gate.sarif import to_sarif
from tests.batch.test_unread_glyphs import AS_IS, PRINTED, _pua_pdf

QUOTE = "A Markdown-formatted document should be publishable" + AS_IS


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("pua") / "ligature.pdf"
    path.write_bytes(_pua_pdf(PRINTED))
    batch = {
        "sources": [{"id": "s", "ref": str(path)}],
        "citations": [{"id": "lig", "source": "s", "quote": QUOTE}],
    }
    out = run(lambda: check_batch(parse_batch(batch)))
    entry = out["citations"][0]
    assert entry["status"] == "inconclusive" and entry["reason"] == "unmapped_font"
    return out


def test_the_outcome_carries_the_note_as_its_meaning(report: dict[str, Any]) -> None:
    outcome = outcome_of(report["citations"][0])
    assert outcome.note is not None and "U+E03C" in outcome.note
    assert outcome.meaning == outcome.why == outcome.note
    # a near match left inconclusive was found: "not found" would say the opposite
    assert "not found" not in outcome.meaning


@pytest.mark.parametrize("fmt", ["terminal", "markdown", "html"])
def test_each_report_names_the_unread_glyph(report: dict[str, Any], fmt: str) -> None:
    text = render(report, fmt)
    assert "could not read U+E03C" in text
    assert "not found in a text known to be incomplete" not in text


def test_the_sarif_message_names_the_unread_glyph(report: dict[str, Any]) -> None:
    log = to_sarif(report=report, fallback_file="batch.json")
    (result,) = log["runs"][0]["results"]
    message = result["message"]["text"]
    assert message.startswith("? Inconclusive: the text layer could not read U+E03C")
    assert "known to be partial" not in message


def test_every_reason_has_its_own_words() -> None:
    citation = {"id": "c", "status": "inconclusive", "quote": "q"}
    said = {
        reason: outcome_of({**citation, "reason": reason}).meaning
        for reason in ("ocr", "unmapped_font", "time_budget", "truncated")
    }
    assert len(set(said.values())) == 4
    assert "OCR" in said["ocr"] and "time budget" in said["time_budget"]
    # a verdict other than inconclusive has no reason to give
    assert outcome_of({**citation, "status": "near", "note": "x"}).why is None


@pytest.mark.parametrize("fmt", ["terminal", "markdown", "html"])
def test_an_unread_glyph_is_written_as_its_code_point(report: dict[str, Any], fmt: str) -> None:
    text = render(report, fmt)
    # a private-use character shows as nothing or a box: the difference read "“” → “”"
    assert "\ue03c" not in text
    assert "⟨U+E03C⟩" in text


def test_touching_differences_are_one_mark_in_markdown(report: dict[str, Any]) -> None:
    text = render(report, "markdown")
    assert "**Markdown-forma⟨U+E03C⟩ed**" in text
    assert "****" not in text
