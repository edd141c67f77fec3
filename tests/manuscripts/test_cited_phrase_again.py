"""A cited quotation's words said again are its source's, even with a small word inside and
presented as a phrase: after "the art of catching a light," (25-26), "juxtaposing the phrases
“made of glass” and “catching a light,”" quotes the second again; the writer's own gloss ("made
of glass") is no repeat, and words the writer points back to ("this “catching a light”") are
the writer's reference."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_ESSAY = """Talbot describes his method as "the art of catching a light," and the prints as
"pictures drawn by the sun" (25-26). The lens is "made of glass." In juxtaposing the phrases
"made of glass" and "catching a light," Talbot joins two ideas. Critics later mocked this
"catching a light" as a fancy.

## Works Cited

Talbot, William Henry Fox. *Some Account of the Art of Photogenic Drawing*. 1839.
"""


def test_a_cited_phrase_said_again_is_its_sources(tmp_path: Path) -> None:
    found = quotes_found(write(tmp_path, "essay.md", _ESSAY))
    assert "catching a light," in found
    assert "made of glass" not in found
    assert "catching a light" not in found


_TEX = r"""\documentclass{article}
\begin{document}
Kant writes:
\begin{quote}
The \emph{I think} must be able to accompany all my presentations.
\end{quote}
\cite[B131]{kant}
There will always be an \enquote*{\emph{I think}} attached to our cognitions.
\end{document}
"""


def test_a_latex_command_is_no_word_of_a_repeat(tmp_path: Path) -> None:
    bib = write(tmp_path, "r.bib", "@book{kant, author={Kant, Immanuel}, title={Critique}}\n")
    found = quotes_found(write(tmp_path, "body.tex", _TEX), bib)
    assert "I think" not in found
