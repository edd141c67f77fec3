"""Quotations as a careful reader tells them from the writer's own words, on forms first met in
manuscripts nobody had labelled before: words spoken of, schemas with variables, titles their
kind announces, quoted names in a list, a parable the writer presents, verse and pasted blocks
without marks, and LaTeX quotations closed by a single mark. Some lines are retyped from real
manuscripts (a social-ontology paper in Pandoc Markdown, a Heidegger essay, a Kant essay and a
logic dissertation in LaTeX, a political-science essay in Word)."""

from __future__ import annotations

from pathlib import Path

import docx
from docx.shared import Cm

from quote_tui.manuscripts import scan
from tests.manuscripts.helpers import quotes_found, write


def test_a_latex_quotation_closed_by_a_single_mark_ends_there(tmp_path: Path) -> None:
    tex = (
        "As Smith wrote, ``the cat sat on the mat for a very long time' \\cite[p.~4]{smith}. "
        "The author goes on in words of her own, and ``the dogs' bowls were empty every "
        "morning'' \\cite{jones}.\n\n"
        "Join Griffin in what he calls ``a new investigation of what people meant when they "
        "talked about `history plays' ~\\cite[8]{griffin}. One way in which I deviate.\n"
    )
    got = quotes_found(write(tmp_path, "a.tex", tex))
    assert got["the cat sat on the mat for a very long time"] == ("smith", "4")
    assert got["the dogs' bowls were empty every morning"] == ("jones", None)
    assert got[
        "a new investigation of what people meant when they talked about ‘history plays"
    ] == ("griffin", "8")
    assert len(got) == 3


def test_verse_is_a_block_quotation_with_its_citation(tmp_path: Path) -> None:
    tex = (
        "\\begin{verse}\nTyger Tyger, burning bright,\\\\\nIn the forests of the night;\n"
        "\\end{verse}\n\\cite[p.~3]{blake}\n\n"
        "Blake asks~\\cite{blake}:\n\\begin{verse}\nWhat immortal hand or eye,\\\\\n"
        "Could frame thy fearful symmetry?\n\\end{verse}\n"
    )
    got = quotes_found(write(tmp_path, "v.tex", tex))
    assert got["Tyger Tyger, burning bright, In the forests of the night"] == ("blake", "3")
    assert got["What immortal hand or eye, Could frame thy fearful symmetry?"] == ("blake", None)


CORRELATION = """Guala's [-@guala2016b] argument has the following logic:

1. social institutions are backed not by constitutive rules of the form "X counts as Y in
(the context of) C", like in Searle [-@searle1995],[^1] but by regulative rules of
the form "do X if Y"
2. from a game-theoretic point of view, regulative rules can be seen as strategies

Signals give rules of the form "if D, do A", whereby agents condition their behavior.
A man said "A great many people came here today" [@smith2020, 4].

It is wrong to speak of 'the racism problem in
Kant', or 'the fascism problem in Heidegger'. The problem is the thinker's.

The tribes have three possible strategies: "Graze", "Not graze" and "Graze if North of the
river" according to their history. This game comes from Maynard Smith's book "Evolution and
the theory of games" [@maynardsmith1982].

For example, one can transform a regulative rule "if a bill is issued by the Bureau, it can be
used to pay for goods" into a constitutive one.

Robinson said his 1950s article 'provides a definite answer as to whether ecological
correlations can be used' [@robinson1950].

[^1]: Coordination equilibrium is a concept defined by David Lewis.
"""


def test_the_writers_own_words_in_marks_are_not_quotations(tmp_path: Path) -> None:
    got = quotes_found(write(tmp_path, "c.md", CORRELATION))
    assert got == {
        # Cited ("like in Searle"), the schema is Searle's: a claim to check.
        "X counts as Y in (the context of) C": ("searle1995", None),
        "A great many people came here today": ("smith2020", "4"),
        "provides a definite answer as to whether ecological correlations can be used": (
            "robinson1950",
            None,
        ),
    }


