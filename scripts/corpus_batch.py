"""Write a batch over the shared corpus's HTML pages and PDFs, with quotations taken from them.

    python scripts/corpus_batch.py [--corpus DIR] [-o BATCH.json] [--per-source N] [--seed S]

The batch names the corpus files by absolute path (nothing is copied) and holds, per readable
document, ``--per-source`` passages of 6 to 25 words cut from its checked text, most verbatim,
some with one word changed; unreadable documents (empty, scanned, encrypted) get one quotation
each, so they stand in the batch as users' folders hold them. Without ``-o`` it is written to a
new temporary folder and its path printed. The stress script builds its batch with this.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from quote_tui.engine.errors import QuoteTuiError
from quote_tui.sources.readers.local import read_path

DEFAULT_CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"


def corpus_files(corpus: Path) -> list[Path]:
    """The corpus's HTML pages and PDFs, in a fixed order."""
    return sorted((corpus / "html").glob("*.htm*")) + sorted((corpus / "pdf").glob("*.pdf"))


def _passages(text: str, count: int, rng: random.Random) -> list[str]:
    words = text.split()
    if len(words) < 8:
        return [" ".join(words)] if words else []
    out = []
    for _ in range(count):
        size = rng.randint(6, min(25, len(words)))
        start = rng.randrange(0, len(words) - size + 1)
        chosen = words[start : start + size]
        if rng.random() < 0.25:
            chosen[rng.randrange(len(chosen))] = "elephant"  # a misquotation
        out.append(" ".join(chosen))
    return out


def build_batch(corpus: Path, *, per_source: int = 3, seed: int = 9) -> dict[str, Any]:
    """The batch as a dict: one source per corpus file, quotations from each readable one."""
    rng = random.Random(seed)
    sources: list[dict[str, Any]] = []
    citations: list[dict[str, Any]] = []
    for n, path in enumerate(corpus_files(corpus)):
        sid = f"s{n}"
        sources.append({"id": sid, "ref": str(path.resolve())})
        try:
            text = read_path(path).prepared.text
        except QuoteTuiError:
            quotes = ["a quotation from a document that cannot be read"]
        else:
            quotes = _passages(text, per_source, rng)
        for k, quote in enumerate(quotes):
            citations.append({"id": f"{sid}c{k}", "source": sid, "quote": quote})
    return {"sources": sources, "citations": citations}


def write_batch(
    corpus: Path, out: Path | None = None, *, per_source: int = 3, seed: int = 9
) -> Path:
    """Write the batch (to ``out``, or into a new temporary folder) and return its path."""
    if out is None:
        out = Path(tempfile.mkdtemp(prefix="quote_tui-corpus-")) / "batch.json"
    batch = build_batch(corpus, per_source=per_source, seed=seed)
    out.write_text(json.dumps(batch, ensure_ascii=False, indent=1), encoding="utf-8")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("-o", "--output", type=Path)
    parser.add_argument("--per-source", type=int, default=3)
    parser.add_argument("--seed", type=int, default=9)
    args = parser.parse_args(argv)
    if not (args.corpus / "html").is_dir():
        print(f"no corpus at {args.corpus}", file=sys.stderr)
        return 2
    path = write_batch(args.corpus, args.output, per_source=args.per_source, seed=args.seed)
    batch = json.loads(path.read_text(encoding="utf-8"))
    print(f"{path}: {len(batch['sources'])} sources, {len(batch['citations'])} citations")
    return 0


if __name__ == "__main__":
    sys.exit(main())
