"""A book-length paragraph of cited quotations: scan time beside the plain extraction baseline.

Run: python benchmarks/long_paragraph.py [--sizes 2500,5000,10000] [--cap 300] [--only NAME]

Each shape is one paragraph of n quotations, each with its author-date citation and page:

- ``sentences``: '… "quoted words" (Smith 2020, p. 7). …', a full stop after each citation;
- ``one_sentence``: the same joined by commas, so every sentence window runs to its limit;
- ``latex``: ``\\enquote{…} \\parencite[7]{smith}`` in a LaTeX document;
- ``notes``: Markdown footnotes "[^7]" whose notes say "Smith 2020, p. 7." below.

Two hostile shapes cite nothing, so every quotation goes through the phrase and context rules:

- ``phrases``: '… "two words" …' in sentences of their own, a quoted phrase in each;
- ``nested``: '(three words "six quoted words" (three words "…" …' with the brackets closed at
  the end, n deep.

A scan stops finding quotations after ``DEFAULT_SCAN_SECONDS`` (its warning says where): a
``cited`` figure below the shape's count says it did.

For each it prints the seconds of ``scan`` (reading, extraction, attribution, references)
beside the baseline measured in the same run: the same file's reading and plain extraction of
the spans in quotation marks (``read_manuscript`` and ``find_quotes`` over each text), with no
attribution. A scan growing faster than its baseline is a quadratic step.

Each run is a child process stopped at ``--cap`` seconds (printed ``>cap``), so the script can
time older code too (point PYTHONPATH at an older checkout).

Prints figures only; nothing here passes or fails (wall clocks on shared machines vary).
"""

from __future__ import annotations

import argparse
import multiprocessing
import tempfile
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path

_WORDS = (
    *("the", "power", "of", "history", "and", "each", "state", "made", "new", "order"),
    *("while", "people", "argue", "about", "time", "form", "life", "world"),
)
BIB = "@book{smith,\n  author = {Smith, John},\n  title = {A Book},\n  year = {2020}\n}\n"


def _words(i: int, n: int) -> str:
    return " ".join(_WORDS[(i * 7 + k) % len(_WORDS)] for k in range(n))


def sentences(n: int) -> tuple[str, str]:
    body = " ".join(
        f'{_words(i, 6).capitalize()} "{_words(i + 3, 7)}" (Smith 2020, p. {i}).'
        for i in range(1, n + 1)
    )
    return "md", f"# Essay\n\n{body}\n\n## References\n\nSmith, J. (2020). *A Book*. Press.\n"


def one_sentence(n: int) -> tuple[str, str]:
    body = " ".join(f'"{_words(i, 7)}" (Smith 2020, p. {i}),' for i in range(1, n + 1))
    return "md", f"# Essay\n\nAs Smith writes, {body} and so on.\n"


def latex(n: int) -> tuple[str, str]:
    body = " ".join(
        f"{_words(i, 6).capitalize()} \\enquote{{{_words(i + 3, 7)}}} \\parencite[{i}]{{smith}}."
        for i in range(1, n + 1)
    )
    return "tex", (
        "\\documentclass{article}\n\\usepackage{csquotes}\n\\begin{document}\n"
        f"{body}\n\\bibliography{{refs}}\n\\end{{document}}\n"
    )


def notes(n: int) -> tuple[str, str]:
    body = " ".join(
        f'{_words(i, 6).capitalize()} "{_words(i + 3, 7)}".[^{i}]' for i in range(1, n + 1)
    )
    listed = "\n".join(f"[^{i}]: Smith 2020, p. {i}." for i in range(1, n + 1))
    return "md", f"# Essay\n\n{body}\n\n{listed}\n"


def phrases(n: int) -> tuple[str, str]:
    body = " ".join(
        f'{_words(i, 6).capitalize()} "{_words(i + 3, 2)}" {_words(i + 5, 4)}.'
        for i in range(1, n + 1)
    )
    return "md", f"# Essay\n\n{body}\n"


def nested(n: int) -> tuple[str, str]:
    body = "".join(f'({_words(i, 3)} "{_words(i + 3, 6)}" ' for i in range(1, n + 1))
    return "md", f"# Essay\n\n{body}{')' * n}\n"


SHAPES: dict[str, Callable[[int], tuple[str, str]]] = {
    "sentences": sentences,
    "one_sentence": one_sentence,
    "latex": latex,
    "notes": notes,
    "phrases": phrases,
    "nested": nested,
}


def _baseline(path: Path) -> int:
    from quote_tui.manuscripts.quotes import find_quotes
    from quote_tui.manuscripts.scan import read_manuscript

    ms = read_manuscript(path)
    return sum(len(find_quotes(doc.text, latex=doc.kind == "latex")) for doc in ms.documents)


def _scan(path: Path) -> int:
    from quote_tui.manuscripts.scan import scan

    return len(scan(path, bib=[path.with_name("refs.bib")]).citations)


def _child(job: str, path: str, conn: Connection) -> None:
    import quote_tui.manuscripts.latex
    import quote_tui.manuscripts.scan  # noqa: F401  (imports are not the time measured)

    start = time.perf_counter()
    found = (_scan if job == "scan" else _baseline)(Path(path))
    conn.send((time.perf_counter() - start, found))


def _timed(job: str, path: Path, cap: float) -> tuple[float | None, int]:
    parent, child = multiprocessing.Pipe(duplex=False)
    proc = multiprocessing.Process(target=_child, args=(job, str(path), child))
    proc.start()
    proc.join(cap)
    if proc.is_alive():
        proc.kill()
        proc.join()
        return None, 0
    return parent.recv() if parent.poll() else (None, 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="2500,5000,10000", help="quotations per paragraph")
    parser.add_argument("--cap", type=float, default=300.0, help="seconds before a run stops")
    parser.add_argument("--only", choices=sorted(SHAPES), help="one shape")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"{'shape':<13} {'quotes':>7} {'baseline s':>11} {'scan s':>9} {'x':>6} {'cited':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "refs.bib").write_text(BIB, encoding="utf-8")
        for name, shape in SHAPES.items():
            if args.only and name != args.only:
                continue
            for n in sizes:
                suffix, text = shape(n)
                path = Path(tmp) / f"{name}{n}.{suffix}"
                path.write_text(text, encoding="utf-8")
                base, _ = _timed("baseline", path, args.cap)
                took, cited = _timed("scan", path, args.cap)
                shown = [f"{t:.2f}" if t is not None else f">{args.cap:.0f}" for t in (base, took)]
                ratio = f"{took / base:.0f}" if took and base else "-"
                print(f"{name:<13} {n:>7} {shown[0]:>11} {shown[1]:>9} {ratio:>6} {cited:>6}")


if __name__ == "__main__":
    main()
