"""A program's text set inline in LaTeX (``\\texttt{"…"}``, ``\\verb|…|``, ``\\lstinline``) holds
strings in marks that are output or code, never a source's words; and a block signed on a line
set flush right (``\\\\ \\hfill --- \\textcite[4]{smith}``) keeps the dash out of its words."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write

_BIB = "@book{smith, title={Rivers}, author={Smith, Ann}, year={2001}}\n"


def test_strings_in_inline_code_are_no_quotations(tmp_path: Path) -> None:
    tex = write(
        tmp_path,
        "a.tex",
        'The tool prints \\texttt{"the job finished without any errors at all"} and stops. '
        'Run it as \\verb|echo "text that the shell prints back to you"| first, or call '
        '\\lstinline{log("a line the program writes to its log file")}. Smith warns that '
        "``no tool checks what nobody reads'' \\cite[p.~4]{smith}.\n",
    )
    quotes = [c.quote for c in scan(tex, bib=[write(tmp_path, "r.bib", _BIB)]).citations]
    assert quotes == ["no tool checks what nobody reads"]


def test_a_signature_set_flush_right_is_not_quoted(tmp_path: Path) -> None:
    tex = write(
        tmp_path,
        "a.tex",
        "\\begin{quote}\nNobody owns the river, and nobody can sell it to anyone.\\\\\n"
        "\\hfill --- \\textcite[p.~4]{smith}\n\\end{quote}\n",
    )
    (c,) = scan(tex, bib=[write(tmp_path, "r.bib", _BIB)]).citations
    assert c.quote == "Nobody owns the river, and nobody can sell it to anyone."
    assert (c.reference.key, c.locator.value) == ("smith", "4")
