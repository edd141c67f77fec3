""" "With the words" hands words to someone: "Nader summed it up with the words, “…”", "the
speech closed with the words “…”", "Kant ends in the words “…”". "The words “…”" alone
presents words as words (the writer's own)."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write


def test_words_handed_on_with_the_words_are_quoted(tmp_path: Path) -> None:
    tex = write(
        tmp_path,
        "a.tex",
        "\\documentclass{article}\\begin{document}\n"
        "Engineers owe the public more \\cite{code}.\n"
        "The activist Ralph Nader summed up the reluctance with the words, ``The use of solar "
        "energy has not been opened up because the oil industry does not own the sun.''\n\n"
        "The minister closed her speech with the words ``we will not build another plant "
        "on this river while I hold this office''.\n\n"
        "The treatise ends in the words ``so that the reader may judge for himself what "
        "the evidence allows''.\n\n"
        "We write the words ``open the window slowly before the storm arrives'' on the board.\n"
        "\\end{document}\n",
    )
    quotes = [c.quote for c in scan(tex).citations]
    assert any(q.startswith("The use of solar energy") for q in quotes)
    assert any(q.startswith("we will not build another plant") for q in quotes)
    assert any(q.startswith("so that the reader may judge") for q in quotes)
    assert not any(q.startswith("open the window slowly") for q in quotes)
