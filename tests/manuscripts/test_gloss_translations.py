"""A linguistics paper's interlinear examples give a free translation in marks on their last
line (gb4e's and Language Science Press's `\\glt ‘…’`, expex's `\\glft`, `\\trans` at a line's
head): the writer's translation of linguistic data, not a quotation, even with the example's
source cited beside it. A transpose written `\\trans` in math is left alone. Written in the
forms the gb4e and expex manuals show."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_BIB = "@book{meier, author={Meier, Jan}, title={Wortstellung}, year={2017}}\n"
_TEX = (
    "\\documentclass{article}\n\\usepackage{gb4e}\n\\begin{document}\n"
    "Das Beispiel zeigt die Wortstellung \\cite[12]{meier}.\n"
    "\\begin{exe}\n\\ex \\gll Der Hund hat den Briefträger gebissen.\\\\\n"
    "the dog has the postman bitten\\\\\n"
    "\\glt ‘The dog has bitten the postman.’ \\cite[45]{meier}\n"
    "\\ex \\gll Den Briefträger hat der Hund gebissen.\\\\\n"
    "the postman has the dog bitten\\\\\n"
    "\\trans `The dog has bitten the postman, not the neighbour.' \\cite[46]{meier}\n"
    "\\end{exe}\n"
    "Mit $x^\\trans$ meint Meier \\enquote{eine freie Stellung der Argumente} \\cite[47]{meier}.\n"
    "\\end{document}\n"
)


def test_free_translations_of_examples_are_no_quotations(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    got = quotes_found(write(tmp_path, "paper.tex", _TEX), bib)
    assert got == {"eine freie Stellung der Argumente": ("meier", "47")}
