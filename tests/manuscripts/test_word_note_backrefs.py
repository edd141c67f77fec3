"""Word notes that send the reader back to an earlier note by its number: "Author, supra note
12, at 44." (Bluebook), "Author (n 12) 44." (OSCOLA), "Autor (nota 12), p. 44." (Portuguese,
Spanish), "Autor (Fn. 12), S. 44." (German): the work of that author in the note named."""

from __future__ import annotations

from pathlib import Path

import pytest

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

FIRST = "the archive was never meant to be read by the public"
SECOND = "what is kept is what was feared by its keepers"


def _article(path: Path, short: str, first_note: str) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, ["The report is blunt: “", FIRST, "”", wx.footnote_ref(1), "."])
    wx.add_paragraph(d, ["A second study of the same years went further.", wx.footnote_ref(2)])
    wx.add_paragraph(d, ["Its author later adds that “", SECOND, "”", wx.footnote_ref(3), "."])
    d.save(str(path))
    notes = {
        1: [first_note],
        2: [" Cf. Hans Ebert, Akten und Macht (Berlin: Aufbau, 2009), 17."],
        3: [short],
    }
    wx.add_footnotes_part(path, wx.footnotes_xml(notes))


@pytest.mark.parametrize(
    ("short", "page"),
    [
        (" Mayer, supra note 1, at 44.", "44"),
        (" Mayer (n 1) 44.", "44"),
        (" Mayer (nota 1), p. 44, ponto 7.", "44"),
        (" Vgl. Mayer (Fn. 1), S. 44.", "44"),
        (" Mayer, a.a.O. (Anm. 1), S. 44.", "44"),
    ],
)
def test_a_note_pointing_back_cites_the_work_of_the_note_it_names(
    tmp_path: Path, short: str, page: str
) -> None:
    path = tmp_path / "artigo.docx"
    # the note named cites two works; the author's is the second
    _article(
        path,
        short,
        " Cf. Almeida, O Divórcio (Coimbra: Almedina, 2017), 482; Ruth Mayer, Keeping"
        " Records (London: Verso, 2014), 12.",
    )
    found = {c.quote: c for c in scan(path).citations}
    first, second = found[FIRST], found[SECOND]
    assert second.reference is not None and first.reference is not None
    assert "Mayer" in second.reference.raw and "2014" in second.reference.raw
    assert "Almeida" not in second.reference.raw
    assert second.locator is not None and second.locator.value == page


def test_supra_without_a_number_is_the_authors_last_full_note(tmp_path: Path) -> None:
    path = tmp_path / "article.docx"
    _article(
        path,
        " Mayer, supra, at 44.",
        " Ruth Mayer, Keeping Records (London: Verso, 2014), 12.",
    )
    second = {c.quote: c for c in scan(path).citations}[SECOND]
    assert second.reference is not None and "Keeping Records" in second.reference.raw
    assert second.locator is not None and second.locator.value == "44"


def test_a_note_number_naming_another_author_falls_back_to_the_authors_note(
    tmp_path: Path,
) -> None:
    # the writer's numbering is off (a note was added later): note 2 is Ebert's, not Mayer's
    path = tmp_path / "article.docx"
    _article(
        path,
        " Mayer, supra note 2, at 44.",
        " Ruth Mayer, Keeping Records (London: Verso, 2014), 12.",
    )
    second = {c.quote: c for c in scan(path).citations}[SECOND]
    assert second.reference is not None and "Keeping Records" in second.reference.raw
    assert "Ebert" not in second.reference.raw


def test_a_pointer_without_a_page_gives_no_page(tmp_path: Path) -> None:
    # "supra note 1." cites the work again without a place: the 1 is the note's number
    path = tmp_path / "article.docx"
    _article(path, " Mayer, supra note 1.", " Ruth Mayer, Keeping Records (London: Verso, 2014).")
    second = {c.quote: c for c in scan(path).citations}[SECOND]
    assert second.reference is not None and "Keeping Records" in second.reference.raw
    assert second.locator is None
