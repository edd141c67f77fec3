"""Citation-side rules read off the thirteenth unseen set's misses and Word theses with
footnotes: a page typed after a bracketed key, a bracketed "ebd." in running text, a periodical
named in prose. Each test retypes the lines that showed the rule."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx
from tests.manuscripts.helpers import quotes_found, write

_BIB = """@book{birkner2020, title = {Der Fluch der Willkommenskultur}, author = {Birkner, Thomas},
  year = 2020}
@book{haller2017, title = {Die Flüchtlingskrise in den Medien}, author = {Haller, Michael},
  year = 2017}
"""


def test_a_page_typed_after_a_bracketed_key_is_its_page(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    md = write(
        tmp_path,
        "a.md",
        "Die Silvesternacht bezeichnet ein Ereignis, bei dem „es in der Kölner Innenstadt zu "
        "Ausschreitungen kam, bei denen Frauen bedrängt wurden“ [@birkner2020] S. 53. "
        "Danach brach die Stimmung.\n",
    )
    got = quotes_found(md, bib)
    quote = "es in der Kölner Innenstadt zu Ausschreitungen kam, bei denen Frauen bedrängt wurden"
    assert got[quote] == ("birkner2020", "53")


def test_a_bracketed_ebd_in_running_text_repeats_the_work_cited_last(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    md = write(
        tmp_path,
        "a.md",
        "Erst zeigt @haller2017 die Lage. Dann kam es „zu einem Bruch der positiven "
        "Berichterstattung“ [@birkner2020, S. 53]. Die Medien stellten sich hinter Merkels "
        "viel zitierten Ausspruch „Wir schaffen das!“ [vgl. Ebd. S.54]. Andere folgten "
        "„dem Kurs der Regierung“ (cf. ibid., p. 55).\n",
    )
    got = quotes_found(md, bib)
    assert got["Wir schaffen das!"] == ("birkner2020", "54")
    assert got["dem Kurs der Regierung"] == ("birkner2020", "55")


def test_a_quotation_in_an_inline_note_cites_the_newspaper_the_note_names(
    tmp_path: Path,
) -> None:
    md = write(
        tmp_path,
        "a.md",
        "Mason was principal of a school at Denmark Hill.^[I found nothing else about him. The "
        "obituary of his wife in the West Sussex Gazette of 10 October 1912, page 4, mentions "
        'that Charles was "for many years the proprietor of a school at Denmark Hill". This '
        "obituary is available online, accessed 25 June 2026.] He wrote grammars.\n\n"
        "In German: ^[In der Frankfurter Allgemeinen Zeitung vom 3. Mai 2015, S. 7, hieß es, "
        "„dass sich die Politik der Stadt damit gewendet habe“.] Danach nichts.\n",
    )
    result = scan_cited(md)
    assert result["for many years the proprietor of a school at Denmark Hill"] == (
        "West Sussex Gazette of 10 October 1912, page 4",
        "4",
    )
    assert result["dass sich die Politik der Stadt damit gewendet habe"] == (
        "Frankfurter Allgemeinen Zeitung vom 3. Mai 2015, S. 7",
        "7",
    )


def test_a_place_named_with_a_year_is_no_periodical(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "He lived on.^[He moved to Berlin in Prussia of 1920, and wrote that it was "
        '"the loneliest winter of all my years there".]\n',
    )
    assert scan_cited(md)["the loneliest winter of all my years there"] == (None, None)


def scan_cited(path: Path) -> dict[str, tuple[str | None, str | None]]:
    return {
        c.quote: (c.reference.raw if c.reference else None, c.locator.value if c.locator else None)
        for c in scan(path).citations
    }


def _thesis(tmp_path: Path, quotes: list[str], notes: list[str]) -> dict[str, tuple[str, str]]:
    """A Word thesis: each quotation in its own paragraph with a footnote typed as given; each
    quotation's reference key and locator as the scan reports them."""
    document = wx.new_document()
    for i, quote in enumerate(quotes, start=1):
        wx.add_paragraph(document, [f"Satz {i} sagt „{quote}“", wx.footnote_ref(i), " dazu."])
    path = tmp_path / "arbeit.docx"
    document.save(path)
    wx.add_footnotes_part(path, wx.footnotes_xml({i: [n] for i, n in enumerate(notes, 1)}))
    return {
        c.quote: (
            c.reference.key if c.reference and c.reference.key else "",
            c.locator.value if c.locator else "",
        )
        for c in scan(path).citations
    }


