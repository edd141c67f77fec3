"""A Word block quotation in no marks, its source typed after its last words in a form no
citation reader takes ("(GOOGLE, [2015?]).", "[§1 Absatz 1 BDSG]"): the words end before the
source, which is the block's signature. A source the block's own reader takes stays its
citation."""

from __future__ import annotations

from pathlib import Path

from quote_tui.manuscripts import scan
from tests.manuscripts import wordxml as wx

WORDS = (
    "O Google Cardboard proporciona experiências de imersão para todas as pessoas de uma "
    "forma simples e barata, no seu smartphone"
)


def _block_doc(path: Path, lead_in: str, block: str, title: str = "Monografia") -> None:
    d = wx.new_document()
    wx.add_paragraph(d, [title])
    wx.add_paragraph(d, ["O texto começa com as palavras do próprio autor, longas o bastante."])
    wx.add_paragraph(d, [lead_in])
    wx.add_paragraph(d, [block], style="Quote")
    wx.add_paragraph(d, ["O autor continua depois do bloco com as suas próprias palavras."])
    d.save(str(path))


def test_an_abnt_source_with_an_uncertain_year_is_no_part_of_the_words(tmp_path: Path) -> None:
    path = tmp_path / "tcc.docx"
    _block_doc(path, "Segundo a empresa:", WORDS + " (GOOGLE, [2015?]).")
    (cit,) = scan(path).citations
    assert cit.quote == WORDS
    assert cit.reference is not None and "GOOGLE" in cit.reference.raw


def test_a_statute_named_in_brackets_after_its_text_is_no_part_of_the_words(
    tmp_path: Path,
) -> None:
    law = (
        "Zweck dieses Gesetzes ist es, den Einzelnen davor zu schützen, dass er in seinem "
        "Persönlichkeitsrecht beeinträchtigt wird."
    )
    path = tmp_path / "arbeit.docx"
    _block_doc(path, "Den Zweck fasst das Gesetz so zusammen:", law + " [§1 Absatz 1 BDSG]")
    (cit,) = scan(path).citations
    assert cit.quote == law


def test_a_source_the_block_reader_takes_stays_its_citation(tmp_path: Path) -> None:
    words = (
        "First it marked out a race-course, in a sort of circle, and then all the party were "
        'placed along the course. "Everybody has won, and all must have prizes."'
    )
    path = tmp_path / "analysis.docx"
    # a reading guide to one book cites it by its short title and chapter.verse
    title = "Alice's Adventures in Wonderland"
    _block_doc(path, "The Dodo proposes a race:", words + " (Wonderland 3.19-20).", title)
    (cit,) = scan(path).citations
    assert cit.quote.startswith("First it marked out")
    assert cit.locator is not None and cit.locator.value == "3.19-20"


def test_an_ellipsis_or_a_note_in_lower_case_stays_with_the_words(tmp_path: Path) -> None:
    words = WORDS + " (...)"
    path = tmp_path / "tcc.docx"
    _block_doc(path, "Segundo a empresa:", words)
    (cit,) = scan(path).citations
    assert cit.quote.startswith("O Google Cardboard") and cit.quote.rstrip(".").endswith("(...)")
