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
    values = [value for _, value, _, _ in rows]
    worst = min(rows, key=lambda row: row[1])
    assert statistics.median(values) >= 0.95
    assert worst[1] >= 0.80, worst
