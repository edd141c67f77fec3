"""Rules read off the eleventh unseen set of real manuscripts (a Word term paper whose Citavi
bibliography came out as quotations, an essay converted from Word with Chicago notes, a
Pandoc thesis with an editor's ellipses); each test retypes the lines that showed the rule."""

from __future__ import annotations

from pathlib import Path

import docx
from docx.enum.style import WD_STYLE_TYPE

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

_ENTRIES = [
    "Haines, Scott (2022): Modern Data Engineering with Apache Spark. A Hands-On Guide for "
    "Building Mission-Critical Streaming Applications. Berkeley, CA: Apress.",
    "Luber, Stefan; Litzel, Nico (2020): „Was ist Apache Airflow und wozu braucht man es "
    "eigentlich?“ Online verfügbar unter https://www.bigdata-insider.de/, zuletzt geprüft am "
    "13.07.2023.",
]
_BODY = (
    "Airflow beschreibt sich als „eine Plattform, um Arbeitsabläufe programmatisch zu erstellen, "
    "zu planen und zu überwachen“ (Luber und Litzel 2020)."
)


def _quotes(path: Path) -> list[str]:
    return [c.quote for c in scan(path).citations]


def test_a_citavi_bibliography_in_its_own_styles_is_no_block_quotation(tmp_path: Path) -> None:
    d = docx.Document()
    d.styles.add_style("CitaviBibliographyHeading", WD_STYLE_TYPE.PARAGRAPH)
    d.styles.add_style("CitaviBibliographyEntry", WD_STYLE_TYPE.PARAGRAPH)
    d.add_paragraph(_BODY)
    # The field opens in the heading's paragraph and closes after the last entry, as Citavi
    # writes it.
    wx.add_paragraph(
        d,
        [wx.fld_char("begin"), *wx.instr_runs("ADDIN CitaviBibliography"), wx.fld_char("separate")]
        + ["Literaturverzeichnis"],
        style="CitaviBibliographyHeading",
    )
    for n, entry in enumerate(_ENTRIES):
        end = [wx.fld_char("end")] if n == len(_ENTRIES) - 1 else []
        wx.add_paragraph(d, [entry, *end], style="CitaviBibliographyEntry")
    path = tmp_path / "hausarbeit.docx"
    d.save(str(path))
    assert _quotes(path) == [
        "eine Plattform, um Arbeitsabläufe programmatisch zu erstellen, zu planen und zu überwachen"
    ]


def test_a_bibliography_field_without_a_heading_quotes_nothing(tmp_path: Path) -> None:
    for instruction in ("ADDIN CitaviBibliography", "ADDIN paperpile_bibliography", "BIBLIOGRAPHY"):
        d = docx.Document()
        d.add_paragraph(_BODY)
        first, last = _ENTRIES
        wx.add_paragraph(
            d,
            [wx.fld_char("begin"), *wx.instr_runs(instruction), wx.fld_char("separate"), first],
        )
        wx.add_paragraph(d, [last, wx.fld_char("end")])
        path = tmp_path / "paper.docx"
        d.save(str(path))
        assert len(_quotes(path)) == 1, instruction


def test_spanish_words_quotation_style_is_still_a_block(tmp_path: Path) -> None:
    d = docx.Document()
    d.styles.add_style("Cita destacada", WD_STYLE_TYPE.PARAGRAPH)
    d.add_paragraph("Como escribe Borges (1944, p. 12):")
    d.add_paragraph(
        "El universo (que otros llaman la Biblioteca) se compone de un número indefinido de "
        "galerías hexagonales.",
        style="Cita destacada",
    )
    path = tmp_path / "ensayo.docx"
    d.save(str(path))
    assert _quotes(path) == [
        "El universo (que otros llaman la Biblioteca) se compone de un número indefinido de "
        "galerías hexagonales."
    ]


def _md(tmp_path: Path, text: str, bib: str = "") -> list[tuple[str, str | None]]:
    path = tmp_path / "thesis.md"
    path.write_text(text, encoding="utf-8")
    bibs = []
    if bib:
        bibs = [tmp_path / "refs.bib"]
        bibs[0].write_text(bib, encoding="utf-8")
    return [
        (c.quote, c.reference.key if c.reference else None) for c in scan(path, bib=bibs).citations
    ]


_DUDEN = """@misc{dudenPrototyp, title = {Prototyp}, author = {Duden}, year = {2019}}
@misc{wikiMVP, title = {Minimum Viable Product}, author = {Wikipedia}, year = {2019}}
"""


def test_a_quotation_opened_and_closed_with_the_english_opening_mark_is_one(
    tmp_path: Path,
) -> None:
    got = _md(
        tmp_path,
        "Prototypen sind im Duden als “[…] zur Erprobung und Weiterentwicklung bestimmte erste "
        "Ausführung […]“ definiert. Das Wort stammt vom Griechischen “prōtótypos”, übersetzt "
        "“ursprünglich”, ab [@dudenPrototyp].\n\n"
        "Ein Minimum Viable Product, auf Deutsch “minimal überlebensfähiges Produkt“ [@wikiMVP], "
        "ist ein Produkt.\n",
        _DUDEN,
    )
    quotes = [q for q, _ in got]
    assert "[…] zur Erprobung und Weiterentwicklung bestimmte erste Ausführung […]" in quotes
    assert ("minimal überlebensfähiges Produkt", "wikiMVP") in got


