"""A cite command known by its name, and the place typed after a cite in its note.

Theses are written in a class or template that defines its own cite commands (abnTeX2's
``\\citeonline``, apacite's ``\\citeA``, a department's ``\\citelit`` and ``\\fullfootcite``); a
chapter handed on alone keeps using them. And writers who do not know the postnote type the page
or part after the cite inside the note: ``\\footnote{\\cite{key}, S. 12}``,
``\\footnote{\\cite{key}, Abschnitt „1.1 Einleitung“}``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan

_BIB = """@book{qian2009, author={Qian, Ling}, title={Cloud Computing: An Overview}, year={2009}}
@book{theo2015, author={Theodoridis, Sergios}, title={Machine Learning}, year={2015}}
"""


def _cited(tmp_path: Path, body: str) -> list[tuple[str | None, str | None]]:
    tex = tmp_path / "kapitel.tex"
    tex.write_text(body, encoding="utf-8")
    bib = tmp_path / "literatur.bib"
    bib.write_text(_BIB, encoding="utf-8")
    return [
        (
            c.reference.key if c.reference else None,
            c.locator.value if c.locator else None,
        )
        for c in scan(tex, bib=[bib]).citations
    ]


@pytest.mark.parametrize("command", ["citelit", "citeonline", "citeA", "fullfootcite"])
def test_a_cite_command_the_chapter_does_not_define_is_read_by_its_name(
    tmp_path: Path, command: str
) -> None:
    got = _cited(
        tmp_path,
        "Der Begriff wird als \\enquote{eine der vagesten Terminologien in der Technik-Geschichte}"
        f" bezeichnet \\{command}[S. 626]{{qian2009}}.\n\n"
        "\\begin{quote}\nCloud computing is a kind of computing technique where services are"
        f" provided by massive low-cost computing units. \\{command}[Kap. 1.1]{{qian2009}}\n"
        "\\end{quote}\n",
    )
    assert got == [("qian2009", "626"), ("qian2009", "Kap. 1.1")]


def test_commands_that_set_up_citing_are_no_citations(tmp_path: Path) -> None:
    got = _cited(
        tmp_path,
        "\\setcitestyle{authoryear}\\newcites{web}{Internetquellen}\n"
        "Er nennt es \\enquote{eine der vagesten Terminologien in der Technik-Geschichte}"
        " \\citeproc{ref-qian2009}{}.\n",
    )
    assert got == [(None, None)]


def test_the_place_typed_after_the_cite_in_a_note(tmp_path: Path) -> None:
    got = _cited(
        tmp_path,
        "Es heißt: \\enquote{Learning through personal experience and knowledge is at the heart"
        " of human intelligence}\\footnote{\\cite{theo2015}, Abschnitt „1.1 What Machine"
        " Learning is About“}. Weiter.\n\n"
        "\\begin{quote}„Semantics is the process of communicating enough meaning to result in an"
        " action.“\\footnote{\\cite{theo2015}, S. 12}\\end{quote}\n\n"
        "\\begin{quote}„A sequence of symbols can be used to communicate meaning, and this"
        " can then affect behavior.“\\footnote{\\cite{theo2015}, Art. 5 GG}\\end{quote}\n",
    )
    assert got == [
        ("theo2015", "Abschnitt „1.1 What Machine Learning is About“"),
        ("theo2015", "12"),
        ("theo2015", "Art. 5 GG"),
    ]
