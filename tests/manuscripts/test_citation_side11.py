"""Citation-side rules for pages written in two parts: a volume before the page ("Bd. 2, S. 4"),
a second page after the first ("S. 3 und S. 7"), and a Word footnote's "Ebd." after the running
text names a work. Each test retypes the pattern German theses use."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from quote_tui.manuscripts.locators import parse_locator
from tests.manuscripts import wordxml as wx
from tests.manuscripts.helpers import write

_BIB = "@book{marx1962, title = {Das Kapital}, author = {Marx, Karl}, year = 1962}\n"


def _found(path: Path) -> dict[str, tuple[str | None, str | None, tuple[int, ...]]]:
    return {
        c.quote: (
            c.reference.key if c.reference else None,
            c.locator.value if c.locator else None,
            c.locator.pages if c.locator else (),
        )
        for c in scan(path).citations
    }


def test_a_volume_before_the_page_keeps_the_page_to_compare(tmp_path: Path) -> None:
    write(tmp_path, "refs.bib", _BIB)
    md = write(
        tmp_path,
        "a.md",
        "---\nbibliography: refs.bib\n---\n\nEr schrieb, „die Ware ist zunächst ein äußerer "
        "Gegenstand“ [@marx1962, Bd. 2, S. 4]. Später „ein Ding, das durch seine "
        "Eigenschaften Bedürfnisse befriedigt“ [@marx1962, vol. 3, pp. 40-41].\n",
    )
    got = _found(md)
    assert got["die Ware ist zunächst ein äußerer Gegenstand"] == ("marx1962", "Bd. 2, S. 4", (4,))
    assert got["ein Ding, das durch seine Eigenschaften Bedürfnisse befriedigt"][1:] == (
        "vol. 3, pp. 40-41",
        (40, 41),
    )
    # a volume alone stays a volume, shown and never compared
    assert parse_locator("Bd. 2") is not None and parse_locator("Bd. 2").pages == ()


def test_a_second_page_is_kept_after_the_first(tmp_path: Path) -> None:
    write(tmp_path, "refs.bib", _BIB)
    tex = write(
        tmp_path,
        "a.tex",
        "\\documentclass{article}\\begin{document}\nEr schrieb, \\enquote{die Ware ist "
        "zunächst ein äußerer Gegenstand} \\autocite[S.~3 und S.~7]{marx1962}.\n"
        "\\bibliography{refs}\n\\end{document}\n",
    )
    got = _found(tex)
    assert got["die Ware ist zunächst ein äußerer Gegenstand"] == ("marx1962", "3 und S. 7", (3, 7))


def test_a_word_note_giving_two_pages_gives_the_first_with_the_second(tmp_path: Path) -> None:
    document = wx.new_document()
    quotes = ["die Stadt war ein Ort der Freiheit für alle", "die Zünfte bestimmten den Rat"]
    for i, quote in enumerate(quotes, start=1):
        wx.add_paragraph(document, [f"Satz {i} sagt „{quote}“", wx.footnote_ref(i), " dazu."])
    path = tmp_path / "arbeit.docx"
    document.save(path)
    notes = {
        1: ["Vgl. Müller, Hans: Die Stadt im Mittelalter. Berlin 2001, S. 3 und S. 7."],
        2: ["Schmidt (2003), S. 12 und S. 15."],
    }
    wx.add_footnotes_part(path, wx.footnotes_xml(notes))
    got = _found(path)
    assert got[quotes[0]][1:] == ("3 und S. 7", (3, 7))
    assert got[quotes[1]][1:] == ("12 und S. 15", (12, 15))


def test_a_word_notes_ebd_after_the_text_names_a_work_is_that_work(tmp_path: Path) -> None:
    document = wx.new_document()
    wx.add_paragraph(
        document,
        [
            "Die Unternehmen wurden liquidiert.",
            wx.footnote_ref(1),
            " Sie wehrten sich.",
            wx.footnote_ref(2),
        ],
    )
    wx.add_paragraph(
        document,
        [
            "Zuletzt unternahm der Historiker Benno Nietzel im Jahr 2009 den Versuch, die "
            "Studien zu ordnen. Er diagnostizierte Probleme",
            wx.footnote_ref(3),
            " und eine „analytische Hilflosigkeit angesichts der Vielschichtigkeit des "
            "Prozesses“, die den Fortschritt hemme.",
            wx.footnote_ref(4),
        ],
    )
    wx.add_paragraph(
        document,
        [
            "Die Studie im Jahr 2010 fand „eine neue Welle von Studien zur Arisierung“.",
            wx.footnote_ref(5),
        ],
    )
    wx.add_paragraph(
        document,
        [
            "Kreutzmüller sah die Lage anders.",
            wx.footnote_ref(6),
            " Er nannte sie „einen Ausverkauf der jüdischen Firmen“.",
            wx.footnote_ref(7),
        ],
    )
    path = tmp_path / "arbeit.docx"
    document.save(path)
    notes = {
        1: ["Vgl. Nietzel 2012, S. 164 und Kreutzmüller 2012, S. 250."],
        2: [
            "Systematisch untersucht von Kreutzmüller, Ausverkauf, 2012, S. 257-357; Nietzel, "
            "Handeln und Überleben, 2012, S. 99-150."
        ],
        3: ["Vgl. ebd. S. 562-565."],
        4: ["Ebd. S. 564."],
        5: ["Ebd. S. 570."],
        6: ["Kreutzmüller, Ausverkauf, 2012, S. 30."],
        7: ["Ebd. S. 31."],
    }
    wx.add_footnotes_part(path, wx.footnotes_xml(notes))
    got = {
        c.quote: (c.reference.raw if c.reference else "", c.locator.value if c.locator else None)
        for c in scan(path).citations
    }
    hilflos = got["analytische Hilflosigkeit angesichts der Vielschichtigkeit des Prozesses"]
    assert "Nietzel im Jahr 2009" in hilflos[0] and hilflos[1] == "564"
    # "Studie im Jahr 2010" names no author the notes cite: Ebd. is the note before's work
    welle = got["eine neue Welle von Studien zur Arisierung"]
    assert "Nietzel im Jahr 2009" in welle[0] and welle[1] == "570"
    # no work named since the note before: the note before's
    ausverkauf = got["einen Ausverkauf der jüdischen Firmen"]
    assert "Kreutzmüller, Ausverkauf, 2012" in ausverkauf[0] and ausverkauf[1] == "31"


def test_a_bare_second_page_is_kept_and_words_after_and_are_no_page(tmp_path: Path) -> None:
    write(tmp_path, "refs.bib", _BIB)
    md = write(
        tmp_path,
        "a.md",
        "---\nbibliography: refs.bib\n---\n\nEr schrieb, „die Ware ist zunächst ein äußerer "
        "Gegenstand“ [@marx1962, S. 3 und 7]. Später „ein Ding, das durch seine "
        "Eigenschaften Bedürfnisse befriedigt“ [@marx1962, p. 12 and discussion there].\n",
    )
    got = _found(md)
    assert got["die Ware ist zunächst ein äußerer Gegenstand"][1:] == ("3 und 7", (3, 7))
    assert got["ein Ding, das durch seine Eigenschaften Bedürfnisse befriedigt"][1:] == (
        "12",
        (12,),
    )


def test_a_word_note_with_a_bare_second_page(tmp_path: Path) -> None:
    document = wx.new_document()
    quotes = [
        "die Stadt war ein Ort der Freiheit für alle",
        "die Zünfte bestimmten den Rat",
        "ein moralischer Chronist seiner Zeit",
    ]
    for i, quote in enumerate(quotes, start=1):
        wx.add_paragraph(document, [f"Satz {i} sagt „{quote}“", wx.footnote_ref(i), " dazu."])
    path = tmp_path / "arbeit.docx"
    document.save(path)
    notes = {
        1: ["Vgl. Müller, Hans: Die Stadt im Mittelalter. Berlin 2001, S. 3 und 7."],
        2: ["Schmidt (2003), S. 12 und 15."],
        3: ["Vgl. Philippoff, Eva: Alfred Polgar. München: Minerva 1980. S. 269-270, 276-277."],
    }
    wx.add_footnotes_part(path, wx.footnotes_xml(notes))
    got = _found(path)
    assert got[quotes[0]][1:] == ("3 und 7", (3, 7))
    assert got[quotes[1]][1:] == ("12 und 15", (12, 15))
    assert got[quotes[2]][1:] == ("269-270, 276-277", (269, 270, 276, 277))


def test_a_notes_page_before_the_writers_own_sentence_is_its_page(tmp_path: Path) -> None:
    document = wx.new_document()
    quotes = ["basic structure of society as a whole", "die Zünfte bestimmten den Rat"]
    for i, quote in enumerate(quotes, start=1):
        wx.add_paragraph(document, [f"Satz {i} sagt „{quote}“", wx.footnote_ref(i), " dazu."])
    path = tmp_path / "chapter.docx"
    document.save(path)
    notes = {
        1: [
            "John Rawls, A Theory of Justice (Cambridge, MA: Harvard University Press, 1971), "
            "7. Note that I will be referring to the original edition of the text."
        ],
        2: [
            "Müller, Hans: Die Stadt im Mittelalter. Berlin 2001, S. 12. Hier zeigt sich die Lage."
        ],
    }
    wx.add_footnotes_part(path, wx.footnotes_xml(notes))
    got = _found(path)
    assert got[quotes[0]][1:] == ("7", (7,))
    assert got[quotes[1]][1:] == ("12", (12,))


def test_pages_in_two_parts_in_a_typed_author_date_citation(tmp_path: Path) -> None:
    md = write(
        tmp_path,
        "a.md",
        "Er schrieb, „die Ware ist zunächst ein äußerer Gegenstand“ (Marx 1962, S. 3 und S. 7). "
        "Dann „ein Ding, das durch seine Eigenschaften Bedürfnisse befriedigt“ (Marx 1962, "
        "Bd. 2, S. 4).\n\n# Literatur\n\nMarx, Karl (1962): Das Kapital. Berlin: Dietz.\n",
    )
    got = _found(md)
    assert got["die Ware ist zunächst ein äußerer Gegenstand"][1:] == ("3 und S. 7", (3, 7))
    assert got["ein Ding, das durch seine Eigenschaften Bedürfnisse befriedigt"][1:] == (
        "Bd. 2, S. 4",
        (4,),
    )
