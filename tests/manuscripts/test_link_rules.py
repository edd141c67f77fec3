"""Linking rules learnt from two more sets of manuscripts nobody had labelled: a German seminar
paper whose own command ``\\site{key}{page}`` stands for ``\\citep[S. page]{key}``, a German
natbib essay that puts ``~[\\cite{key}]`` after the full stop that ends the quotation, and an
English law paper in Word with a typed IEEE list whose citation sits inside the closing mark.
The lines are retyped from those manuscripts."""

from __future__ import annotations

from pathlib import Path

import docx

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.latex_macros import cite_macros, expand_cite_macros
from quote_tui.manuscripts.reflist import entry_from_text
from tests.manuscripts.helpers import quotes_found, write

_PREAMBLE = (
    "\\documentclass{article}\n\\usepackage{natbib}\n\\usepackage{csquotes}\n"
    "%% Bsp: \\site{Rupp2004}{213}\n\\newcommand{\\site}[2]{\n  \\citep[S. #2]{#1}\n}\n"
    "\\begin{document}\n"
)


def test_a_writers_own_cite_command_is_read_as_the_cite_it_stands_for(tmp_path: Path) -> None:
    (tmp_path / "kapitel").mkdir()
    write(
        tmp_path,
        "kapitel/steiner.tex",
        "Dadurch hatte er ein Forum gefunden, vor dem er \\enquote{die Fundamente seines "
        "zukünftigen Wirkens legen konnte} \\site{hemleben63}{78}. In den Wintern folgten "
        "Vorträge.\n",
    )
    main = write(tmp_path, "main.tex", _PREAMBLE + "\\input{kapitel/steiner}\n\\end{document}\n")
    got = quotes_found(main)
    assert got == {"die Fundamente seines zukünftigen Wirkens legen konnte": ("hemleben63", "78")}


def test_cite_macro_expansion_keeps_lines_and_leaves_other_commands() -> None:
    macros = cite_macros(
        [
            "\\newcommand\\pg[2]{\\cite[p.~#2]{#1}}\n\\newcommand{\\todo}[1]{TODO: #1}\n"
            "\\newcommand{\\opt}[2][x]{\\cite[#1]{#2}}\n"
        ]
    )
    assert set(macros) == {"pg", "opt"}  # no cite in \todo
    text = "a \\pg{k}{4} b\n\\pg{k}\n{5} \\pgx{k}{6} \\todo{x} \\opt[7]{k} \\opt{k}\n"
    # the second use runs over a line break (expanding it would move lines); \pgx is another name;
    # an optional first argument is taken where given, else its default
    assert expand_cite_macros(text, macros) == (
        "a \\cite[p.~4]{k} b\n\\pg{k}\n{5} \\pgx{k}{6} \\todo{x} \\cite[7]{k} \\cite[x]{k}\n"
    )


def test_a_bracketed_cite_after_the_closing_full_stop_is_the_quotations(tmp_path: Path) -> None:
    tex = (
        "\\documentclass{article}\n\\usepackage{natbib}\n\\begin{document}\n"
        "Die Grenzen verwischt ~[\\cite{vosoughi2018}] und deshalb spielen sie eine Rolle. "
        "``Erstens bieten sie ein notwendiges Gegengewicht zur Flut von Fehlinformationen, "
        "die sich verbreiten können''.~[\\cite{lewandowsky2020}]\n\\newline\n"
        "``Außerdem stellt der Backfire-Effekt ein ernsthaftes Hindernis dar''.~"
        "[\\cite{nyhan2010}] Diese kognitive Voreingenommenheit führt dazu.\n"
        "``Zudem ist die Reichweite der Faktenchecker viel zu gering''. \\citet{walter2020} "
        "zeigen das Gegenteil.\n\\end{document}\n"
    )
    got = quotes_found(write(tmp_path, "essay.tex", tex))
    assert got == {
        "Erstens bieten sie ein notwendiges Gegengewicht zur Flut von Fehlinformationen, die "
        "sich verbreiten können": ("lewandowsky2020", None),
        "Außerdem stellt der Backfire-Effekt ein ernsthaftes Hindernis dar": ("nyhan2010", None),
        # a narrative cite after the full stop opens the next sentence: not this quotation's
        "Zudem ist die Reichweite der Faktenchecker viel zu gering": (None, None),
    }


