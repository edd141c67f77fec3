"""Citations as Pandoc's Markdown writer leaves them when it converts a Word or HTML document:
typed brackets escaped, "\\[1\\]", "\\[2, p. 4\\]", in the text and in the numbered list."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan


def test_escaped_numbered_citations_find_their_escaped_list_entries(tmp_path: Path) -> None:
    md = tmp_path / "essay.md"
    md.write_text(
        "# Essay\n\n"
        'Felsner argues that "the number of reduced decompositions grows very fast" \\[1\\]. '
        'Later he adds that "every tableau has a unique reading word here" \\[2, p. 4\\].\n\n'
        "## References\n\n"
        '\\[1\\] S. Felsner, "On the number of arrangements of pseudolines," Discrete'
        " Comput. Geom., 1997.\n\n"
        "\\[2\\] S. Felsner, *Geometric Graphs and Arrangements*. Wiesbaden: Vieweg, 2004.\n",
        encoding="utf-8",
    )
    first, second = scan(md).citations
    assert first.reference is not None and first.reference.bib is not None
    assert first.reference.bib.year == "1997"
    assert second.reference is not None and second.reference.bib is not None
    assert second.reference.bib.year == "2004"
    assert second.locator is not None and second.locator.value == "4"


def test_a_latex_display_formula_is_no_numbered_citation(tmp_path: Path) -> None:
    tex = tmp_path / "essay.tex"
    tex.write_text(
        "\\documentclass{article}\\begin{document}\n"
        "He writes that ``the sum of all these terms is always exactly one'' \\[1\\] and goes"
        " on.\n\\end{document}\n",
        encoding="utf-8",
    )
    (cit,) = scan(tex).citations
    assert cit.reference is None
