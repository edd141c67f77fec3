"""HTML extraction quality: word-level F1 against the corpus's ``.expected.html`` twins.

For each ``X.html`` with a twin ``X.expected.html`` (the article a good extractor keeps), compare
the words of our checked text with the words of the twin's visible text, beside readability-lxml
alone (its article for the raw page, without our clean-up or fallback). Prints a table and the
medians; asserts nothing.

Usage: python benchmarks/html_extraction.py [CORPUS_DIR]
"""

from __future__ import annotations

import re
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import lxml.html
from readability import Document

from quote_tui.sources.readers.html import extract_html
from quote_tui.sources.readers.html_render import html_to_text

# Words, or single CJK characters: Chinese and Japanese pages have no spaces between words.
_TOKEN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]|\w+", re.UNICODE)


def tokens(text: str) -> Counter[str]:
    """Word (or CJK character) counts of a text, case-folded."""
    return Counter(t.casefold() for t in _TOKEN.findall(text))


def f1(ours: str, reference: str) -> float:
    """Word-level F1 between two texts (bag of words)."""
    a, b = tokens(ours), tokens(reference)
    common = sum((a & b).values())
    if not common:
        return 0.0
    precision = common / sum(a.values())
    recall = common / sum(b.values())
    return 2 * precision * recall / (precision + recall)


def reference_text(path: Path) -> str:
    """The visible text of an expected twin."""
    # The twins declare no charset; they are UTF-8.
    root = lxml.html.document_fromstring(path.read_bytes().decode("utf-8"))
    return html_to_text(root)


def readability_alone(data: bytes) -> str:
    """readability-lxml's article for the raw page, as text."""
    root = lxml.html.document_fromstring(data)
    summary = Document(lxml.html.tostring(root, encoding="unicode")).summary(html_partial=True)
    return html_to_text(lxml.html.fragment_fromstring(summary, create_parent="div"))


def score(corpus: Path) -> list[tuple[str, float, float, str, float]]:
    """(name, F1, readability-alone F1, representation, seconds) per page with a twin."""
    rows = []
    for expected in sorted((corpus / "html").glob("*.expected.html")):
        page = expected.with_name(expected.name.replace(".expected.html", ".html"))
        data = page.read_bytes()
        reference = reference_text(expected)
        start = time.perf_counter()
        result = extract_html(data)
        seconds = time.perf_counter() - start
        alone = f1(readability_alone(data), reference)
        rows.append((page.stem, f1(result.text, reference), alone, result.representation, seconds))
    return rows


def main() -> None:
    default = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    rows = score(corpus)
    print(f"{'page':<22} {'F1':>6} {'alone':>6}  {'representation':<16} {'s':>5}")
    for name, value, alone, rep, seconds in rows:
        print(f"{name:<22} {value:6.3f} {alone:6.3f}  {rep:<16} {seconds:5.2f}")
    for label, values in (
        ("quote_tui", [r[1] for r in rows]),
        ("readability-lxml alone", [r[2] for r in rows]),
    ):
        print(
            f"{label:<24} pages {len(values)}  median F1 {statistics.median(values):.3f}  "
            f"min {min(values):.3f}"
        )


if __name__ == "__main__":
    main()
