"""LaTeX manuscripts: quotation forms, cite commands, locators, included files."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.latex import latex_to_text
from tests.manuscripts.helpers import Expected, score

BIB = r"""
@article{lo2020, title = {{S2ORC}: The Semantic Scholar Open Research Corpus},
  author = {Lo, Kyle and Wang, Lucy Lu}, year = 2020, pages = {4969--4983},
  doi = {10.18653/v1/2020.acl-main.447}}
@techreport{nist2024, title = {High-Performance Computing Security}, author = {Guo, Yang},
  year = 2024, url = {https://example.org/nist}}
@book{bierce1911, title = {The Devil's Dictionary}, author = {Bierce, Ambrose}, year = 1911}
"""

MAIN = r"""\documentclass{article}
\usepackage{csquotes}
\begin{document}
% "a commented quotation is never a citation" \cite{lo2020}
The corpus holds ``a large corpus of scientific papers'' \cite[p.~4969]{lo2020}.
Natbib: ``the second quotation uses natbib here'' \citep[see][pp.~4970--4972]{lo2020}.
Biblatex: \enquote{an enquote quotation with parencite} \parencite[12]{nist2024}.
\textcite[chap.~3]{bierce1911} defines it as ``a state of mind and body'' as well.
A footnote: ``the quotation with a footnote cite''.\footnote{See \cite[p.~4973]{lo2020}.}
Cites: ``several works at once are cited'' \cites[4]{nist2024}[5]{lo2020}.
\textcquote[p.~4975]{lo2020}{textcquote carries its own reference} in the sentence.
A reviewer wrote ``a quotation without any reference at all'' here. The authors' ``new'' idea.
\input{chapter}
\begin{displayquote}[\cite[p.~7]{nist2024}]
A displayquote with its citation in the optional argument.
\end{displayquote}
\begin{quote}
A quote environment that ends with the citation. \autocite[p.~8]{nist2024}
\end{quote}
\begin{verbatim}
``verbatim quotations never count as citations''
\end{verbatim}
\blockcquote[20]{bierce1911}{The blockcquote with key and page argument.}
\begin{thebibliography}{9}
\bibitem{item1} A. Author, ``A Title in Quotes for Item One,'' 2001. doi:10.1000/item1
\end{thebibliography}
\end{document}
"""

CHAPTER = r"""\section{Included}
In the included file, ``the chapter file is followed too'' \footcite[p.~9]{nist2024}.
And ``a bibitem reference is resolved'' \cite{item1}.
"""

EXPECTED = [
    Expected("a large corpus of scientific papers", "lo2020", "4969"),
    Expected("the second quotation uses natbib here", "lo2020", "4970–4972"),
    Expected("an enquote quotation with parencite", "nist2024", "12"),
    Expected("a state of mind and body", "bierce1911", "chap. 3"),
    Expected("the quotation with a footnote cite", "lo2020", "4973"),
    Expected("several works at once are cited", "nist2024", "4"),
    Expected("textcquote carries its own reference", "lo2020", "4975"),
    Expected("a quotation without any reference at all", None),
    Expected("the chapter file is followed too", "nist2024", "9"),
    Expected("a bibitem reference is resolved", "item1"),
    Expected("A displayquote with its citation in the optional argument.", "nist2024", "7"),
    Expected("A quote environment that ends with the citation.", "nist2024", "8"),
    Expected("The blockcquote with key and page argument.", "bierce1911", "20"),
]


def test_latex_accuracy(tmp_path: Path) -> None:
    (tmp_path / "main.tex").write_text(MAIN, encoding="utf-8")
    (tmp_path / "chapter.tex").write_text(CHAPTER, encoding="utf-8")
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    result = scan(tmp_path / "main.tex", bib=[tmp_path / "refs.bib"])
    accuracy, problems = score(result, EXPECTED)
    print(f"latex extraction accuracy: {accuracy:.0%} of {len(EXPECTED)}")
    assert problems == []
    chapter = next(c for c in result.citations if c.quote.startswith("the chapter"))
    assert chapter.location is not None
    assert (chapter.location.file, chapter.location.line) == ("chapter.tex", 2)
    item1 = next(c for c in result.citations if c.quote.startswith("a bibitem"))
    batch = result.to_batch_dict()
    src = next(s for s in batch["sources"] if s["id"] == item1.source)
    assert src["ref"] == "doi:10.1000/item1"
    lo = next(c for c in result.citations if c.quote.startswith("a large corpus"))
    assert lo.locator is not None and lo.locator.pages == (4969,)


def test_latex_to_text() -> None:
    assert latex_to_text(r"the \emph{new} way---it's ``quoted''~here\ldots") == (
        "the new way—it's “quoted” here…"
    )
    assert latex_to_text(r"M{\"u}ller \& Co.\footnote{gone} 10\%") == "Müller & Co. 10%"
    assert latex_to_text(r"outer \enquote{inner words} end") == "outer ‘inner words’ end"


def test_footnote_naming_the_work_by_title(tmp_path: Path) -> None:
    (tmp_path / "n.bib").write_text(
        "@inproceedings{lo2020, title={{S2ORC}: The Semantic Scholar Open Research Corpus},"
        " author={Lo, Kyle}, year=2020, doi={10.1/s2}}\n",
        encoding="utf-8",
    )
    (tmp_path / "n.tex").write_text(
        "As one paper puts it, ``we release a corpus of papers to the public''.\\footnote{Kyle "
        "Lo et al., ``S2ORC: The Semantic Scholar Open Research Corpus,'' in \\emph{Proceedings"
        " of ACL} (2020), 4970.}\n",
        encoding="utf-8",
    )
    result = scan(tmp_path / "n.tex", bib=[tmp_path / "n.bib"])
    _, problems = score(
        result, [Expected("we release a corpus of papers to the public", "lo2020", "4970")]
    )
    assert problems == []
