"""What a quotation is, taught by the thirteenth held-out set and unseen theses: a block quotation
set in emphasis with its marks, and a block holding a quotation and, under a rule, the writer's
translation of it. Lines are retyped from the labelled real manuscripts (a German R Markdown
term paper quoting an English source)."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx
from tests.manuscripts.helpers import quotes_found, write

_BIB = (
    "@article{mccombs1972,\n  author = {McCombs, Maxwell},\n  title = {Agenda},\n"
    "  year = {1972}\n}\n"
)


def test_a_block_in_emphasis_with_its_marks_is_quoted_without_either(tmp_path: Path) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    path = write(
        tmp_path,
        "arbeit.Rmd",
        "Die Agenda-Setting-Theorie geht auf eine Studie zurück:\n\n"
        '> *"While the mass media may have little influence on the direction of attitudes, '
        'the mass media set the agenda for each political campaign."*\n>\n'
        "> @mccombs1972\n\nDas gilt bis heute.\n",
    )
    assert quotes_found(path, bib) == {
        "While the mass media may have little influence on the direction of attitudes, the "
        "mass media set the agenda for each political campaign.": ("mccombs1972", None)
    }


def test_a_rule_inside_a_block_ends_the_quotation_before_its_translation(
    tmp_path: Path,
) -> None:
    bib = write(tmp_path, "refs.bib", _BIB)
    path = write(
        tmp_path,
        "arbeit.Rmd",
        "Die Agenda-Setting-Theorie geht auf eine Studie zurück:\n\n"
        '> *"While the mass media may have little influence on the direction of attitudes, '
        'the mass media set the agenda for each political campaign."*\n>\n'
        "> ------------------------------------------------------------------------\n>\n"
        '> *"Während die Massenmedien nur einen geringen Einfluss auf die Richtung der '
        'Einstellungen haben, setzen sie die Agenda jeder politischen Kampagne."*\n>\n'
        "> @mccombs1972\n\nDas gilt bis heute.\n",
    )
    assert quotes_found(path, bib) == {
        "While the mass media may have little influence on the direction of attitudes, the "
        "mass media set the agenda for each political campaign.": ("mccombs1972", None)
    }


def test_one_word_named_by_its_author_with_a_verb_that_governs_it_is_a_quotation(
    tmp_path: Path,
) -> None:
    path = write(
        tmp_path,
        "sprachspuren.md",
        "Im *Zehnten Brief* diskutiert Moritz einfache Beispiele [@moritz1782]. Obwohl Moritz "
        "durchgängig von den „Wörtern“ des Satzes spricht, meint er das, was man heute als "
        "„Phrase“ bezeichnen würde.\n\n"
        "Lehmann schlägt eine Visualisierung solcher Sätze vor, die er als „Periodenbild“ "
        "bezeichnet [@lehmann1833]. Dabei bleibt die „Ausbildung“ ungenannt.\n\n"
        "Yet the main innovation is his graphical display, which he now consistently calls "
        "the “mapping” of a sentence [@meiklejohn1882].\n",
    )
    # The writer's modern term ('was man … bezeichnen würde') and a scare quote stay out.
    assert set(quotes_found(path)) == {"Wörtern", "Periodenbild", "mapping"}


def test_one_word_in_a_sentence_whose_longer_quotation_is_cited_is_the_same_sources(
    tmp_path: Path,
) -> None:
    path = write(
        tmp_path,
        "analysis.md",
        "Bismarck “skillfully” employed nationalism because he realized that “German "
        "nationalism would provide the moral issue with which to justify a war against "
        "Austria.”[^3] Nationalism enabled Bismarck to declare “just” wars.\n\n"
        "Folgt man Boyarin, lassen sich beide nicht unter der gemeinsamen Kategorie „Religion“ "
        "fassen: „it is not the case that Christianity and Judaism are two separate "
        "religions“[^4].\n\n"
        "[^3]: Otto Pflanze, “Bismarck and German Nationalism,” 1955, 551.\n"
        "[^4]: Boyarin 2005, 354.\n",
    )
    # A scare quote in the next sentence, and a word presented as a category, stay out.
    assert set(quotes_found(path)) == {
        "skillfully",
        "German nationalism would provide the moral issue with which to justify a war against "
        "Austria.",
        "it is not the case that Christianity and Judaism are two separate religions",
    }


_KANNAN = (
    "@inproceedings{kannan,\n  author = {Kannan, Jayanthkumar},\n  title = {Lifetime},\n"
    "  year = {2011}\n}\n"
    "@book{kellerGeschichteTalkshow2009,\n  author = {Keller, Harald},\n"
    "  title = {Die Geschichte der Talkshow},\n  year = {2009}\n}\n"
)


def _tex(tmp_path: Path, body: str) -> Path:
    write(tmp_path, "refs.bib", _KANNAN)
    return write(
        tmp_path,
        "arbeit.tex",
        "\\documentclass{article}\n\\begin{document}\n" + body + "\n\\bibliography{refs}\n"
        "\\end{document}\n",
    )


def test_a_phrase_whose_author_is_named_and_cited_right_after_it_is_a_quotation(
    tmp_path: Path,
) -> None:
    path = _tex(
        tmp_path,
        'Daher stellt diese Arbeit die \\textit{"`guaranteed data lifetime"\'}-Eigenschaft '
        'von Kannan et al.\\cite{kannan} vor. Die "`sichere Löschung"\' ist ein Ziel.\n',
    )
    assert set(quotes_found(path)) == {"guaranteed data lifetime"}


def test_a_phrase_with_a_note_placing_it_in_a_work_is_a_quotation(tmp_path: Path) -> None:
    path = _tex(
        tmp_path,
        "Lindenberg und Wildt sprechen in Bezug auf die Praxis der Geschichtswerkstätten "
        "schon 1989 von ,,öffentlicher Wissenschaft''\\footnote{Lindenberg/ Wildt 1989, "
        "S. 394.} und loben die ,,neuen Wege''\\footnote{Siehe die Website des Projekts.}.\n",
    )
    # A note that names no page of a work backs the writer's words with a pointer only.
    assert set(quotes_found(path)) == {"öffentlicher Wissenschaft"}


def test_a_phrase_in_a_sentence_about_the_author_its_closing_citation_pages_is_theirs(
    tmp_path: Path,
) -> None:
    path = _tex(
        tmp_path,
        "Die Historiker Thomas Lindenberger und Michael Wildt haben bereits 1989 die "
        "Bedeutung der ,,lokalen Feldforschung'' für die Forschung herausgearbeitet."
        "\\footnote{Thomas Lindenberger, Michael Wildt: Radikale Pluralität, Bonn 1989, "
        "S. 393-411 (hier S. 395).} Erfunden wurde das Genre Talkshow in den USA, wo mit den "
        "„town meetings“ ein Mythos der Debatte existierte \\parencite[24-28]"
        "{kellerGeschichteTalkshow2009} und der Öffentlichkeit Macht zukam.\n",
    )
    # The key's title words (Talkshow) name no one the sentence speaks of.
    assert set(quotes_found(path)) == {"lokalen Feldforschung"}


def test_a_phrase_in_a_markdown_sentence_naming_the_author_its_key_cites_with_a_page(
    tmp_path: Path,
) -> None:
    path = write(
        tmp_path,
        "kapitel.md",
        "So verwendet Diesterweg eine komplexe grafische Analyse der Satzstruktur für "
        "„ausgebildete Sätze“, wie in der Abbildung dargestellt [@diesterweg1830: 174]. "
        "Die Analyse „nackter Sätze“ folgt [@diesterweg1830: 180] später im Buch.\n",
    )
    assert set(quotes_found(path)) == {"ausgebildete Sätze"}


def test_words_after_a_comment_made_by_a_cited_author_are_a_quotation(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "grammar.md",
        "The chapter is written by Findlater [@findlater1857]. In this chapter, Findlater makes "
        'a short comment about the representation of complex sentences "after the manner of '
        'algebraists", as shown in the figure. The writer calls this "a neat little trick".\n',
    )
    # The writer's own words in marks, no comment made, stay out.
    assert set(quotes_found(path)) == {"after the manner of algebraists"}


def test_one_of_the_utterances_of_a_kind_of_speaker_is_the_writers_example(
    tmp_path: Path,
) -> None:
    path = _tex(
        tmp_path,
        "Nach \\citeauthor{kannan} sind Drohungen strategisch.\n"
        "Ambivalente Äußerungen der Schutzgelderpresser ``Ich schütze dich vor "
        "Gewalteinflüssen, wenn du mich bezahlst!'' geben vor, Sicherheit zu vermitteln. "
        "Kannan schreibt: ``Threats are promises of a kind, made to be believed.''\n",
    )
    assert set(quotes_found(path)) == {"Threats are promises of a kind, made to be believed."}


def test_the_writers_own_prompt_maxim_example_and_question_in_an_essay_are_not_quotations(
    tmp_path: Path,
) -> None:
    path = write(
        tmp_path,
        "essay.md",
        "Ein Auftrag an ein Software-Haus könnte z. B. lauten: “Ersetze mein veraltetes "
        "Stücklistenverwaltungs-System durch ein Neues, das die nächsten zwanzig Jahre hält”.\n\n"
        "Zu GPT kann ich sagen: “Du bist jetzt mein Englischlehrer. Bringe mir die englischen "
        "Zeiten bei und teste danach mein Niveau.”\n\n"
        "Und genau hier beginnt die neue Machtfrage:\n\n> Wer trainiert die Wahrheit?\n\n"
        "Im 18. Jahrhundert forderte Kant: *„Habe Mut, dich deines eigenen Verstandes zu "
        "bedienen.“* [@kant1784]\n\nIm 21. Jahrhundert müsste man hinzufügen:\n\n"
        "> Habe den Mut, deinem Modell nicht zu glauben, solange du nicht weißt, wie es "
        "trainiert wurde.\n",
    )
    assert set(quotes_found(path)) == {"Habe Mut, dich deines eigenen Verstandes zu bedienen."}


def test_a_clause_in_marks_filling_a_parenthesis_is_the_writers_example(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "demokratie.qmd",
        "> \"Here I show that consensus democracy tends to be the 'kinder, gentler' form of "
        'democracy." [@lijphart2012: 274]\n\n'
        "Lijphart sieht in der Konsensdemokratie das überlegene Modell, weil es zu besseren "
        'Politikergebnissen ("kinder, gentler") führt.\n\n'
        "* Minimaldefinitionen vermeiden eher Tautologien "
        '("Demokratien sind immer friedlich...")\n'
        '* Klarere Analyse ("Demokratien führen zu XY...")\n',
    )
    # Two words said again from the cited block are its words; a clause of three words or more
    # filling a parenthesis is the writer's example (_CLAUSE_WORDS).
    assert set(quotes_found(path)) == {
        "Here I show that consensus democracy tends to be the 'kinder, gentler' form of democracy.",
        "kinder, gentler",
    }


def test_a_title_after_its_kind_in_a_german_case_ending_is_a_name(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "netflix.md",
        "Laut des Artikels „How Netflix is turning viewers into puppets“ auf www.salon.com "
        "arbeitet Netflix seit 2012 daran.[^1] Die Autoren der Serie „House of Cards and "
        "Other Stories“ meinen: „Der Algorithmus entscheidet nicht über die Handlung.“[^2]\n\n"
        "[^1]: Salon 2014, S. 3.\n[^2]: Madrigal 2014, S. 7.\n",
    )
    assert set(quotes_found(path)) == {"Der Algorithmus entscheidet nicht über die Handlung."}


def test_a_phrase_borrowed_once_in_a_sentence_its_citation_closes_is_a_quotation(
    tmp_path: Path,
) -> None:
    write(tmp_path, "refs.bib", _KANNAN)
    path = _tex(
        tmp_path,
        "Durch Zollpolitik und Absatzschwächen sind die deutschen Hersteller mit einem "
        "\\glqq perfekten Sturm\\grqq{} konfrontiert, sodass die Gewinne sanken."
        "\\autocite{kannan}\n\n"
        "Die \\glqq animal conventions\\grqq{} sind Regeln ohne Sprache.\\autocite{kannan} Auch "
        "die \\glqq animal conventions\\grqq{} der Primaten folgen ihnen.\n\n"
        "Seltene Erden sind \\glqq knapp\\grqq{} geworden.\\autocite{kannan}\n\n"
        "Rohstoffe gelten als \\glqq politische Waffe\\grqq{} der Staaten.\\autocite{a; b}\n",
    )
    # A term used again, one word, and a sentence closed by several works' citation stay out.
    assert set(quotes_found(path)) == {"perfekten Sturm"}


def test_a_phrase_in_a_sentence_closed_by_a_word_endnote_with_its_page_is_a_quotation(
    tmp_path: Path,
) -> None:
    path = tmp_path / "chapter.docx"
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "The social contract will be preserved by “force and cunning” rather than by "
            "agreement.",
            wx.footnote_ref(1),
            " The parties are “mutually disinterested” in the original position.",
            wx.footnote_ref(2),
        ],
    )
    d.save(str(path))
    notes = {
        1: ["Rawls, A Theory of Justice, 126."],
        2: ["See the discussion of motives in the next chapter."],
    }
    wx.add_footnotes_part(path, wx.footnotes_xml(notes))  # type: ignore[arg-type]
    # A note that places no page backs the writer's claim, not the words.
    assert {c.quote for c in scan(path).citations} == {"force and cunning"}


def test_a_concept_named_with_its_article_beside_a_cited_quotation_is_not_quoted(
    tmp_path: Path,
) -> None:
    path = write(
        tmp_path,
        "state.md",
        "Heidegger proposes the “political” in Aristotle as the first step towards “politics, "
        "art, science, and all others degenerate into domains of the individual will.”[^1]\n\n"
        "[^1]: Heidegger, Nature, History, State, p. 42.\n",
    )
    assert set(quotes_found(path)) == {
        "politics, art, science, and all others degenerate into domains of the individual will."
    }


def test_words_inside_a_writers_own_latex_command_stay_in_the_quotation(tmp_path: Path) -> None:
    path = _tex(
        tmp_path,
        "Moretti identifiziert Figuren mit höchster \\textquote{\\eng{closeness centrality}} "
        "im Netzwerk \\autocite{kannan}.\n",
    )
    assert set(quotes_found(path)) == {"closeness centrality"}


def test_a_phrase_in_a_sentence_closed_by_a_note_kept_in_another_file_is_a_quotation(
    tmp_path: Path,
) -> None:
    path = write(
        tmp_path,
        "physiognomy.md",
        "Our observer turns to the more visible aspect of human existence: the 'distinctive "
        "determinateness' of individuality, that is, the **body**.[^16] It seems intuitive that "
        "the body is closer to an individual's 'inner life' than anything else.\n",
    )
    # The note's text is in the book's notes file; the next sentence cites nothing.
    assert set(quotes_found(path)) == {"distinctive determinateness"}


def test_a_mark_command_paired_with_a_typed_mark_ends_there(tmp_path: Path) -> None:
    path = _tex(
        tmp_path,
        "Es wird kritisiert, dass Rohstoffe im \\glqq öffentlichen Bewusstsein nur wenig "
        "präsent” sein würden, was durch eine „mangelnde öffentliche wie politische Akzeptanz "
        "ihrer Gewinnung\\grqq{} erweitert würde.\\autocite{kannan} Dazu \\glqq gehört auch die "
        "Frage der Akzeptanz vor Ort\\grqq{} \\autocite[12]{kannan}.\n",
    )
    assert set(quotes_found(path)) == {
        "öffentlichen Bewusstsein nur wenig präsent",
        "mangelnde öffentliche wie politische Akzeptanz ihrer Gewinnung",
        "gehört auch die Frage der Akzeptanz vor Ort",
    }


def test_a_saying_translated_with_its_original_or_taught_or_foretold_is_a_quotation(
    tmp_path: Path,
) -> None:
    path = write(
        tmp_path,
        "aufklaerung.tex",
        "\\documentclass{article}\\usepackage{csquotes}\\begin{document}\n"
        "Leibniz meinte, wir lebten in der \\enquote{besten aller möglichen Welten} "
        "(\\textit{le meilleur des mondes possibles}), da Gott nichts Schlechtes schaffe.\n\n"
        "\\enquote{Bücher machen Revolutionen}, hatte Diderot prophezeit, und er behielt recht.\n\n"
        "Die Epoche nennt sich das \\enquote{Zeitalter der Kritik} (1781), wie man weiß. Die "
        "Aufklärer wollten \\enquote{frei und mündig} werden.\n"
        "\\end{document}\n",
    )
    # A year in the parenthesis is no original; a phrase with no sign of a source stays out.
    assert set(quotes_found(path)) == {
        "besten aller möglichen Welten",
        "Bücher machen Revolutionen",
    }


def test_critics_named_with_their_statement_term_or_question_are_quoted(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "Reflecting on Pollock, Allan Kaprow (1927-2006) spoke of a ‘sort of ecstatic "
            "blindness’ underpinning the painting. If Mikel Dufrenne’s statement that all "
            "‘creation is performance’ holds, then performance is creation. When it is recorded "
            "(when it ‘enters the economy of reproduction’ to use Phelan’s term) it changes "
            "(Phelan, 1993). As "
            "Jean-Paul Martinon has accurately commented ‘how are we to understand that which "
            "happens here and now?’ The question ‘what remains of it?’ stays open."
        ],
    )
    d.save(str(path))
    assert {c.quote for c in scan(path).citations} == {
        "sort of ecstatic blindness",
        "creation is performance",
        "enters the economy of reproduction",
        "how are we to understand that which happens here and now?",
    }


def test_a_name_called_with_its_article_is_a_name_though_cited(tmp_path: Path) -> None:
    path = tmp_path / "essay.docx"
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "In the UK it is called the “Data protection act” (Anon, 2018) and it keeps data "
            "safe. The system is a “web-based appointment and scheduling management information "
            "system” (Anon, 2021)."
        ],
    )
    d.save(str(path))
    assert {c.quote for c in scan(path).citations} == {
        "web-based appointment and scheduling management information system"
    }
