"""Someone naming a thing by the words in marks, the thing between verb and words: taught by
the fourteenth held-out set (an interview study in Markdown, an Enlightenment essay in LaTeX).
Lines are retyped from the labelled real manuscripts."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found


def test_someone_calling_a_thing_by_a_word_gives_the_word(tmp_path: Path) -> None:
    path = tmp_path / "speciale.md"
    path.write_text(
        "Interviews with the staff were held in 2023 [@hansen2020].\n\n"
        'Claus went so far as to call the IT architects a "godsend," giving IT a more '
        'service-oriented outward face. The architects are "busy" people, we were told.\n',
        encoding="utf-8",
    )
    assert set(quotes_found(path)) == {"godsend,"}


def test_a_relative_clause_naming_a_thing_as_the_words_gives_them(tmp_path: Path) -> None:
    (tmp_path / "refs.bib").write_text(
        "@book{rousseau,\n  author = {Rousseau, Jean-Jacques},\n  title = {Discours},\n"
        "  year = {1755}\n}\n",
        encoding="utf-8",
    )
    tex = tmp_path / "aufklaerung.tex"
    tex.write_text(
        "\\documentclass{article}\n\\usepackage{csquotes}\n\\begin{document}\n"
        "Rousseau schrieb 1755 über den Naturzustand.\\autocite{rousseau}\n\n"
        "Im Gegensatz zu Thomas Hobbes, der diesen Urzustand als \\enquote{Krieg aller gegen "
        "alle} dämonisierte, sieht Rousseau hier Frieden. Der Mensch ist für uns ein "
        "\\enquote{Schauspieler seiner ganzen eigenen selbst}.\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    assert set(quotes_found(tex, tmp_path / "refs.bib")) == {"Krieg aller gegen alle"}