_QUOTES = [
    "die Stadt war ein Ort der Freiheit für alle",
    "eine Zuflucht der Handwerker und der kleinen Leute",
    "das Zentrum des Fernhandels im ganzen Norden",
    "die Zünfte bestimmten das politische Leben der Stadt",
    "die Bürger verwalteten und verteidigten sich selbst",
    "das Herz der ganzen Landschaft um die Stadt",
]


def test_a_following_page_written_f_or_ff_is_the_notes_page(tmp_path: Path) -> None:
    got = _thesis(
        tmp_path,
        _QUOTES[:3],
        [
            "Vgl. Müller, Hans: Die Stadt im Mittelalter. Berlin 2001, S. 12.",
            "Ebd., S. 14 f.",
            "Müller, Stadt, S. 20ff.",
        ],
    )
    assert [got[q][1] for q in _QUOTES[:3]] == ["12", "14 f.", "20ff."]


def test_a_short_note_quoted_after_another_work_finds_its_full_note(tmp_path: Path) -> None:
    got = _thesis(
        tmp_path,
        _QUOTES[:2],
        ["Schmidt, Peter: Zünfte und Rat. Köln 2003, S. 33.", "Zit. n. Schmidt, Zünfte, S. 40."],
    )
    assert got[_QUOTES[1]] == (got[_QUOTES[0]][0], "40")


def test_the_same_author_names_another_work_or_the_same_one(tmp_path: Path) -> None:
    got = _thesis(
        tmp_path,
        _QUOTES[:5],
        [
            "John Miller, The Medieval Town (London: Routledge, 2001), 12.",
            "Ibid., 45–46.",
            "Id., The Castle (Oxford: Clarendon, 2005), 7.",
            "Müller, Hans: Die Stadt im Mittelalter. Berlin 2001, S. 12.",
            "Ders.: Die Burg. München 2005, S. 8.",
        ],
    )
    assert got[_QUOTES[1]] == ("John Miller, The Medieval Town", "45–46")
    assert got[_QUOTES[2]] == ("John Miller, The Castle", "7")
    assert got[_QUOTES[4]][0].startswith("Müller, Die Burg")


def test_dies_with_only_a_page_is_the_work_before(tmp_path: Path) -> None:
    got = _thesis(
        tmp_path, _QUOTES[:2], ["Anna Klein, Märkte (Hamburg: Meiner, 2010), 12.", "Dies., S. 9."]
    )
    assert got[_QUOTES[1]] == (got[_QUOTES[0]][0], "9")


def test_loc_cit_is_that_authors_work_at_the_same_place(tmp_path: Path) -> None:
    got = _thesis(
        tmp_path,
        _QUOTES[:3],
        [
            "Peter Smith, Guilds and Council (Cambridge: CUP, 2003), 33.",
            "John Miller, The Medieval Town (London: Routledge, 2001), 12.",
            "Smith, loc. cit.",
        ],
    )
    assert got[_QUOTES[2]] == ("Peter Smith, Guilds and Council", "33")


def test_a_note_citing_several_works_gives_the_first_one_its_own_page(tmp_path: Path) -> None:
    got = _thesis(
        tmp_path,
        _QUOTES[:3],
        [
            "John Miller, The Medieval Town (London; New York: Routledge, 2001), 12.",
            "Peter Smith, Guilds and Council (Cambridge: CUP, 2003), 33.",
            "See Miller, Medieval Town, 60; cf. Smith, Guilds, 70.",
        ],
    )
    assert got[_QUOTES[2]] == ("John Miller, The Medieval Town", "60")
    assert got[_QUOTES[0]] == ("John Miller, The Medieval Town", "12")


def _essay(tmp_path: Path, paragraphs: list[str]) -> dict[str, str | None]:
    """A Word essay with a typed bulleted bibliography; each quotation's reference key."""
    document = wx.new_document()
    for text in paragraphs:
        wx.add_paragraph(document, [text])
    path = tmp_path / "essay.docx"
    document.save(path)
    return {c.quote: (c.reference.key if c.reference else None) for c in scan(path).citations}


_LIST = [
    "Bibliography",
    "\t•\tPeggy Phelan, ‘The Politics of Performance’ – Routledge, London and New York, 1993",
    "\t•\tMichel Sanouillet and Elmer Peterson (eds), ‘The Writings of Marcel Duchamp’, Da capo, "
    "New York, 1973",
    "\t•\tMikel Dufrenne, ‘The Phenomenology of Aesthetic Experience’ – Northwestern, 1973",
]


