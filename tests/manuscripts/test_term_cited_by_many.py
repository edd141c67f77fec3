"""A term in marks cited to several works at once names what they all write about, however
the group is typed: "(Lynch, 2011; Jost, 2018)", numbered "[1][2][3]", "[1, 2, 4]", "[1-4]".
One work's citation after a sentence in marks still cites it. Written in the form of a student
essay in LaTeX with typed numbered citations (m15)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write


def test_a_term_cited_to_a_group_of_numbered_works(tmp_path: Path) -> None:
    text = (
        "\\documentclass{article}\n\\begin{document}\n"
        'Paper 3 states the "Game industry as a whole has seen massive growth" [1]. This '
        'essay covers how learning through "serious games"[1][2][3][4] is spreading, and '
        'how "virtual field trips" [2, 3, 5] and "learning by playing" [1-4] help.\n'
        "\\end{document}\n"
    )
    assert set(quotes_found(write(tmp_path, "essay.tex", text))) == {
        "Game industry as a whole has seen massive growth"
    }
