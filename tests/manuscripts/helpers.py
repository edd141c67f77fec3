"""Scoring scanned citations against what a test manuscript holds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.model import ScanResult


@dataclass(frozen=True)
class Expected:
    """A quotation the manuscript holds: its words, reference key (None: unreferenced), page."""

    quote: str
    key: str | None
    locator: str | None = None


def score(result: ScanResult, expected: Sequence[Expected]) -> tuple[float, list[str]]:
    """Share of expected quotations found with the right key and locator, and the misses.

    A citation that is in no expectation (an apostrophe or scare quote taken for a quotation)
    is a miss too.
    """
    problems: list[str] = []
    hits = 0
    used: set[str] = set()
    for exp in expected:
        cit = next((c for c in result.citations if c.quote == exp.quote and c.id not in used), None)
        if cit is None:
            problems.append(f"not found: {exp.quote!r}")
            continue
        used.add(cit.id)
        key = cit.reference.key if cit.reference else None
        loc = cit.locator.value if cit.locator else None
        if key != exp.key or loc != exp.locator:
            problems.append(f"{exp.quote!r}: got key={key!r} locator={loc!r}")
            continue
        hits += 1
    extra = [c.quote for c in result.citations if c.id not in used]
    problems.extend(f"spurious: {q!r}" for q in extra)
    total = len(expected) + len(extra)
    return (hits / total if total else 1.0), problems


def quotes_found(path: Path, *bibs: Path) -> dict[str, tuple[str | None, str | None]]:
    """Each quotation a scan of ``path`` extracts, with its reference's key and its locator."""
    out = {}
    for c in scan(path, bib=bibs).citations:
        ref = c.reference
        out[c.quote] = (ref.key if ref else None, c.locator.value if c.locator else None)
    return out


def write(tmp_path: Path, name: str, text: str) -> Path:
    """``text`` written as ``tmp_path / name`` (UTF-8)."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path
