"""A foreign term in italics glossed in marks in brackets ("*chiaro* (“clear, bright”)") is
the writer's translation, not a quotation, even in a sentence that cites. Written for this test
in the forms the labelled essays use (Markdown's *…* and _…_, LaTeX's \\emph)."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_BIB = "@book{grant, author={Grant, Robert}, title={Councils}, year={1970}}\n"


def test_a_gloss_in_brackets_after_an_italic_term_is_no_quotation(tmp_path: Path) -> None:
    md = (
        "He put forward the word _homoousios_ (“of one and the same essence”), probably "
        "at the suggestion of his adviser.[^1] The painters spoke of *chiaroscuro* "
        '("the play of light and dark on a face") as Vasari did: "the light that falls on '
        'the face of the figure shows its grief" [@grant, p. 4].\n\n'
        "[^1]: Grant, *Councils*, 31.\n"
    )
    tex = (
        "\\documentclass{article}\\begin{document}\n"
        "Sie nennt es \\emph{Daten als Beobachtungen} (``data as observations made by the "
        "team'') \\cite[12]{grant}.\n\\end{document}\n"
    )
    bib = write(tmp_path, "refs.bib", _BIB)
    got = quotes_found(write(tmp_path, "a.md", md), bib)
    assert set(got) == {"the light that falls on the face of the figure shows its grief"}
    assert quotes_found(write(tmp_path, "a.tex", tex), bib) == {}


def test_a_references_in_names_the_book_it_stands_in(tmp_path: Path) -> None:
    # "Author, Title, in: »Book«" typed in a note or a citation recommendation names a book.
    md = (
        "## Zitationsempfehlung\n\nAnna MEIER, Einleitung, in: »Religion und Politik. Eine "
        "Quellenanthologie zu gesellschaftlichen Konjunkturen in der Neuzeit«. Hg. v. Institut "
        "für Geschichte, 2017, S. 4.\n"
    )
    assert quotes_found(write(tmp_path, "a.md", md)) == {}


def test_a_name_people_give_themselves_is_a_name(tmp_path: Path) -> None:
    md = (
        "Only those emerging from the conservative quadrant explicitly refer to themselves as "
        "“emerging church.”[^7] Others call themselves “post-evangelical.”[^8]\n\n"
        "[^7]: Grant, *Councils*, 31.\n[^8]: Grant, *Councils*, 32.\n"
    )
    assert quotes_found(write(tmp_path, "a.md", md)) == {}


def test_a_notes_reference_gives_its_title_after_the_author_and_a_comma(tmp_path: Path) -> None:
    md = (
        "O reconhecimento é automático.[^1] O relatório confirma-o.[^2]\n\n"
        "[^1]: Cf. Baratta, Roberto, «Lo scioglimento del vincolo coniugale nel diritto "
        "comunitario», Diritto di famiglia e Unione europea, Turim: Giappichelli, 2008, p. 193.\n"
        "[^2]: Comissão Europeia, «RELATÓRIO DA COMISSÃO AO PARLAMENTO EUROPEU sobre a "
        "aplicação do Regulamento», COM(2014) 225 final, p. 4.\n"
    )
    assert quotes_found(write(tmp_path, "a.md", md)) == {}
