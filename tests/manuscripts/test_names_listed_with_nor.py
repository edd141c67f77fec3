"""Names listed with "nor" or "noch" ("There are no "powers" nor "hidden causes" to find",
"weder „Kräfte“ noch „verborgene Ursachen“") are the writer's names, as a list joined by
"and" or "or" already was, in a paragraph that quotes its source around them."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write


def test_names_joined_by_nor_in_a_quoting_paragraph_are_names(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        'Reason, Hume holds, is "a kind of habit among the others."[^1] "Custom is the guide '
        'of life," he writes, and the mind is "a bundle of perceptions."[^2] There are no '
        '"powers" nor "hidden causes" to find behind them.\n\n'
        "[^1]: David Hume, *A Treatise of Human Nature* (Oxford: Clarendon, 1978), 12.\n"
        "[^2]: Hume, *Treatise*, 252.\n",
    )
    quotes = [c.quote for c in scan(md).citations]
    assert "hidden causes" not in quotes
    assert "a bundle of perceptions." in quotes
