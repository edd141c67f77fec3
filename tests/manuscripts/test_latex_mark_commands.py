"""Quotation marks set as LaTeX commands (\\glqq…\\grqq{}, babel's "`…"', guillemet and font
commands): German theses write them instead of typing „…“, and each pair is a quotation."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.latex_marks import _MAX_OPEN, mark_commands

_BIB = "@book{meier, author = {Meier, Hans}, title = {Schule}, year = {2000}}\n"
_TEX = r"""\documentclass{article}
\usepackage[ngerman]{babel}
\begin{document}
Sie sei \glqq eine Anstalt zur Erziehung der gesamten Jugend\grqq{} \cite[S. 4]{meier}.
Sie sagt, es sei "`ein Ort der Begegnung für alle im Viertel"' \cite[S. 5]{meier}.
Und weiter: \frqq ein Raum für die Kunst und das freie Spiel\flqq{} \cite[S. 6]{meier}.
Und \quotedblbase ein Raum für das freie Denken aller\textquotedblleft{} \cite[S. 7]{meier}.
Also \textquotedblleft a room for art and free thinking\textquotedblright{} \cite[p. 8]{meier}.

Ein \glqq offenes Zeichen bleibt in diesem Absatz

ohne Ende\grqq{} und paart nichts.
\end{document}
"""


def test_mark_commands_are_quotations_with_their_citations(tmp_path: Path) -> None:
    tex = tmp_path / "arbeit.tex"
    tex.write_text(_TEX, encoding="utf-8")
    bib = tmp_path / "refs.bib"
    bib.write_text(_BIB, encoding="utf-8")
    got = [
        (c.quote, c.reference.key if c.reference else None, c.locator.value if c.locator else None)
        for c in scan(tex, bib=[bib]).citations
    ]
    assert got == [
        ("eine Anstalt zur Erziehung der gesamten Jugend", "meier", "4"),
        ("ein Ort der Begegnung für alle im Viertel", "meier", "5"),
        ("ein Raum für die Kunst und das freie Spiel", "meier", "6"),
        ("ein Raum für das freie Denken aller", "meier", "7"),
        ("a room for art and free thinking", "meier", "8"),
    ]


def test_openers_left_open_are_bounded() -> None:
    text = "\\glqq a " * (_MAX_OPEN * 50) + "b\\grqq{}"
    blanked, blocks = mark_commands(text)
    assert len(blanked) == len(text) and "\\" not in blanked
    # (an opening command typed at both ends pairs, so the damaged text gives short pairs)
    assert text[blocks[-1].start : blocks[-1].end] == "a b"


def test_two_commas_typed_for_the_low_opening_mark(tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(_BIB, encoding="utf-8")
    tex = tmp_path / "arbeit.tex"
    tex.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        "Sie sei ,,eine Anstalt zur Erziehung der gesamten Jugend'' \\cite[S. 4]{meier}.\n"
        "Die Werte 1,,2 und a,,b sind keine Zeichen.\n\\end{document}\n",
        encoding="utf-8",
    )
    md = tmp_path / "arbeit.md"
    md.write_text(
        'Sie sei ,,eine Anstalt zur Erziehung der gesamten Jugend" [@meier, S. 4].\n',
        encoding="utf-8",
    )
    for path in (tex, md):
        got = [
            (c.quote, c.reference.key if c.reference else None)
            for c in scan(path, bib=[bib]).citations
        ]
        assert got == [("eine Anstalt zur Erziehung der gesamten Jugend", "meier")], path.name


def test_single_guillemets_pair(tmp_path: Path) -> None:
    md = tmp_path / "arbeit.md"
    md.write_text(
        "Sie nannte es ›ein Ort der Begegnung für alle‹ [@meier, S. 4], und er schrieb: »Das "
        "Wort ›Freiheit‹ ist ein großes Wort für uns alle« [@meier, S. 5].\n",
        encoding="utf-8",
    )
    bib = tmp_path / "refs.bib"
    bib.write_text(_BIB, encoding="utf-8")
    got = [c.quote for c in scan(md, bib=[bib]).citations]
    assert got == [
        "ein Ort der Begegnung für alle",
        "Das Wort ›Freiheit‹ ist ein großes Wort für uns alle",
    ]


# Writers pick the German double-mark commands and babel's shorthands by ear: the closing
# command typed at both ends, the opening one at both ends, a command paired with a shorthand.
# Each pairing is one quotation; a stray closing command before a pair opens nothing.
_COMBINATIONS = [
    r"\grqq eine Anstalt zur Erziehung der Jugend\grqq{}",
    r"\glqq eine Anstalt zur Erziehung der Jugend\glqq{}",
    "\\glqq eine Anstalt zur Erziehung der Jugend\"'",
    '"`eine Anstalt zur Erziehung der Jugend\\grqq{}',
    "\"'eine Anstalt zur Erziehung der Jugend\"'",
    '"`eine Anstalt zur Erziehung der Jugend"`',
]


def test_every_combination_of_german_double_marks_pairs(tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(_BIB, encoding="utf-8")
    for n, quoted in enumerate(_COMBINATIONS):
        tex = tmp_path / f"arbeit{n}.tex"
        tex.write_text(
            "\\documentclass{article}\n\\usepackage[ngerman]{babel}\n\\begin{document}\n"
            f"Ein\\grqq{{}} Fehler. Dazu sagt Meier: {quoted} \\cite[S. 4]{{meier}}. "
            "Und \\glqq zwei\\grqq{} Wörter.\n\\end{document}\n",
            encoding="utf-8",
        )
        got = [
            (c.quote, c.reference.key if c.reference else None)
            for c in scan(tex, bib=[bib]).citations
        ]
        assert got == [("eine Anstalt zur Erziehung der Jugend", "meier")], quoted
