"""Course texts and seminar notes in Markdown set their tasks, questions and hints in block
quotations: a box the writer addresses to the reader, not a quotation of a source. A block of
a source's words in the same text, cited or not, stays one. Written in the forms of a
LiaScript seminar text and of Markdown lecture notes (m12), not copied from them."""

from __future__ import annotations

from pathlib import Path

from tests.manuscripts.helpers import quotes_found, write

_DEFINITION = (
    "> Die Diplomatik ist die Lehre von den Urkunden, ihrer Entstehung, ihren Merkmalen und "
    "ihrer Überlieferung. Sie gehört zu den historischen Hilfswissenschaften.\n"
)
_SEMINAR = (
    "# Sitzung 3\n\n"
    "Heute lesen wir einen Text zur Urkundenlehre (Vogtherr, 2008, S. 12).\n\n"
    "> **Think. Pair. Share.** Jede Person liest zehn Minuten. Danach sprecht ihr zu zweit "
    "über Eure Notizen.\n\n"
    "### Grundlagen\n\n" + _DEFINITION + "\n"
    "> Wo sind euch schon Urkunden begegnet?\n>\n> Welche Merkmale habt ihr bemerkt?\n\n"
    "Dazu ein Beispiel aus Kiel.\n\n"
    "> Bildet Gruppen von drei Personen. Tragt die Ergebnisse in Eure Tabelle ein und stellt "
    "sie im Plenum vor.\n\n"
    "> **Aufgabe:** Beschreiben Sie die Urkunde und bestimmen Sie ihre Teile.\n\n"
    "> Was ist mit Urkunden, deren Aussteller unbekannt ist? Oder die ohne Datum überliefert "
    "sind (bspw. nur mit einem Ort)?\n"
)


def test_tasks_and_questions_in_boxes_are_no_quotations(tmp_path: Path) -> None:
    got = quotes_found(write(tmp_path, "sitzung.md", _SEMINAR))
    assert set(got) == {
        "Die Diplomatik ist die Lehre von den Urkunden, ihrer Entstehung, ihren Merkmalen und "
        "ihrer Überlieferung. Sie gehört zu den historischen Hilfswissenschaften."
    }


def test_english_lecture_notes_boxes(tmp_path: Path) -> None:
    notes = (
        "# Week 2\n\nWe read Orwell's essay (Orwell, 1946, p. 3).\n\n"
        "> **Exercise 1:** Rewrite the paragraph below in plain English and compare it with "
        "the original.\n\n"
        "> Which words would you cut first? Why do long words feel safer to a writer?\n\n"
        "> Never use a long word where a short one will do, and never use a metaphor you are "
        "used to seeing in print.\n"
    )
    assert set(quotes_found(write(tmp_path, "week2.md", notes))) == {
        "Never use a long word where a short one will do, and never use a metaphor you are "
        "used to seeing in print."
    }


def test_a_cited_block_in_the_second_person_is_quoted(tmp_path: Path) -> None:
    text = (
        "Im Brief heißt es:\n\n"
        "> Ich bitte euch, lest diese Zeilen mit Geduld und vergebt mir meine Eile. "
        "(Goethe, 1788, S. 41)\n"
    )
    got = quotes_found(write(tmp_path, "brief.md", text))
    assert list(got) == ["Ich bitte euch, lest diese Zeilen mit Geduld und vergebt mir meine Eile."]


def test_a_scripture_block_signed_by_its_source_line_is_quoted(tmp_path: Path) -> None:
    slides = (
        "# Gesetze zum Umgang mit Sklaven\n"
        "> Willst du aber Knechte haben, so sollst du sie kaufen von den Völkern, die um euch "
        "her sind. Die mögt ihr zu eigen haben und sollt sie vererben euren Kindern.\n\n"
        "(3. Mose 25,44f)\n"
    )
    got = quotes_found(write(tmp_path, "ethik.md", slides))
    assert len(got) == 1


def test_a_summary_of_the_reading_in_a_box_is_the_writers(tmp_path: Path) -> None:
    text = (
        "### Vier Phasen\n\n"
        "> Der vorliegende Text (Grüttner, 2021, S. 515-516) behandelt die vier Phasen der "
        "Vertreibung von Lehrenden aus den Universitäten.\n\n"
        "> This chapter (Smith, 2019) argues that the reforms failed in every province.\n\n"
        "Das Gesetz nennt sie „nicht arischer Abstammung“ (RGBl., 1933, S. 175).\n"
    )
    got = quotes_found(write(tmp_path, "protokoll.md", text))
    assert set(got) == {"nicht arischer Abstammung"}


def test_a_box_that_links_a_resource_is_no_quotation(tmp_path: Path) -> None:
    text = (
        "### TEI XML\n\nDie TEI legt ein Vokabular fest (Burnard, 2014, S. 3).\n\n"
        "> TEI P5 Guidelines\n> https://tei-c.org/release/doc/tei-p5-doc/en/html/index.html\n"
        "> Version 4.6.0. (letztes Update am 4. April 2023)\n\n"
        "Die Richtlinien sind lang.\n\n"
        "> Move fast and break things, unless you are breaking them for other people.\n"
        "> https://example.org/essay\n"
    )
    got = quotes_found(write(tmp_path, "tei.md", text))
    assert set(got) == {
        "Move fast and break things, unless you are breaking them for other people."
    }


def test_callout_words_and_a_title_slide_box(tmp_path: Path) -> None:
    text = (
        "# Offene Lehrmaterialien\n\n"
        "> **Anna Beispiel & Bernd Muster**\n>\n> **Technische Universität Irgendwo**\n\n"
        "## Einführung\n\nLMS verwalten Inhalte schlecht (Dietrich, 2023, S. 4).\n\n"
        "> Hinweis: Im Gegensatz zu anderen Editoren werden die Änderungen nicht sofort "
        "angezeigt.\n\n"
        "> Frage 2: Welche Vorteile hat ein Textformat für offene Materialien im Alltag?\n\n"
        "> Offene Bildungsressourcen sind Materialien, die unter einer offenen Lizenz stehen "
        "und frei genutzt werden dürfen.\n"
    )
    got = quotes_found(write(tmp_path, "kurs.md", text))
    assert set(got) == {
        "Offene Bildungsressourcen sind Materialien, die unter einer offenen Lizenz stehen "
        "und frei genutzt werden dürfen."
    }


def test_boxes_with_a_link_and_callout_words_in_any_case(tmp_path: Path) -> None:
    text = (
        "# Vorlesung 3\n\nDie Norm beschreibt Qualitätsmerkmale (Balzert, 2009, S. 36).\n\n"
        "> **Merke:** Die Ausgabe hängt von der Kultur ab [Link](https://example.org/doku).\n\n"
        "> ACHTUNG: Auf den ersten Blick mag die folgende Lösung plausibel erscheinen.\n\n"
        "> **Merke**  *Ein Objekt ist eine zur Laufzeit vorhandene Instanz einer Klasse.*\n\n"
        "> *Merke*: Im Unterschied zu Klassen ist für Structs keine Vererbung möglich!\n\n"
        "> Merke (Wiederholung): Alle Datentypen sind von `Object` abgeleitet.\n\n"
        "> Software ist die Idee, die Lösung, die man sich für ein Problem ausgedacht hat.\n"
    )
    got = quotes_found(write(tmp_path, "vl.md", text))
    assert set(got) == {
        "Software ist die Idee, die Lösung, die man sich für ein Problem ausgedacht hat."
    }
