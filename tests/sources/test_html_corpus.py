"""HTML extraction quality on the corpus: word-level F1 against the expected twins."""

from __future__ import annotations

import importlib.util
import statistics
from pathlib import Path

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "html_extraction.py"


def _benchmark():
    spec = importlib.util.spec_from_file_location("html_extraction", BENCHMARK)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_f1_reference_is_sane() -> None:
    bench = _benchmark()
    assert bench.f1("a b c", "a b c") == 1.0
    assert bench.f1("a b", "c d") == 0.0
    assert round(bench.f1("a b c d", "a b"), 3) == 0.667
    assert sum(bench.tokens("光明网 news").values()) == 4


def test_html_extraction_f1(corpus_dir: Path) -> None:
    rows = _benchmark().score(corpus_dir)
    assert len(rows) >= 20
    values = [row[1] for row in rows]
    worst = min(rows, key=lambda row: row[1])
    # measured: median 0.999, lowest 0.971 (ebb-org); readability-lxml alone 0.987 and 0.621
    assert statistics.median(values) >= 0.995
    assert worst[1] >= 0.97, worst
    # a caption set as a list of paragraphs stays in the main text (guardian-1 was 0.937)
    assert dict((row[0], row[1]) for row in rows)["guardian-1"] >= 0.99
