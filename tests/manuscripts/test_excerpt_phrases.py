"""A close reading: the writer quotes a passage as a block in marks, uncited (the essay is on
one work), then goes through it phrase by phrase. The phrases are the passage's words again,
quotations of the same text; the words of an uncited block the writer sets without marks (an
example of their own) said again stay the writer's."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write


def test_phrases_of_an_excerpt_in_marks_are_quoted_again(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "# The passage\n\n"
        "> “The river ran slow and brown under the heavy trees, and the gloom of the forest "
        "closed over the boat like a hand over a sleeping mouth.”\n\n"
        "## Notes\n"
        "- Sound carries the reader along.\n"
        '- "the gloom of the forest"\n'
        "    - the repeated consonants slow the line down\n"
        '- "like a hand over a sleeping mouth"\n'
        "    - the simile turns the forest into a body\n",
    )
    quotes = {c.quote for c in scan(md).citations}
    assert "the gloom of the forest" in quotes
    assert "like a hand over a sleeping mouth" in quotes


def test_phrases_of_a_latex_excerpt_in_marks_are_quoted_again(tmp_path: Path) -> None:
    tex = write(
        tmp_path,
        "a.tex",
        "\\documentclass{article}\\begin{document}\n"
        "The poem closes on its refrain:\n\n"
        "\\begin{quote}\n``Nothing beside remains. Round the decay of that colossal wreck, "
        "boundless and bare, the lone and level sands stretch far away.''\n\\end{quote}\n\n"
        "The traveller says ``the lone and level sands'' and flattens the ruin into a horizon.\n"
        "\\end{document}\n",
    )
    quotes = {c.quote for c in scan(tex).citations}
    assert "the lone and level sands" in quotes


def test_words_of_the_writers_own_unmarked_block_stay_theirs(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "I present my own parable here:\n\n"
        "> A man planted a tree in the yard and waited forty years for its shade to reach "
        "the porch where he sat.\n\n"
        'The "forty years for its shade" is the point of the parable.\n',
    )
    quotes = {c.quote for c in scan(md).citations}
    assert "forty years for its shade" not in quotes
