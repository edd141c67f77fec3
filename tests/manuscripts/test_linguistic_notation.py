"""A Lexical-Functional Grammar paper writes each verb's semantic form in marks, in lexical
entries and feature structures (`mittor$\\langle$SUBJ, OBL\\textsubscript{GOAL}$\\rangle$',
‘mittor \\q<SUBJ, OBL\\q>’): notation, not a quotation, whatever citation stands near. A
quotation of the paper's sources stays one. Written in the form of a German LFG term paper
in LaTeX (m12)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_PAPER = (
    "\\documentclass{article}\n\\usepackage[ngerman]{babel}\n\\begin{document}\n"
    "Die LFG trennt c- und f-Struktur; die f-Struktur ist \\glqq eine Menge von "
    "Attribut-Wert-Paaren\\grqq{} \\cite[12]{Dal}.\n\n"
    "\\begin{tabular}{l l l l}\n"
    "\\textbf{datum}: & V \\\\\n"
    "$\\qquad$ & ($\\uparrow$PRED) & = & `do$\\langle$SUBJ, OBJ, OBL\\textsubscript{GOAL}"
    "$\\rangle$'\\\\\n"
    "$\\qquad$ & ($\\uparrow$SUBJ NUM) & = & sg [2]\\\\\n"
    "\\end{tabular}\n\n"
    "PRED & ‘do \\q<SUBJ, OBJ\\q>’ \\\\\n"
    "\\end{document}\n"
)


def test_semantic_forms_are_notation(tmp_path: Path) -> None:
    got = quotes_found(write(tmp_path, "ha.tex", _PAPER))
    assert set(got) == {"eine Menge von Attribut-Wert-Paaren"}
