"""Verdict accuracy of the engine on the corpus's labelled development cases.

Reads each case's source with the project's readers where they exist (HTML, PDF, PubMed XML; plain
text decoded BOM-aware UTF-8, else Latin-1), runs ``check`` and prints a confusion matrix, page
hits and span agreement. Prints figures only; asserts nothing.

Usage: python benchmarks/engine_dev_cases.py [path/to/dev-cases.jsonl] [-v]
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

from quote_tui.engine.check import check
from quote_tui.engine.normalize import fold
from quote_tui.engine.records import Status
from quote_tui.engine.text import PreparedText

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT.parent / "shared" / "corpus" / "dev-cases.jsonl"


def _decode(data: bytes) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def load(kind: str, path: Path) -> PreparedText:
    """A PreparedText for one corpus file, read the way its kind needs."""
    data = path.read_bytes()
    if kind == "html":
        from quote_tui.sources.readers.html import extract_html

        return PreparedText(extract_html(data).text)
    if kind == "pdf":
        from quote_tui.sources.readers.pdf import extract_pdf

        pdf = extract_pdf(data)
        return PreparedText(
            pdf.text,
            page_starts=pdf.page_starts,
            page_labels=pdf.page_labels,
            line_boxes=pdf.line_boxes,
        )
    if kind == "pubmed-xml":
        from quote_tui.sources.readers.pubmed import extract_pubmed_xml

        return PreparedText(extract_pubmed_xml(data).text)
    return PreparedText(_decode(data))


def _same(a: str, b: str) -> bool:
    return " ".join(fold(a).text.split()) == " ".join(fold(b).text.split())


def main(argv: list[str]) -> None:
    verbose = "-v" in argv
    args = [a for a in argv if a != "-v"]
    cases_path = Path(args[0]) if args else CASES
    corpus = cases_path.parent
    cases = [json.loads(line) for line in cases_path.read_text("utf-8").splitlines() if line]
    texts: dict[str, PreparedText] = {}
    confusion: Counter[tuple[str, str]] = Counter()
    pages = spans = spans_total = pages_total = 0
    timings = []
    for case in cases:
        key = case["source"]
        if key not in texts:
            texts[key] = load(case["kind"], corpus / key)
        prepared = texts[key]
        t0 = time.perf_counter()
        result = check(prepared, case["quote"])
        timings.append(time.perf_counter() - t0)
        got = str(result.status)
        confusion[(case["expect"], got)] += 1
        first = result.matches[0] if result.matches else None
        if case["expect_text"] and first is not None:
            spans_total += 1
            spans += _same(first.text, case["expect_text"])
        if case["expect_page"] and first is not None:
            pages_total += 1
            pages += first.page_start == case["expect_page"]
        if verbose and got != case["expect"]:
            print(f"MISS {case['id']}: expected {case['expect']}, got {got} ({case['note']})")
    labels = [str(s) for s in Status]
    print("expected \\ got  " + " ".join(f"{s[:10]:>10}" for s in labels))
    for exp in labels:
        row = [confusion[(exp, got)] for got in labels]
        if any(row):
            print(f"{exp:<15} " + " ".join(f"{n:>10}" for n in row))
    for tier in ("exact", "normalized"):
        total = sum(n for (exp, _), n in confusion.items() if exp == tier)
        right = confusion[(tier, tier)]
        print(f"{tier}: {right}/{total} correct")
    found = {"exact", "normalized"}
    false_found = sum(n for (e, g), n in confusion.items() if e not in found and g in found)
    print(f"false found (near/absent reported exact or normalized): {false_found}")
    print(f"span agrees with expect_text: {spans}/{spans_total}; page hits: {pages}/{pages_total}")
    timings.sort()
    median, worst = timings[len(timings) // 2] * 1000, timings[-1] * 1000
    print(
        f"check time (first check of a text includes folding it): median {median:.2f} ms, "
        f"max {worst:.1f} ms"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
