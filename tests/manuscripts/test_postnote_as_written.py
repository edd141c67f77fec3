"""A biblatex postnote that gives the place in its own words with the page last ("norme NF
Z47-102, vol. 1, p. 286") is kept as written, its page compared; a page typed after a \\cite
inside a note ("\\footnote{\\cite{key}, p. 37 : “…”}") is the quotation's that follows."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.locators import postnote_locator

_BIB = (
    "@book{afnor, title={Documentation}, author={{AFNOR}}, year={1993}}\n"
    "@book{straten, title={Iconography, Indexing, Iconclass}, author={van Straten, Roelof},"
    " year={1994}}\n"
)


def test_a_postnote_with_the_page_last_is_kept_as_written() -> None:
    loc = postnote_locator("norme NF Z47-102, vol. 1, p.~286")
    assert loc is not None
    assert (loc.label, loc.value, loc.pages) == ("page", "norme NF Z47-102, vol. 1, p. 286", (286,))
    assert postnote_locator("emphasis added") is None


def test_latex_postnote_and_page_typed_after_a_cite_in_a_note(tmp_path: Path) -> None:
    one = "l’opération qui consiste à décrire et à caractériser un document"
    two = "It is astonishing that even the most basic questions have not been discussed."
    tex = tmp_path / "chapitre.tex"
    tex.write_text(
        "\\documentclass{article}\\begin{document}\n"
        f"L'AFNOR la présente ainsi : l’indexation est « {one} »"
        "\\footcite[norme NF Z47-102, vol. 1, p. 286]{afnor}.\n\n"
        "Van Straten le remarque.\\footnote{\\cite{straten}, p. 37 : “" + two + "”}\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    (tmp_path / "refs.bib").write_text(_BIB, encoding="utf-8")
    got = {
        c.quote: (c.reference.key if c.reference else None, c.locator.value if c.locator else None)
        for c in scan(tex, bib=[tmp_path / "refs.bib"]).citations
    }
    assert got[one] == ("afnor", "norme NF Z47-102, vol. 1, p. 286")
    assert got[two] == ("straten", "37")