def test_a_citation_after_an_earlier_quotation_is_not_a_later_ones(tmp_path: Path) -> None:
    text = (
        'Rules take the form "X counts as Y in C" like in Searle [-@searle1995], or as others '
        'put it, "a rule is what the players follow in a game" in any case.\n'
    )
    got = quotes_found(write(tmp_path, "f.md", text))
    assert got["a rule is what the players follow in a game"] == (None, None)


LOGIC = r"""\Godel{}'s answer (Gibbs lecture ``Some Basic Theorems on the Foundations of Mathematics
and their Implications'',~\cite{Godel51}) is a \alert{disjunctive conclusion}:\medskip

\begin{quote}
``Either mathematics is incompletable in this sense, or else there exist absolutely
unsolvable diophantine problems.''
\end{quote}

Martin-\Loef{}'s answer based on the notions of `true', `false' and
`can be known'~\cite{MartinLoef1995}:
\begin{quote}
There are no propositions which can neither be known to be true nor be known to be false.
\end{quote}

Emil Post writes:~\cite[p.~200]{Post1943}

\begin{quote}
``A fundamental problem is the question of the existence of absolutely undecidable propositions.''
\end{quote}
"""


def test_a_lead_in_citation_after_its_colon_or_after_a_title_is_the_blocks(
    tmp_path: Path,
) -> None:
    got = quotes_found(write(tmp_path, "l.tex", LOGIC))
    assert got == {
        "Either mathematics is incompletable in this sense, or else there exist absolutely "
        "unsolvable diophantine problems.": ("Godel51", None),
        "There are no propositions which can neither be known to be true nor be known to be "
        "false.": ("MartinLoef1995", None),
        "A fundamental problem is the question of the existence of absolutely undecidable "
        "propositions.": ("Post1943", "200"),
    }


KANT = r"""I present the body of my counterargument in the form of a parable, a tale with the name
of \emph{The Suicidal Mathematician.}

\begin{displayquote}
Once upon a time there was a young Mathematician. The professor said that it is an
endless ocean, infinite in scope and bounded only by the heights of human potential.
\end{displayquote}

Kant comments:

\begin{displaycquote}[A399]{hackett}
Apperception cognises not so much itself, but cognises the categories, and through them
all objects, in the absolute unity of apperception.
\end{displaycquote}

Our cognition (\enquote{the categories, and through them all objects}) is done through it.
The exploration of being is not a shallow pond. But rather, \enquote{it is an endless ocean,
infinite in scope and bounded only by the heights of human potential.}
"""


def test_a_parable_the_writer_presents_and_its_echo_are_not_quotations(tmp_path: Path) -> None:
    got = quotes_found(write(tmp_path, "k.tex", KANT))
    assert got == {
        "Apperception cognises not so much itself, but cognises the categories, and through "
        "them all objects, in the absolute unity of apperception.": ("hackett", "A399"),
        # the cited block's words said again: its source's, at its place (repeated_words.py)
        "the categories, and through them all objects": ("hackett", "A399"),
    }


def test_bodies_as_authors_gov_uk_and_tutor2u_resolve_in_the_typed_list(tmp_path: Path) -> None:
    d = docx.Document()
    d.add_paragraph(
        "Safe seats rose: ‘Seats won with a margin of over 50% rose from 21 seats in 2015 to 35 "
        "in 2017.’ (tutor2u (2019)). Homeownership differs by race: ‘most ethnic minority "
        "households were less likely to be in homeownership’(Gov.UK (2019b))."
    )
    d.add_paragraph("References")
    d.add_paragraph("Gov.UK. 2019b. “Home Ownership.” Accessed November 23.")
    d.add_paragraph("tutor2u. 2019. “Safe Seats.” Tutor2u.")
    path = tmp_path / "e.docx"
    d.save(str(path))
    refs = {c.quote: c.reference for c in scan(path).citations}
    seats = refs["Seats won with a margin of over 50% rose from 21 seats in 2015 to 35 in 2017."]
    homes = refs["most ethnic minority households were less likely to be in homeownership"]
    assert seats is not None and seats.bib is not None and seats.bib.year == "2019"
    assert "Safe Seats" in (seats.bib.title or "")
    assert homes is not None and homes.bib is not None and "Home Ownership" in homes.bib.title


