"""A note that cites a work and then gives its wording, a comma or colon between
(`\\footnote{Vgl. \\cite[24]{dal}, ,,clausal functions''.}`, `\\cite[12]{skript}: ,,Der Ort …
liefert.''`): the words are that work's at that page, however short, and a German sentence
there is no title for its capitalised nouns. Written in the form of a German LaTeX term paper
with `,,…''` marks (m12)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_BIB = (
    "@book{dal, author={Dalrymple, Mary}, title={Lexical Functional Grammar}, year={2001}}\n"
    "@misc{skript, author={Meier, Anna}, title={Skript zur LFG}, year={2020}}\n"
    "@book{falk, author={Falk, Yehuda}, title={Lexical-Functional Grammar}, year={2001}}\n"
)
_PAPER = (
    "\\documentclass{article}\n\\usepackage[ngerman]{babel}\n\\begin{document}\n"
    "Diese Funktionen sind stets satzwertig.\\footnote{Vgl. \\cite[24]{dal}, "
    ",,clausal functions''.} Ein ADJ muss es nicht sein.\n\n"
    "Die Gleichungen stehen an den Knoten.\\footnote{Vgl. \\cite[69]{falk}. Vgl. auch "
    "\\cite[12]{skript}: ,,Der Ort der Annotation ist der Knoten, dessen F-Struktur den Wert "
    "liefert.''} Danach werden Variablen ersetzt \\cite[70]{falk}.\n"
    "\\end{document}\n"
)


def test_the_wording_a_note_gives_after_its_citation(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    got = quotes_found(write(tmp_path, "ha.tex", _PAPER), bib)
    assert got == {
        "clausal functions": ("dal", "24"),
        "Der Ort der Annotation ist der Knoten, dessen F-Struktur den Wert liefert.": (
            "skript",
            "12",
        ),
    }
