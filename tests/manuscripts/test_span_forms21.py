"""Which spans are quotations: block quotations whose ``>`` is indented four spaces or more
(prose, not a program's lines), short phrases whose sentence closes with a page alone, and
terms explained in brackets right after their marks (the writer's, not a source's)."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan


def _quotes(tmp_path: Path, text: str, name: str = "essay.md") -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return [c.quote for c in scan(path).citations]


def test_indented_block_quotations_holding_prose(tmp_path: Path) -> None:
    got = _quotes(
        tmp_path,
        "# The Life and Work of Paul Rand\n"
        "       >“Don't try to be original. Just try to be good.”\n"
        "        -Paul Rand\n\n"
        "His famous logo for IBM in 1956, which he revised later, was praised:\n\n"
        '        >"Was not just an identity but a basic design philosophy that permeated'
        ' corporate consciousness."\n\n'
        "### The Macvlan Driver\n"
        "- This driver connects containers directly to the physical host network.\n"
        "- As per the Docker documentation:\n"
        "    >“Macvlan networks allow you to assign a MAC address to a container, making it"
        " appear as a physical device on your network.”\n\n"
        "Thoreau wrote in his journal:\n\n"
        "\t> I went to the woods because I wished to live deliberately, to front only the"
        " essential facts of life.\n",
    )
    assert got == [
        "Don't try to be original. Just try to be good.",
        "Was not just an identity but a basic design philosophy that permeated corporate"
        " consciousness.",
        "Macvlan networks allow you to assign a MAC address to a container, making it appear"
        " as a physical device on your network.",
        "I went to the woods because I wished to live deliberately, to front only the"
        " essential facts of life.",
    ]


def test_indented_lines_of_a_program_are_no_quotation(tmp_path: Path) -> None:
    got = _quotes(
        tmp_path,
        "Run the session like this:\n\n"
        '    > install.packages("tidyverse") and then load the library of choice\n'
        "    > summary(model) gives the coefficients of the fitted model here\n\n"
        "Or in a shell:\n\n"
        "    > ls -la | grep notes > list of files in the folder today\n",
    )
    assert got == []


def test_a_short_phrase_whose_sentence_closes_with_a_page(tmp_path: Path) -> None:
    got = _quotes(
        tmp_path,
        "Crake fails to see natural form. The consequences reappear, as the bobkittens attack"
        " “short joggers” and kill babies in the pleeblands (164). The students are those of"
        " the “genius gene” of the compounds (194).\n\n"
        "The creature calls himself a “miserable wretch” in the cottage scene (p. 112).\n\n"
        "The model shows the “steady state” of equation (2). Her “first book” appeared in"
        " many shops (1998).\n\n"
        "Each item is rated for its timing („vor Abschluss“) on a scale (0–3).\n",
    )
    assert got == ["short joggers", "genius gene", "miserable wretch"]


def test_a_term_explained_in_brackets_after_its_marks_is_the_writers(tmp_path: Path) -> None:
    got = _quotes(
        tmp_path,
        "To achieve this, 'laddering questions' (questions phrased in a variety of ways asking"
        " for the interviewee to expand) and 'summarising techniques' (summarising what has just"
        " been said to prompt more information) were used [@zeisel2006].\n\n"
        "Die Schüler nutzen „offene Aufgaben“ (solche mit mehreren richtigen Lösungswegen und"
        " Ergebnissen) im Unterricht [@leuders2003].\n\n"
        "He speaks of “the tender human dignity” (emphasis in the original text of the book)"
        " [@smith2001, p. 4].\n",
    )
    assert got == ["the tender human dignity"]


_BIB = (
    "@article{mesen2024, title = {Validierung}, author = {Mesenholler, A.}, year = 2024}\n"
    "@article{jank2017, title = {Eyes}, author = {Jankovski, B.}, year = 2017}\n"
)


def _keyed(tmp_path: Path, name: str, text: str) -> list[tuple[str, str | None]]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    (tmp_path / "refs.bib").write_text(_BIB, encoding="utf-8")
    return [
        (c.quote[:30], c.reference.key if c.reference else None)
        for c in scan(path, bib=[tmp_path / "refs.bib"]).citations
    ]


def test_a_block_of_paragraphs_each_cited_is_one_quotation_each(tmp_path: Path) -> None:
    markdown = (
        "Die Befunde der Studien:\n\n"
        "> Das dreifaktorielle Modell konnte sowohl für Lehrkräfte als auch Eltern bestätigt"
        " werden. [@mesen2024]\n>\n"
        "> Sie betonen die Bedeutung gut definierter Organisation und Benutzerfreundlichkeit."
        " [@jank2017]\n\nDaraus folgt viel.\n"
    )
    assert _keyed(tmp_path, "anhang.md", markdown) == [
        ("Das dreifaktorielle Modell kon", "mesen2024"),
        ("Sie betonen die Bedeutung gut ", "jank2017"),
    ]
    latex = (
        "Zwei Befunde:\n\\begin{quote}\nDas dreifaktorielle Modell konnte sowohl für Lehrkräfte"
        " als auch Eltern bestätigt werden. \\cite[S.~3]{mesen2024}\n\n"
        "Sie betonen die Bedeutung gut definierter Organisation und Benutzerfreundlichkeit."
        " \\cite{jank2017}\n\\end{quote}\nDaraus folgt viel.\n"
    )
    assert _keyed(tmp_path, "anhang.tex", latex) == [
        ("Das dreifaktorielle Modell kon", "mesen2024"),
        ("Sie betonen die Bedeutung gut ", "jank2017"),
    ]
    typed = (
        "Two findings:\n\n"
        "> The three-factor model was confirmed for teachers and for parents alike in the"
        " survey. (Mesenholler, 2024)\n>\n"
        "> They stress the importance of a well defined organisation and of usability for"
        " pupils. (Jankovski, 2017)\n\nSo much follows.\n"
    )
    assert _keyed(tmp_path, "typed.md", typed) == [
        ("The three-factor model was con", "mesen2024"),
        ("They stress the importance of ", "jank2017"),
    ]


def test_a_block_cited_once_at_its_end_stays_one_quotation(tmp_path: Path) -> None:
    got = _keyed(
        tmp_path,
        "one.md",
        "He writes:\n\n> The three-factor model was confirmed for teachers and for parents"
        " alike.\n>\n> It fits best of all the models we tried. [@mesen2024]\n\nSo it is.\n",
    )
    assert got == [("The three-factor model was con", "mesen2024")]


def test_a_slide_decks_comments_are_its_speaker_notes(tmp_path: Path) -> None:
    slidev = (
        "---\nlayout: cover\ntransition: slide-left\ntitle: Post-Impressionism\n---\n\n"
        "## Neo-Impressionism\n\n<!--\n- As Signac said: “The Neo-Impressionist does not dot,"
        " he divides, and he paints with light”\n-->\n\n---\n\n## Cézanne\n"
    )
    marp = (
        "---\nmarp: true\ntheme: default\n---\n\n# Walden\n\n<!-- Thoreau writes: “I went to"
        " the woods because I wished to live deliberately.” -->\n"
    )
    essay = (
        "---\ntitle: An essay\nlayout: post\n---\n\nThe draft below stays hidden.\n\n"
        "<!-- Thoreau writes: “I went to the woods because I wished to live deliberately.” -->\n"
    )
    assert _quotes(tmp_path, slidev, "slides.md") == [
        "The Neo-Impressionist does not dot, he divides, and he paints with light"
    ]
    assert _quotes(tmp_path, marp, "deck.md") == [
        "I went to the woods because I wished to live deliberately."
    ]
    assert _quotes(tmp_path, essay, "post.md") == []


def test_a_sources_own_citation_closing_a_paragraph_does_not_split_the_block(
    tmp_path: Path,
) -> None:
    got = _keyed(
        tmp_path,
        "results.tex",
        "We wrote before:\n\\begin{quotation}\n``We add noise based on the flux density table in"
        " \\citep{jank2017}.\n\nThis will matter more as the array grows in the near future.''"
        " \\citep{mesen2024}\n\\end{quotation}\nSo it is.\n",
    )
    assert got == [("We add noise based on the flux", "mesen2024")]


def test_two_apostrophes_typed_for_double_marks(tmp_path: Path) -> None:
    got = _quotes(
        tmp_path,
        "Os tablets ampliam os cenários _''m-learning is possible everywhere and anywhere,"
        " dependent only on battery life''_ (MELHUISH & FALLOON, 2010, p. 11) e oferecem mais.\n\n"
        "Como a Enciclopédia refere, eles ''não podem suportar uma força tangencial quando"
        " imóveis'' e assim mudam de forma.\n\n"
        "El autor afirma que ''la educación no puede ser neutral en ningún caso'' (Freire,"
        " 1970, p. 33).\n\nThe dogs'' bowls stand empty; 'tis the season.\n",
    )
    assert got == [
        "m-learning is possible everywhere and anywhere, dependent only on battery life",
        "não podem suportar uma força tangencial quando imóveis",
        "la educación no puede ser neutral en ningún caso",
    ]
