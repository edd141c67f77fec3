"""German writers in LaTeX open with „ and close with a straight " (the key beside Enter):
„Ich bin jemand, der … nach außen." So beschreibt Vetter …. A straight " after words and before
a space or a stop is no babel shorthand ("a, "-, "~ are): it closes the quotation. A straight
inner pair inside a „…“ that closes with its own mark stays inside. Written in the form of a
German LaTeX reportage (m16)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_TEXT = (
    "\\documentclass{article}\n\\usepackage[ngerman]{babel}\n\\begin{document}\n"
    "Die Bibliothek ist zu klein \\cite{bericht}. "
    'Es geht um Emotionen und um eine Atmosph"are, in der man dies kann. „Ich bin jemand,\n'
    'der total auf offene Kommunikation steht. Ich benenne mein Gef"uhl und\n'
    'bringe es nach au\\ss{}en." So beschreibt Danilo Vetter seine Strategie.\n\n'
    'Sie erinnert sich: „Er sagte "Guten Morgen" und ging dann ohne ein weiteres Wort.“ '
    "So beschreibt sie den Chef.\n"
    "\\end{document}\n"
)


def test_a_low_mark_closed_by_a_straight_one(tmp_path: Path) -> None:
    got = quotes_found(write(tmp_path, "master.tex", _TEXT))
    assert set(got) == {
        "Ich bin jemand, der total auf offene Kommunikation steht. Ich benenne mein "
        "Gefühl und bringe es nach außen.",
        'Er sagte "Guten Morgen" und ging dann ohne ein weiteres Wort.',
    }


def test_a_whole_sentence_in_enquote_standing_alone(tmp_path: Path) -> None:
    text = (
        "\\documentclass{article}\n\\usepackage{csquotes}\n\\begin{document}\n"
        "Die Bibliothek ist zu klein \\cite{bericht}. Dass sie lange ohne Leitung war, ist "
        "nicht nur schlecht. \\enquote{Man lernte, sich selbst zu organisieren.} Obwohl das "
        "nach Zweckoptimismus klingt.\n"
        "\\end{document}\n"
    )
    got = quotes_found(write(tmp_path, "master.tex", text))
    assert set(got) == {"Man lernte, sich selbst zu organisieren."}