def test_word_code_paragraphs_and_indented_blocks(tmp_path: Path) -> None:
    d = docx.Document()
    d.add_paragraph("Thoreau explains his reasons in Walden (Thoreau, 1854, p. 90):")
    quoted = d.add_paragraph(
        "I went to the woods because I wished to live deliberately, to front only the "
        "essential facts of life"
    )
    quoted.paragraph_format.left_indent = Cm(1.5)
    d.add_paragraph("The writer goes on in an ordinary paragraph of her own.")
    own = d.add_paragraph(
        "An indented paragraph of the writer's own that no lead-in introduces and no citation ends"
    )
    own.paragraph_format.left_indent = Cm(1.5)
    d.add_paragraph("The steps of the method were these:")
    step = d.add_paragraph("Open the file and read every line of it slowly before the next")
    step.paragraph_format.left_indent = Cm(1.5)
    listed = d.add_paragraph("A list item indented as lists are, ending in (Smith, 2020)")
    listed.paragraph_format.left_indent = Cm(1.5)
    listed.paragraph_format.first_line_indent = Cm(-1.5)
    caption = d.add_paragraph(
        "Fig1. Correlation of discounted stock prices and actual prices (Shiller, Robert. "
        "2013. Speculative Asset Prices. Nobel Prize. P.469)"
    )
    caption.paragraph_format.left_indent = Cm(2.5)
    code_style = d.styles.add_style("Source Code", 1)
    d.add_paragraph(
        'ggtitle(wrapR("Constituencies where the Leave vote won the majority in 2016"))',
        style=code_style,
    )
    d.add_paragraph("References")
    d.add_paragraph("Thoreau, H. D. (1854). Walden. Ticknor and Fields.")
    path = tmp_path / "w.docx"
    d.save(str(path))
    cits = scan(path).citations
    assert [(c.quote, c.locator.value if c.locator else None) for c in cits] == [
        (
            "I went to the woods because I wished to live deliberately, to front only the "
            "essential facts of life",
            "90",
        )
    ]


def test_repetitions_are_found_by_index_not_all_against_all(tmp_path: Path) -> None:
    """Many uncited blocks sharing their opening words, each echoed once: every echo is told
    from its own block (by its rarest run of three words), and each block is kept."""
    parts = [
        f"Words of mine.\n\n\\begin{{quote}}\nThe same long sentence about the ocean and the "
        f"sea number {i} goes on here for a while.\n\\end{{quote}}\n\nBut rather, "
        f"\\enquote{{the ocean and the sea number {i} goes on here}} and more.\n"
        for i in range(1500)
    ]
    path = write(tmp_path, "big.tex", "\n".join(parts))
    cits = scan(path).citations
    assert len(cits) == 1500
    assert all(c.quote.startswith("The same long sentence") for c in cits)


def test_a_quotation_broken_by_its_attribution_takes_one_citation(tmp_path: Path) -> None:
    tex = (
        "``History is what hurts,'' Jameson asserts, ``it is what refuses desire and sets "
        "inexorable limits to praxis. But this History can be apprehended only through its "
        "effects'' \\cite[87--88]{Jameson}."
        "\n\n``The archive is not a neutral place to work,'' Farge asserts. ``It is a very "
        "different feeling of the reading room'' \\cite[4]{farge}.\n"
    )
    got = quotes_found(write(tmp_path, "j.tex", tex))
    assert got["History is what hurts,"] == ("Jameson", "87–88")
    assert got["The archive is not a neutral place to work,"] == (None, None)
