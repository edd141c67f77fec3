"""A Word seminar paper's notes that cite web pages as school papers write them: the author with
the first name first, the page's title of one word in marks, then ", unter:" and the address
("Sebastian Brockmeyer, „Versionsverwaltung“, unter: https://…"), and "Ebd." after it."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx


def test_a_web_page_with_a_one_word_title_is_its_authors_work(tmp_path: Path) -> None:
    document = wx.new_document()
    quotes = [
        "Ein Wiki ist eine Website, deren Inhalte von den Besuchern gelesen und geändert werden",
        "Die Änderungen werden in einer Versionsgeschichte festgehalten und bleiben sichtbar",
    ]
    for i, quote in enumerate(quotes, start=1):
        wx.add_paragraph(document, [f"Dazu heißt es: „{quote}.“", wx.footnote_ref(i), " Mehr."])
    path = tmp_path / "seminararbeit.docx"
    document.save(path)
    notes = {
        1: ["Anna Beispielfrau, „Wikis“, unter: https://example.org/lehre/wiki/Wikis"],
        2: ["Ebd."],
    }
    wx.add_footnotes_part(path, wx.footnotes_xml(notes))
    got = {c.quote.rstrip("."): c for c in scan(path).citations}
    for quote in quotes:
        ref = got[quote].reference
        assert ref is not None and "Beispielfrau" in (ref.raw or ""), (quote, ref)
        assert got[quote].source is not None


def test_one_quoted_word_in_a_note_without_an_address_names_no_work(tmp_path: Path) -> None:
    # "Vgl. den Begriff „Wiki“ bei …" is a word quoted in a note, not the title of a page
    document = wx.new_document()
    quote = "Ein Wiki ist eine Website, deren Inhalte von den Besuchern geändert werden"
    wx.add_paragraph(document, [f"Dazu heißt es: „{quote}.“", wx.footnote_ref(1), " Mehr."])
    path = tmp_path / "seminararbeit.docx"
    document.save(path)
    wx.add_footnotes_part(path, wx.footnotes_xml({1: ["Zum Begriff „Wiki“ siehe oben."]}))
    (cit,) = scan(path).citations
    assert cit.reference is None or cit.reference.key != "Wiki"
