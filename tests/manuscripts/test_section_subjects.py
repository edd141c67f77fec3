"""A section of an uncited text whose heading names the author it reads (a school essay on a
novel inside a collection of essays) quotes that author's words in marks, though nothing is
cited; a travel sketch in another section of the same text keeps its dialogue the writer's.
Lines written in the forms a LaTeX collection of school essays uses (m3's Christmas Carol
essay)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_ESSAY = (
    "\\documentclass{article}\n\\begin{document}\n"
    "\\section{Kyoto}\n"
    "He stands dumbfounded, voices can be heard: ``what are you thinking now.'' I walk on.\n\n"
    "\\section{Hard Times}\n"
    "\\subsection{How does Charles Dickens present Gradgrind in Hard Times?}\n"
    "In the novel, Dickens presents Gradgrind in three stages. Dickens shows him as a man "
    "of facts. At the beginning, Dickens described him as ``a man of realities'', which "
    "meant that he was cold. Dickens created a ``plain, bare, monotonous vault of a "
    "schoolroom'' for him. He took his ``tea in his usual melancholy parlour'' alone. "
    "Dickens used the weather to show it, and Dickens ends with his change.\n"
    "\\end{document}\n"
)


def test_a_section_reading_one_author_quotes_that_author(tmp_path: Path) -> None:
    got = quotes_found(write(tmp_path, "essay.tex", _ESSAY))
    assert set(got) == {
        "a man of realities",
        "plain, bare, monotonous vault of a schoolroom",
        "tea in his usual melancholy parlour",
    }
    assert all(ref is None for ref, _ in got.values())


def test_a_heading_whose_name_the_section_hardly_names_reads_no_author(tmp_path: Path) -> None:
    essay = _ESSAY.replace("Dickens used the weather to show it, and Dickens ends", "It ends")
    essay = essay.replace("Dickens shows him", "It shows him").replace("Dickens created", "It has")
    assert quotes_found(write(tmp_path, "essay.tex", essay)) == {}
