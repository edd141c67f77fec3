"""Names in marks announced by their kind in French, German and Spanish prose: a programme
or project (`des projets comme \\textquote{Ville baroque}`, `le programme \\textquote{…}`), an
institution's name in title case with French small words, a painting (`das Gemälde „…“`).
None is a quotation, cited or not; a cited sentence of the same text is one. Written in the
forms of a French LaTeX thesis chapter and a German seminar text (m12)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_BIB = "@misc{rapport, author={CMBV}, title={Rapport d'activité}, year={2023}}\n"
_CHAPTER = (
    "\\documentclass{article}\n\\usepackage[french]{babel}\n\\usepackage{csquotes}\n"
    "\\begin{document}\n"
    "En 1992 l'atelier devient une \\textquote{Unité de Recherche Associée au C.N.R.S.}. "
    "Des projets comme \\textquote{Ville baroque} proposent des ateliers\\footcite{rapport}. "
    "On peut citer le programme \\textquote{Bébé baroque} pour les plus petits"
    "\\footcite{rapport}. Le centre veut \\textquote{redonner au château sa musique et au "
    "public son patrimoine}\\footcite[12]{rapport}.\n"
    "\\end{document}\n"
)


def test_programmes_and_institutions_are_names(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    got = quotes_found(write(tmp_path, "chapitre.tex", _CHAPTER), bib)
    assert set(got) == {"redonner au château sa musique et au public son patrimoine"}


def test_a_painting_named_by_its_kind(tmp_path: Path) -> None:
    text = (
        'Als Beispiel wird das Gemälde "Die Freiheit führt das Volk" von Eugène Delacroix '
        "(1830) genannt.\n"
    )
    assert quotes_found(write(tmp_path, "sitzung.md", text)) == {}
