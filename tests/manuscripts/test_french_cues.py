"""French presents a word as a word as English and German do: "ce que nous désignons
aujourd’hui par « … »", "le terme « … »", "appelé « … »", with the guillemets set off by spaces.
Such a word stays the writer's even with a page cited right after it; a source's word cited so
without the cue is quoted."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_BIB = "@book{roux, author={Roux, Anne}, title={Images et mots}, year={2003}}\n"

_TEX = r"""\documentclass{article}
\usepackage[french]{babel}
\begin{document}
Le mot iconologie comprenait alors ce que nous désignons aujourd’hui
par « emblématique »\footcite[p. 24]{roux}.
Pour Roux, ces images restent « indéchiffrables »\footcite[p. 31]{roux} sans leur texte.
\end{document}
"""


def test_a_french_cue_presents_a_word_as_a_word(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    found = quotes_found(write(tmp_path, "chapitre.tex", _TEX), bib)
    assert "emblématique" not in found
    assert found["indéchiffrables"] == ("roux", "31")
