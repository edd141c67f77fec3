"""The text of every quotation the tool reports is the writer's words as a reader sees them:
no marks around the whole, no citation or signature the span ran on into, no emphasis, list
markers, notes' marks or comments, and a LaTeX writer's own word commands read as their words.

Each family is checked in the forms of three writers or more (excerpts shortened from public
essays, course notes and theses; scanned as the manuscripts are, through ``scan``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.reader_text import reader_text, settled


def _quotes(tmp_path: Path, name: str, text: str) -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return [c.quote for c in scan(path).citations]


# --- a citation or signature the span ran on into -------------------------------------------


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        # an APA block: the citation after the block's last stop
        (
            "The white man had indeed brought a lunatic religion, but he had also brought a"
            " trading store. (Achebe, 1994, p. 162)",
            "The white man had indeed brought a lunatic religion, but he had also brought a"
            " trading store.",
        ),
        # a student's notes: the page alone after each excerpt
        (
            "Philosophers are not, as a rule, accustomed to producing large amounts of data"
            " as part of our research. (p12)",
            "Philosophers are not, as a rule, accustomed to producing large amounts of data"
            " as part of our research.",
        ),
        # a German term paper: the closing mark, then author, year and page
        (
            '"Eine Stichprobe ist eine Teilmenge der Untersuchungsobjekte für eine gegebene'
            ' Fragestellung." (Hussy et al., 2013, S.118)',
            "Eine Stichprobe ist eine Teilmenge der Untersuchungsobjekte für eine gegebene"
            " Fragestellung.",
        ),
        # a French mémoire: a periodical's number and pages
        (
            "J’ai lu votre très beau texte dans le dernier numéro que j’ai reçu."
            " (Lettres françaises, n4, 1er avril 1942, pp. 1-3).",
            "J’ai lu votre très beau texte dans le dernier numéro que j’ai reçu.",
        ),
        # a statute quoted with its section in square brackets
        (
            "Zweck dieses Gesetzes ist es, den Einzelnen davor zu schützen, dass er in seinem"
            " Persönlichkeitsrecht beeinträchtigt wird. [§1 Absatz 1 BDSG]",
            "Zweck dieses Gesetzes ist es, den Einzelnen davor zu schützen, dass er in seinem"
            " Persönlichkeitsrecht beeinträchtigt wird.",
        ),
        # a verse typed before the block's last stop
        (
            "Want wij zien dat u dit soort mensen uit de dienst hebt afgezet, hoewel zij"
            " eerbaar leefden (44:4-5).",
            "Want wij zien dat u dit soort mensen uit de dienst hebt afgezet, hoewel zij"
            " eerbaar leefden.",
        ),
        # signatures: a name after a dash, an author and work with the page
        (
            "“The greatest living graphic designer, and a friend to all of us” -Steve Jobs",
            "The greatest living graphic designer, and a friend to all of us",
        ),
        (
            "Ich glaubte, es sei diejenige, die man aus unserer Musik entwickeln kann. –"
            " Jacopo Peri: Le musiche sopra L'Euridice, Florenz 1601, S. 294f.",
            "Ich glaubte, es sei diejenige, die man aus unserer Musik entwickeln kann.",
        ),
        (
            "Simulations make use of a variety of techniques to draw inferences. — Winsberg",
            "Simulations make use of a variety of techniques to draw inferences.",
        ),
    ],
)
def test_a_citation_the_span_ran_on_into_is_not_the_quotation(typed: str, words: str) -> None:
    assert settled(typed) == words


@pytest.mark.parametrize(
    "typed",
    [
        "He said it was on p. 12.",  # an abbreviation's stop, not the quotation's end
        "He left the room. — Then he came back, as if nothing had happened.",  # a sentence
        "Trust grows slowly (Smith 1994), and it is lost at once.",  # the source's own citation
        "Alternent massacres et bouffonneries. (Je suis un pessimiste gai.)",  # no place
    ],
)
def test_the_words_of_a_source_stay(typed: str) -> None:
    assert settled(typed) == typed


# --- the writer's marks around the whole ---------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        # German low-high marks around a block holding a quotation of its own
        (
            "„Schulsozialarbeit verfolgt das Ziel, „Anschlussfähigkeit“ zwischen den"
            " Funktionssystemen herzustellen.“",
            "Schulsozialarbeit verfolgt das Ziel, „Anschlussfähigkeit“ zwischen den"
            " Funktionssystemen herzustellen.",
        ),
        # „ typed as two commas, closed by two apostrophes
        (
            ",,Wir beanspruchen, unsere Projekte für jede/n - ob ,wissenschaftlich' ausgebildet"
            " oder nicht - offen zu halten.''",
            "Wir beanspruchen, unsere Projekte für jede/n - ob ,wissenschaftlich' ausgebildet"
            " oder nicht - offen zu halten.",
        ),
        # a Word block opened with a mark the writer never closed
        (
            '"Pode-se concluir portanto que é a renda que constitui a medida mais conveniente',
            "Pode-se concluir portanto que é a renda que constitui a medida mais conveniente",
        ),
        (
            "'Un site web suffit pour s'appuyer sur la science",
            "Un site web suffit pour s'appuyer sur la science",
        ),
        # closed, never opened
        (
            "There is indeed always another veil to rend in concealing the authorial identity.”",
            "There is indeed always another veil to rend in concealing the authorial identity.",
        ),
        # a gloss's brackets and marks
        ('("the stupid content tracker")', "the stupid content tracker"),
        (
            "«Le style, c'est l'homme même», écrit Buffon",
            "«Le style, c'est l'homme même», écrit Buffon",
        ),
    ],
)
def test_the_marks_around_the_whole_are_the_writers(typed: str, words: str) -> None:
    assert settled(typed) == words


@pytest.mark.parametrize(
    "typed",
    [
        "„A ist gut“ und „B ist schlecht“",  # two quotations, not one in marks
        '"Hello," she said. "Goodbye, then."',
        "“Ooh, Gregor!” [...] brandishing her fist and glowering at him",
        "'Tis the season of the year when all is said",
        "the students' voices were heard by all of them",
    ],
)
def test_marks_inside_the_words_stay(typed: str) -> None:
    assert settled(typed) == typed


# --- Markdown: emphasis over lines, lists, notes' marks, comments, cut links, signatures ------


def test_markdown_markup_is_not_the_words(tmp_path: Path) -> None:
    got = _quotes(
        tmp_path,
        "essay.md",
        "Silesius puts it so:\n\n"
        "> *The rose is without 'why';<br>\n> It blooms simply because it blooms;<br>\n"
        "> It pays no attention to itself.*\n\n"
        "The manifesto reads:\n\n"
        "> * Individuen und Interaktionen sind wichtiger als Prozesse und Werkzeuge\n"
        "> * Funktionierende Software ist wichtiger als umfassende Dokumentation\n\n"
        "Césaire wrote:\n\n"
        "> Ce texte présente pour moi une profonde importance comme la nébuleuse de mes"
        " autres pièces[^his0] \\\n\n"
        "Drucker defines it:\n\n"
        "> Datafication is the work of abstracting discrete values from a phenomenon or"
        " artifact for computation. <!-- check page -->\n\n"
        "Wikipedia sums it up:\n\n"
        "> Paläografie ist die Lehre von alten Schriften und der Typografie. [Wikipedia](\n\n"
        "Sacks remembers:\n\n"
        "> Wir widmeten den Behinderungen unserer Patienten viel zu viel Aufmerksamkeit.  \n"
        "> _Oliver Sacks_\n\n"
        "[^his0]: Beloux 28.\n",
    )
    assert got == [
        "The rose is without 'why'; It blooms simply because it blooms; It pays no attention"
        " to itself.",
        "Individuen und Interaktionen sind wichtiger als Prozesse und Werkzeuge Funktionierende"
        " Software ist wichtiger als umfassende Dokumentation",
        "Ce texte présente pour moi une profonde importance comme la nébuleuse de mes autres"
        " pièces",
        "Datafication is the work of abstracting discrete values from a phenomenon or artifact"
        " for computation.",
        "Paläografie ist die Lehre von alten Schriften und der Typografie.",
        "Wir widmeten den Behinderungen unserer Patienten viel zu viel Aufmerksamkeit.",
    ]


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ("too dear to buy---Nothing of the sort", "too dear to buy—Nothing of the sort"),
        (
            "[the] **American workers are too prosperous** to rise",
            "[the] American workers are too prosperous to rise",
        ),
        ("a note's mark[^12] in the middle of it", "a note's mark in the middle of it"),
        (
            '"Unter dem Begriff Softwareentwicklung versteht man die Konzeption." [^Freund, S. 25]',
            "Unter dem Begriff Softwareentwicklung versteht man die Konzeption.",
        ),
        (
            "_**[Mixed-Methods](https://en.wikipedia.org/wiki/Multimethodology)**_ bezeichnet",
            "Mixed-Methods bezeichnet",
        ),
        ("a snake_case_name and _real emphasis_ here", "a snake_case_name and real emphasis here"),
        (
            "They could watch the video, not getting_ _it,",
            "They could watch the video, not getting it,",
        ),
    ],
)
def test_markdown_text(raw: str, words: str) -> None:
    assert reader_text(raw, "markdown") == words


# --- LaTeX: a writer's own commands that stand for words -----------------------------------


def test_latex_word_commands_read_as_their_words(tmp_path: Path) -> None:
    got = _quotes(
        tmp_path,
        "hebrews.tex",
        "\\documentclass{article}\n"
        "\\def\\ellipis{^^^^2026}\n\\def\\apos{^^27}\n"
        "\\newif\\ifusehebrew\n\\ifusehebrew\n  \\def\\christ{the Messiah}\n\\else\n"
        "  \\def\\christ{Christ}\n\\fi\n"
        "\\newcommand{\\punkte}{[\\ldots]}\n\\newcommand\\USA{United States}\n"
        "\\begin{document}\n"
        "In short, ``[\\christ{}] has received a more excellent name than Moses'' and a"
        " better covenant.\n\n"
        "The writer says he is ``high above all\\ellipis{} higher than the highest angels of"
        " God\\apos{}s heaven.'' \\cite[p.~4]{guthrie}\n\n"
        "Speck sieht ,,die Schule \\punkte{} als Ort des Lernens und der Begegnung''"
        " \\cite[S.~12]{speck} vor.\n\n"
        "The report found ``that the \\USA{} spends more on health than any other country.''"
        " \\cite[p.~2]{oecd}\n"
        "\\end{document}\n",
    )
    assert got == [
        "[Christ] has received a more excellent name than Moses",
        "high above all… higher than the highest angels of God's heaven.",
        "die Schule […] als Ort des Lernens und der Begegnung",
        "that the United States spends more on health than any other country.",
    ]


@pytest.mark.parametrize(
    "raw",
    [
        "aux méthodes de la recherche\\footnote{Voir le plan national~: \\texttt{\\href{https://"
        "www.ouvrirlascience.fr/plan/}{ouvrirlascience.fr}}.}",
        "aux méthodes de la recherche\\footnote[4]{\\emph{Vgl.} \\textbf{\\textit{Plan}}, S. 3.}",
        "aux méthodes de la recherche\\footnote{See \\url{https://example.org/a_b}.}",
    ],
)
def test_a_note_inside_a_latex_quotation_is_not_its_words(raw: str) -> None:
    assert reader_text(raw, "latex") == "aux méthodes de la recherche"


@pytest.mark.parametrize(
    "raw",
    [
        "\\begin{itemize}\n\t\\item Planen \\\\\n\tFestlegen von Zielen\n\\end{itemize}",
        "\\begin{enumerate}[topsep=0pt]%\n  \\item[(a)] Planen Festlegen von Zielen",
        "\\item Planen\n\\item Festlegen von Zielen",
    ],
)
def test_a_list_inside_a_latex_quotation_reads_as_its_items(raw: str) -> None:
    assert reader_text(raw, "latex") == "Planen Festlegen von Zielen"


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (
            '"`Schulsozialarbeit hat das Ziel, "`Anschlussfähigkeit"\' zwischen den Systemen'
            " herzustellen.\"'",
            "Schulsozialarbeit hat das Ziel, „Anschlussfähigkeit“ zwischen den Systemen"
            " herzustellen.",
        ),
        (
            '"<Le style "<c\'est"> l\'homme même, dit-il toujours à ses élèves">',
            "Le style «c'est» l'homme même, dit-il toujours à ses élèves",
        ),
        (
            'Er sagt "`A und B"\' und "`C und D"\' dann',
            "Er sagt „A und B“ und „C und D“ dann",
        ),
    ],
)
def test_babel_marks_nested_in_a_latex_quotation(raw: str, words: str) -> None:
    assert reader_text(raw, "latex") == words
