"""A quoted sentence carrying inline math is a source's sentence; math alone in marks, or a few
words around it, stays the writer's formula."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import write


def test_a_sentence_with_an_inline_symbol_is_quoted(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "Here is what I gathered: \"The 'quantum state' $$\\psi$$ is always a relative state.\" "
        "(p. 83) In the classical picture it is not.\n\n"
        'The report warns that "a sample of size $n$ below thirty gives no stable estimate of '
        'the variance" (p. 12).\n\n'
        'We write "$E = mc^2$" on the board, and "$x$ over $y$" next to it.\n',
    )
    quotes = [c.quote for c in scan(md).citations]
    assert any(q.startswith("The 'quantum state'") for q in quotes)
    assert any(q.startswith("a sample of size") for q in quotes)
    assert not any("mc^2" in q or "over" in q for q in quotes)


def test_a_latex_sentence_with_inline_math_is_quoted(tmp_path: Path) -> None:
    tex = write(
        tmp_path,
        "a.tex",
        "\\documentclass{article}\\begin{document}\n"
        "The survey notes that ``the \\(r\\)-band light bleeds from the nearby saturated star "
        "into the aperture'' \\cite[4]{survey}.\n"
        "\\end{document}\n",
    )
    quotes = [c.quote for c in scan(tex).citations]
    assert any("band light bleeds" in q for q in quotes)
