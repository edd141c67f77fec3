"""No function that draws a citation for people is worse than cyclomatic C (radon): the reports'
and the Detail's look comes from the one outcome (``batch.outcome``), not from a long chain of
conditions each renderer keeps for itself."""

from __future__ import annotations

from pathlib import Path

from radon.complexity import cc_rank, cc_visit

PACKAGE = Path(__file__).resolve().parents[1] / "quote_tui"
DRAWN = [*sorted((PACKAGE / "reports").glob("*.py")), PACKAGE / "app" / "widgets" / "detail.py"]


def test_no_renderer_function_is_worse_than_c() -> None:
    worse = []
    for path in DRAWN:
        for block in cc_visit(path.read_text(encoding="utf-8")):
            if cc_rank(block.complexity) > "C":
                worse.append(f"{path.relative_to(PACKAGE)}:{block.lineno} {block.name}")
    assert not worse, worse