def test_a_speaker_named_in_the_sentence_cites_the_one_listed_work(tmp_path: Path) -> None:
    got = _essay(
        tmp_path,
        [
            "Chris Burden’s piece entitled Shoot (1971) was recorded on video. As Phelan has "
            "argued ‘the documentation then is only a spur to memory, an encouragement of "
            "memory to become present.’ I would argue otherwise.",
            "In ‘The Creative Act’ Marcel Duchamp wrote that there are ‘two poles of the "
            "creation of art: the artist on the one hand, and on the other the spectator.’",
            "If Mikel Dufrenne’s statement that all ‘creation is performance in its own "
            "right’ holds, then all performance is creation.",
            *_LIST,
        ],
    )
    assert (
        got[
            "the documentation then is only a spur to memory, an encouragement of memory "
            "to become present."
        ]
        == "Peggy Phelan 1993"
    )
    assert (
        got[
            "two poles of the creation of art: the artist on the one hand, and on the "
            "other the spectator."
        ]
        == "Michel Sanouillet 1973"
    )
    assert got["creation is performance in its own right"] == "Mikel Dufrenne 1973"


def test_a_speaker_the_list_lacks_links_nothing_and_life_dates_cite_nothing(
    tmp_path: Path,
) -> None:
    quote = (
        "by the end of the 1980s, Performance Art had become so widely known that it no "
        "longer needed to be defined"
    )
    got = _essay(
        tmp_path,
        [f"Sally Banes (Dance Historian, b. 1947) wrote that ‘{quote}.’ Phelan agreed.", *_LIST],
    )
    assert got[f"{quote}."] is None


def test_a_reference_typed_in_a_cite_command_keeps_its_page(tmp_path: Path) -> None:
    tex = write(
        tmp_path,
        "a.tex",
        "\\documentclass{article}\\begin{document}\nVerzerrungen seien eine \\glqq potentielle "
        "Bedrohung für industrielle Produktion\\grqq.\\autocite{Bericht IW Rohstoffe für die "
        "Industrie , 2013, S. 7} Danach nichts.\n\\end{document}\n",
    )
    got = quotes_found(tex)
    assert got["potentielle Bedrohung für industrielle Produktion"][1] == "7"


def test_a_short_form_announced_after_the_page_leaves_the_page(tmp_path: Path) -> None:
    got = _thesis(
        tmp_path,
        _QUOTES[:2],
        [
            "Erich Straßner: Zeitung und Zeitschrift. Berlin/New York: de Gruyter 1999. S. 846. "
            "[Im Folgenden zitiert als: Straßner: Zeitung. 1999.]",
            "John Miller, The Medieval Town (London: Routledge, 2001), 12 (hereafter cited as "
            "Town).",
        ],
    )
    assert [got[q][1] for q in _QUOTES[:2]] == ["846", "12"]


def test_ebd_after_the_text_names_a_work_is_that_work(tmp_path: Path) -> None:
    tex = write(
        tmp_path,
        "k.tex",
        "\\documentclass{article}\\begin{document}\nDie Unternehmen wurden liquidiert."
        "\\footnote{Vgl. Nietzel 2012, S. 164 und Kreutzmüller 2012, S. 250.} Sie wehrten "
        "sich.\\footnote{Systematisch untersucht von Kreutzmüller, Ausverkauf, 2012, S. "
        "257-357; Nietzel, Handeln und Überleben, 2012, S. 99-150.}\n\n"
        "Zuletzt unternahm der Historiker Benno Nietzel im Jahr 2009 den Versuch, die Studien "
        "zu ordnen. Er diagnostizierte Probleme\\footnote{Vgl. ebd. S. 562-565.} und eine "
        ",,analytische Hilflosigkeit angesichts der Vielschichtigkeit des Prozesses'', die "
        "den Fortschritt hemme.\\footnote{Ebd. S. 564.}\n\nDie Studie im Jahr 2010 fand "
        "„eine neue Welle von Studien zur Arisierung“.\\footnote{Ebd. S. 570.}\n"
        "\\end{document}\n",
    )
    got = {
        c.quote: (c.reference.key if c.reference else None, c.locator.value if c.locator else None)
        for c in scan(tex).citations
    }
    assert got["analytische Hilflosigkeit angesichts der Vielschichtigkeit des Prozesses"] == (
        "Nietzel 2009",
        "564",
    )
    # "Studie im Jahr 2010" names no author the notes cite: Ebd. is the note before's work
    assert got["eine neue Welle von Studien zur Arisierung"] == ("Nietzel 2009", "570")


