"""The parts of a LaTeX project a reader reads: chapters brought in by the import package
(``\\subimport{chapters/}{one}``, ``\\import{parts/}{two}``), a plain ``\\input`` a chapter
names relative to its own folder, and not the text a writer set aside in ``\\iffalse … \\fi``
(which LaTeX never prints); ``\\let\\ifdraft\\iffalse`` names a switch and hides nothing."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write

_BIB = "@book{smith, title={Rivers}, author={Smith, Ann}, year={2001}}\n"


def _quotes(main: Path, bib: Path) -> dict[str, str]:
    return {c.quote: c.location.file for c in scan(main, bib=[bib]).citations}


def test_chapters_brought_in_by_the_import_package_are_read(tmp_path: Path) -> None:
    (tmp_path / "chapters").mkdir()
    (tmp_path / "parts").mkdir()
    write(
        tmp_path,
        "chapters/one.tex",
        "Smith adds, ``a chapter imported from its folder is read like any other'' "
        "\\cite[p.~7]{smith}.\n\\input{two-a}\n",
    )
    write(
        tmp_path,
        "chapters/two-a.tex",
        "Smith goes on, ``an input named from the chapter's own folder is read too'' "
        "\\cite[p.~8]{smith}.\n",
    )
    write(
        tmp_path,
        "parts/two.tex",
        "Smith ends, ``a part imported from the main folder is read as well'' "
        "\\cite[p.~9]{smith}.\n",
    )
    main = write(
        tmp_path,
        "main.tex",
        "\\documentclass{book}\n\\usepackage{import}\n\\begin{document}\n"
        "\\subimport{chapters/}{one}\n\\import{parts/}{two.tex}\n\\end{document}\n",
    )
    got = _quotes(main, write(tmp_path, "refs.bib", _BIB))
    assert got == {
        "a chapter imported from its folder is read like any other": "chapters/one.tex",
        "an input named from the chapter's own folder is read too": "chapters/two-a.tex",
        "a part imported from the main folder is read as well": "parts/two.tex",
    }


def test_text_set_aside_in_iffalse_is_not_read(tmp_path: Path) -> None:
    main = write(
        tmp_path,
        "main.tex",
        "\\newif\\ifdraft\n\\let\\ifnotes\\iffalse\n"
        "Smith writes ``the river keeps what the town forgets to remember'' "
        "\\cite[p.~4]{smith}.\n"
        "\\iffalse\nSmith writes ``a section dropped for now is never printed at all'' "
        "\\cite[p.~5]{smith}.\n\\ifdraft draft \\fi\n\\input{old}\n\\fi\n"
        "Smith ends, ``what follows the dropped section is read again'' \\cite[p.~6]{smith}.\n",
    )
    write(
        tmp_path,
        "old.tex",
        "Smith: ``an input inside iffalse is never read either'' \\cite{smith}.\n",
    )
    got = _quotes(main, write(tmp_path, "refs.bib", _BIB))
    assert set(got) == {
        "the river keeps what the town forgets to remember",
        "what follows the dropped section is read again",
    }
