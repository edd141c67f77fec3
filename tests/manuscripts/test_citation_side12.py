"""Citation-side rules from the thirteenth to sixteenth held-out sets and unseen theses: a note
that names its work in prose before the address it was read at, an article's pages with the one
cited ("S. 393-411 (hier S. 395)"), pandoc-ling's example references ("[@next]"). Each test
retypes the pattern a real manuscript used."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx
from tests.manuscripts.helpers import write


def _found(path: Path) -> dict[str, tuple[str | None, str | None]]:
    return {
        c.quote: (c.reference.raw if c.reference else None, c.locator.value if c.locator else None)
        for c in scan(path).citations
    }


def test_a_note_naming_its_work_before_the_address_cites_the_work_at_the_here_page(
    tmp_path: Path,
) -> None:
    tex = write(
        tmp_path,
        "a.tex",
        "\\documentclass{article}\\begin{document}\n"
        "Die Historiker haben 1989 die Bedeutung der ,,lokalen Feldforschung zur Freilegung "
        "von Spuren'' für die Forschung "
        "herausgearbeitet.\\footnote{Thomas Lindenberger, Michael Wildt: Radikale Pluralität, in: "
        "Archiv für Sozialgeschichte, Band 29, Bonn 1989, S. 393-411 (hier S. 395), URL (stable): "
        "\\url{http://library.example.org/article_00013422}.} Es waren also diese Akteure.\n"
        "\\end{document}\n",
    )
    raw, page = _found(tex)["lokalen Feldforschung zur Freilegung von Spuren"]
    assert raw is not None and "Lindenberger" in raw and "1989" in raw
    assert page == "395"  # the page cited, not the article's extent


def test_a_here_page_in_a_chicago_note(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        'He wrote that "the archive is never a neutral place of storage".[^1] Next.\n\n'
        "[^1]: Jane Roe, *The Archive Itself* (Chicago, 1999), pp. 1-20 (here p. 7).\n",
    )
    assert _found(md)["the archive is never a neutral place of storage"][1] == "7"


def test_pandoc_ling_example_references_are_not_citations(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "So verwendet er eine grafische Analyse für „ausgebildete Sätze der Sprache“, wie in "
        "[@fig:tree] für den Satz [@next] dargestellt [@diesterweg1830: 174, 266]. Dann folgt "
        "der nächste Satz.\n",
    )
    raw, page = _found(md)["ausgebildete Sätze der Sprache"]
    assert raw is not None and "diesterweg1830" in raw
    assert page == "174, 266"


def test_a_paged_citation_just_before_a_quotation_is_its_own_not_the_next_quotations(
    tmp_path: Path,
) -> None:
    write(
        tmp_path,
        "refs.bib",
        "@book{frau2023, title = {Rohstoffe}, author = {Frau, Robert}, year = 2023}\n"
        "@book{frau2024, title = {Kompetenzen}, author = {Frau, Robert}, year = 2024}\n",
    )
    tex = write(
        tmp_path,
        "a.tex",
        "\\documentclass{article}\\begin{document}\n"
        'Folgend der Feststellung von Frau \\autocite[4]{frau2023}, dass ein "öffentliches '
        'Rohstoffrecht für Deutschland" trotz allem fehlt, staatliche "eigene rechtliche '
        'Mittel und Wege" nicht betrachtet werden \\autocite[5]{frau2024}, ist dies '
        "richtungsweisend.\n\\bibliography{refs}\n\\end{document}\n",
    )
    got = {
        c.quote: (c.reference.key if c.reference else None, c.locator.value if c.locator else None)
        for c in scan(tex).citations
    }
    assert got["öffentliches Rohstoffrecht für Deutschland"] == ("frau2023", "4")
    assert got["eigene rechtliche Mittel und Wege"] == ("frau2024", "5")


def test_a_citation_closing_several_quotations_stays_theirs(tmp_path: Path) -> None:
    # no citation of its own before the first quotation: the closing one covers both
    write(tmp_path, "refs.bib", "@book{frau2023, title = {R}, author = {Frau, R.}, year = 2023}\n")
    tex = write(
        tmp_path,
        "a.tex",
        "\\documentclass{article}\\begin{document}\n"
        'Frau spricht von "öffentlichem Rohstoffrecht für alle" und von "Kompetenzen und '
        'Instrumenten des Staates" \\autocite[5]{frau2023}. Dann weiter.\n'
        "\\bibliography{refs}\n\\end{document}\n",
    )
    got = {c.quote: c.locator.value if c.locator else None for c in scan(tex).citations}
    assert got == {
        "öffentlichem Rohstoffrecht für alle": "5",
        "Kompetenzen und Instrumenten des Staates": "5",
    }


def test_a_block_cited_by_a_note_mark_then_sic_is_the_notes(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "Projekte werden in einem offiziellen Verzeichnis geführt.\n\n"
        "> This is the canonical directory of research projects that are planned, underway or "
        "have recently been completed. [^19] [sic]\n\n"
        "Weiter im Text.\n\n"
        "[^19]: Research:Projects - Meta, <https://meta.example.org/wiki/Research:Projects>, "
        "Stand: 05.07.2020.\n",
    )
    (citation,) = scan(md).citations
    assert citation.quote.endswith("recently been completed.")
    assert citation.reference is not None and "Research:Projects" in citation.reference.raw


def test_a_note_opening_with_its_author_names_a_work_without_a_year(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "Nach Wozniak müssen drei Bedingungen erfüllt sein:\n\n"
        "> Der Hauptautor muss namentlich bekannt sein, und sein Anteil am Text muss eine "
        "bestimmte Grenze überschreiten. [^80]\n\n"
        "Weiter im Text.\n\n"
        "[^80]: Wozniak, Thomas: Zitierpflicht für Wikipediaartikel – und wenn ja, für welche?, "
        "Billet, Mittelalter,<https://mittelalter.example.org/3721>, Stand: 14.06.2020.\n",
    )
    (citation,) = scan(md).citations
    assert citation.reference is not None
    assert citation.reference.key is not None and citation.reference.key.startswith("Wozniak")
    assert citation.reference.target == "https://mittelalter.example.org/3721"


_WORKS_CITED = (
    "\n\n# Works Cited\n\n"
    "- DuPlessis, Rachel Blau. Review of *Woolf*. *Tulsa Studies*, vol. 10, 1991, pp. 295–98.\n"
    "- Chisholm, Diane. *H.D.'s Freudian Poetics*. Cornell UP, 1992.\n"
)


def test_an_mla_page_ending_the_quotations_clause_is_its_page(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        'Rachel Blau DuPlessis, in a review essay, speaks of the difficulties of "normal '
        'modernist studies as it stood" in accounting for Gertrude Stein (297); Diane Chisholm '
        'chronicles feminist challenges to the view of H.D. in "the usual modernist studies" '
        "(82). The panels followed." + _WORKS_CITED,
    )
    got = {
        c.quote: (c.reference.key if c.reference else None, c.locator.value if c.locator else None)
        for c in scan(md).citations
    }
    assert got["normal modernist studies as it stood"] == ("DuPlessis 1991", "297")
    assert got["the usual modernist studies"] == ("Chisholm 1992", "82")


def test_a_numbered_equation_ending_the_clause_is_no_page(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        'Chisholm calls it "the usual way of doing modernist studies" as in equation (3); the '
        'rest is "another thing she says at length" (82). More.' + _WORKS_CITED,
    )
    got = {c.quote: c.locator.value if c.locator else None for c in scan(md).citations}
    assert got.get("the usual way of doing modernist studies") != "3"


def test_a_short_note_giving_a_page_then_a_range_keeps_both(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        'In response to what he terms an "intuitionist approach to all of the principles", Rawls '
        'argues for an ordering.[^3] And a year is no page: "the means of rational discussion '
        'have come to an end".[^4]\n\n'
        "[^3]: Rawls, *A Theory of Justice*, 39, 40-41.\n"
        "[^4]: Rawls, *A Theory of Justice*, 1971, 41.\n",
    )
    got = _found(md)
    assert got["intuitionist approach to all of the principles"][1] == "39, 40-41"
    assert got["the means of rational discussion have come to an end"][1] == "41"


def test_indented_note_definitions_are_read_each_on_its_own(tmp_path: Path) -> None:
    # an art-history essay's notes, indented three spaces under their heading
    md = write(
        tmp_path,
        "a.md",
        "So tritt „jedes neue Kunstwerk nicht nur in die Nachfolge älterer Vorbilder“.[^1] "
        "Ziel ist eine „Qualitätssteigerung durch mehr oder weniger institutionalisierten "
        "Wettbewerb“. [^2]\n\n## Fußnoten\n\n"
        "   [^1]: Müller, Jan Dirk, Pfisterer, Ulrich, Vorrede, in: Aemulatio, Berlin 2011, "
        "S. 22.\n"
        "   [^2]: Müller / Pfisterer 2011, S. 3.\n",
    )
    got = _found(md)
    raw, page = got["jedes neue Kunstwerk nicht nur in die Nachfolge älterer Vorbilder"]
    assert raw is not None and raw.startswith("Müller, Jan Dirk") and page == "22"
    raw, page = got["Qualitätssteigerung durch mehr oder weniger institutionalisierten Wettbewerb"]
    assert raw == "Müller / Pfisterer 2011, S. 3." and page == "3"


def test_an_articles_extent_then_the_page_cited_gives_the_page(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "Die Darstellung „verlangt nach einer genauen Definition der Beziehung“.[^1] Und „das "
        "gilt für beide Seiten gleichermaßen“.[^2]\n\n"
        "[^1]: Vgl. Lemercier, Claire, Formal network methods in history, in: Fertig, Georg "
        "(Hrsg.): Social Networks, o.O. 2015, S. 281-310, S. 287.\n"
        "[^2]: Roe, Jane, Die Burg, Berlin 2001, S. 3 und S. 7.\n",
    )
    got = _found(md)
    assert got["verlangt nach einer genauen Definition der Beziehung"][1] == "287"
    # two pages, neither a range, are both the note's
    page = got["das gilt für beide Seiten gleichermaßen"][1]
    assert page is not None and page.startswith("3") and page.endswith("7")


def test_a_note_line_typed_on_without_indent_continues_the_note(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        'The language we use "allows the production of computer-enabled human-readable '
        'code."[^chun] And "a second quotation stands here alone".[^2]\n\n'
        "[^chun]: As discussed in Chapter 1, Chun points to the politics of software. See,\n"
        "Chun, Wendy Hui Kyong. “On Software, or the Persistence of Visual Knowledge.” Grey Room "
        "18 (January 2005): 26–51.\n"
        "[^2]: Roe, Jane. *Alone*. Boston, 2001, 7.\n\n"
        "Text after the notes is not a note.\n",
    )
    got = _found(md)
    raw, _ = got["allows the production of computer-enabled human-readable code."]
    assert raw is not None and "On Software" in raw and "2005" in raw
    raw, page = got["a second quotation stands here alone"]
    assert raw is not None and raw.startswith("Roe") and "Text after" not in raw and page == "7"


_GERMAN_LIST = (
    "\n\n# Literatur\n\n"
    "Adorno, Theodor W./Horkheimer, Max: Dialektik der Aufklärung. Philosophische Fragmente, "
    "Frankfurt a. M. 1969.\n\n"
    "Hegel, Georg Wilhelm Friedrich: Phänomenologie des Geistes, Hamburg 1988.\n\n"
    "Kant, Immanuel: Beantwortung der Frage: Was ist Aufklärung?, in: Berlinische "
    "Monatsschrift 4 (1784), S. 481–494.\n"
)


def test_a_german_lists_titles_after_the_authors_colon(tmp_path: Path) -> None:
    from quote_tui.manuscripts.reflist import entry_from_text

    first, second, third = (entry_from_text("k", line) for line in _GERMAN_LIST.split("\n\n")[2:5])
    assert first.title == "Dialektik der Aufklärung"  # "W./Horkheimer": an initial's stop
    assert third.title == "Beantwortung der Frage: Was ist Aufklärung?"  # ends at "in:"
    # Vancouver's initials before a title with a colon stay authors
    assert entry_from_text("k", "Lo K, Smith J. Title: sub. J Th. 2020;12:3").title == (
        "Title: sub"
    )
    assert second.authors == ("Hegel",)


def test_a_short_title_note_finds_the_lists_entry(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "Die Autoren meinen, „die Aufklärung ist totalitär wie nur irgendein System“.[^1] "
        "Hegel spricht von der „Furie des Verschwindens in der Geschichte“.[^2]"
        + _GERMAN_LIST
        + "\n[^1]: Adorno/Horkheimer, Dialektik der Aufklärung, S. 31.\n"
        "[^2]: Hegel, Phänomenologie des Geistes, S. 389.\n",
    )
    result = scan(md)
    got = {c.quote: c for c in result.citations}
    sources = {s.id: s for s in result.sources}
    adorno = got["die Aufklärung ist totalitär wie nur irgendein System"]
    assert sources[adorno.source].title == "Dialektik der Aufklärung"
    # German nouns in capitals, cited by a note mark whose note gives the page: quoted words
    hegel = got["Furie des Verschwindens in der Geschichte"]
    assert hegel.locator is not None and hegel.locator.value == "389"


_CHICAGO_LIST = (
    "\n\n## Bibliography\n\n"
    "Geertz, Clifford. *The Interpretation of Cultures*. New York: Basic Books, 1973.\n\n"
    "Scott, James C. *Weapons of the Weak: Everyday Forms of Peasant Resistance*. New Haven: "
    "Yale University Press, 1985.\n\n"
    "Thompson, E. P. *The Making of the English Working Class*. New York: Vintage, 1966.\n"
)


def test_op_cit_with_no_earlier_note_is_the_authors_one_listed_work(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        'Geertz reads culture as "an acted document, public like a burlesque wink."[^7]'
        + _CHICAGO_LIST
        + "\n[^7]: Clifford Geertz, op. cit., 10.\n",
    )
    (citation,) = scan(md).citations
    assert citation.reference is not None and citation.reference.key == "Geertz 1973"
    assert citation.locator is not None and citation.locator.value == "10"


def test_latex_capitalised_words_cited_at_a_page_are_quoted_words(tmp_path: Path) -> None:
    write(
        tmp_path,
        "refs.bib",
        "@book{hegel1988, author = {Hegel, G. W. F.}, title = {Phänomenologie}, year = {1988}}\n"
        "@book{foucault1990, author = {Foucault, Michel}, title = {Aufklärung}, year = {1990}}\n"
        "@book{schmidt2005, author = {Schmidt, Jochen}, title = {Foucault lesen}, year = {2005}}\n",
    )
    tex = write(
        tmp_path,
        "a.tex",
        "\\documentclass{article}\\begin{document}\n"
        "Hegel spricht von der \\enquote{Arbeit des Begriffs im Element des Denkens}"
        "\\footcite[Vgl.][48\\,f.]{hegel1988} und der \\enquote{Furie des Verschwindens in der "
        "Geschichte}.\\footcite[S.~389\\psq]{hegel1988}\n"
        "\\bibliography{refs}\n\\end{document}\n",
    )
    got = {
        c.quote: (c.reference.key if c.reference else None, c.locator.value if c.locator else None)
        for c in scan(tex).citations
    }
    assert got["Arbeit des Begriffs im Element des Denkens"] == ("hegel1988", "48 f.")
    assert got["Furie des Verschwindens in der Geschichte"] == ("hegel1988", "389 f.")


def test_a_word_notes_op_cit_with_no_earlier_note(tmp_path: Path) -> None:
    doc = wx.new_document()
    wx.add_paragraph(
        doc,
        [
            "Geertz reads culture as “an acted document, public like a burlesque wink.”",
            wx.footnote_ref(2),
        ],
    )
    doc.add_heading("Bibliography", level=1)
    for line in _CHICAGO_LIST.split("\n\n")[1:]:
        doc.add_paragraph(line.replace("*", "").strip())
    path = tmp_path / "essay.docx"
    doc.save(path)
    notes: dict[int, list[str | object]] = {
        2: ["Clifford Geertz, op. cit., 10."],
    }
    wx.add_footnotes_part(path, wx.footnotes_xml(notes))  # type: ignore[arg-type]
    got = {
        c.quote: (c.reference.key if c.reference else None, c.locator.value if c.locator else None)
        for c in scan(path).citations
    }
    assert got["an acted document, public like a burlesque wink."] == ("Geertz 1973", "10")


def test_a_quotation_in_a_note_followed_by_ibid_is_the_note_befores_work(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        'Turing argued that "any digital computer can do that calculation, given the storage '
        'capacity".[^16] The programme was later tested.[^17] Another "quotation of a source '
        'stands alone here".[^18]\n\n'
        "[^16]: Alan M. Turing, ‘Digital Computers Applied to Games’, in *Faster than Thought*, "
        "ed. B. V. Bowden (London: Pitman, 1953), 288.\n"
        "[^17]: Turing notes that when tried on computer, the ‘technique of programming was "
        "rather crude, and many improvements are possible.’ Ibid., 296.\n"
        "[^18]: See Smith, *A Book*, 12, who says ‘the words of a second writer stand here’ "
        "Ibid., 13.\n",
    )
    got = _found(md)
    raw, page = got[
        "technique of programming was rather crude, and many improvements are possible."
    ]
    assert raw is not None and "Turing" in raw and page == "296"
    # a note naming its own work before the quotation: its Ibid. is no guess of ours
    raw, _ = got.get("the words of a second writer stand here", (None, None))
    assert raw is None or "Turing" not in raw


def test_words_cited_in_another_work_stay_their_authors(tmp_path: Path) -> None:
    # the labelled convention: the quotation is Pascal's, at the page the note gives
    md = write(
        tmp_path,
        "a.md",
        "As Pascal had already realised, 'One cannot undertake to define being without falling "
        "into this absurdity'.[^11]\n\n"
        "[^11]: Pascal, *Pensées et Opuscules*, cited in *Being and Time*, p. 3.\n",
    )
    raw, page = _found(md)[
        "One cannot undertake to define being without falling into this absurdity"
    ]
    assert raw is not None and raw.startswith("Pascal") and page == "3"


def test_a_notes_f_keeps_its_stop_and_o_s_is_a_page_given(tmp_path: Path) -> None:
    doc = wx.new_document()
    wx.add_paragraph(
        doc,
        [
            "Vasari schrieb: „Sicher darf man das glauben, denn der Karton war berühmt.“",
            wx.footnote_ref(1),
            " Die Zeitung titelte „Mehr als 275.000 fehlende Fachkräfte im ganzen Land“.",
            wx.footnote_ref(2),
        ],
    )
    path = tmp_path / "arbeit.docx"
    doc.save(path)
    notes: dict[int, list[str | object]] = {
        1: ["Vasari 2009, S. 61f."],
        2: ["Handelsblatt, Report, 2021, o. S."],
    }
    wx.add_footnotes_part(path, wx.footnotes_xml(notes))  # type: ignore[arg-type]
    got = {c.quote: c.locator for c in scan(path).citations}
    vasari = got["Sicher darf man das glauben, denn der Karton war berühmt."]
    assert vasari is not None and vasari.value == "61f." and vasari.pages == (61,)
    paper = got["Mehr als 275.000 fehlende Fachkräfte im ganzen Land"]
    assert paper is not None and paper.value == "o. S." and paper.pages == ()


def test_the_citation_closing_the_line_of_the_author_the_sentence_names(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        '"Birches" by Robert Frost emphasizes the feeling of nostalgia. (Frost, 1916).\n'
        '"Wild Geese" by Mary Oliver, encourages her readers to, "Let the soft animal of your '
        'body love what it loves.". I wanted to highlight this as a good contrast to the term '
        '"artificial emotions". Oliver wants the reader to accept who they are. (Oliver, 1986).\n'
        'A poem by Jane Doe says "the sea is a mirror of the sky above". Nothing is cited '
        "here. (Frost, 1916).\n\n"
        "# Citations\n\n"
        'Frost, Robert. "Birches." 1916.\n\nOliver, Mary. "Wild Geese." 1986.\n',
    )
    got = {c.quote: c.reference.key if c.reference else None for c in scan(md).citations}
    assert got["Let the soft animal of your body love what it loves."] == "Oliver 1986"
    # the closing citation names another author than the sentence: not this quotation's
    assert got.get("the sea is a mirror of the sky above") != "Frost 1916"


def test_a_law_named_with_its_article_is_the_quotations_source(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "Die Bundesärzteordnung (BÄO) ist die rechtliche Grundlage ärztlichen Handelns. Sie legt "
        "in Paragraph 1, Absatz 1 fest: “Der Arzt dient der Gesundheit des einzelnen Menschen "
        "und des gesamten Volkes” (REF:[https://www.gesetze.example/baeo.html]"
        "(https://www.gesetze.example/baeo.html)). Weiter im Text.\n\n"
        "Die öffentliche Fürsorge im Sinne des Grundgesetzes Artikel 74 Nr. 7 (“die öffentliche "
        "Fürsorge (ohne das Heimrecht)”) fasst die Sozialhilfe für hilfebedürftige Personen"
        "[ ](https://de.wikipedia.example/wiki/Sozialhilfe)zusammen.\n",
    )
    got = {
        c.quote: (
            c.reference.key if c.reference else None,
            c.reference.target if c.reference else None,
            c.locator.value if c.locator else None,
        )
        for c in scan(md).citations
    }
    assert got["Der Arzt dient der Gesundheit des einzelnen Menschen und des gesamten Volkes"] == (
        "Bundesärzteordnung",
        "https://www.gesetze.example/baeo.html",
        "Paragraph 1, Absatz 1",
    )
    # the link on "Personen" further on is a link, not the quotation's citation
    assert got["die öffentliche Fürsorge (ohne das Heimrecht)"] == (
        "Grundgesetz",
        None,
        "Artikel 74 Nr. 7",
    )
