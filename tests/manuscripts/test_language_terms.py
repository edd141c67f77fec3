"""Words in marks that the writer sets in another language with a language switch are a term
named in its own language, even when the sentence ends with a citation of the work that uses
it; a page cited for them makes them quoted. Lines written in the forms German theses in LaTeX
and Pandoc Markdown use (m1's plot paper)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_BIB = "@book{moretti, author={Moretti, Franco}, title={Network Theory}, year={2011}}\n"
_PREAMBLE = (
    "\\documentclass{article}\n\\usepackage[english,ngerman]{babel}\n\\usepackage{csquotes}\n"
    "\\newcommand{\\en}[1]{\\textenglish{\\emph{#1}}}\n\\begin{document}\n"
)


def _tex(tmp_path: Path, body: str) -> dict[str, tuple[str | None, str | None]]:
    tex = _PREAMBLE + body + "\n\\end{document}\n"
    return quotes_found(write(tmp_path, "a.tex", tex), write(tmp_path, "refs.bib", _BIB))


def test_terms_in_a_language_macro_before_a_bare_citation_are_terms(tmp_path: Path) -> None:
    got = _tex(
        tmp_path,
        "Moretti bestimmt so die \\textquote{\\en{main figures}} als jene mit der höchsten "
        "\\textquote{\\en{degree centrality}}; ein Maß der Netzwerkanalyse.\\autocite{moretti}",
    )
    assert got == {}


def test_a_term_in_foreignlanguage_before_a_bare_citation_is_a_term(tmp_path: Path) -> None:
    got = _tex(
        tmp_path,
        "Das Verfahren heißt \\enquote{\\foreignlanguage{english}{distant reading}} und wird "
        "breit genutzt.\\autocite{moretti}",
    )
    assert got == {}


def test_a_term_in_another_language_cited_at_a_page_is_quoted(tmp_path: Path) -> None:
    got = _tex(
        tmp_path,
        "Moretti spricht von \\textquote{\\en{degree centrality}}\\autocite[12]{moretti} als Maß.",
    )
    assert got == {"degree centrality": ("moretti", "12")}


def test_a_pandoc_span_in_another_language_is_a_term(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "Das Verfahren heißt „[distant reading]{lang=en}“ und wird genutzt [@moretti].\n",
    )
    assert quotes_found(md, write(tmp_path, "refs.bib", _BIB)) == {}
