"""Chicago's shortened note repeats the full note's title as it was ("*Being and Time*, p. 13."
after "Heidegger, *Being and Time*, trans. … 2010), p. xxix."): it is that note's work."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write

_TEXT = (
    "Roth begins with a claim: 'every reading of a long book is a reading of its first "
    "chapter'.[^1] Later she adds that 'the first chapter is never read the same way "
    "twice'.[^2] Her essay says 'things are what we stop seeing once we name them'.[^3] It "
    "ends: 'to name a thing is to promise to look at it again'.[^4]\n\n"
    "[^1]: Anna Roth, *The Long Book*, translated by P. Berg (London: Verso, 2010), p. 4.\n"
    "[^2]: *The Long Book*, p. 13.\n"
    "[^3]: Roth, 'A Short Essay on Things', in *Collected Essays*, edited by K. Lind "
    "(Berlin: Nord, 1993), p. 76.\n"
    "[^4]: Roth, 'A Short Essay on Things', in *Collected Essays*, p. 75.\n"
)


def _raw(path: Path) -> dict[str, str]:
    return {c.quote: (c.reference.raw or "") if c.reference else "" for c in scan(path).citations}


def test_a_note_repeating_a_title_is_the_full_notes_work(tmp_path: Path) -> None:
    got = _raw(write(tmp_path, "a.md", _TEXT))
    assert "2010" in got["the first chapter is never read the same way twice"]
    assert "1993" in got["to name a thing is to promise to look at it again"]


def test_a_title_repeated_without_a_full_note_stays_as_written(tmp_path: Path) -> None:
    text = _TEXT.replace(
        "Anna Roth, *The Long Book*, translated by P. Berg (London: Verso, 2010), p. 4.",
        "*The Long Book*, p. 4.",
    )
    got = _raw(write(tmp_path, "a.md", text))
    assert got["the first chapter is never read the same way twice"] == "*The Long Book*, p. 13."
