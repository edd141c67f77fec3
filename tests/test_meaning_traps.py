"""Meaning traps in every output: a dropped sign, and an omission that hides a negation or a
number, fail ``--strict`` and show as critical in the JSON, Markdown and HTML reports, the MCP
tool result and the app's detail pane."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quote_tui import check_text
from quote_tui.app.widgets.detail import detail_content
from quote_tui.batch.specs import CitationSpec
from quote_tui.cli import main
from quote_tui.mcp_server import build_server
from quote_tui.reports import render_html, render_markdown
from quote_tui.workspace import Verdict

SOURCE = (
    "In the main cohort r = -0.42 in the sample of adults. "
    "The committee found that the new drug did not reduce mortality in older adults. "
    "It failed to lower blood pressure in the trial. "
    "In the trial the vaccine was not effective in adults over sixty.\n"
)
TRAPS = {
    "sign": "0.42 in the sample of adults",
    "dots": "the new drug did ... reduce mortality in older adults",
    "unicode": "the new drug did … reduce mortality in older adults",
    "bracketed": "the new drug did [...] reduce mortality in older adults",
    "spaced": "the new drug did . . . reduce mortality in older adults",
    "silent": "The committee found that the new drug did reduce mortality in older adults.",
    "fail": "It ... lower blood pressure in the trial.",
    "bracket": "the vaccine [was] effective in adults",
}
FAITHFUL = {
    "whole": "r = -0.42 in the sample of adults",
    "harmless": "The committee found ... the new drug did not reduce mortality",
}


def _batch(folder: Path, quotes: dict[str, str], text: str = SOURCE) -> Path:
    (folder / "source.txt").write_text(text, encoding="utf-8")
    path = folder / "batch.json"
    citations = [{"id": k, "source": "s1", "quote": q} for k, q in quotes.items()]
    path.write_text(
        json.dumps({"sources": [{"id": "s1", "ref": "source.txt"}], "citations": citations}),
        encoding="utf-8",
    )
    return path


def _fails_strict(citation: dict[str, Any]) -> bool:
    return citation["status"] not in ("exact", "normalized") or any(
        m["critical"] for m in citation["matches"]
    )


def test_strict_fails_on_every_trap_and_passes_faithful_quotations(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    batch = _batch(tmp_path, {**TRAPS, **FAITHFUL})
    assert main(["check", str(batch), "-o", str(out), "--strict"]) == 1
    report = json.loads(out.read_text(encoding="utf-8"))
    verdicts = {c["id"]: c for c in report["citations"]}
    for key in TRAPS:
        assert _fails_strict(verdicts[key]), key
        assert any(d["critical"] for d in verdicts[key]["matches"][0]["differences"]), key
    assert verdicts["sign"]["status"] == "near"
    assert verdicts["sign"]["matches"][0]["differences"][0]["kind"] == "sign"
    for key in FAITHFUL:
        assert not _fails_strict(verdicts[key]), key
    assert main(["check", str(_batch(tmp_path, FAITHFUL)), "-o", str(out), "--strict"]) == 0


def test_markdown_and_html_mark_every_trap_critical(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    main(["check", str(_batch(tmp_path, TRAPS)), "-o", str(out)])
    report = json.loads(out.read_text(encoding="utf-8"))
    md, html = render_markdown(report), render_html(report)
    for key in TRAPS:
        section = md[md.index(f" — {key}") :]
        assert "‼ critical" in section.split("\n### ")[0], key
    assert html.count("‼ critical") >= len(TRAPS)
    assert "‼ critical sign" in md


def test_the_mcp_tool_reports_the_traps_as_critical() -> None:
    server = build_server()
    for quote in TRAPS.values():
        result = asyncio.run(
            server.call_tool("check_quote", {"quote": quote, "source_text": SOURCE})
        )
        report = json.loads(result.content[0].text)
        assert _fails_strict(report["citations"][0]), quote


def test_the_detail_pane_lists_the_hidden_negation_once() -> None:
    quote = TRAPS["dots"]
    result = check_text(SOURCE, quote)
    verdict = Verdict(status=str(result.status), result=result)
    shown = detail_content(CitationSpec("c1", "s1", quote), verdict, None).plain
    assert "“...” → “not”  (negation, critical)" in shown
    header, body = shown.split("\n", 1)
    assert header.startswith("‼ normalized critical omission")  # never the faithful word alone
    assert body.count("‼") == 1  # the difference line, not a second line for the fragment
    signed = check_text(SOURCE, TRAPS["sign"])
    shown = detail_content(
        CitationSpec("c2", "s1", TRAPS["sign"]), Verdict("near", signed), None
    ).plain
    assert "“0.42” → “-0.42”  (sign, critical)" in shown


_WORDS = [
    "cohort",
    "patients",
    "trial",
    "clinic",
    "doctors",
    "weekly",
    "region",
    "village",
    "market",
    "council",
]


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(st.sampled_from(_WORDS), min_size=4, max_size=6, unique=True),
    st.sampled_from(("not", "never", "failed to", "lacked", "42", "sixty")),
    st.sampled_from(("-", "−", "<", "≤ ", "±", "~")),
    st.integers(1, 999),
)
def test_generated_traps_fail_strict_on_the_command_line(
    tmp_path: Path, words: list[str], elided: str, sign: str, number: int
) -> None:
    head, tail = " ".join(words[:2]), " ".join(words[2:])
    text = f"We wrote that {head} {elided} {tail}. Later {head} was {sign}{number} {tail}.\n"
    traps = {
        "sign": f"{number} {tail}",
        **{f"mark{i}": f"{head} {m} {tail}" for i, m in enumerate(("...", "…", "[...]", ". . ."))},
        "silent": f"We wrote that {head} {tail}.",
    }
    out = tmp_path / "report.json"
    assert main(["check", str(_batch(tmp_path, traps, text)), "-o", str(out), "--strict"]) == 1
    report = json.loads(out.read_text(encoding="utf-8"))
    assert all(_fails_strict(c) for c in report["citations"])
    faithful = {"whole": f"{head} {elided} {tail}", "signed": f"{sign}{number} {tail}"}
    assert main(["check", str(_batch(tmp_path, faithful, text)), "-o", str(out), "--strict"]) == 0
