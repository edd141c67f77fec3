"""A footnote that names a web page in words and gives its address ("Kapitel 2: Grundlagen der
Verschlüsselung https://…"): the citation keeps the words and the place they name."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

_QUOTE = (
    "Ein Schlüssel gilt als sicher, solange kein Verfahren bekannt ist, das ihn schneller "
    "findet als das Durchprobieren aller Möglichkeiten."
)


def test_note_words_before_the_address_are_the_citation(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, [f"Die Lehrbücher formulieren es so: „{_QUOTE}“", wx.footnote_ref(1)])
    path = tmp_path / "facharbeit.docx"
    d.save(str(path))
    note = " Kapitel 2: Grundlagen der Verschlüsselung https://example.org/krypto/grundlagen.pdf"
    wx.add_footnotes_part(path, wx.footnotes_xml({1: [note]}))
    (cit,) = scan(path).citations
    assert cit.reference is not None
    assert "Grundlagen der Verschlüsselung" in cit.reference.raw
    assert cit.reference.target == "https://example.org/krypto/grundlagen.pdf"
    assert cit.locator is not None and cit.locator.label == "chapter"


def test_note_of_an_address_alone_stays_the_address(tmp_path: Path) -> None:
    d = wx.new_document()
    wx.add_paragraph(d, [f"Die Lehrbücher formulieren es so: „{_QUOTE}“", wx.footnote_ref(1)])
    path = tmp_path / "facharbeit.docx"
    d.save(str(path))
    wx.add_footnotes_part(path, wx.footnotes_xml({1: [" https://example.org/krypto.pdf"]}))
    (cit,) = scan(path).citations
    assert cit.reference is not None and cit.reference.raw == "https://example.org/krypto.pdf"
    assert cit.locator is None
