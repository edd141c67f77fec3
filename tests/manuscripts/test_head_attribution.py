"""A sentence that opens on whose view it gives, without the comma: "According to Nonaka et
al. cross fertilisation requires …", German "Nach Cassirer betritt der Mensch …" (the verb
follows the head at once). A short phrase in marks in that sentence is the named writer's.
"Nach Ende des Krieges" names no one. Written in the forms of an English LaTeX essay (m11)
and a German seminar protocol."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write


def test_a_writer_named_at_the_head_of_the_sentence(tmp_path: Path) -> None:
    text = (
        "\\documentclass{article}\n\\begin{document}\n"
        "A team must balance its cross-fertilisation \\cite{hoda}. According to\n"
        "Nonaka et al. cross fertilisation requires a team of members of\n"
        "``varying functional specialisations'' which must work together.\n"
        "\\end{document}\n"
    )
    assert set(quotes_found(write(tmp_path, "essay.tex", text))) == {
        "varying functional specialisations"
    }


def test_german_head_without_comma(tmp_path: Path) -> None:
    text = (
        "Wir lasen Cassirer (Cassirer, 1944, S. 17). Nach Cassirer trifft der Mensch "
        "mit der Sprache eine „neue Entscheidung“ über die Welt.\n\n"
        "Nach Ende des Krieges gab es eine „neue Ordnung“ in der Stadt.\n"
    )
    assert set(quotes_found(write(tmp_path, "protokoll.md", text))) == {"neue Entscheidung"}
