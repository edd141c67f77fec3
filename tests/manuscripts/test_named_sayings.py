"""Words in marks given to a named person by the kind of saying they are, with no citation of
their own: "Kant's casual qualification of his question --- \\enquote{that of any finite
thinking being}", "(or the “logical form of every judgement”, as per Kant's habit)". The
possessive names whose words they are, as "to use Phelan's term" after them already did."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write

_BIB = "@book{kant, title={Critique of Pure Reason}, author={Kant, Immanuel}, year={1996}}\n"


def test_a_named_persons_saying_and_as_per_give_the_words_to_them(tmp_path: Path) -> None:
    tex = write(
        tmp_path,
        "a.tex",
        "Kant asks whether \\textcquote[B72]{kant}{any finite thinking being must necessarily "
        "agree with man in this regard}. Kant's careful qualification of his question --- "
        "\\enquote{of any finite thinking being}, helps us here.\n\n"
        "Using the table (or the \\enquote{logical form of every judgement}, as per Kant's "
        "habit), we go on.\n",
    )
    bib = write(tmp_path, "refs.bib", _BIB)
    quotes = [c.quote for c in scan(tex, bib=[bib]).citations]
    assert "of any finite thinking being" in quotes
    assert "logical form of every judgement" in quotes


def test_words_of_a_body_without_a_name_stay_the_writers(tmp_path: Path) -> None:
    tex = write(
        tmp_path,
        "a.tex",
        "Kant asks whether \\textcquote[B72]{kant}{any finite thinking being must necessarily "
        "agree with man in this regard}. The committee's careful phrase --- \\enquote{working "
        "rules for the year}, helps us here.\n",
    )
    bib = write(tmp_path, "refs.bib", _BIB)
    quotes = [c.quote for c in scan(tex, bib=[bib]).citations]
    assert "working rules for the year" not in quotes
