"""A LaTeX quotation that opens on a quotation of its own is typed with two pairs of backticks
(````Ooh!'' [...] she cried''): the outer quotation goes on past the inner one's close and is
the one cited. Written in the form of a student essay in LaTeX (m17)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_ESSAY = (
    "\\documentclass{article}\n\\begin{document}\n"
    "His sister, seeing him on the wall, cried out\n"
    "````Look, Father!'' [...] raising her hand and staring at the door''\n"
    "\\cite[41]{novel} as if it were his fault.\n"
    "\\bibliography{refs}\n\\end{document}\n"
)


def test_outer_quotation_of_a_nested_opening(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", "@book{novel, author={Roe, A.}, title={W}, year={2001}}\n")
    got = quotes_found(write(tmp_path, "essay.tex", _ESSAY), bib)
    assert len(got) == 1
    ((quote, (key, locator)),) = got.items()
    assert "raising her hand and staring at the door" in quote and "Look, Father!" in quote
    assert (key, locator) == ("novel", "41")
