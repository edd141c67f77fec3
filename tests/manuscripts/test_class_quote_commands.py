"""A quotation command of a school's or writer's class: `\\zit[15]{key}{text}`. Classes define
it with an optional first argument for the page (`\\newcommand{\\zit}[3][]{…}`, as the public
VWA template defines `\\wzit` and `\\izit` with `[2][]`), often in a class or package file beside
the manuscript (`\\documentclass{vwa}` → vwa.cls); a chapter handed on without its class still
uses it, its key and page in their places. Written for this test in those forms."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_BIB = (
    "@book{kaplan_siri_2019, author={Kaplan, Andreas}, title={Siri}, year={2019}}\n"
    "@book{meier2017, author={Meier, Jan}, title={Krisen}, year={2017}}\n"
)
_USES = (
    "\\begin{document}\n\\section{Begriff}\n"
    "\\zit[15]{kaplan_siri_2019}{Artificial intelligence is a system's ability to interpret "
    "external data correctly}\n\n"
    "Meier nennt es \\zit{meier2017}{eine neue Art von Krise im ganzen Land}, und mehr.\n"
    "\\end{document}\n"
)
_WANT = {
    "Artificial intelligence is a system's ability to interpret external data correctly": (
        "kaplan_siri_2019",
        "15",
    ),
    "eine neue Art von Krise im ganzen Land": ("meier2017", None),
}


def test_a_command_with_an_optional_page_defined_in_the_file(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    tex = (
        "\\documentclass{article}\n\\usepackage{csquotes}\n"
        "\\newcommand{\\zit}[3][]{\\enquote{#3}\\footcite[#1]{#2}}\n" + _USES
    )
    assert quotes_found(write(tmp_path, "a.tex", tex), bib) == _WANT


def test_a_command_defined_in_the_class_beside_the_manuscript(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    write(
        tmp_path,
        "schule.cls",
        "\\LoadClass{article}\n\\RequirePackage{csquotes}\n"
        "\\newcommand*{\\zit}[3][]{\\enquote{#3}~\\parencite[#1]{#2}}\n",
    )
    tex = "\\documentclass[12pt]{schule}\n" + _USES
    assert quotes_found(write(tmp_path, "a.tex", tex), bib) == _WANT


def test_a_class_command_whose_class_is_missing(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    tex = (
        "\\documentclass{schule}\n" + _USES + "Die \\textcolor{red}{Farbe ist hier nur Farbe "
        "und nichts weiter} bleibt.\n"
    )
    assert quotes_found(write(tmp_path, "a.tex", tex), bib) == _WANT
