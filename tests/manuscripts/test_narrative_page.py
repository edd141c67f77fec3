"""A work named in the running text (`@key betont, „…“`, `\\textcite{key}`) whose page the
bracket closing the paragraph gives (`… . [@key, Seite 223]`): the quotation takes that page."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write

_BIB = (
    "@book{roth2001, title = {Lernen}, author = {Roth, Anna}, year = 2001}\n"
    "@book{berg2010, title = {Schule}, author = {Berg, Paul}, year = 2010}\n"
)


def _found(path: Path) -> dict[str, tuple[str | None, tuple[int, ...]]]:
    return {
        c.quote: (c.reference.key if c.reference else None, c.locator.pages if c.locator else ())
        for c in scan(path).citations
    }


def test_a_pandoc_paragraphs_closing_bracket_gives_the_named_works_page(tmp_path: Path) -> None:
    write(tmp_path, "refs.bib", _BIB)
    md = write(
        tmp_path,
        "a.md",
        "---\nbibliography: refs.bib\n---\n\n"
        "@roth2001 betont hierfür, „dass Lernen stets an seinen Kontext gebunden bleibt“ und dass "
        "es sich nur begrenzt steuern lässt. [@roth2001, Seite 12]\n\n"
        "Auch @berg2010 hält fest, „dass Schule nur Bedingungen bereitstellen kann“. Das gilt "
        "weiter. [@roth2001, Seite 3; @berg2010, Seiten 40-41]\n",
    )
    got = _found(md)
    assert got["dass Lernen stets an seinen Kontext gebunden bleibt"] == ("roth2001", (12,))
    assert got["dass Schule nur Bedingungen bereitstellen kann"] == ("berg2010", (40, 41))


def test_a_latex_narrative_cite_takes_the_page_of_the_autocite_after_it(tmp_path: Path) -> None:
    write(tmp_path, "refs.bib", _BIB)
    tex = write(
        tmp_path,
        "a.tex",
        "\\documentclass{article}\\usepackage{csquotes}\\begin{document}\n"
        "\\textcite{roth2001} betont, \\enquote{dass Lernen stets an seinen Kontext gebunden "
        "bleibt}. Das gilt auch für Erwachsene \\autocite[12]{roth2001}.\n\\end{document}\n",
    )
    got = _found(tex)
    assert got["dass Lernen stets an seinen Kontext gebunden bleibt"] == ("roth2001", (12,))


def test_a_work_named_again_before_the_bracket_gives_this_quotation_no_page(
    tmp_path: Path,
) -> None:
    write(tmp_path, "refs.bib", _BIB)
    md = write(
        tmp_path,
        "a.md",
        "---\nbibliography: refs.bib\n---\n\n"
        "@roth2001 betont, „dass Lernen stets an seinen Kontext gebunden bleibt“. Später "
        "wendet @roth2001 dies auf Schulen an. [@roth2001, Seite 90]\n\n"
        "Ein anderer Absatz. [@roth2001, Seite 7]\n",
    )
    got = _found(md)
    assert got["dass Lernen stets an seinen Kontext gebunden bleibt"] == ("roth2001", ())
