"""A LaTeX environment opened or closed on a line of its own ends the sentence before it: a
table's caption ("\\caption{Answers to ``How often …''}") does not go on into the table's rows
and past the float into the next paragraph, whose citation is that paragraph's own."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_TEX = r"""\documentclass{article}
\begin{document}
We asked every household the same questions.
\begin{table}
\caption{Answers to ``How often do you read a printed newspaper in a week'' by district}
\begin{tabular}{ll}
North & 12 \\
\end{tabular}
\end{table}
As Ortega puts it, ``reading the paper was a daily rite long before the radio'' \cite[p.~4]{ortega}.
\end{document}
"""


def test_a_caption_is_not_cited_by_the_paragraph_after_its_float(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", "@book{ortega, author={Ortega, Ana}, title={Rites}}\n")
    found = quotes_found(write(tmp_path, "paper.tex", _TEX), bib)
    assert found["reading the paper was a daily rite long before the radio"] == ("ortega", "4")
    caption = found.get("How often do you read a printed newspaper in a week")
    assert caption is None or caption[0] is None