def test_a_notes_lead_words_are_no_part_of_its_work_and_columns_keep_their_kind(
    tmp_path: Path,
) -> None:
    got = _thesis(
        tmp_path,
        _QUOTES[:4],
        [
            "Vgl. hierzu Müller, Hans: Die Stadt im Mittelalter. Berlin 2001, S. 12 ff.",
            "Müller, Hans: Die Stadt im Mittelalter. Berlin 2001, S. 14.",
            "Zitiert nach: Schmidt, Peter: Zünfte und Rat. Köln 2003, Sp. 45.",
            "Weber, Max: Wirtschaft und Gesellschaft. Tübingen 1922, Rn. 12.",
        ],
    )
    assert got[_QUOTES[0]] == (got[_QUOTES[1]][0], "12 ff.")
    assert got[_QUOTES[2]][0].startswith("Schmidt, Peter") and got[_QUOTES[2]][1] == "Sp. 45"
    assert got[_QUOTES[3]][1] == "Rn. 12"


_LEIBNIZ_BIB = """@book{leibniz1996, title = {Die Theodizee}, author = {Leibniz, G.}, year = 1996}
@book{poser2007, title = {Gottfried Wilhelm Leibniz}, author = {Poser, Hans}, year = 2007}
"""


def test_a_key_in_round_brackets_after_a_block_or_a_sentences_stop_is_its_citation(
    tmp_path: Path,
) -> None:
    bib = write(tmp_path, "refs.bib", _LEIBNIZ_BIB)
    md = write(
        tmp_path,
        "paper.md",
        '> "Was das Wollen selbst anbetrifft, so ist es unrichtig, wenn man sagt, dass es ein '
        'Gegenstand des freien Willens ist."\n(@leibniz1996, S. 283)\\\n\nDanach:\n\n'
        '- __causa__ "bezeichnet den vernünftigen Grund für Gottes Wahl und stellt ein finales '
        'Element dar". (@poser2007, S. 161)\n- __ratio__ "beinhaltet den Zusammenhang von '
        'Ursache und Wirkung in der Welt." (@poser2007, S. 162)\n\n'
        '> "Da der göttliche Beschluss allein in dem Entschluss besteht, die beste Welt zu '
        'wählen, ändert er nichts an der Beschaffenheit der Dinge."\n(@leibniz1996 ^[Zitat '
        "entnommen aus @poser2007, S. 164f].)\\\n",
    )
    got = {q[:20]: v for q, v in quotes_found(md, bib).items()}
    assert got["Was das Wollen selbs"] == ("leibniz1996", "283")
    assert got["bezeichnet den vernü"] == ("poser2007", "161")
    assert got["beinhaltet den Zusam"] == ("poser2007", "162")
    assert next(v for q, v in got.items() if "göttliche" in q)[0] == "leibniz1996"


_WORKS_CITED = (
    "# Works Cited\n\n"
    "- Mao, Douglas, and Rebecca L. Walkowitz. “The New Modernist Studies.” *PMLA*, vol. 123, "
    "no. 3, May 2008, pp. 737–48.\n\n"
    "- Scott, Bonnie Kime, editor. *The Gender of Modernism*. Indiana University Press, 1990.\n\n"
    "- Squier, Susan M. *Women Writers and the City*. University of Tennessee Press, 1989.\n\n"
    "- Hayot, Eric. “Against Periodization; or, on Institutional Time.” *New Literary "
    "History*, vol. 42, no. 4, 2011, pp. 739–56.\n\n"
    "- Hayot, Eric. *On Literary Worlds*. Oxford University Press, 2012.\n"
)


def test_an_mla_page_cites_the_work_of_the_author_the_clause_names(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "paper.md",
        'As Douglas Mao and Rebecca Walkowitz say in their essay, "Were one seeking a single '
        'word to sum up transformations, one could do worse than light on expansion" (737). '
        "Susan Squier mentions her own collection and Scott's anthology as books that \"aim "
        'to rectify the male-oriented nature of the field" (75). Eric Hayot speaks of "the '
        'ongoing dominance of a core version of modernism in the field" (“Against” 744).\n\n'
        + _WORKS_CITED,
    )
    got = {q[:12]: v for q, v in quotes_found(md).items()}
    assert got["Were one see"] == ("Mao 2008", "737")
    assert got["aim to recti"] == ("Squier 1989", "75")
    # two works of Hayot: the short title says which
    assert got["the ongoing "] == ("Hayot 2011", "744")