def _paper(tmp_path: Path, paragraphs: list[str]) -> Path:
    document = docx.Document()
    for text in paragraphs:
        document.add_paragraph(text)
    path = tmp_path / "paper.docx"
    document.save(str(path))
    return path


def test_ieee_entries_name_their_authors_initials_first(tmp_path: Path) -> None:
    path = _paper(
        tmp_path,
        [
            "HYPO was one of the first CBR systems, and “one of the pioneering systems in CBR "
            "in general” [5].",
            "References",
            '[4] M. Sun and M. Gerchick, "The scales of (algorithmic) justice", AI Matters, '
            "vol. 5, no. 2, pp. 30-40, 2019.",
            '[5] E. Rissland, K. Ashley and R. Loui, "AI and Law: A fruitful synergy", '
            "Artificial Intelligence, vol. 150, no. 1-2, pp. 1-15, 2003.",
        ],
    )
    (cit,) = scan(path).citations
    assert cit.reference is not None and cit.reference.bib is not None
    assert cit.reference.bib.authors == ("Rissland", "Ashley", "Loui")
    assert entry_from_text("1", 'J.-P. Sartre and S. de Beauvoir, "Essais", 1950.').authors == (
        "Sartre",
        "de Beauvoir",
    )


def test_a_citation_inside_the_closing_mark_is_the_quotations_reference(tmp_path: Path) -> None:
    path = _paper(
        tmp_path,
        [
            "Title VI stipulates that “all programs or activities that receive federal funding "
            "may not perpetrate discrimination on the grounds of race. [4]” In other words, it "
            "must not. The report reads “courts have applied the rule described in [5].” [4]",
            "References",
            '[4] M. Sun and M. Gerchick, "The scales of (algorithmic) justice", 2019.',
            '[5] E. Rissland, "AI and Law", 2003.',
        ],
    )
    got = {c.quote: (c.reference.key if c.reference else None) for c in scan(path).citations}
    assert got == {
        "all programs or activities that receive federal funding may not perpetrate "
        "discrimination on the grounds of race.": "4",
        # the writer's citation after the mark wins over the source's own inside it
        "courts have applied the rule described in [5].": "4",
    }


def test_yaml_references_in_the_manuscript_indented_with_tabs_resolve(tmp_path: Path) -> None:
    md = (
        '# Einleitung\n\nSo meint @Schroer2012 [p. 15], es gebe eine "weit verbreitete '
        'Distanz gegenüber den Produkten der Massenkultur" in der Soziologie.\n\n'
        "# Literatur\n\n---\nreferences:\n\n\n"
        "- id:\t\t\tSchroer2012\n  type:\t\t\tchapter\n\n"
        '  title:\t\t\t"Gefilmte Gesellschaft. Beitrag zu einer Soziologie des Visuellen"\n\n'
        "  author:\t\t\n  - family:\t\t\tSchroer\n    given:\t\t\tMarkus\n\n"
        "  page:\t\t\t\t15--41\n  issued:\n    year:\t\t\t2012\n\n"
        "- id:\t\t\tDenzin2008\n  title:\t\t\tDie Geburt der Kinogesellschaft\n"
        "  author:\n  - family: Denzin\n  issued: 2008\n---\n"
    )
    (cit,) = scan(write(tmp_path, "draft.md", md)).citations
    assert cit.reference is not None and cit.reference.bib is not None
    bib = cit.reference.bib
    assert (cit.reference.key, bib.authors, bib.year, bib.pages) == (
        "Schroer2012",
        ("Schroer",),
        "2012",
        "15--41",
    )
    assert bib.title == "Gefilmte Gesellschaft. Beitrag zu einer Soziologie des Visuellen"


