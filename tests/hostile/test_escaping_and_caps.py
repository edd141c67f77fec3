"""Untrusted text passes one boundary (``quote_tui._untrusted``) on its way to every output, and
every count that others choose has a cap with a warning.

Found by a probe: raw HTML from a title and from the Retraction Watch ``Reason`` column ran as
script in the ``refs`` Markdown; the ``refs`` HTML had no Content-Security-Policy; a lone
surrogate in a reference was a traceback (CLI) and a 500 (HTTP); ``quote-tui text`` printed OSC
52, OSC 0 and clear-screen sequences raw; an answer of 10^6 citations gave no report in 200 s.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from quote_tui import api
from quote_tui._untrusted import CSP_META, terminal_safe
from quote_tui.cli import main

SCRIPT_TITLE = "Tides <img src=x onerror=alert(1)> and <script>alert(2)</script>"
REASON = "<script>alert(3)</script>Misconduct"
DOI = "10.1016/S0140-6736(97)11096-0"
ESCAPES = "\x1b]52;c;aGVsbG8=\x07\x1b]0;pwned\x07\x1b[2J\x1b[H\x9b31m"


def _offline(tmp_path: Path) -> list[str]:
    return ["--offline", "--store", str(tmp_path / "store.sqlite")]


def _retractions(tmp_path: Path) -> Path:
    csv = tmp_path / "rw.csv"
    csv.write_text(
        "Record ID,Title,RetractionDate,RetractionDOI,OriginalPaperDOI,RetractionNature,Reason\n"
        f'7,Tides,2/6/2010 0:00,10.1/notice,{DOI},Retraction,"{REASON}"\n',
        encoding="utf-8",
    )
    return csv


def test_refs_markdown_and_html_show_raw_html_as_text(tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        f"@article{{k1, title = {{{SCRIPT_TITLE}}}, year = {{1998}}, doi = {{{DOI}}}}}\n",
        encoding="utf-8",
    )
    csv = _retractions(tmp_path)
    md, page = tmp_path / "r.md", tmp_path / "r.html"
    for out in (md, page):
        args = ["refs", str(bib), "--retractions", str(csv), "-o", str(out), *_offline(tmp_path)]
        assert main(args) == 0
    text = md.read_text(encoding="utf-8")
    assert not re.search(r"(?<!\\)<(img|script)", text)
    assert "\\<img src=x onerror=alert(1)\\>" in text and "\\<script\\>alert(3)" in text
    html = page.read_text(encoding="utf-8")
    assert "<img src=x" not in html and "<script>" not in html
    assert "&lt;script&gt;alert(3)" in html and CSP_META in html


def test_every_html_page_has_the_same_policy(tmp_path: Path) -> None:
    (tmp_path / "t.txt").write_text("the words of the source\n", encoding="utf-8")
    report = api.run(lambda: api.check_quote("the words", str(tmp_path / "t.txt"))).report
    assert CSP_META in api.render(report, "html")


def test_a_lone_surrogate_in_a_reference_gives_a_report(tmp_path: Path) -> None:
    csl = tmp_path / "refs.json"
    # JSON may spell a lone surrogate; decoded, no UTF-8 writer or URL quoting accepts it
    csl.write_text(
        '[{"id": "k\\ud800", "type": "article-journal", "title": "Bad \\udc00 title", '
        '"DOI": "10.1/x\\ud800y", "issued": {"date-parts": [[2020]]}}]',
        encoding="utf-8",
    )
    out = tmp_path / "r.json"
    assert main(["refs", str(csl), "-o", str(out), *_offline(tmp_path)]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["summary"]["total"] == 1
    assert "\ufffd" in report["references"][0]["key"]


def test_a_lone_surrogate_in_a_reference_gets_200_over_http(start_server, tmp_path: Path) -> None:
    server = start_server()
    body = (
        '{"csl": [{"id": "k\\ud800", "type": "book", "title": "T\\udc00", '
        '"DOI": "10.1/\\ud800", "issued": {"date-parts": [[2020]]}}]}'
    )
    answer = httpx.post(
        server.url("/v1/references"),
        content=body.encode(),
        headers={"content-type": "application/json"},
        timeout=60,
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["summary"]["total"] == 1


def test_text_of_a_file_with_escape_sequences_writes_none_raw(tmp_path: Path) -> None:
    page = tmp_path / "page.txt"
    prose = "The keeper wrote his letters by lamplight in the winter. " * 40
    page.write_text(f"{prose}before {ESCAPES} after\n{prose}", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "quote_tui", "text", str(page)],
        capture_output=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")
    assert "\x1b" not in out and "\x07" not in out and "\x9b" not in out
    assert "before" in out and "after" in out and "\u241b]52;" in out


def test_the_check_summary_shows_ids_and_titles_without_their_escapes(tmp_path: Path) -> None:
    (tmp_path / "t.txt").write_text("the words of the source\n", encoding="utf-8")
    batch = {
        "sources": [{"id": f"s{ESCAPES}", "ref": "t.txt", "title": f"T{ESCAPES}"}],
        "citations": [
            {"id": f"c{ESCAPES}", "source": f"s{ESCAPES}", "quote": "the words"},
            {"id": "c2", "source": f"s{ESCAPES}", "quote": "not there at all"},
        ],
    }
    (tmp_path / "b.json").write_text(json.dumps(batch), encoding="utf-8")
    out = tmp_path / "r.json"
    main(["check", str(tmp_path / "b.json"), "-o", str(out)])
    report = json.loads(out.read_text(encoding="utf-8"))
    text = api.render(report, "terminal")
    assert "\x1b" not in text and "\x07" not in text and "\x9b" not in text
    assert "c\u241b]52;" in text


@pytest.mark.parametrize("raw", [ESCAPES, "\r\x00\x7f", "plain\ttext\n"])
def test_terminal_safe_keeps_offsets_and_shows_every_control(raw: str) -> None:
    shown = terminal_safe(raw)
    assert len(shown) == len(raw)
    assert not any(c in shown for c in "\x1b\x07\x9b\r\x00\x7f")
    assert all(a == b for a, b in zip(raw, shown, strict=True) if a in "\t\n")


def test_an_answer_past_the_cap_is_checked_up_to_it_with_a_warning(tmp_path: Path) -> None:
    (tmp_path / "doc.txt").write_text("the words of the source\n", encoding="utf-8")
    answer = [{"quote": "the words", "source": 0} for _ in range(500)]
    (tmp_path / "answer.json").write_text(json.dumps(answer), encoding="utf-8")
    out = tmp_path / "r.json"
    args = ["check", str(tmp_path / "answer.json"), "--document", str(tmp_path / "doc.txt")]
    assert main([*args, "--max-answer-citations", "40", "-o", str(out)]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert len(report["citations"]) == 40
    assert any("500 citations" in w and "first 40" in w for w in report["warnings"])


def test_a_refs_run_past_its_caps_says_how_many(tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "".join(
            f"@article{{k{n}, title = {{Work {n}}}, year = {{2020}}, doi = {{10.1/{n}}}}}\n"
            for n in range(30)
        ),
        encoding="utf-8",
    )
    out = tmp_path / "r.json"
    args = ["refs", str(bib), "-o", str(out), *_offline(tmp_path), "--max-references", "12"]
    assert main(args) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["summary"]["total"] == 12
    assert any(
        "30 references" in w["message"] and "first 12" in w["message"] for w in report["warnings"]
    )
    assert report["lookups"]["max"] == api.MAX_LOOKUPS
