"""A batch of quotations against one file, checked as the CLI checks it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from quote_tui.api import check_batch, parse_batch, run


def check_one_source(path: Path, quotes: dict[str, str]) -> dict[str, dict[str, Any]]:
    """Each quotation's report entry by its id, with the source's entry as ``_source`` and the
    report's outcomes as ``_outcomes``."""
    batch = {
        "sources": [{"id": "s", "ref": str(path)}],
        "citations": [{"id": k, "source": "s", "quote": q} for k, q in quotes.items()],
    }
    report = run(lambda: check_batch(parse_batch(batch)))
    extra = {"_source": report["sources"][0], "_outcomes": report["outcomes"]}
    return {c["id"]: c for c in report["citations"]} | extra