def test_a_narrative_cite_between_two_quotations_speaks_for_both(tmp_path: Path) -> None:
    md = (
        'Einen weiteren Grund "für die nur vereinzelt stattfindende Auseinandersetzung mit '
        'dem Film" sieht @Schroer2012 [p. 15] in einer "weit verbreitete[n] Distanz '
        'gegenüber den Produkten der Massenkultur, denen die Soziologie begegnet."\n\n'
        'This is "the paradox of the heap in its modern form" like in Searle '
        '[-@searle1995], and "that words apply to things" is left open.\n'
    )
    got = quotes_found(write(tmp_path, "draft.md", md))
    assert got == {
        "für die nur vereinzelt stattfindende Auseinandersetzung mit dem Film": (
            "Schroer2012",
            "15",
        ),
        "weit verbreitete[n] Distanz gegenüber den Produkten der Massenkultur, denen die "
        "Soziologie begegnet.": ("Schroer2012", "15"),
        # a bracketed cite after a quotation is that quotation's, not the next one's
        "the paradox of the heap in its modern form": ("searle1995", None),
        # "that words apply to things": short, uncited, with no sign of a source
        # in its sentence, so the writer's own words (evidence.py), not a quotation
    }


def test_a_block_keeps_its_lead_ins_cite_not_the_next_paragraphs_narrative_one(
    tmp_path: Path,
) -> None:
    tex = (
        "\\documentclass{article}\n\\usepackage{natbib,csquotes}\n\\begin{document}\n"
        "Steiner teilt die Entwicklungsphasen in drei Jahrsiebte ein und beschreibt diese wie "
        "folgt \\citep[S. 139]{steiner10}:\n\n\\begin{quotation}\n"
        "\t\\emph{\\enquote{Bis zum Zahnwechsel will der Mensch nachahmen, bis zur "
        "Geschlechtsreife will er unter Autorität stehen.}}\n\\end{quotation}\n\n"
        "\\citet{kiersch07} schreibt, dass das Kind kein unfertiger Mensch ist.\n"
        "\\end{document}\n"
    )
    got = quotes_found(write(tmp_path, "a.tex", tex))
    assert got == {
        "Bis zum Zahnwechsel will der Mensch nachahmen, bis zur Geschlechtsreife will er "
        "unter Autorität stehen.": ("steiner10", "139")
    }


def test_a_paragraphs_narrative_cite_is_its_uncited_quotations_source(tmp_path: Path) -> None:
    tex = (
        "\\documentclass{article}\n\\usepackage{natbib,csquotes}\n\\begin{document}\n"
        "\\citet[][S. 19]{randoll07} schreiben, dass die Mehrheit der Ehemaligen ihr "
        "\\enquote{gleichgültig oder eher skeptisch gegenüber} stehen.\n"
        "Sie gaben an, dass die Schule dennoch eine \\enquote{hohe religiöse und "
        "weltanschauliche Offenheit} besitze.\n\n"
        "Die Schule sei \\enquote{eine Schule für das ganze Leben} \\citep[S. 4]{paschen10}. "
        "Andere nennen sie \\enquote{eine Schule ohne jeden Leistungsdruck}.\n\n"
        "Ein neuer Absatz zitiert \\enquote{die Freude am beruflichen Engagement aller}.\n"
        "\\end{document}\n"
    )
    got = quotes_found(write(tmp_path, "a.tex", tex))
    assert got == {
        "gleichgültig oder eher skeptisch gegenüber": ("randoll07", "19"),
        "hohe religiöse und weltanschauliche Offenheit": ("randoll07", "19"),
        "eine Schule für das ganze Leben": ("paschen10", "4"),
        # a bracketed cite is what it follows; another paragraph's cite is not this one's
        # ("eine Schule ohne jeden Leistungsdruck", short, uncited and with no sign of a
        # source, is the writer's own: evidence.py)
        "die Freude am beruflichen Engagement aller": (None, None),
    }


def test_latex_single_marks_quote_when_cited_and_mention_when_not(tmp_path: Path) -> None:
    tex = (
        "\\documentclass{article}\n\\begin{document}\n"
        "Others have identified it with truth \\parencite[216]{frege1948} or the `kind of total "
        "state of affairs we call a world' \\parencite[242]{lewis1943}.\n"
        "He thought so, writing `[e]very declarative sentence \\ldots\\ is therefore to be "
        "regarded as a proper name'.\n\\parencite[216]{frege1948}\n\n"
        "A sentence like `the apple is red' might be thought to mean that the apple is red, "
        "as Turing's and the dogs' friends say, and \\`e is an accent.\n"
        "\\end{document}\n"
    )
    got = quotes_found(write(tmp_path, "essay.tex", tex))
    assert got == {
        "kind of total state of affairs we call a world": ("lewis1943", "242"),
        "[e]very declarative sentence … is therefore to be regarded as a proper name": (
            "frege1948",
            "216",
        ),
    }


