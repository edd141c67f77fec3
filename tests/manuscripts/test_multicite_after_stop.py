"""biblatex's multi-cite commands (\\footcites, \\parencites, \\autocites) set after the full stop
close the quotation's sentence as the single-cite ones do: '"…".\\footcites{key}'."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan

_BIB = "@book{biber, title = {Longman Grammar}, author = {Biber, Douglas}, year = 2011}\n"


@pytest.mark.parametrize(
    "cite",
    [
        "\\footcites{biber}",
        "\\footcites[12]{biber}",
        "\\parencites[12]{biber}[3]{biber}",
        " \\autocites{biber}",
    ],
)
def test_multicite_after_the_stop(tmp_path: Path, cite: str) -> None:
    tex = tmp_path / "memoire.tex"
    tex.write_text(
        "\\documentclass{article}\\begin{document}\nLa grammaire le définit ainsi :"
        ' "La relation entre le nombre de formes de mots différentes est appelée ratio".'
        f"{cite} Plus il y a de types, plus la redondance est faible.\n\\end{{document}}\n",
        encoding="utf-8",
    )
    (tmp_path / "refs.bib").write_text(_BIB, encoding="utf-8")
    (cit,) = scan(tex, bib=[tmp_path / "refs.bib"]).citations
    assert cit.reference is not None and cit.reference.key == "biber"
