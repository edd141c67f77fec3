"""The pandoc audit's rows, on a small Markdown manuscript written to a temp folder."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

_SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "pandoc_audit.py"


def _audit_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("pandoc_audit", _SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclass looks itself up there)
    spec.loader.exec_module(module)
    return module


_TEXT = """\
---
title: An essay
---

Smith holds that "the whole of the matter rests on a single careful reading" [@smith2020, p. 12].
Jones writes that "every theory is a net cast over the facts of the world" [@jones2019, p. 7].
The figure shows "a steady rise in the later years of the series" [@fig:rise].
Brown answers: "nothing here is settled in advance, nor can it ever be".[^1]
He asks "what is left to us when the reading ends?" Jones replies at once [@jones2019].

> The long passage of the source, set off as a block and quoted word for word here.
> [@brown2018, p. 3]

[^1]: @brown2018 [p. 9].
"""


@pytest.mark.skipif(shutil.which("pandoc") is None, reason="Debian's pandoc is not installed")
def test_rows_say_what_pandoc_and_the_scan_each_see(tmp_path: Path) -> None:
    paper = tmp_path / "essay.md"
    paper.write_text(_TEXT, encoding="utf-8")
    rows = {row[-1][:20]: row for row in _audit_module().audit(paper, None)}
    assert rows["the whole of the mat"][0] == "OK"
    assert rows["the whole of the mat"][4] == "p. 12"
    assert rows["every theory is a ne"][0] == "OK"
    # a pandoc-crossref label cites nothing
    assert not any(text.startswith("a steady rise") for text in rows)
    # a footnote's citation right after the quotation is the quotation's
    assert rows["nothing here is sett"][3] == "brown2018"
    assert rows["The long passage of "][0] == "OKB"
    # a quotation that ends its own sentence leaves the next sentence's citation alone
    assert not any(text.startswith("what is left to us") for text in rows)


def test_without_pandoc_the_audit_says_so_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    out = tmp_path / "rows.tsv"
    assert _audit_module().main([str(out), str(tmp_path)]) == 0
    assert "pandoc is not installed" in capsys.readouterr().out
    assert not out.exists()


def test_diff_lists_the_rows_whose_status_changed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old, new = tmp_path / "old.tsv", tmp_path / "new.tsv"
    row = "\t".join(["{}", "a.md", "3", "k", "", "k", "", "5", "five words of a quotation"])
    old.write_text(row.format("MISS") + "\n" + row.format("OK").replace("five", "six") + "\n")
    new.write_text(row.format("OK") + "\n" + row.format("OK").replace("five", "six") + "\n")
    _audit_module().diff(old, new)
    assert capsys.readouterr().out.split("\n")[:-1] == [
        "MISS\t->\tOK\ta.md\tfive words of a quotation"
    ]
