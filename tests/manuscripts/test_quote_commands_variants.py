"""The same quotation set by other LaTeX commands: French babel's `\\og … \\fg{}`, and a
writer's own quotation command (`\\newcommand{\\zitat}[1]{\\glqq #1\\grqq{}}`,
`\\newcommand{\\q}[1]{\\enquote{#1}}`, `\\newcommand{\\dq}[1]{``#1''}`; the public code index
holds 19 such definitions in these three forms), used over one line or several. Each is read as
its marks are. Written for this test in the forms those files use."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_BIB = (
    "@book{dupont, author={Dupont, Anne}, title={La région}, year={2018}}\n"
    "@book{meier, author={Meier, Jan}, title={Krisen}, year={2017}}\n"
)
_TEX = (
    "\\documentclass{article}\n\\usepackage[french,ngerman]{babel}\n\\usepackage{csquotes}\n"
    "\\newcommand{\\zitat}[1]{\\glqq #1\\grqq{}}\n"
    "\\newcommand{\\q}[1]{\\enquote{#1}}\n"
    "\\newcommand{\\dq}[1]{``#1''}\n"
    "\\begin{document}\n"
    "Dupont écrit \\og une vague d'optimisme dans la région\\fg{} \\cite[3]{dupont}.\n\n"
    "Meier nennt es \\zitat{eine neue Art von Krise\nim ganzen Land} \\cite[12]{meier}.\n\n"
    "Meier nennt es \\q{eine zweite Art von Krise im Land} \\cite[13]{meier}, und \\quad mehr.\n\n"
    "Meier nennt es \\dq{eine dritte Art von Krise im Land} \\cite[14]{meier}.\n"
    "\\end{document}\n"
)


def test_quotation_commands_of_other_kinds(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    got = quotes_found(write(tmp_path, "essay.tex", _TEX), bib)
    assert got == {
        "une vague d'optimisme dans la région": ("dupont", "3"),
        "eine neue Art von Krise im ganzen Land": ("meier", "12"),
        "eine zweite Art von Krise im Land": ("meier", "13"),
        "eine dritte Art von Krise im Land": ("meier", "14"),
    }


def test_quoting_and_own_quotation_environments(tmp_path: Path) -> None:
    tex = (
        "\\documentclass{article}\n\\usepackage{quoting}\n"
        "\\newenvironment{zitat}{\\begin{quote}\\itshape}{\\end{quote}}\n"
        "\\begin{document}\nMeier schreibt:\n"
        "\\begin{quoting}[leftmargin=2em]\n"
        "Die Krise ist keine Ausnahme mehr, sondern der Normalfall. \\cite[12]{meier}\n"
        "\\end{quoting}\nUnd weiter:\n\\begin{zitat}\n"
        "Wer die Krise verstehen will, muss ihre Geschichte kennen. \\cite[14]{meier}\n"
        "\\end{zitat}\n\\end{document}\n"
    )
    bib = write(tmp_path, "refs.bib", _BIB)
    got = quotes_found(write(tmp_path, "essay.tex", tex), bib)
    assert got == {
        "Die Krise ist keine Ausnahme mehr, sondern der Normalfall.": ("meier", "12"),
        "Wer die Krise verstehen will, muss ihre Geschichte kennen.": ("meier", "14"),
    }


def test_dirtytalk_say(tmp_path: Path) -> None:
    tex = (
        "\\documentclass{article}\n\\usepackage{dirtytalk}\n\\begin{document}\n"
        "Meier nennt es \\say{eine vierte Art von Krise im Land} \\cite[15]{meier}.\n"
        "\\end{document}\n"
    )
    bib = write(tmp_path, "refs.bib", _BIB)
    got = quotes_found(write(tmp_path, "essay.tex", tex), bib)
    assert got == {"eine vierte Art von Krise im Land": ("meier", "15")}


def test_abntex2_and_italian_quotation_environments(tmp_path: Path) -> None:
    tex = (
        "\\documentclass{abntex2}\n\\begin{document}\nPor tanto:\n\n\\begin{citacao}\n"
        "A análise do discurso visa a compreensão de como um objeto simbólico produz sentidos. "
        "\\cite[p. 24]{dupont}.\n\\end{citacao}\n\nE ainda:\n\\begin{citazione}\n"
        "La crisi non è più un'eccezione, ma la normalità di ogni giorno. \\cite[12]{meier}\n"
        "\\end{citazione}\n\\end{document}\n"
    )
    got = quotes_found(write(tmp_path, "artigo.tex", tex), write(tmp_path, "refs.bib", _BIB))
    assert got == {
        "A análise do discurso visa a compreensão de como um objeto simbólico produz sentidos.": (
            "dupont",
            "24",
        ),
        "La crisi non è più un'eccezione, ma la normalità di ogni giorno.": ("meier", "12"),
    }