def test_a_page_after_the_stop_cites_the_noted_work_of_the_author_named(tmp_path: Path) -> None:
    document = wx.new_document()
    wx.add_paragraph(
        document,
        ["Rawls begins with “the basic structure of society as a whole.”", wx.footnote_ref(1)],
    )
    wx.add_paragraph(
        document,
        [
            "Rawls presents the original position. As he clarifies, it is a “hypothetical "
            "situation,” meant “to account for our moral judgments” and “to explain our having "
            "a sense of justice.” (p. 120). More follows."
        ],
    )
    path = tmp_path / "chapter.docx"
    document.save(path)
    wx.add_footnotes_part(
        path,
        wx.footnotes_xml({1: ["John Rawls, A Theory of Justice (Cambridge: Harvard, 1971), 7."]}),
    )
    got = {
        c.quote: (c.reference.key if c.reference else None, c.locator.value if c.locator else None)
        for c in scan(path).citations
    }
    assert got["to explain our having a sense of justice."] == (
        "John Rawls, A Theory of Justice",
        "120",
    )
    assert got["to account for our moral judgments"][1] == "120"


def test_a_speaker_whose_name_ends_in_s_is_found_in_the_list(tmp_path: Path) -> None:
    got = _essay(
        tmp_path,
        [
            "As Hobbes has argued, ‘the life of man is solitary, poore, nasty, brutish, and "
            "short’ in that state.",
            "Bibliography",
            "\t•\tThomas Hobbes, ‘Leviathan’ – Penguin, London, 1985",
        ],
    )
    assert (
        got["the life of man is solitary, poore, nasty, brutish, and short"] == "Thomas Hobbes 1985"
    )


def test_an_mla_short_title_in_italics_or_a_part_named_by_its_author(tmp_path: Path) -> None:
    listed = (
        "# Works Cited\n\n"
        "- Bourdieu, Pierre. *The Logic of Practice*. Stanford University Press, 1990.\n\n"
        "- ------. *The Rules of Art*. Polity Press, 1996.\n\n"
        "- Scott, Bonnie Kime, editor. *The Gender of Modernism*. Indiana UP, 1990.\n"
    )
    md = write(
        tmp_path,
        "paper.md",
        "Bourdieu's distinction between practice and \"conscious obedience to consciously "
        'devised and sanctioned rules" is significant (*Logic* 35). Scott dedicates her '
        'anthology "To the forgotten and silenced makers of modernism" (*Gender* v). Her '
        'anthology might have been called "The Gender of Early Literature"---in line with her '
        'claim that "the politics and aesthetics of gender may lie at the heart of it" '
        '("Introduction" 16).\n\n' + listed,
    )
    got = {q[:12]: v for q, v in quotes_found(md).items()}
    assert got["conscious ob"] == ("Bourdieu 1990", "35")
    assert got["To the forgo"] == ("Scott 1990", "v")
    assert got["the politics"] == ("Scott 1990", "16")
    assert got.get("The Gender o", (None, None))[1] is None  # another quotation between


def test_an_mla_author_alone_in_brackets_cites_that_authors_one_work(tmp_path: Path) -> None:
    listed = (
        "# Works Cited\n\n"
        "- Heller, Scott. “New Life for Modernism.” *Chronicle of Higher Education*, 5 Nov. "
        "1999, p. A21.\n\n- Friedman, Susan. *Planetary Modernisms*. Columbia UP, 2015.\n\n"
        "- Friedman, Susan. “Definitional Excursions.” *Modernism/modernity*, 2001.\n"
    )
    md = write(
        tmp_path,
        "paper.md",
        'The *Chronicle* reported that "here and there, conference attendees did grumble about '
        'the canon" (Heller). Others expect to "redefine what modernist means for everyone" '
        "(Friedman).\n\n" + listed,
    )
    got = quotes_found(md)
    assert got["here and there, conference attendees did grumble about the canon"][0] == (
        "Heller 1999"
    )
    # two works of Friedman: the name alone says not which, so it stays the text reference it
    # is and names neither work
    assert got.get("redefine what modernist means for everyone", (None,))[0] == "Friedman"
