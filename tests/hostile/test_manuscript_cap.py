"""A manuscript with more quotations than anyone writes: the scan takes the first ``max_quotes``
and says so in the report, instead of holding millions of quotations in memory."""

from __future__ import annotations

import json
from pathlib import Path

from quote_tui import cli
from quote_tui.manuscripts.quotes import find_quotes
from quote_tui.manuscripts.scan import DEFAULT_MAX_QUOTES, scan


def _many(path: Path, count: int) -> None:
    line = 'Smith (2020) wrote that "the words of quotation number {n} stand here" and more.\n'
    path.write_text("".join(line.format(n=n) for n in range(count)), encoding="utf-8")


def test_the_scan_takes_at_most_max_quotes_and_warns(tmp_path: Path) -> None:
    manuscript = tmp_path / "book.txt"
    _many(manuscript, 3_000)
    result = scan(manuscript, max_quotes=500)
    assert len(result.citations) == 500
    assert result.citations[-1].quote.endswith("number 499 stand here")
    assert "more than 500 quotations" in result.warnings[0]
    assert len(scan(manuscript).citations) == 3_000 <= DEFAULT_MAX_QUOTES


def test_the_report_carries_the_warning(tmp_path: Path) -> None:
    manuscript = tmp_path / "book.txt"
    _many(manuscript, 300)
    out = tmp_path / "r.json"
    cli.main(["check", str(manuscript), "--max-quotes", "50", "--offline", "-o", str(out)])
    report = json.loads(out.read_text("utf-8"))
    assert len(report["citations"]) == 50
    assert any("--max-quotes" in w for w in report["warnings"])


def test_finding_quotes_visits_only_the_marks() -> None:
    text = ("plain words " * 1000 + '"four words in quotes here" ') * 50 + "\n\n“a b c d”"
    spans = find_quotes(text)
    assert len(spans) == 51
    latex = find_quotes("``one two three four'' and ``five six seven eight''", latex=True)
    assert len(latex) == 2


def test_a_docx_part_is_read_only_up_to_the_cap(tmp_path: Path, monkeypatch) -> None:
    import zipfile

    import pytest

    from quote_tui.engine.errors import BatchInputError
    from quote_tui.manuscripts import wordparts

    monkeypatch.setattr(wordparts, "_MAX_PART", 1000)
    path = tmp_path / "big.docx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("word/document.xml", "<w:document>" + " " * 5000 + "</w:document>")
    with zipfile.ZipFile(path) as zf:
        # the archive understates the part's size, as a crafted one may
        zf.getinfo("word/document.xml").file_size = 10
        with pytest.raises(BatchInputError, match="cannot be unpacked|more than"):
            wordparts.read_part(zf, "word/document.xml")