def test_a_single_opening_mark_closed_with_a_double_one_ends_there(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        "Consider *Les Misérables* and its cry of ‘to the barricades!’ or, better yet, Gregory "
        "and his mantra of ‘La Resistance lives on and on!”[^29] Her argument is that death "
        "revitalizes.\n\n[^29]: A song from the film.\n",
    )
    assert [q for q, _ in got] == ["La Resistance lives on and on!"]


def test_the_writers_research_question_set_as_a_block_is_theirs(tmp_path: Path) -> None:
    for lead in (
        "Im Rahmen dieser Bachelorarbeit soll die folgende Frage beantwortet werden:",
        "The research question this thesis answers is the following:",
    ):
        got = _md(
            tmp_path,
            "Design Sprints wurden 2012 entwickelt [@knapp2016, S. 5].\n\n"
            f"{lead}\n\n"
            "> Wie kann aus einem fertigen Prototyp in einem festen, kurzen Zeitraum eine "
            "Sammlung an Design Komponenten entwickelt werden, die Entwicklern des MVPs die "
            "Arbeit erleichtert?\n\n"
            "Weiter im Text.\n",
        )
        assert got == [], lead


def test_a_string_a_program_prints_is_no_quotation(tmp_path: Path) -> None:
    d = docx.Document()
    d.add_paragraph(
        "Airflow ist eine Plattform (vgl. Airflow b). In der Zeile 21 wird ein Bash-Befehl als "
        "Task definiert. Dessen Aufgabe, den String „Hello my task is writing“ zu schreiben. Die "
        "Zeilen 24/25 sind eine Python-Funktion. Diese schreibt ebenfalls ein String („hello "
        "from task airflow“)."
    )
    d.add_paragraph(
        "The task then logs the message “the job has finished without errors” and stops."
    )
    path = tmp_path / "hausarbeit.docx"
    d.save(str(path))
    assert _quotes(path) == []


_COMMENTARY = """#### Physiognomy

Rather than the words that someone's voice speaks, the physiognomist can instead look to
the '*tone* and *range* of the voice', taking these features to be signs of something
inner.[^24] The face is 'indeed an expression', Hegel writes, 'but at the same time it is so
only in the sense of a *sign*.'[^27] When the upright fellow retorts with a slap, Hegel sees
'the refutation of the first presupposition' of physiognomy: 'namely, that *the actuality* of
a person is supposed to be his face, etc.' The body is closer to an individual's 'inner
life' than the actualities of spirit are.

[^24]: Hegel (1977), 190.
[^27]: Hegel (1977), 191.
"""


def test_a_commentarys_phrases_of_its_text(tmp_path: Path) -> None:
    quotes = [q for q, _ in _md(tmp_path, _COMMENTARY)]
    # Emphasis kept inside the marks, someone named right after the closing mark, a longer
    # quotation in the same sentence: each says whose words a short phrase is.
    assert "tone and range of the voice" in quotes
    assert "indeed an expression" in quotes
    assert "the refutation of the first presupposition" in quotes
    # The writer's own term in a sentence with no such evidence stays out.
    assert "inner life" not in quotes


def test_two_words_in_emphasis_are_a_stressed_term(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        "The Address contains no reference to the leader; it refers to '*our* Dasein' and to "
        "nothing else.[^17]\n\n[^17]: Heidegger (1985), 471.\n",
    )
    assert got == []


def test_a_citing_guides_scheme_and_example_entries_are_no_quotations(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        "Wer zitiert, belegt die Stelle [@eco2010, S. 12].\n\n"
        "Je nach verfügbaren Informationen richtet sich die Angabe grob nach folgendem "
        "Schema:\n\n"
        "> \\[Autor:in,\\] Titel der Quelle, herausgegeben/übersetzt von Herausgeber:in/"
        "Übersetzer:in, Ort (der Ausgabe) \\[Jahr des Originals\\]Jahr der Ausgabe.\n\n"
        "Also etwa:\n\n"
        "> Averroes, Die entscheidende Abhandlung. Die Untersuchung über die Methoden der "
        "Beweise, übersetzt und herausgegeben von Patric O. Schaerer, Stuttgart: Reclam 2010.\n"
        ">\n"
        "> Lessing, Gotthold Ephraim, Die Erziehung des Menschengeschlechts, herausgegeben von "
        "Joseph Kiermeier-Debre, München: dtv \\[1780\\]1997.\n\n"
        "Weiter im Text.\n",
    )
    assert got == []


