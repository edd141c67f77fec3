"""Philosophy and linguistics set their own numbered items off as block quotations: examples,
premises, principles and formulas, each opening on its label in brackets and named by it in
the prose. Nothing cites them: they are the writer's. A principle taken from a source stands in
marks after its label, and the words in the marks are the quotation. Written in the form of a
philosophy blog essay in Markdown (m17)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_ESSAY = """# Knowing and believing

Hume doubts that we can know the future. Consider:

> (1) The sun will rise tomorrow, or it will not rise tomorrow.

Surely (1) is known by anyone who understands it. Let (K), for knowledge, be the claim:

> (K) *sKp* → *p* ∧ *sBp*

> (D<sub>1</sub>) Someone who knows that *p* has settled whether or not *p*, on any reading.

Smith states the rule in her own terms:

> (S) “Whoever knows a disjunction is in a position to know which of its disjuncts holds.”

And a source's passage set off without a label stays a quotation:

> The future is not given to us as the past is, and no habit of the mind can make it so.

— David Hume
"""


def test_numbered_items_are_the_writers(tmp_path: Path) -> None:
    got = quotes_found(write(tmp_path, "essay.md", _ESSAY))
    assert set(got) == {
        "Whoever knows a disjunction is in a position to know which of its disjuncts holds.",
        "The future is not given to us as the past is, and no habit of the mind can make it so.",
    }


_STATUTE = """# Die Meinungsfreiheit

Das Grundgesetz schützt die Meinungsfreiheit ausdrücklich:

> (1) Jeder hat das Recht, seine Meinung in Wort, Schrift und Bild frei zu äußern und zu verbreiten.

Diese Garantie gilt nicht schrankenlos. Auch die Kunst nennt das Grundgesetz:

> (3) Kunst und Wissenschaft, Forschung und Lehre sind frei.
"""


def test_statute_paragraphs_stay_quotations(tmp_path: Path) -> None:
    # two labelled blocks, their labels named nowhere, no formula: a statute's paragraphs
    got = quotes_found(write(tmp_path, "gg.md", _STATUTE))
    assert set(got) == {
        "(1) Jeder hat das Recht, seine Meinung in Wort, Schrift und Bild frei zu äußern und "
        "zu verbreiten.",
        "(3) Kunst und Wissenschaft, Forschung und Lehre sind frei.",
    }


_LATEX = (
    "\\documentclass{article}\n\\begin{document}\n"
    "The argument runs as follows.\n\n"
    "\\begin{quote}\n\\textbf{(P1)} Every rational agent can will the maxim as a law.\n"
    "\\end{quote}\n\n"
    "\\begin{quote}\n\\textbf{(P2)} No agent can will deception as a law.\n\\end{quote}\n\n"
    "From (P1) and (P2) the conclusion follows.\n\\end{document}\n"
)


def test_numbered_premises_in_latex_are_the_writers(tmp_path: Path) -> None:
    assert quotes_found(write(tmp_path, "argument.tex", _LATEX)) == {}


_TALK = """# The talk

Robinson opened with a joke:

> (Laughter) I have been to three conferences this week, and this is the best one so far.

Later he returned to the theme:

> (Applause) Schools kill creativity, and we should stop teaching that way at once.
"""


def test_stage_directions_are_no_labels(tmp_path: Path) -> None:
    # a transcript's blocks open on its stage directions, not on the writer's numbering
    assert len(quotes_found(write(tmp_path, "talk.md", _TALK))) == 2
