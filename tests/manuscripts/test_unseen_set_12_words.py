"""What a quotation is, taught by the twelfth held-out set: one word quoted from a source with
its note, a handout's phrases of the one author it discusses, a quotation after a speaker's
name and role, and examples invented to illustrate a theory. Lines are retyped from the
labelled real manuscripts (a German literary-studies thesis in Word, a LaTeX handout on
Tocqueville, reading notes in Markdown, a school essay in Word, German LaTeX course notes)."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx
from tests.manuscripts.helpers import quotes_found, write


def _quotes(path: Path) -> set[str]:
    return {c.quote for c in scan(path).citations}


def test_one_word_with_a_note_that_places_it_in_a_work_is_a_quotation(tmp_path: Path) -> None:
    path = tmp_path / "arbeit.docx"
    d = wx.new_document()
    wx.add_paragraph(
        d,
        [
            "Erst im Laufe der Zeit wird die publizistische Kleinform zum "
            "„Allzuständigkeitsfeuilleton“.",
            wx.footnote_ref(1),
            " Sie beschreibt ihn als „Hörautor“",
            wx.footnote_ref(2),
            " der mit Klängen arbeitet. Später, als Österreich „annektiert“ wurde, floh er. "
            "Der Quelltext, oder auch „Programmcode“",
            wx.footnote_ref(3),
            " ist der Text einer Software.",
        ],
    )
    d.save(str(path))
    notes = {
        1: ["Jessen, Jens: Das Feuilleton. Münster: LIT Verlag 2002. S.33."],
        2: ["Ebda."],
        3: ["ITWissen, „Quelltext“, unter: http://www.itwissen.info/Quelltext.html"],
    }
    wx.add_footnotes_part(path, wx.footnotes_xml(notes))  # type: ignore[arg-type]
    # The scare quote has no note; the term's note links a definition, not a page of a work.
    assert _quotes(path) == {"Allzuständigkeitsfeuilleton", "Hörautor"}


def test_one_word_with_a_markdown_note_giving_a_page_is_a_quotation(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "arbeit.md",
        "Sind in frühen Werken Polgars die „Nähte“[^1] des Erzählverfahrens sichtbar, so "
        "verschwinden sie später. Die Zeitung hat das Feuilleton „verbannt“[^2].\n\n"
        "[^1]: Kurt Tucholsky zitiert in Eva Philippoff: Alfred Polgar. München 1980. S. 273.\n"
        "[^2]: Das ist eine Übertreibung.\n",
    )
    assert set(quotes_found(path)) == {"Nähte"}


_HANDOUT = r"""\documentclass{article}
\title{CLT Philosophy Meetup: Tocqueville}
\begin{document}
\maketitle
\section{Tocqueville's Biography}
\begin{itemize}
    \item Published \textit{Democracy in America} in 1835; Tocqueville traveled widely
    \item Tocqueville's travels began in 1831; Tocqueville's journey covered 7,000 miles
\end{itemize}
\section{Tocqueville's Core Ideas}
\begin{itemize}
    \item \textbf{A new form of servitude} -- Paternal, mild, but degrading; ``an immense
    tutelary power'' that keeps citizens in perpetual childhood
    \item \textbf{Tyranny through social pressure} -- creates a ``moral empire'' over thought
    \item \textbf{Legal profession} -- lawyers serve as an ``aristocratic element''
\end{itemize}
\end{document}
"""


def test_a_handout_on_one_author_quotes_that_authors_phrases(tmp_path: Path) -> None:
    path = write(tmp_path, "essay.tex", _HANDOUT)
    # Two words ("moral empire", "aristocratic element") name the author's ideas, as a term is
    # anyone's; three or more are his words (m16's labels of this handout).
    assert set(quotes_found(path)) == {"an immense tutelary power"}
    # A title that names nobody the text discusses says nothing of whose the phrases are.
    other = write(tmp_path, "other.tex", _HANDOUT.replace("Meetup: Tocqueville", "Meetup"))
    assert quotes_found(other) == {}
    # A text that cites says whose words each phrase is: an uncited phrase needs its own
    # evidence there.
    cited = _HANDOUT.replace(
        "\\end{document}", "\nOn the journey see \\cite{pierson}.\n\\end{document}"
    )
    assert quotes_found(write(tmp_path, "cited.tex", cited)) == {}


def test_reading_notes_by_an_author_quote_that_author_not_another(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "notes.md",
        '## Notes on "The Narrative Creation of Self" by Jerome Bruner\n\n'
        "- Does selfhood require more than a reasonably well-wrought story?\n"
        '- "Thinking is for speaking" - one cannot verbalize experience without taking '
        "perspective.\n"
        "- Selfhood is a verbalized event that provides coherence and continuity in "
        '"the scramble of experience".\n'
        "- Virginia Woolf's \"room of one's own\" - feminist appeal for change.\n",
    )
    assert set(quotes_found(path)) == {"Thinking is for speaking", "the scramble of experience"}


_DRAFT_OPENING = (
    "Doug Bandow a former special assistant to President Reagan, “America deploys the most "
    "powerful military on earth because its soldiers freely choose to serve.” The draft is a "
    "very controversial topic because people should not be forced to go to war."
)
_DRAFT_LATER = (
    "Doug Bandow says “The most obvious reason to maintain the avf is practical it’s the best "
    "way to raise the world’s finest military.” The avf is an all volunteer force."
)


def test_a_speaker_named_with_the_verb_left_out_is_quoted_when_quoted_elsewhere(
    tmp_path: Path,
) -> None:
    path = tmp_path / "draft.docx"
    d = wx.new_document()
    d.add_paragraph("Should the draft be reinstated?")
    d.add_paragraph(_DRAFT_OPENING)
    d.add_paragraph(_DRAFT_LATER)
    d.save(str(path))
    assert len(_quotes(path)) == 2
    # Named once and never said to say anything: a school essay's line of its own, for all
    # the reader can tell.
    alone = tmp_path / "alone.docx"
    d = wx.new_document()
    d.add_paragraph(_DRAFT_OPENING)
    d.add_paragraph("The avf is an all volunteer force.")
    d.save(str(alone))
    assert _quotes(alone) == set()


_HABERMAS_BIB = (
    "@book{habermas, author={Habermas, Jürgen}, title={Faktizität und Geltung}, year={1998}}\n"
    "@article{harnasch, author={Harnasch, Anna}, title={Überflüssige Talkshows}, year={2012}}\n"
)


def test_an_example_introduced_as_one_is_the_writers_though_its_theory_is_cited(
    tmp_path: Path,
) -> None:
    bib = write(tmp_path, "refs.bib", _HABERMAS_BIB)
    tex = write(
        tmp_path,
        "a.tex",
        "Sagt Mihai, Assistent der Akademieleitung, beispielsweise: ``Wir sollten dem "
        "Küchenpersonal etwas vorsingen, weil es jeden Tag unser Essen zubereitet'' kann nach "
        "\\citeauthor{habermas} zwar auf die objektive Wahrheit überprüft werden.\n\n"
        # A source named before its words ("lobt etwa") and a citation right after the
        # closing mark are the words' own.
        "\\textcite{harnasch} lobt etwa „Benjamin von Stuckrad-Barres sensationelle[n] "
        "Polit-Talk“ bei ZDF Neo. Zum Beispiel: „die ewig repetitive Gästeauswahl, die jeden "
        "Erkenntnisgewinn verhindert“ \\parencite{harnasch}.\n",
    )
    assert set(quotes_found(tex, bib)) == {
        "Benjamin von Stuckrad-Barres sensationelle[n] Polit-Talk",
        "die ewig repetitive Gästeauswahl, die jeden Erkenntnisgewinn verhindert",
    }


def test_an_author_named_at_the_head_of_the_sentence_owns_its_phrases(tmp_path: Path) -> None:
    bib = write(
        tmp_path,
        "refs.bib",
        "@book{hegel, author={Hegel, G. W. F.}, title={Phenomenology of Spirit}, year={2018}}\n",
    )
    text = (
        "Each seeks the death of the other, 'it stakes its own life' [@hegel, 187]. {head} "
        "humans are -- 'by a real necessity of nature' -- drawn to 'shun death'; the "
        "individual values self-preservation above all else.\n"
    )
    got = quotes_found(write(tmp_path, "a.md", text.format(head="For Hobbes,")), bib)
    assert set(got) == {
        "it stakes its own life",
        "by a real necessity of nature",
        "shun death",
    }
    # "For example," names nobody: the writer's own phrases.
    got = quotes_found(write(tmp_path, "b.md", text.format(head="For example,")), bib)
    assert set(got) == {"it stakes its own life"}


def test_one_word_with_a_latex_note_naming_author_and_year_is_a_quotation(
    tmp_path: Path,
) -> None:
    path = write(
        tmp_path,
        "kapitel.tex",
        "Der Einwand war, dass die bisher verwendeten Begriffe ,,engführend''\\footnote{"
        "Kreutzmüller 2016/2020, URL: \\url{http://docupedia.de/zg/a}.} seien. Die Quelle "
        "nennt den Text ,,Quelltext''\\footnote{ITWissen, unter: \\url{http://www.itwissen.info}.} "
        "oft.\n",
    )
    assert set(quotes_found(path)) == {"engführend"}


def test_a_low_opening_mark_closed_by_a_straight_one_is_a_quotation(tmp_path: Path) -> None:
    # R Markdown escapes the straight closing mark: „…\" quotes the words before it.
    path = write(
        tmp_path,
        "arbeit.Rmd",
        "Ihre Studie „ergab, dass in der Kategorie der relevanten Akteure und Sprecher zwei von "
        'drei Nennungen zur institutionellen Politik zählen" (S. 133). Dies führte zur '
        'Anschauung, „der deutsche Journalismus sei auf Regierungslinie\\" (S. 53).\n',
    )
    assert quotes_found(path) == {
        "ergab, dass in der Kategorie der relevanten Akteure und Sprecher zwei von drei "
        "Nennungen zur institutionellen Politik zählen": (None, "133"),
        "der deutsche Journalismus sei auf Regierungslinie": (None, "53"),
    }
    # In German LaTeX a straight mark inside „…“ is babel's shorthand ("- for a hyphen), never
    # the quotation's end.
    tex = write(
        tmp_path,
        "a.tex",
        'Früh übernahm „das Hörfunk"-ge"-spräch Funktionen einer politischen Pädagogik und '
        "einer allgemein informierenden Öffentlichkeit“ (S. 12).\n",
    )
    assert set(quotes_found(tex)) == {
        'das Hörfunk"-ge"-spräch Funktionen einer politischen Pädagogik und einer allgemein '
        "informierenden Öffentlichkeit"
    }


def test_a_chicago_notes_title_before_its_journal_in_italics_is_no_quotation(
    tmp_path: Path,
) -> None:
    path = write(
        tmp_path,
        "essay.md",
        "Southern Italians were described as “primitive and lazy by nature.”[^1] Finance "
        "followed the affair closely.[^2]\n\n"
        "[^1]: Guido Cimino and Renato Foschi, “Northerners versus Southerners: Italian "
        "Anthropology and Psychology Faced With the ‘Southern Question,’” *History of "
        "Psychology* 17, no. 4 (2014): 282–295.\n"
        "[^2]: Quoc-Anh Do et al., “J'Accuse! Antisemitism and financial markets in the time of "
        "the Dreyfus Affair,” *Journal of Financial Economics* 154, (2024): 16.\n",
    )
    assert set(quotes_found(path)) == {"primitive and lazy by nature."}


def test_words_in_marks_repeating_the_texts_own_title_name_its_topic(tmp_path: Path) -> None:
    # The title stands in the main file, the words in marks in a chapter it inputs.
    main = (
        "\\documentclass{article}\n\\title{The right to be forgotten}\n\\begin{document}\n"
        "\\input{abstract}\n\\end{document}\n"
    )
    write(
        tmp_path,
        "abstract.tex",
        "Das Urteil sichert das Recht, Suchergebnisse löschen zu lassen - besser bekannt als "
        '"`The right to be forgotten"\'.\n\n'
        'Zum Beispiel wird eine sensible E-Mail durch eine E-Mail mit dem Inhalt "`Dies ist '
        "eine sensible E-Mail, deren Lebensdauer abgelaufen ist.\"' ausgetauscht.\n",
    )
    assert quotes_found(write(tmp_path, "a.tex", main)) == {}
    # Under another title the English words in a German sentence are a source's.
    other = main.replace("\\title{The right to be forgotten}", "\\title{Digitales Vergessen}")
    assert set(quotes_found(write(tmp_path, "b.tex", other))) == {"The right to be forgotten"}


def test_a_messages_content_in_marks_is_a_programs_text(tmp_path: Path) -> None:
    text = (
        "Daten werden nach Ablauf ersetzt \\cite{kannan}. Zum Beispiel wird eine sensible "
        'E-Mail durch eine E-Mail mit dem WHAT "`Dies ist eine sensible E-Mail, deren '
        "Lebensdauer abgelaufen ist.\"' ausgetauscht.\n"
    )
    assert quotes_found(write(tmp_path, "a.tex", text.replace("WHAT", "Inhalt"))) == {}
    # The same words given as someone's words are a quotation.
    said = text.replace("mit dem WHAT", "mit den Worten")
    assert set(quotes_found(write(tmp_path, "b.tex", said))) == {
        "Dies ist eine sensible E-Mail, deren Lebensdauer abgelaufen ist."
    }


def test_a_phrase_followed_by_ibid_and_its_page_is_a_quotation(tmp_path: Path) -> None:
    text = (
        "Die Medien stellten sich hinter Angela Merkels Linie, zusammengefasst mit ihrem "
        'Ausspruch „Wir schaffen das!\\" AFTER. Der Kurs blieb.\n'
    )
    path = write(tmp_path, "a.Rmd", text.replace("AFTER", "[vgl. Ebd. S.54]"))
    assert set(quotes_found(path)) == {"Wir schaffen das!"}
    # Without the page the phrase is the writer's, for all the reader can tell.
    assert quotes_found(write(tmp_path, "b.Rmd", text.replace(" AFTER", ""))) == {}


def test_a_german_notes_title_after_its_author_and_a_project_named_are_no_quotations(
    tmp_path: Path,
) -> None:
    tex = (
        "Die Forschung wandte sich den Unternehmen zu.\\footnote{Pionierarbeit leistet hier das "
        "Forschungsprojekt ,,Geschichte der Commerzbank von 1870 bis 1958'' an der "
        "Humboldt-Universität.} Regionale Studien folgten.\\footnote{Siehe Claudia Flümann: "
        ",,... doch nicht bei uns in Krefeld!''. Arisierung, Enteignung, Wiedergutmachung in "
        "der Samt- und Seidenstadt 1933-1963, Krefeld 2015, S. 12.} Sie zitiert ,,das Leben "
        "der anderen blieb unberührt, bis es zu spät war''\\footnote{Ebd., S. 14.}.\n"
    )
    assert set(quotes_found(write(tmp_path, "a.tex", tex))) == {
        "das Leben der anderen blieb unberührt, bis es zu spät war"
    }


def test_a_definition_in_the_passive_is_the_writers_own(tmp_path: Path) -> None:
    path = tmp_path / "arbeit.docx"
    d = wx.new_document()
    d.add_paragraph(
        "Das Wort „eher“ wird für die Hypothesen definiert als, „über die Hälfte des zur "
        "Verfügung stehenden Geldes“. Diese Definition gilt auch für die nachfolgenden "
        "Hypothesen."
    )
    d.add_paragraph(
        "Thaler schreibt dazu: „über die Hälfte des zur Verfügung stehenden Geldes wird "
        "riskant angelegt“. Das gilt für alle."
    )
    d.save(str(path))
    assert _quotes(path) == {
        "über die Hälfte des zur Verfügung stehenden Geldes wird riskant angelegt"
    }
