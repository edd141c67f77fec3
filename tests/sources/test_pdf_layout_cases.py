"""The labelled layout cases: quotations across columns, pages, footnotes, figures and tables
of the corpus PDFs, labelled from the page images (tests/data/pdf-layout-cases.jsonl, in the
dev cases' format; pdf-layout-cases-2.jsonl, a second set labelled before its first run, on PDFs
the first did not use; pdf-layout-cases-3.jsonl, a third, a German magazine page with a sidebar).
Every verdict, span and page must hold, with nothing found that is not there."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from quote_tui.api import PreparedText, check_text
from quote_tui.sources.readers.local import read_path

DATA = Path(__file__).resolve().parents[1] / "data"
CASES = (
    DATA / "pdf-layout-cases.jsonl",
    DATA / "pdf-layout-cases-2.jsonl",
    DATA / "pdf-layout-cases-3.jsonl",
)
_FOLDS = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
                        "\u2013": "-", "\u2014": "-", "\ufb01": "fi", "\ufb02": "fl",
                        "\u00ad": None, "\u200b": None})  # fmt: skip


def _loose(text: str | None) -> str:
    """A span as the scorer compares it: whitespace, typography and broken hyphens folded."""
    folded = re.sub(r"\s+", " ", (text or "").translate(_FOLDS)).strip()
    return re.sub(r"-\s+", "-", folded).replace("-", "").strip(" .,;:\"'")


def _cases() -> list[dict]:
    return [
        json.loads(line)
        for path in CASES
        for line in path.read_text(encoding="utf-8").splitlines()
        if line
    ]


@cache
def _prepared(path: str) -> PreparedText:
    return read_path(path).prepared


@pytest.mark.parametrize("case", _cases(), ids=lambda c: c["id"])
def test_layout_case(case: dict, corpus_dir: Path) -> None:
    result = check_text(_prepared(str(corpus_dir / case["source"])), case["quote"])
    assert str(result.status) == case["expect"]
    if case["expect"] == "not_found":
        return
    best = result.matches[0]
    assert _loose(best.text) == _loose(case["expect_text"]), best.text
    assert best.page_start == case["expect_page"]
