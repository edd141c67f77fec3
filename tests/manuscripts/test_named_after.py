"""Words in marks whose clause names who says them: "The phrase “as cold as a cellar” is how
Hardy describes the house", "“a republic of letters” was what Voltaire called it". The cue
before them ("The phrase") presents them, yet they are the named writer's; "is what many call"
names nobody."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_ESSAY = r"""\documentclass{article}
\begin{document}
\section{How Hardy builds the house}
Hardy keeps the reader outside for a long time. The phrase ``as cold as a cellar'' is how
Hardy describes the parlour, and the family never sits there. The hall is ``a place for
coats'' and nothing more. The phrase ``a house of echoes'' is what many call it today.
\end{document}
"""


def test_words_whose_clause_names_their_writer_are_quoted(tmp_path: Path) -> None:
    found = quotes_found(write(tmp_path, "essay.tex", _ESSAY))
    assert "as cold as a cellar" in found
    assert "a house of echoes" not in found
    assert "a place for coats" not in found
