"""Drawings and pseudo-code in LaTeX hold no quotation: a TikZ node's label in marks
(``\\node {"…"}``) is the figure's, an algorithmic step's string (``\\State print ``…''``) the
program's, as a verbatim block's already were."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_TEX = r"""\documentclass{article}
\begin{document}
The pipeline has three stages.
\begin{tikzpicture}
\node at (0,0) {"raw text from the scanner goes in here"};
\end{tikzpicture}
\begin{algorithmic}
\State print ``the number of pages read so far is''
\end{algorithmic}
As Ortega puts it, ``no scanner reads a page the way a person does'' \cite[p.~4]{ortega}.
\end{document}
"""


def test_drawing_labels_and_pseudo_code_strings_are_no_quotations(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", "@book{ortega, author={Ortega, Ana}, title={Pages}}\n")
    found = quotes_found(write(tmp_path, "paper.tex", _TEX), bib)
    assert found == {"no scanner reads a page the way a person does": ("ortega", "4")}