def test_a_markdown_block_quote_goes_on_over_its_lazy_lines(tmp_path: Path) -> None:
    md = (
        "They argued:\n\n"
        "> researchers like the members of this Coalition use the code in order to\n"
        "publish criticism on how safe, secure, and effective these products actually\n"
        "are [@sellars_petition_2014, 4].\n\n"
        'In Pakistan, the program has placed people on a "disposition matrix" list.\n'
    )
    got = quotes_found(write(tmp_path, "space.md", md))
    assert got == {
        "researchers like the members of this Coalition use the code in order to publish "
        "criticism on how safe, secure, and effective these products actually are": (
            "sellars_petition_2014",
            "4",
        )
    }


def test_straight_marks_nested_in_straight_marks_after_a_bracket(tmp_path: Path) -> None:
    md = (
        'Der wichtigste Zweig ist die Filmanalyse [@Winter2003 p. 151]. "Zentral sind '
        "Fragen, wie Widerstand möglich ist. Wie lässt sich die Handlungsfähigkeit "
        '("agency") der sozialen Subjekte steigern?" (Ebd.) Die Filmsoziologie geht davon '
        "aus.\n"
    )
    got = quotes_found(write(tmp_path, "draft.md", md))
    assert got == {
        "Zentral sind Fragen, wie Widerstand möglich ist. Wie lässt sich die "
        'Handlungsfähigkeit ("agency") der sozialen Subjekte steigern?': ("Winter2003", "151")
    }


def test_a_pandoc_locator_after_a_colon_is_the_page(tmp_path: Path) -> None:
    # Quarto/Pandoc texts in the social sciences write the page after a colon: [@key: 296]
    md = (
        'Dies zeige "the overall performance record of the consensus democracies is '
        'clearly superior" [@Lijphart.2012: 296]. Die Entscheidung folgt.\n\n'
        '> "Dramatic breakdowns will probably still occur, but troubled democracies are '
        "now more likely to erode rather than to shatter [@Bermeo.2016: 14-15].\n"
    )
    got = quotes_found(write(tmp_path, "chapter.qmd", md))
    assert got[
        "the overall performance record of the consensus democracies is clearly superior"
    ] == ("Lijphart.2012", "296")
    # the block's opening mark is never closed: the writer's, left out of the quotation
    assert got[
        "Dramatic breakdowns will probably still occur, but troubled democracies are now more "
        "likely to erode rather than to shatter"
    ] == ("Bermeo.2016", "14-15")


def test_a_pandoc_aside_closing_the_paragraph_names_the_source_before_it(tmp_path: Path) -> None:
    # A list item of a Pandoc thesis on the Turing test: the bracketed aside after the
    # quotation's sentence names whose words they are.
    md = (
        '3. The Turing Test is taken "as a potential source of good *inductive evidence* for" '
        "intelligence: if something passes it one would be justified. [This interpretation "
        "goes back to @Moor:1976at, p. 249, 251.]\n\n"
        'A "quotation nobody cites at all here" is said. [As @Moor:1976at notes.] And more.\n\n'
        'He writes "first words of the one quotation" and "then words of another one" here. '
        "[@Moor:1976at, p. 3]\n"
    )
    got = quotes_found(write(tmp_path, "sec1.md", md))
    assert got["as a potential source of good inductive evidence for"] == (
        "Moor:1976at",
        "249, 251",
    )
    # an aside with more of the paragraph after it is not the paragraph's close
    assert got["quotation nobody cites at all here"] == (None, None)
    # two quotations before it: the aside is not one quotation's
    assert got["first words of the one quotation"] == (None, None)


def test_an_aside_is_read_up_to_300_characters_after_the_quotation(tmp_path: Path) -> None:
    def md(gap: int) -> str:
        words = ("x" * (gap - 2)) + "."  # the rest of the sentence, gap characters with ". "
        return f'It is taken "as a source of good evidence for" {words} [See @Moor:1976at, p. 9.]\n'

    # between the closing mark and the sentence's full stop: a space and gap - 2 letters
    near = quotes_found(write(tmp_path, "near.md", md(301)))
    far = quotes_found(write(tmp_path, "far.md", md(302)))
    assert near["as a source of good evidence for"] == ("Moor:1976at", "9")
    assert far["as a source of good evidence for"] == (None, None)


