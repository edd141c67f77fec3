"""Words a text is said to mention, without a citation of their own: "the only change is in the
analysis, where the paper mentions “small changes where needed”", "Neves nonchalantly mentions
that "there seems to be a type of house" in the north". A verb of reporting, as "notes" is."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write


def test_words_a_paper_mentions_are_its_words(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "The study was well planned (Lee, 2019, p. 4). There is no sign that the protocol "
        "changed. The only trace is in the analysis section, where the paper mentions "
        "“small changes where needed”\n\nThe sample was small.\n",
    )
    quotes = [c.quote for c in scan(md).citations]
    assert "small changes where needed" in quotes
