"""A work's short name and page on the line after a block quotation, alone, as slides and
lecture notes set it: "> Handle nur nach derjenigen Maxime …" then "(GMS 421)", perhaps with a
slide's HTML comment after it. The block takes it as its citation, as it takes "(GMS 421)"
typed at the end of its last line."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan

_WORDS = "Handle nur nach derjenigen Maxime, durch die du zugleich wollen kannst"


@pytest.mark.parametrize(
    "after",
    ["(GMS 421)", '(GMS 421) <!-- .element: class="rechts" -->', "(Kant 421)"],
)
def test_a_citation_alone_on_the_line_after_a_block(tmp_path: Path, after: str) -> None:
    md = tmp_path / "folien.md"
    md.write_text(
        f"## Grundformel\n\n> {_WORDS}, dass sie ein allgemeines Gesetz werde.\n\n{after}\n\n"
        "## Weiter\n\nDazu später mehr.\n",
        encoding="utf-8",
    )
    cited = next(c for c in scan(md).citations if c.quote.startswith(_WORDS))
    assert cited.reference is not None
    assert cited.locator is not None and cited.locator.value == "421"