def test_a_quotation_in_a_blocks_lead_in_takes_the_blocks_citation(tmp_path: Path) -> None:
    # A Pandoc book chapter: the lead-in quotes the speakers of the block that follows.
    md = (
        "Legal scholars presented the coalition's concerns. \"The purpose of a medical "
        "device company's source code is to enable the function of a medical device,\" they "
        "argued:\n\n"
        "> researchers like the members of this Coalition use the code in order to publish\n"
        "criticism on how safe these products actually are [@sellars_petition_2014, 4].\n\n"
        'Others said "the code is the property of its makers alone" at the time.\n\n'
        "> a block that this one does not introduce at all, however long [@other2015, 9].\n"
    )
    got = quotes_found(write(tmp_path, "space.md", md))
    lead = (
        "The purpose of a medical device company's source code is to enable the function of a "
        "medical device,"
    )
    assert got[lead] == ("sellars_petition_2014", "4")
    # a sentence that ends with a full stop introduces no block
    assert got["the code is the property of its makers alone"] == (None, None)


def test_a_lead_in_is_read_up_to_120_characters_after_the_quotation(tmp_path: Path) -> None:
    def md(rest: int) -> str:
        # between the closing mark and the colon: a space and rest - 1 letters
        return (
            f'They wrote "the words of the speakers themselves here" {"y" * (rest - 1)}:\n\n'
            "> the block quotation of the same speakers, quoted at length [@sellars2014, 4].\n"
        )

    near = quotes_found(write(tmp_path, "near.md", md(120)))
    far = quotes_found(write(tmp_path, "far.md", md(121)))
    assert near["the words of the speakers themselves here"] == ("sellars2014", "4")
    assert far["the words of the speakers themselves here"] == (None, None)


def test_abntex2_citeonline_is_a_narrative_cite(tmp_path: Path) -> None:
    """abnTeX2's \\citeonline names the author in the running text, as \\textcite does: after
    an earlier quotation in its sentence it still introduces the quotation that follows it."""
    tex = tmp_path / "artigo.tex"
    tex.write_text(
        "\\documentclass{article}\\begin{document}\n"
        "O sentido no enunciado “Eu não vim da tua costela, você que veio do meu útero” se "
        "insere em uma formação dada, isto é, como \\citeonline[p. 147]{pech}, diria “a "
        "partir de uma posição dada numa conjuntura dada, determinada pela luta.”\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    bib = tmp_path / "refs.bib"
    bib.write_text("@book{pech, author={Pêcheux, M.}, title={S}, year={2014}}\n", encoding="utf-8")
    got = {c.quote[:12]: c for c in scan(tex, bib=[bib]).citations}
    cited = got["a partir de "]
    assert cited.reference is not None and cited.reference.key == "pech"
    assert cited.locator is not None and cited.locator.value == "147"


def test_a_work_named_by_its_author_s_possessive_and_year(tmp_path: Path) -> None:
    """ "Vickrey's 1963 Pricing and Resource Allocation piece provides …:" then a block: the
    lead-in names the work by its author and year; "Germany's 2019 budget" names no work."""
    md = tmp_path / "reflection.md"
    md.write_text(
        "# Congestion\n\nVickrey's 1963 Pricing and Resource Allocation piece provides a "
        "clear description of the problem:\n\n> If congestion charges are levied, benefits "
        "from the expansion of capacity are likely to be smaller.\n\nGermany's 2019 budget "
        "was tight: “the state will not take on any new debt this year at all,” a minister "
        "wrote.\n\nArnott and Small's 1994 paper adds that “the traffic we see does not "
        "represent the full demand for travel.”\n",
        encoding="utf-8",
    )
    got = {c.quote[:12]: c.reference for c in scan(md).citations}
    assert got["If congestio"] is not None and got["If congestio"].key == "Vickrey 1963"
    assert got["the state wi"] is None
    assert got["the traffic "] is not None and got["the traffic "].key == "Arnott & Small 1994"