def test_an_uncited_block_ending_in_a_year_is_still_a_quotation(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        "Wer zitiert, belegt die Stelle [@eco2010, S. 12]. Ein Zeitzeuge schreibt:\n\n"
        "> Kant: Nichts hat sich seit dem Jahr des Mauerfalls geändert, nicht seit 1989.\n\n"
        "Weiter im Text.\n",
    )
    assert [q for q, _ in got] == [
        "Kant: Nichts hat sich seit dem Jahr des Mauerfalls geändert, nicht seit 1989."
    ]


def test_a_longer_quotation_counts_for_a_phrase_only_within_reach(tmp_path: Path) -> None:
    from quote_tui.manuscripts.evidence import _COMPANY_REACH

    def phrase_taken(filler_words: int) -> bool:
        filler = " ".join(["and then some more of it"] * filler_words)
        got = _md(
            tmp_path,
            "The essay cites [@a, p. 3].\n\n"
            f"Hegel sees 'the refutation of the first presupposition' {filler} of physiognomy: "
            "'namely, that the actuality of a person is supposed to be his face, etc.'\n",
        )
        return "the refutation of the first presupposition" in [q for q, _ in got]

    assert phrase_taken(2)
    assert not phrase_taken(_COMPANY_REACH // 20)


def test_a_note_mark_as_a_word_export_links_it_is_evidence(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        "Fourth, actions require at least two parties or sides, “the actor and the "
        "sufferer.”[\\[5\\]](#_ftn5) While for Arendt this is a short comment, I see more in "
        "it. It adds the “plain wish to be seen.”[[6]](#footnote-6) Both matter.\n\n"
        "------------------------------------------------------------------------\n\n"
        "[\\[5\\]](#_ftnref5) See the chapter on action.\n\n"
        '6.  <a id="footnote-6"></a> See the next chapter.\n',
    )
    quotes = [q for q, _ in got]
    assert "the actor and the sufferer." in quotes
    assert "plain wish to be seen." in quotes


_HEADING = "2 „Wer nicht arbeitet, der soll auch nicht essen“ (Bebel 1879, S. 12)"


def test_a_heading_and_the_table_of_contents_that_repeats_it_quote_nothing(
    tmp_path: Path,
) -> None:
    # Quoted words in a heading name its topic, as in Markdown's # headings; the body says
    # where they stand.
    for field in (True, False):
        d = docx.Document()
        if "toc 1" not in [s.name for s in d.styles]:
            d.styles.add_style("toc 1", WD_STYLE_TYPE.PARAGRAPH)
        entry = [f"{_HEADING}\t3"]
        if field:
            wx.add_paragraph(
                d,
                [wx.fld_char("begin"), *wx.instr_runs('TOC \\o "1-3" \\h'), wx.fld_char("separate")]
                + entry
                + [wx.fld_char("end")],
            )
        else:
            wx.add_paragraph(d, entry, style="toc 1")
        d.add_heading(_HEADING, level=1)
        d.add_paragraph("Der Satz steht bei Bebel (1879, S. 12).")
        path = tmp_path / "arbeit.docx"
        d.save(str(path))
        quotes = _quotes(path)
        assert quotes == [], field


def test_html_inline_quotation_in_markdown(tmp_path: Path) -> None:
    got = _md(
        tmp_path,
        "Er nennt sie <q>einen Ort der Begegnung für alle Menschen im Viertel</q> "
        "[@meier, S. 5].\n",
        "@book{meier, author = {Meier, Hans}, title = {Schule}, year = {2000}}\n",
    )
    assert got == [("einen Ort der Begegnung für alle Menschen im Viertel", "meier")]


def test_an_account_named_with_its_handle_is_a_name(tmp_path: Path) -> None:
    d = docx.Document()
    d.add_paragraph(
        "Lee (2020) studied the movement. It led to new pages meant to attract international "
        "attention, such as “Fight for freedom, stand with Hong Kong; @stand_with_hk”, “Hong "
        "Kong Watch; @hk_watch” etc. (Lee, 2020, p. 4)."
    )
    path = tmp_path / "report.docx"
    d.save(str(path))
    assert _quotes(path) == []


def test_a_second_opening_mark_slipped_into_a_quotation(tmp_path: Path) -> None:
    d = docx.Document()
    d.add_paragraph(
        "Der zweiten Variante, die Zentrale „Versionsverwaltung liegt ein „Client-Server-System "
        "zugrunde.“ (Meier 2010, S. 4) „Das Client-Server Prinzip ist das Standardkonzept für "
        "Netze.“ (Meier 2010, S. 5)"
    )
    d.add_paragraph(
        "„Open Source-Programme (…) machen den Größen der Softwareindustrie ernste Konkurrenz. "
        "Durchaus praktisch, so kostet das Paket „Microsoft Office“ viel Geld (Meier 2010, S. 6)."
    )
    path = tmp_path / "seminararbeit.docx"
    d.save(str(path))
    quotes = _quotes(path)
    assert quotes[:2] == [
        "Versionsverwaltung liegt ein „Client-Server-System zugrunde.",
        "Das Client-Server Prinzip ist das Standardkonzept für Netze.",
    ]
    # Across a sentence end the first mark is the slip: nothing runs over into the next one.
    assert not any(q.startswith("Open Source") and "Durchaus" in q for q in quotes)
